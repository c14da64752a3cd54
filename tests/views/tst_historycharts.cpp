// The history charts in the main window as people open them: at 1400x900 and at
// the smallest size the window allows (800x560), in English and German, over 1 h, 24 h and
// 7 d. The cluster's title shows whole, the lanes' names are not cut, axis labels
// and legend entries never overlap or leave the chart. Screenshots of each are
// saved for a person to look at.

#include "applanguage.h"
#include "windowparts.h"
#include "charts/clustertimelineview.h"
#include "charts/fleethealthchart.h"
#include "charts/healthchartview.h"
#include "charts/swatchlegend.h"
#include "charts/timelinechart.h"
#include "clustertableview.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "history/historystore.h"
#include "historypanel.h"
#include "hubstatusbar.h"
#include "mainwindow.h"
#include "smallfleet.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

constexpr qint64 kMinute = 60'000;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;
const QString kHub = QStringLiteral("hub-eu-central");

QString clusterName(int i)
{
    return QStringLiteral("payments-%1").arg(i);
}

// Eight days of a 30-cluster fleet: every cluster healthy, a few failing for an
// hour now and then, one flapping through the last hours.
void recordHistory(HistoryStore &history, qint64 now)
{
    history.beginCoverage(kHub, now - 8 * kDay);
    QList<ClusterObservation> seen;
    auto observe = [&](int cluster, qint64 at, bool healthy) {
        ClusterObservation o;
        o.cluster = {kHub, QStringLiteral("fleet"), clusterName(cluster)};
        o.observedAt = at;
        Condition c;
        c.type = QStringLiteral("ControlPlaneHealthy");
        c.status = healthy ? ConditionStatus::True : ConditionStatus::False;
        c.reason = healthy ? QStringLiteral("ManagedClusterAvailable") : QStringLiteral("APIServerUnreachable");
        c.message = healthy ? QString() : QStringLiteral("etcd quorum lost in eu-central-1b");
        c.lastTransitionTime = at;
        Condition j;
        j.type = QStringLiteral("Joined");
        j.status = ConditionStatus::True;
        j.lastTransitionTime = now - 9 * kDay;
        o.conditions = {c, j};
        seen << o;
    };
    for (int i = 0; i < 30; ++i)
        observe(i, now - 8 * kDay, true);
    for (qint64 t = now - 8 * kDay + 3 * kHour; t < now - kHour; t += 7 * kHour) {
        const int cluster = int((t / kHour) % 30);
        observe(cluster, t, false);
        observe(cluster, t + kHour, true);
    }
    for (qint64 t = now - 50 * kMinute; t < now - kMinute; t += 5 * kMinute)
        observe(3, t, (t / (5 * kMinute)) % 2);
    std::sort(seen.begin(), seen.end(),
              [](const ClusterObservation &a, const ClusterObservation &b) { return a.observedAt < b.observedAt; });
    history.observe(seen);
    history.flush();
}

bool overlapFree(const QList<QRect> &rects, int width, QString *why)
{
    for (qsizetype i = 0; i < rects.size(); ++i) {
        if (rects[i].left() < 0 || rects[i].right() >= width) {
            *why = QStringLiteral("entry %1 leaves the legend").arg(i);
            return false;
        }
        for (qsizetype j = i + 1; j < rects.size(); ++j) {
            if (rects[i].intersects(rects[j])) {
                *why = QStringLiteral("entries %1 and %2 overlap").arg(i).arg(j);
                return false;
            }
        }
    }
    return true;
}

bool ticksApart(const QList<TimeTick> &ticks, double left, double right, QString *why)
{
    int labelled = 0;
    QRectF previous;
    for (const TimeTick &tick : ticks) {
        if (tick.label.isEmpty())
            continue;
        ++labelled;
        if (tick.labelRect.left() < left - 0.5 || tick.labelRect.right() > right + 0.5) {
            *why = tick.label + QStringLiteral(" leaves the axis");
            return false;
        }
        if (!previous.isNull() && previous.right() >= tick.labelRect.left()) {
            *why = tick.label + QStringLiteral(" overlaps the label before it");
            return false;
        }
        previous = tick.labelRect;
    }
    if (labelled < 2) {
        *why = QStringLiteral("%1 labels").arg(labelled);
        return false;
    }
    return true;
}

// The whole title is shown: its wrapped text fits the label's height.
bool titleWhole(const QWidget *chart)
{
    const auto labels = chart->findChildren<QLabel *>();
    for (const QLabel *label : labels) {
        if (label->font().bold())
            return label->heightForWidth(label->width()) <= label->height();
    }
    return false;
}

} // namespace

class TstHistoryCharts : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }
    void cleanup() { AppLanguage::install(qApp, QLocale(QLocale::English)); }

    void readAtAGlance_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("smallest");
        for (const char *language : {"en", "de"}) {
            QTest::addRow("%s 1400x900", language) << QString::fromLatin1(language) << false;
            QTest::addRow("%s smallest", language) << QString::fromLatin1(language) << true;
        }
    }

    void readAtAGlance()
    {
        QFETCH(QString, language);
        QFETCH(bool, smallest);
        QString warning;
        QVERIFY(AppLanguage::install(qApp, AppLanguage::choose(language, &warning)));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        HistoryStore history;
        history.open(m_dir.filePath(QStringLiteral("charts-%1-%2.sqlite").arg(language).arg(smallest)));
        QTRY_COMPARE(history.state(), HistoryStore::State::Ready);
        recordHistory(history, now);

        FleetStore store;
        MainWindow window(&store);
        window.setHistory(&history);
        const QSize size = smallest ? window.minimumSize() : QSize(1400, 900);
        QVERIFY(window.minimumSize().width() <= 800 && window.minimumSize().height() <= 600);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QList<ProfilePtr> profiles;
        for (int i = 0; i < 30; ++i) {
            auto record = smallFleetCluster(clusterName(i), i % 2 ? "prod" : "staging");
            Condition c;
            c.type = QStringLiteral("ControlPlaneHealthy");
            c.status = ConditionStatus::True;
            record->profile.conditions.append(c);
            profiles << record;
        }
        // A cluster whose producer writes no conditions: nothing of it is in the history.
        profiles << smallFleetCluster(QStringLiteral("payments-quiet"), "prod");
        fillLiveHub(store, profiles, kHub);
        QTRY_COMPARE(clusterProxy(window)->rowCount(), 31);
        // The status bar and the chart count it the same way.
        auto *counts = window.findChild<HubStatusBar *>()->findChild<QLabel *>(QStringLiteral("fleetCounts"));
        QVERIFY(counts);
        QTRY_VERIFY2(counts->text().contains(QCoreApplication::translate("fleetscope::HubStatusBar", " · ○ %1 not reported").arg(1)),
                     qPrintable(counts->text()));

        HistoryPanel *panel = window.historyPanel();
        panel->selectClusters({ClusterId{kHub, QStringLiteral("fleet"), clusterName(3)}});
        panel->showTimelineTab();
        ClusterTimelineView *timeline = panel->timeline();
        QTRY_COMPARE(timeline->cluster().name, clusterName(3));
        const QString tag = QStringLiteral("%1-%2").arg(language, smallest ? QStringLiteral("smallest") : QStringLiteral("1400x900"));
        for (const qint64 span : {kHour, kDay, 7 * kDay}) {
            QSignalSpy shown(timeline, &ClusterTimelineView::shown);
            timeline->setSpan(span);
            QVERIFY(shown.wait(5000));
            QApplication::processEvents();
            TimelineChart *chart = timeline->chart();
            QCOMPARE(chart->lanes().size(), 2);
            QVERIFY2(chart->width() >= 150, qPrintable(QString::number(chart->width())));
            QString why;
            QVERIFY2(ticksApart(chart->ticks(), chart->laneRect(0).left(), chart->laneRect(0).right(), &why),
                     qPrintable(why));
            // The axis is inside the chart, below both lanes, and not covered by its neighbours.
            const QRectF axisLabel = chart->ticks().last().labelRect;
            QVERIFY2(axisLabel.top() >= chart->laneRect(1).bottom() && axisLabel.bottom() <= chart->height(),
                     qPrintable(QStringLiteral("axis %1..%2, lanes end %3, chart %4 high")
                                    .arg(axisLabel.top())
                                    .arg(axisLabel.bottom())
                                    .arg(chart->laneRect(1).bottom())
                                    .arg(chart->height())));
            QVERIFY(chart->visibleRegion().boundingRect().bottom() >= int(axisLabel.bottom()) - 1);
            QVERIFY2(overlapFree(timeline->legend()->entryRects(), timeline->legend()->width(), &why), qPrintable(why));
            QVERIFY(timeline->legend()->height() >= timeline->legend()->heightForWidth(timeline->legend()->width()));
            for (int lane = 0; lane < 2; ++lane) {
                QVERIFY2(chart->laneLabelRect(lane).width() + 0.5
                             >= chart->fontMetrics().horizontalAdvance(chart->lanes()[lane].type),
                         qPrintable(chart->lanes()[lane].type));
            }
            QVERIFY(titleWhole(timeline));
            QCOMPARE(timeline->titleText(), kHub + QStringLiteral("/fleet/") + clusterName(3));
            QVERIFY(window.grab().save(QDir::temp().filePath(
                QStringLiteral("fleetscope-timeline-%1-%2h.png").arg(tag).arg(span / kHour))));
        }

        panel->showHealthTab();
        panel->updateScope();
        FleetHealthChart *health = panel->healthChart();
        for (const qint64 span : {kHour, kDay, 7 * kDay}) {
            QSignalSpy shown(health, &FleetHealthChart::shown);
            health->setSpan(span);
            QVERIFY(shown.wait(5000));
            QTRY_VERIFY(!health->points().isEmpty());
            QApplication::processEvents();
            HealthChartView *view = health->view();
            const QRectF plot = view->chart()->plotArea();
            QString why;
            QVERIFY2(ticksApart(view->ticks(), 0, view->width(), &why), qPrintable(why));
            QVERIFY2(!view->ticks().isEmpty() && view->ticks().last().labelRect.bottom() <= view->height(),
                     "the axis labels are cut at the bottom");
            QVERIFY(plot.width() >= view->width() / 2); // the plot keeps the room, no legend beside it
            QVERIFY2(overlapFree(health->legend()->entryRects(), health->legend()->width(), &why), qPrintable(why));
            QVERIFY(health->legend()->height() >= health->legend()->heightForWidth(health->legend()->width()));
            QCOMPARE(health->legend()->entries().size(), 5);
            QVERIFY(titleWhole(health));
            // Recorded for eight days: the chart never counts a moment it did not record.
            for (const HealthPoint &p : health->points())
                QVERIFY(p.recorded || p.healthy + p.unhealthy + p.unknown + p.notReported == 0);
            QCOMPARE(health->points().last().healthy + health->points().last().unhealthy, 30);
            const QString oneQuiet =
                QCoreApplication::translate("fleetscope::FleetHealthChart", "%n do(es) not report health.", nullptr, 1);
            QVERIFY2(health->statusText().contains(oneQuiet), qPrintable(health->statusText()));
            QVERIFY(window.grab().save(QDir::temp().filePath(
                QStringLiteral("fleetscope-health-%1-%2h.png").arg(tag).arg(span / kHour))));
        }
    }
};

QTEST_MAIN(TstHistoryCharts)
#include "tst_historycharts.moc"
