// The cluster table under churn, as a dashboard left open on a busy hub sees
// it: changed rows on screen repaint as those rows (not the band between
// them), and the scroll bar follows the row count without repainting a thumb
// that did not move.
#include "clustertableview.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "smallfleet.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QPaintEvent>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

QString nameOf(int i)
{
    return QStringLiteral("c-%1").arg(i, 4, 10, QLatin1Char('0'));
}

ProfilePtr cluster(const QString &name, const QString &version = QStringLiteral("v1.31.0"))
{
    auto record = smallFleetCluster(name, QStringLiteral("prod"));
    record->profile.kubernetesVersion = version;
    return record;
}

// Counts a widget's paints and keeps what they covered.
class PaintRecorder final : public QObject
{
public:
    int paints = 0;
    QRegion painted;

    void reset()
    {
        paints = 0;
        painted = QRegion();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint) {
            ++paints;
            painted += static_cast<QPaintEvent *>(event)->region();
        }
        return QObject::eventFilter(watched, event);
    }
};

qint64 area(const QRegion &region)
{
    qint64 sum = 0;
    for (const QRect &r : region)
        sum += qint64(r.width()) * r.height();
    return sum;
}

// Runs the event loop for `ms`: longer than an interval, whatever it would
// have done is done.
void settle(int ms)
{
    QDeadlineTimer deadline(ms);
    while (!deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

// Runs the event loop until `done` or the deadline; returns done().
template<typename Done>
bool waitFor(Done done, int ms)
{
    QDeadlineTimer deadline(ms);
    while (!done() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

} // namespace

class TestClusterTableView final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_store = std::make_unique<FleetStore>();
        QList<ProfilePtr> many;
        for (int i = 0; i < 2000; ++i)
            many << cluster(nameOf(i));
        fillLiveHub(*m_store, many);
        m_model = std::make_unique<ClusterTableModel>(m_store.get());
        m_proxy = std::make_unique<SortFilterProxy>(m_model.get());
        m_proxy->setSortRole(ClusterTableModel::SortRole);
        m_table = std::make_unique<ClusterTableView>(m_proxy.get());
        m_table->resize(1400, 800);
        m_table->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_table.get()));
        // Past the first row count's geometry interval: a quiet table.
        settle(ClusterTableView::geometryIntervalMs + ClusterTableView::repaintIntervalMs);
    }

    void cleanup()
    {
        m_table.reset();
        m_proxy.reset();
        m_model.reset();
        m_store.reset();
    }

    void changedRowsFarApartRepaintJustThoseRows()
    {
        PaintRecorder recorder;
        m_table->viewport()->installEventFilter(&recorder);
        const int rowHeight = m_table->verticalHeader()->defaultSectionSize();
        const int shown = m_table->viewport()->height() / rowHeight;
        QVERIFY2(shown > 20, qPrintable(QString::number(shown)));

        // The second and the twentieth row on screen change in one burst.
        HubDelta delta;
        delta.upsertedProfiles = {cluster(nameOf(1), QStringLiteral("v1.32.0")),
                                  cluster(nameOf(19), QStringLiteral("v1.32.0"))};
        m_store->applyDelta(0, delta);
        QVERIFY(waitFor([&] { return recorder.paints > 0; }, 10 * ClusterTableView::repaintIntervalMs));
        settle(2 * ClusterTableView::repaintIntervalMs);

        const QRect second = m_table->visualRect(m_proxy->index(1, 0));
        const QRect twentieth = m_table->visualRect(m_proxy->index(19, 0));
        QVERIFY(recorder.painted.contains(second.center()));
        QVERIFY(recorder.painted.contains(twentieth.center()));
        // Two rows' worth, not the eighteen rows between them.
        const qint64 twoRows = 2LL * rowHeight * m_table->viewport()->width();
        QVERIFY2(area(recorder.painted) <= twoRows,
                 qPrintable(QStringLiteral("painted %1 px², two rows are %2 px²").arg(area(recorder.painted)).arg(twoRows)));
        QVERIFY(!recorder.painted.contains(m_table->visualRect(m_proxy->index(10, 0)).center()));
        // What was painted is the new text.
        QCOMPARE(m_proxy->index(19, ClusterTableModel::NameColumn).data().toString(), nameOf(19));
    }

    void theScrollBarFollowsTheRowCountWithoutRepaintingAStillThumb()
    {
        QScrollBar *bar = m_table->verticalScrollBar();
        PaintRecorder recorder;
        bar->installEventFilter(&recorder);
        const int maximum = bar->maximum();
        QVERIFY(maximum > 0);

        // Ten clusters sorting below the screen: at the top of 2000 rows the
        // thumb does not move, so the scroll bar takes the new range unpainted.
        for (int i = 0; i < 10; ++i) {
            HubDelta delta;
            delta.upsertedProfiles = {cluster(QStringLiteral("z-%1").arg(i))};
            m_store->applyDelta(0, delta);
            QCoreApplication::processEvents();
        }
        QVERIFY2(waitFor([&] { return bar->maximum() == maximum + 10; }, 2 * ClusterTableView::geometryIntervalMs),
                 qPrintable(QStringLiteral("maximum %1, was %2").arg(bar->maximum()).arg(maximum)));
        settle(ClusterTableView::geometryIntervalMs);
        QCOMPARE(recorder.paints, 0);

        // Halfway down, a thousand more rows below move the thumb up: painted.
        bar->setValue(bar->maximum() / 2);
        settle(2 * ClusterTableView::repaintIntervalMs);
        recorder.reset();
        HubDelta more;
        for (int i = 10; i < 1010; ++i)
            more.upsertedProfiles << cluster(QStringLiteral("z-%1").arg(i, 4, 10, QLatin1Char('0')));
        m_store->applyDelta(0, more);
        QVERIFY(waitFor([&] { return bar->maximum() == maximum + 1010 && recorder.paints > 0; },
                        2 * ClusterTableView::geometryIntervalMs));
    }

    void aBurstOfRowCountChangesReachesTheScrollBarOncePerInterval()
    {
        QScrollBar *bar = m_table->verticalScrollBar();
        const int maximum = bar->maximum();

        // The first change of a quiet table reaches the scroll bar in the next turn.
        HubDelta first;
        first.upsertedProfiles = {cluster(QStringLiteral("z-first"))};
        m_store->applyDelta(0, first);
        QVERIFY(waitFor([&] { return bar->maximum() == maximum + 1; }, ClusterTableView::geometryIntervalMs / 2));

        // Then a row every few milliseconds for a while: the range moves once
        // per interval at most, and ends at the last count.
        QElapsedTimer clock;
        clock.start();
        int moves = 0;
        int seen = bar->maximum();
        for (int i = 0; i < 100; ++i) {
            HubDelta delta;
            delta.upsertedProfiles = {cluster(QStringLiteral("z-%1").arg(i, 3, 10, QLatin1Char('0')))};
            m_store->applyDelta(0, delta);
            settle(10);
            if (bar->maximum() != seen) {
                seen = bar->maximum();
                ++moves;
            }
        }
        const qint64 elapsed = clock.elapsed();
        QVERIFY2(moves <= elapsed / ClusterTableView::geometryIntervalMs + 2,
                 qPrintable(QStringLiteral("%1 ranges in %2 ms").arg(moves).arg(elapsed)));
        QVERIFY(waitFor([&] { return bar->maximum() == maximum + 101; }, 2 * ClusterTableView::geometryIntervalMs));
        // Scrolled to the end, the last row is in view.
        m_table->scrollToBottom();
        const QModelIndex last = m_proxy->index(m_proxy->rowCount() - 1, ClusterTableModel::NameColumn);
        QCOMPARE(last.data().toString(), QStringLiteral("z-first"));
        QVERIFY(waitFor([&] { return m_table->viewport()->rect().contains(m_table->visualRect(last).center()); },
                        2 * ClusterTableView::repaintIntervalMs));
    }

    // Rows going until they no longer fill the screen: the scroll bar goes too.
    void aTableThatNoLongerFillsTheScreenLosesItsScrollBar()
    {
        QScrollBar *bar = m_table->verticalScrollBar();
        QVERIFY(bar->isVisible());
        HubDelta delta;
        for (int i = 5; i < 2000; ++i)
            delta.removedProfiles << ObjectKey{QStringLiteral("fleet"), nameOf(i)};
        m_store->applyDelta(0, delta);
        QVERIFY(waitFor([&] { return bar->maximum() == 0 && !bar->isVisible(); }, 2 * ClusterTableView::geometryIntervalMs));
        QCOMPARE(m_proxy->rowCount(), 5);
    }

    // The vertical header catches up with the row count by resetting itself,
    // and it shares the table's selection model: the rows a user picked must
    // survive clusters coming and going elsewhere in the fleet.
    void theSelectionSurvivesRowsComingAndGoing()
    {
        const QModelIndex picked = m_proxy->index(5, 0);
        m_table->setCurrentIndex(picked);
        m_table->selectionModel()->select(m_proxy->index(7, 0),
                                          QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(m_table->selectedStoreRows().size(), 2);
        QSignalSpy current(m_table.get(), &ClusterTableView::currentClusterChanged);

        HubDelta delta;
        delta.removedProfiles << ObjectKey{QStringLiteral("fleet"), nameOf(0)};
        for (int i = 0; i < 10; ++i)
            delta.upsertedProfiles << cluster(QStringLiteral("z-%1").arg(i));
        m_store->applyDelta(0, delta);
        QHeaderView *rows = m_table->verticalHeader();
        QVERIFY(waitFor([&] { return rows->count() == m_proxy->rowCount(); }, 2 * ClusterTableView::geometryIntervalMs));
        m_table->scrollTo(m_table->currentIndex()); // what a key press or a click does next
        settle(ClusterTableView::repaintIntervalMs);

        QCOMPARE(m_table->currentIndex().siblingAtColumn(ClusterTableModel::NameColumn).data().toString(), nameOf(5));
        QStringList selected;
        for (const QModelIndex &index : m_table->selectionModel()->selectedRows(ClusterTableModel::NameColumn))
            selected << index.data().toString();
        selected.sort();
        QCOMPARE(selected, (QStringList{nameOf(5), nameOf(7)}));
        // The current cluster moved up a row but stayed the same cluster: nobody is told otherwise.
        for (const QList<QVariant> &emitted : std::as_const(current))
            QVERIFY2(emitted.at(0).toInt() >= 0, "the current cluster was dropped");
    }

private:
    std::unique_ptr<FleetStore> m_store;
    std::unique_ptr<ClusterTableModel> m_model;
    std::unique_ptr<SortFilterProxy> m_proxy;
    std::unique_ptr<ClusterTableView> m_table;
};

QTEST_MAIN(TestClusterTableView)
#include "tst_clustertableview.moc"
