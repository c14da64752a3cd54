#include "chartframe.h"

#include "api/kubetime.h"
#include "history/historycsv.h"
#include "history/historytypes.h"

#include <QButtonGroup>
#include <QDateTime>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSaveFile>
#include <QToolButton>
#include <QVBoxLayout>

#include <iterator>

namespace fleetscope {

ChartFrame::ChartFrame(QWidget *owner, QWidget *chart, qint64 span)
    : QObject(owner)
    , m_owner(owner)
    , m_title(new QLabel(owner))
    , m_status(new QLabel(owner))
    , m_presets(new QButtonGroup(this))
{
    auto *layout = new QVBoxLayout(owner);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title->setTextFormat(Qt::PlainText);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    // The title has a line of its own and wraps, so that the chart always says in
    // full what it shows; it never makes the pane (and so the table) wider.
    m_title->setWordWrap(true);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_title);
    auto *bar = new QHBoxLayout;
    const QStringList presetLabels{tr("1 h"), tr("24 h"), tr("7 d"), tr("30 d")};
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
    m_export->setText(tr("Export CSV…"));
    bar->addStretch(1);
    bar->addWidget(m_export);
    layout->addLayout(bar);
    layout->addWidget(chart, 1);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    layout->addWidget(m_status);
}

void ChartFrame::setTitle(const QString &text)
{
    // A break opportunity after each '/', so that a long HUB/NAMESPACE/NAME wraps
    // between its parts rather than being cut.
    QString breakable = text;
    breakable.replace(u'/', QStringLiteral("/\u200B"));
    m_title->setText(breakable);
    m_title->setToolTip(text);
}

QString ChartFrame::titleText() const
{
    return m_title->toolTip();
}

void ChartFrame::checkSpan(qint64 span)
{
    m_presets->setExclusive(false);
    for (QAbstractButton *button : m_presets->buttons())
        button->setChecked(button->property("span").toLongLong() == span);
    m_presets->setExclusive(true);
}

QString ChartFrame::askExportPath(const QString &fileName)
{
    return QFileDialog::getSaveFileName(m_owner, tr("Export condition history"), fileName, tr("CSV files (*.csv)"));
}

QString ChartFrame::recordedSince(qint64 from)
{
    return tr("Recorded since %1, so this shows that instead of the whole preset.")
        .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(from), QLocale::ShortFormat));
}

QString ChartFrame::zoomedTo(qint64 from, qint64 to)
{
    const QLocale locale;
    const QDateTime start = QDateTime::fromMSecsSinceEpoch(from);
    const QDateTime end = QDateTime::fromMSecsSinceEpoch(to);
    // The date once when both ends are on the same day.
    const QString endText = start.date() == end.date() ? locale.toString(end.time(), QLocale::ShortFormat)
                                                       : locale.toString(end, QLocale::ShortFormat);
    return tr("Zoomed to %1 – %2 (%3).")
        .arg(locale.toString(start, QLocale::ShortFormat), endText, humanDuration(to - from));
}

QString ChartFrame::simulatedUntil(qint64 until)
{
    return tr("Before %1 (the dashed line) the demo's history is simulated, not recorded.")
        .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(until), QLocale::ShortFormat));
}

void ChartFrame::exportCsv(const QString &path, const QList<ConditionTransition> &transitions, const QString &error)
{
    if (!error.isEmpty()) {
        m_status->setText(error);
        return;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !writeTransitionsCsv(&file, transitions) || !file.commit()) {
        m_status->setText(tr("Cannot write %1: %2").arg(path, file.errorString()));
        return;
    }
    m_status->setText(tr("Exported %n transition(s) to %1.", nullptr, int(transitions.size())).arg(path));
}

} // namespace fleetscope
