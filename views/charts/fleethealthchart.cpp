#include "fleethealthchart.h"

#include "chartframe.h"
#include "healthchartview.h"
#include "healthstyle.h"
#include "history/historystore.h"
#include "swatchlegend.h"
#include "timelinechart.h"

#include <QAreaSeries>
#include <QDateTime>
#include <QLabel>
#include <QLocale>
#include <QLineSeries>
#include <QTimer>
#include <QToolButton>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fleetscope {

FleetHealthChart::FleetHealthChart(HistoryStore *history, QWidget *parent)
    : QWidget(parent)
    , m_history(history)
    , m_span(ChartFrame::defaultSpan)
    , m_view(new HealthChartView)
    , m_legend(new SwatchLegend)
    , m_timeAxis(new QValueAxis)
    , m_countAxis(new QValueAxis)
    , m_refetch(new QTimer(this))
{
    setObjectName(QStringLiteral("fleetHealthChart"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    m_frame = new ChartFrame(this, body, m_span);
    QToolButton *exportButton = m_frame->exportButton();
    exportButton->setObjectName(QStringLiteral("exportScopeCsv"));
    exportButton->setToolTip(tr("Save the recorded condition transitions of these clusters as CSV"));
    connect(exportButton, &QToolButton::clicked, this, &FleetHealthChart::chooseExportFile);
    connect(m_frame, &ChartFrame::presetChosen, this, &FleetHealthChart::setSpan);

    auto *chart = new QChart;
    // Room under the plot for the time axis HealthChartView paints (Qt's own date
    // axis spaces its labels evenly and elides them when they do not fit).
    chart->setMargins(QMargins(4, 4, 8, m_view->axisHeight()));
    chart->setBackgroundRoundness(0);
    chart->legend()->hide(); // a SwatchLegend under the chart instead: one beside it takes half a narrow pane
    chart->addAxis(m_timeAxis, Qt::AlignBottom);
    chart->addAxis(m_countAxis, Qt::AlignLeft);
    m_countAxis->setLabelFormat(QStringLiteral("%d"));
    m_timeAxis->setLabelsVisible(false);
    m_timeAxis->setGridLineVisible(false);
    m_timeAxis->setLineVisible(false);
    for (QLineSeries *&line : m_lines)
        line = new QLineSeries(this);
    const struct
    {
        const char *name;
        SegmentKind kind;
    } areas[] = {{QT_TR_NOOP("Healthy"), SegmentKind::True},
                 {QT_TR_NOOP("Unhealthy"), SegmentKind::False},
                 {QT_TR_NOOP("Unknown"), SegmentKind::Unknown}};
    QList<SwatchLegend::Entry> legend;
    for (int i = 0; i < 4; ++i) {
        m_areas[i] = new QAreaSeries(m_lines[i + 1], m_lines[i]);
        m_areas[i]->setName(i < 3 ? tr(areas[i].name) : tr("Not reported"));
        const QColor c = i < 3 ? TimelineChart::color(areas[i].kind, palette()) : HealthStyle::color(Health::NotReported);
        m_areas[i]->setColor(c);
        m_areas[i]->setBorderColor(c.darker(120));
        chart->addSeries(m_areas[i]);
        m_areas[i]->attachAxis(m_timeAxis);
        m_areas[i]->attachAxis(m_countAxis);
        legend.append({m_areas[i]->name(), QBrush(c), QPen(c.darker(120), 0)});
    }
    legend.append({tr("Not recorded"), TimelineChart::fill(SegmentKind::Gap, palette()),
                   QPen(TimelineChart::color(SegmentKind::Gap, palette()), 0)});
    m_legend->setEntries(legend);
    // The view's own initial chart is released, not deleted, by setChart().
    QChart *initial = m_view->chart();
    m_view->setChart(chart);
    delete initial;
    m_view->setMinimumHeight(160);
    connect(m_view, &HealthChartView::momentClicked, this, &FleetHealthChart::chooseMoment);

    m_refetch->setSingleShot(true);
    m_refetch->setInterval(500); // the scope follows typing in the filter line
    connect(m_refetch, &QTimer::timeout, this, &FleetHealthChart::refetch);
    connect(m_history, &HistoryStore::stateChanged, m_refetch, qOverload<>(&QTimer::start));
    connect(m_history, &HistoryStore::simulatedChanged, m_refetch, qOverload<>(&QTimer::start));
    auto *tick = new QTimer(this);
    tick->setInterval(60000);
    connect(tick, &QTimer::timeout, this, [this] {
        if (isVisible())
            refetch();
    });
    tick->start();
    setScope({}, {}, QString());
}

void FleetHealthChart::setScope(const QSet<ClusterId> &scope, const QHash<ClusterId, QString> &managers,
                                const QString &description)
{
    // The first scope is fetched at once; later ones follow typing in the filter line.
    const bool first = m_scope.isEmpty();
    m_scope = scope;
    m_managers = managers;
    m_description = description;
    m_recordedFrom = 0; // another scope may have an older history
    m_frame->setTitle(tr("Fleet health: %1").arg(description.isEmpty() ? tr("no clusters") : description));
    if (first && !scope.isEmpty())
        refetch();
    else
        m_refetch->start();
}

void FleetHealthChart::setSpan(qint64 ms)
{
    m_recordedFrom = 0;
    m_span = ms;
    m_frame->checkSpan(ms);
    refetch();
}

QString FleetHealthChart::statusText() const
{
    return m_frame->status()->text();
}

QString FleetHealthChart::titleText() const
{
    return m_frame->titleText();
}

void FleetHealthChart::chooseMoment(qint64 time)
{
    if (m_scope.isEmpty() || !m_history->isAvailable())
        return;
    // The point whose bucket holds `time`, judged as the chart counted it.
    const auto point = std::lower_bound(m_points.cbegin(), m_points.cend(), time,
                                        [](const HealthPoint &p, qint64 t) { return p.time < t; });
    const qint64 at = point == m_points.cend() ? time : point->time;
    const qint64 since = point == m_points.cbegin() || point == m_points.cend() ? m_shownFrom : (point - 1)->time;
    m_history->fetchClustersWithHealth(
        m_scope, m_managers, std::min(since, at - 1), at, Health::Unhealthy, this,
        [this, time = at](const QList<ClusterId> &clusters) {
            const QString when = QLocale().toString(QDateTime::fromMSecsSinceEpoch(time), QLocale::ShortFormat);
            m_frame->status()->setText(
                clusters.isEmpty() ? tr("No cluster was unhealthy at %1.").arg(when)
                                   : tr("Selected the %n cluster(s) that were unhealthy at %1.", nullptr,
                                        int(clusters.size()))
                                         .arg(when));
            if (!clusters.isEmpty())
                Q_EMIT clustersChosen(clusters);
        });
}

void FleetHealthChart::refetch()
{
    m_refetch->stop();
    const quint64 generation = ++m_generation;
    const qint64 to = QDateTime::currentMSecsSinceEpoch();
    // Once the recorded range has grown to the preset, the preset is shown whole again.
    if (m_recordedFrom && m_recordedFrom <= to - m_span)
        m_recordedFrom = 0;
    const qint64 from = m_recordedFrom ? m_recordedFrom : to - m_span;
    if (!m_history->isAvailable()) {
        display({}, from, to);
        m_frame->status()->setText(m_history->statusMessage().isEmpty() ? tr("History is not available.")
                                                               : m_history->statusMessage());
        return;
    }
    if (m_scope.isEmpty()) {
        display({}, from, to);
        return;
    }
    // A large scope over a long span takes a while to read: say so rather than show
    // the previous chart as if it were the answer.
    QTimer::singleShot(400, this, [this, generation] {
        if (generation == m_generation && m_waiting)
            m_frame->status()->setText(tr("Reading the recorded history of %n cluster(s)…", nullptr, int(m_scope.size())));
    });
    m_waiting = true;
    m_history->fetchHealth(m_scope, m_managers, from, to, pointBudget, this,
                           [this, generation, from, to](const QList<HealthPoint> &points) {
                               if (generation != m_generation)
                                   return;
                               m_waiting = false;
                               display(points, from, to);
                           });
}

void FleetHealthChart::display(const QList<HealthPoint> &points, qint64 from, qint64 to)
{
    // A history younger than the preset (the usual case after install) would put every
    // point in the last pixels: fetch again from where recording begins (with a short
    // lead that shows it begins there). The first fetch finds the start to a bucket of
    // the preset, a second one to a bucket of the recorded range.
    qint64 recordedStart = from;
    if (!points.isEmpty()) {
        qsizetype first = 0;
        while (first < points.size() && !points[first].recorded)
            ++first;
        const qint64 bucket = (to - from) / std::max<qsizetype>(1, points.size());
        const qint64 start = first < points.size() ? points[first].time - bucket : to;
        const qint64 begin = std::max(from, start - (to - start) / 20);
        if (start < to && start - from > (to - from) / 8 && begin > m_recordedFrom) {
            m_recordedFrom = begin;
            refetch();
            return;
        }
        recordedStart = std::max(from, start);
    }
    m_points = points;
    m_shownFrom = from;
    // Steps, not slopes: each point holds for its whole bucket, so a count never seems
    // to ramp across a time nobody recorded.
    QList<QPointF> rows[5];
    int top = 1;
    double bucketStart = double(from);
    for (const HealthPoint &p : points) {
        const double x = double(p.time);
        const int stack[5] = {0, p.healthy, p.healthy + p.unhealthy, p.healthy + p.unhealthy + p.unknown,
                              p.healthy + p.unhealthy + p.unknown + p.notReported};
        for (int i = 0; i < 5; ++i) {
            rows[i].append(QPointF(bucketStart, stack[i]));
            rows[i].append(QPointF(x, stack[i]));
        }
        top = std::max(top, stack[4]);
        bucketStart = x;
    }
    for (int i = 0; i < 5; ++i)
        m_lines[i]->replace(rows[i]);
    m_timeAxis->setRange(double(from), double(to));
    // Round steps (1, 2 or 5 times a power of ten) and a top just above the largest
    // count: Qt's own nice numbers may double the range and halve the chart.
    const double rough = std::max(1.0, double(top) / 4);
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    const double step = rough <= power ? power : rough <= 2 * power ? 2 * power : rough <= 5 * power ? 5 * power : 10 * power;
    const double axisTop = std::ceil(double(top) * 1.04 / step) * step;
    m_countAxis->setRange(0, axisTop);
    m_countAxis->setTickCount(int(axisTop / step) + 1);
    m_view->setPoints(from, to, points);
    const qint64 simulated = m_history->simulatedUntil();
    const bool showsSimulated = simulated > from && m_history->simulatedFrom() < to;
    m_view->setMarker(showsSimulated ? simulated : 0, showsSimulated ? tr("Simulated demo history") : QString());
    if (!points.isEmpty() && !points.last().recorded) {
        m_frame->status()->setText(tr("Not recorded now: Fleetscope is not watching these clusters' hubs."));
    } else if (!points.isEmpty()) {
        const HealthPoint &last = points.last();
        QString status = tr("Now: %1 healthy, %2 unhealthy, %3 unknown (as recorded; %n point(s)).", nullptr,
                            int(points.size()))
                             .arg(last.healthy)
                             .arg(last.unhealthy)
                             .arg(last.unknown);
        // A cluster that never reported a condition the health rules read has nothing
        // in the history to count; the status bar counts it as not reported, so here too.
        const int counted = last.healthy + last.unhealthy + last.unknown + last.notReported;
        const int notReported = last.notReported + std::max(0, int(m_scope.size()) - counted);
        if (notReported > 0)
            status += u' ' + tr("%n do(es) not report health.", nullptr, notReported);
        if (m_recordedFrom)
            status = ChartFrame::recordedSince(recordedStart) + u' ' + status;
        if (const qint64 simulated = m_history->simulatedUntil(); simulated > from && m_history->simulatedFrom() < to)
            status = ChartFrame::simulatedUntil(simulated) + u' ' + status;
        m_frame->status()->setText(status);
    } else if (m_history->isAvailable()) {
        m_frame->status()->setText(m_scope.isEmpty() ? tr("No clusters in scope.") : tr("No history recorded for these clusters yet."));
    }
    Q_EMIT shown();
}

void FleetHealthChart::chooseExportFile()
{
    if (const QString path = m_frame->askExportPath(QStringLiteral("fleet-history.csv")); !path.isEmpty())
        exportCsv(path);
}

void FleetHealthChart::exportCsv(const QString &path)
{
    if (m_scope.isEmpty()) {
        m_frame->status()->setText(tr("No clusters in scope: nothing to export."));
        return;
    }
    const qint64 to = QDateTime::currentMSecsSinceEpoch() + 1;
    m_history->fetchTransitions(m_scope, to - m_span, to, this,
                                [this, path](const QList<ConditionTransition> &transitions, const QString &error) {
                                    m_frame->exportCsv(path, transitions, error);
                                });
}

} // namespace fleetscope
