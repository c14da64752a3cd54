#include "chartframe.h"

#include "history/historycsv.h"
#include "history/historytypes.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QSaveFile>
#include <QToolButton>
#include <QVBoxLayout>

#include <iterator>

namespace fleetscope {

ChartFrame::ChartFrame(QWidget *owner, QWidget *chart, const QStringList &presetLabels, qint64 span)
    : QObject(owner)
    , m_title(new QLabel(owner))
    , m_status(new QLabel(owner))
    , m_presets(new QButtonGroup(this))
{
    auto *layout = new QVBoxLayout(owner);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *bar = new QHBoxLayout;
    m_title->setTextFormat(Qt::PlainText);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    // A long cluster name must not make the pane (and so the window's table) wider:
    // the title gives way and is clipped.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->addWidget(m_title, 1);
    Q_ASSERT(presetLabels.size() == int(std::size(presetSpans)));
    for (int i = 0; i < int(std::size(presetSpans)); ++i) {
        const qint64 presetSpan = presetSpans[i];
        auto *button = new QToolButton(owner);
        button->setText(presetLabels.value(i));
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setChecked(presetSpan == span);
        button->setProperty("span", presetSpan);
        connect(button, &QToolButton::clicked, this, [this, presetSpan] { Q_EMIT presetChosen(presetSpan); });
        m_presets->addButton(button);
        bar->addWidget(button);
    }
    // Made after the presets, so that Tab reaches it after them.
    m_export = new QToolButton(owner);
    m_export->setAutoRaise(true);
    bar->addWidget(m_export);
    layout->addLayout(bar);
    layout->addWidget(chart, 1);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    layout->addWidget(m_status);
}

void ChartFrame::checkSpan(qint64 span)
{
    m_presets->setExclusive(false);
    for (QAbstractButton *button : m_presets->buttons())
        button->setChecked(button->property("span").toLongLong() == span);
    m_presets->setExclusive(true);
}

void ChartFrame::exportCsv(const QString &path, const QList<ConditionTransition> &transitions, const QString &error,
                           const QString &cannotWrite, const QString &exported)
{
    if (!error.isEmpty()) {
        m_status->setText(error);
        return;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !writeTransitionsCsv(&file, transitions) || !file.commit()) {
        m_status->setText(cannotWrite.arg(path, file.errorString()));
        return;
    }
    m_status->setText(exported.arg(path));
}

} // namespace fleetscope
