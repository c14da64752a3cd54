// Health notifications: grouped per saved view and direction, debounced into one
// message, only for views that ask, and quiet during the initial sync and after
// a relist.

#include "fleet/store/fleetstore.h"
#include "history/healthchangewatcher.h"

#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;

namespace {

SavedView viewOf(const QString &name, const QString &filter, bool notify)
{
    SavedView view;
    view.name = name;
    view.filter = filter;
    view.notify = notify;
    return view;
}

ProfilePtr profile(const QString &ns, const QString &name, ConditionStatus cph, const QString &set)
{
    auto record = std::make_shared<ProfileRecord>();
    record->profile.metadata.namespaceName = ns;
    record->profile.metadata.name = name;
    record->profile.metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/clusterset"), set);
    Condition c;
    c.type = QStringLiteral("ControlPlaneHealthy");
    c.status = cph;
    record->profile.conditions = {c};
    return record;
}

HubStatus live(bool isLive)
{
    HubStatus s;
    s.hub = QStringLiteral("hub-a");
    s.state = isLive ? HubStatus::State::Live : HubStatus::State::Reconnecting;
    s.synced = true;
    return s;
}

} // namespace

class TstHealthChangeWatcher : public QObject
{
    Q_OBJECT

private:
    qint64 m_now = 0;

    void fleetOf(FleetStore &fleet, int hub, ConditionStatus prod, ConditionStatus dev, int count = 8)
    {
        HubDelta d;
        for (int i = 0; i < count; ++i) {
            d.upsertedProfiles << profile(QStringLiteral("fleet"), QStringLiteral("prod-%1").arg(i), prod, QStringLiteral("prod"));
            d.upsertedProfiles << profile(QStringLiteral("fleet"), QStringLiteral("dev-%1").arg(i), dev, QStringLiteral("dev"));
        }
        fleet.applyDelta(hub, d);
    }

private slots:
    void groupsDebouncesAndStaysQuiet()
    {
        FleetStore fleet;
        const int hub = fleet.addHub(QStringLiteral("hub-a"));
        HealthChangeWatcher watcher(&fleet);
        watcher.setClock([this] { return m_now; });
        watcher.setSettleMs(10000);
        const SavedView prod = viewOf(QStringLiteral("prod"), QStringLiteral("clusterset=prod"), true);
        const SavedView dev = viewOf(QStringLiteral("dev"), QStringLiteral("clusterset=dev"), false); // no notify
        const SavedView broken = viewOf(QStringLiteral("broken"), QStringLiteral("clusterset in ("), true);
        watcher.setViews({prod, dev, broken});
        QCOMPARE(watcher.watchedViewCount(), 1);
        QSignalSpy ready(&watcher, &HealthChangeWatcher::notificationsReady);

        // The initial sync: the hub is not live yet, then settles.
        m_now = 1000;
        fleetOf(fleet, hub, ConditionStatus::True, ConditionStatus::True);
        fleet.setHubStatus(hub, live(true));
        fleetOf(fleet, hub, ConditionStatus::False, ConditionStatus::False); // still settling
        watcher.flush();
        QCOMPARE(ready.count(), 0);

        m_now = 20'000;
        fleetOf(fleet, hub, ConditionStatus::True, ConditionStatus::True);
        watcher.flush();
        QCOMPARE(ready.count(), 1);
        QList<HealthNotification> n = ready.takeFirst().at(0).value<QList<HealthNotification>>();
        QCOMPARE(n.size(), 1);
        QVERIFY2(n[0].title.startsWith(QLatin1String("8 cluster")) && n[0].title.endsWith(QLatin1String(" in prod recovered")), qPrintable(n[0].title));

        // Seven go down (the debounce timer sends them as one message).
        watcher.setDebounceMs(50);
        fleetOf(fleet, hub, ConditionStatus::False, ConditionStatus::False, 7);
        QVERIFY(ready.wait(5000));
        n = ready.takeFirst().at(0).value<QList<HealthNotification>>();
        QCOMPARE(n.size(), 1);
        QVERIFY2(n[0].title.startsWith(QLatin1String("7 cluster")) && n[0].title.endsWith(QLatin1String(" in prod became unhealthy")), qPrintable(n[0].title));
        QCOMPARE(n[0].clusters.size(), 7);
        QCOMPARE(n[0].clusters[0].hub, QStringLiteral("hub-a"));
        QVERIFY2(n[0].text.contains(QLatin1String(" and 2 more")), qPrintable(n[0].text));

        // A reconnect and relist: what it reports is not news.
        fleet.setHubStatus(hub, live(false));
        fleetOf(fleet, hub, ConditionStatus::True, ConditionStatus::True);
        m_now = 21'000;
        fleet.setHubStatus(hub, live(true));
        fleetOf(fleet, hub, ConditionStatus::False, ConditionStatus::True);
        watcher.flush();
        QCOMPARE(ready.count(), 0);
    }

    void forgetsDeletedClusters()
    {
        FleetStore fleet;
        const int hub = fleet.addHub(QStringLiteral("hub-a"));
        HealthChangeWatcher watcher(&fleet);
        watcher.setClock([this] { return m_now; });
        watcher.setSettleMs(0);
        watcher.setViews({viewOf(QStringLiteral("prod"), QStringLiteral("clusterset=prod"), true)});
        QSignalSpy ready(&watcher, &HealthChangeWatcher::notificationsReady);
        m_now = 1000;
        fleet.setHubStatus(hub, live(true));
        fleetOf(fleet, hub, ConditionStatus::True, ConditionStatus::True);
        QCOMPARE(watcher.rememberedCount(), 16);

        // A churn of names: each round deletes the clusters and brings new ones.
        for (int round = 0; round < 5; ++round) {
            HubDelta d;
            for (int i = 0; i < 8; ++i) {
                const QString old = round ? QStringLiteral("new-%1-%2").arg(round - 1).arg(i) : QStringLiteral("prod-%1").arg(i);
                d.removedProfiles << ObjectKey{QStringLiteral("fleet"), old};
                d.upsertedProfiles << profile(QStringLiteral("fleet"), QStringLiteral("new-%1-%2").arg(round).arg(i),
                                              ConditionStatus::True, QStringLiteral("prod"));
            }
            fleet.applyDelta(hub, d);
            QCOMPARE(watcher.rememberedCount(), 16);
        }

        // A deleted cluster that comes back unhealthy is a first sight, not news.
        HubDelta gone;
        gone.removedProfiles << ObjectKey{QStringLiteral("fleet"), QStringLiteral("new-4-0")};
        fleet.applyDelta(hub, gone);
        QCOMPARE(watcher.rememberedCount(), 15);
        HubDelta back;
        back.upsertedProfiles << profile(QStringLiteral("fleet"), QStringLiteral("new-4-0"), ConditionStatus::False,
                                         QStringLiteral("prod"));
        fleet.applyDelta(hub, back);
        watcher.flush();
        QCOMPARE(ready.count(), 0);
        // While a cluster that stayed and went down is.
        HubDelta down;
        down.upsertedProfiles << profile(QStringLiteral("fleet"), QStringLiteral("new-4-1"), ConditionStatus::False,
                                         QStringLiteral("prod"));
        fleet.applyDelta(hub, down);
        watcher.flush();
        QCOMPARE(ready.count(), 1);
    }
};

QTEST_GUILESS_MAIN(TstHealthChangeWatcher)
#include "tst_healthchangewatcher.moc"
