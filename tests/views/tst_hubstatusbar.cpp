// The status bar's fleet counts under churn and at the end of a sync: at most
// one recount per interval while a hub churns, but a sync that just ended is
// counted in the next turn, whatever the interval.
#include "hubstatusbar.h"
#include "windowparts.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/hubstatusmodel.h"
#include "smallfleet.h"

#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

HubDelta profiles(int from, int to)
{
    HubDelta delta;
    for (int i = from; i < to; ++i)
        delta.upsertedProfiles << smallFleetCluster(QStringLiteral("c-%1").arg(i), QStringLiteral("prod"));
    return delta;
}

HubStatus status(HubStatus::State state, bool synced)
{
    HubStatus s;
    s.hub = QStringLiteral("hub-eu");
    s.state = state;
    s.synced = synced;
    return s;
}

} // namespace

class TestHubStatusBar final : public QObject
{
    Q_OBJECT

private slots:
    void theEndOfASyncIsCountedInTheNextTurn()
    {
        FleetStore store;
        const int hub = store.addHub(QStringLiteral("hub-eu"));
        store.setHubStatus(hub, status(HubStatus::State::Syncing, false));
        ClusterTableModel table(&store);
        SortFilterProxy shown(&table);
        HubStatusModel hubs(&store);
        HubStatusBar bar(&store, &hubs, &shown);

        // The first page of the sync: counted in the next turn, and the
        // interval starts.
        store.applyDelta(hub, profiles(0, 3));
        QCoreApplication::sendPostedEvents(&bar, QEvent::MetaCall);
        QVERIFY2(countsText(&bar).startsWith(QLatin1String("3 clusters")), qPrintable(countsText(&bar)));

        // Within the interval a delta alone waits for its end...
        store.applyDelta(hub, profiles(3, 5));
        QCoreApplication::sendPostedEvents(&bar, QEvent::MetaCall);
        QVERIFY2(countsText(&bar).startsWith(QLatin1String("3 clusters")), qPrintable(countsText(&bar)));
        // ...but the sync's end is counted in the next turn.
        store.applyDelta(hub, profiles(5, 7));
        store.setHubStatus(hub, status(HubStatus::State::Live, true));
        QCoreApplication::sendPostedEvents(&bar, QEvent::MetaCall);
        QVERIFY2(countsText(&bar).startsWith(QLatin1String("7 clusters")), qPrintable(countsText(&bar)));
        QVERIFY2(countsText(&bar).endsWith(QLatin1String("7 shown")), qPrintable(countsText(&bar)));

        // Live and churning, the interval holds again.
        store.applyDelta(hub, profiles(7, 8));
        store.setHubStatus(hub, status(HubStatus::State::Live, true));
        QCoreApplication::sendPostedEvents(&bar, QEvent::MetaCall);
        QVERIFY2(countsText(&bar).startsWith(QLatin1String("7 clusters")), qPrintable(countsText(&bar)));
        QTRY_VERIFY_WITH_TIMEOUT(countsText(&bar).startsWith(QLatin1String("8 clusters")), 3 * HubStatusBar::countsIntervalMs);
    }
};

QTEST_MAIN(TestHubStatusBar)
#include "tst_hubstatusbar.moc"
