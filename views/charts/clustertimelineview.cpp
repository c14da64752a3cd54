#include "clustertimelineview.h"

#include "history/historycsv.h"
#include "history/historystore.h"
#include "timelinechart.h"

#include <QButtonGroup>
#include <QDateTime>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QSaveFile>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace fleetscope {

namespace {
constexpr qint64 kHour = 3600 * 1000LL;
}

ClusterTimelineView::ClusterTimelineView(HistoryStore *history, QWidget *parent)
    : QWidget(parent)
    , m_history(history)
    , m_span(24 * kHour)
    , m_chart(new TimelineChart(this))
    , m_title(new QLabel(this))
    , m_status(new QLabel(this))
    , m_presets(new QButtonGroup(this))
    , m_refetch(new QTimer(this))
{
    setObjectName(QStringLiteral("clusterTimeline"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *bar = new QHBoxLayout;
    m_title->setTextFormat(Qt::PlainText);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    bar->addWidget(m_title, 1);
    const struct
    {
        const char *label;
        qint64 span;
    } presets[] = {{QT_TR_NOOP("1 h"), kHour}, {QT_TR_NOOP("24 h"), 24 * kHour}, {QT_TR_NOOP("7 d"), 7 * 24 * kHour},
                   {QT_TR_NOOP("30 d"), 30 * 24 * kHour}};
    for (const auto &preset : presets) {
        auto *button = new QToolButton(this);
        button->setText(tr(preset.label));
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setChecked(preset.span == m_span);
        const qint64 span = preset.span;
        button->setProperty("span", span);
        connect(button, &QToolButton::clicked, this, [this, span] { setSpan(span); });
        m_presets->addButton(button);
        bar->addWidget(button);
    }
    auto *exportButton = new QToolButton(this);
    exportButton->setObjectName(QStringLiteral("exportTimelineCsv"));
    exportButton->setText(tr("Export CSV…"));
    exportButton->setToolTip(tr("Save this cluster's recorded condition transitions as CSV"));
    exportButton->setAutoRaise(true);
    connect(exportButton, &QToolButton::clicked, this, &ClusterTimelineView::chooseExportFile);
    bar->addWidget(exportButton);
    layout->addLayout(bar);
    layout->addWidget(m_chart, 1);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    layout->addWidget(m_status);

    m_refetch->setSingleShot(true);
    m_refetch->setInterval(150);
    connect(m_refetch, &QTimer::timeout, this, &ClusterTimelineView::refetch);
    connect(m_chart, &TimelineChart::windowChanged, this, [this](qint64 from, qint64 to) {
        m_from = from;
        m_to = to;
        m_refetch->start();
    });
    connect(m_history, &HistoryStore::transitionsRecorded, this, [this](const QList<ConditionTransition> &written) {
        for (const ConditionTransition &t : written) {
            if (t.cluster == m_cluster) {
                m_refetch->start();
                return;
            }
        }
    });
    connect(m_history, &HistoryStore::stateChanged, m_refetch, qOverload<>(&QTimer::start));
    // Presets follow "now".
    auto *tick = new QTimer(this);
    tick->setInterval(30000);
    connect(tick, &QTimer::timeout, this, [this] {
        if (m_from == 0 && isVisible())
            refetch();
    });
    tick->start();
    setCluster({});
}

void ClusterTimelineView::setCluster(const ClusterId &cluster)
{
    m_cluster = cluster;
    m_title->setText(cluster.isValid() ? cluster.toString() : tr("No cluster selected"));
    refetch();
}

void ClusterTimelineView::setSpan(qint64 ms)
{
    m_span = ms;
    m_from = m_to = 0;
    // A span no preset has (a screenshot's) leaves none checked.
    m_presets->setExclusive(false);
    for (QAbstractButton *button : m_presets->buttons())
        button->setChecked(button->property("span").toLongLong() == ms);
    m_presets->setExclusive(true);
    refetch();
}

QString ClusterTimelineView::statusText() const
{
    return m_status->text();
}

void ClusterTimelineView::refetch()
{
    const quint64 generation = ++m_generation;
    const qint64 to = m_from ? m_to : QDateTime::currentMSecsSinceEpoch();
    const qint64 from = m_from ? m_from : to - m_span;
    if (!m_history->isAvailable() || !m_cluster.isValid()) {
        m_chart->setLanes(from, to, {});
        m_status->setText(!m_cluster.isValid()          ? tr("Select a cluster to see its condition history.")
                              : m_history->statusMessage().isEmpty() ? tr("History is not available.")
                                                                      : m_history->statusMessage());
        Q_EMIT shown();
        return;
    }
    m_history->fetchCluster(m_cluster, from, to, this, [this, generation](const ClusterHistory &h) {
        if (generation == m_generation)
            display(h);
    });
}

void ClusterTimelineView::display(const ClusterHistory &history)
{
    QList<TimelineChart::Lane> lanes;
    int changes = 0;
    for (const QString &type : laneTypes(history.transitions)) {
        QList<ConditionTransition> ofType;
        for (const ConditionTransition &t : history.transitions) {
            if (t.type == type)
                ofType.append(t);
        }
        changes += countFlaps(ofType, history.from);
        lanes.append({type, computeSegments(ofType, history.coverage, history.from, history.to)});
    }
    m_chart->setLanes(history.from, history.to, lanes);
    if (!history.error.isEmpty())
        m_status->setText(history.error);
    else if (lanes.isEmpty())
        m_status->setText(tr("No condition history recorded for this cluster yet."));
    else
        m_status->setText(tr("%n status change(s) in this window. Drag to zoom, right-click to zoom out; hatched: "
                             "Fleetscope was not watching.",
                             nullptr, changes));
    Q_EMIT shown();
}

void ClusterTimelineView::chooseExportFile()
{
    if (!m_cluster.isValid())
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export condition history"),
                                                      m_cluster.name + QStringLiteral("-history.csv"),
                                                      tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        exportCsv(path);
}

void ClusterTimelineView::exportCsv(const QString &path)
{
    m_history->fetchTransitions({m_cluster}, 0, QDateTime::currentMSecsSinceEpoch() + 1, this,
                                [this, path](const QList<ConditionTransition> &transitions, const QString &error) {
                                    if (!error.isEmpty()) {
                                        m_status->setText(error);
                                        return;
                                    }
                                    QSaveFile file(path);
                                    if (!file.open(QIODevice::WriteOnly) || !writeTransitionsCsv(&file, transitions)
                                        || !file.commit()) {
                                        m_status->setText(tr("Cannot write %1: %2").arg(path, file.errorString()));
                                        return;
                                    }
                                    m_status->setText(tr("Exported %n transition(s) to %1.", nullptr,
                                                         int(transitions.size()))
                                                          .arg(path));
                                });
}

} // namespace fleetscope
