// The order `fleetscope list` prints: by hub name, namespace and name, whatever
// order the rows arrived in (each hub's list order, interleaved hubs, watch
// events appended later, a server whose order is not ours).

#include "fleet/output/fleetprinter.h"
#include "fleet/store/fleetstore.h"

#include <QTest>

using namespace fleetscope;

namespace {

ProfilePtr profile(const QString &key)
{
    auto record = std::make_shared<ProfileRecord>();
    record->profile.metadata.namespaceName = key.section(u'/', 0, 0);
    record->profile.metadata.name = key.section(u'/', 1, 1);
    return record;
}

} // namespace

class TestFleetPrinter final : public QObject
{
    Q_OBJECT

private slots:
    void sortsByHubNamespaceAndName_data();
    void sortsByHubNamespaceAndName();
};

void TestFleetPrinter::sortsByHubNamespaceAndName_data()
{
    // Deltas as "hub:ns/name,ns/name;hub:...", applied in that order.
    QTest::addColumn<QString>("deltas");
    QTest::addColumn<QString>("expected");
    QTest::newRow("one hub, in order") << "h:a/c1,a/c2,b/c1" << "h:a/c1 h:a/c2 h:b/c1";
    QTest::newRow("one hub, out of order") << "h:b/c1,a/c2,a/c1" << "h:a/c1 h:a/c2 h:b/c1";
    QTest::newRow("watch events after an ordered list") << "h:a/c1,a/c3;h:a/c2;h:a/c0"
                                                       << "h:a/c0 h:a/c1 h:a/c2 h:a/c3";
    QTest::newRow("hubs interleaved, added out of name order")
        << "zeta:a/c1;alpha:a/c2;zeta:a/c2;alpha:a/c1;mid:x/y" << "alpha:a/c1 alpha:a/c2 mid:x/y zeta:a/c1 zeta:a/c2";
    QTest::newRow("one hub ordered, another not") << "b:n/1,n/2,n/3;a:n/3,n/1,n/2"
                                                 << "a:n/1 a:n/2 a:n/3 b:n/1 b:n/2 b:n/3";
    // etcd orders by "namespace/name" bytes, where "a-b/x" < "a/x"; we order by namespace first.
    QTest::newRow("server order by key bytes") << "h:a-b/x,a/x" << "h:a/x h:a-b/x";
    QTest::newRow("empty hub") << "e:;h:a/c1" << "h:a/c1";
}

void TestFleetPrinter::sortsByHubNamespaceAndName()
{
    QFETCH(QString, deltas);
    QFETCH(QString, expected);
    FleetStore store;
    for (const QString &part : deltas.split(u';')) {
        const QString hubName = part.section(u':', 0, 0);
        int hub = store.hubIndex(hubName);
        if (hub < 0)
            hub = store.addHub(hubName);
        HubDelta delta;
        for (const QString &key : part.section(u':', 1).split(u',', Qt::SkipEmptyParts))
            delta.upsertedProfiles.append(profile(key));
        store.applyDelta(hub, delta);
    }
    const FleetPrinter printer(store, FleetPrinter::Format::Name, 0);
    QStringList printed;
    for (int row : printer.sortedRows()) {
        const FleetProfile &p = store.profileAt(row);
        printed << store.hubName(p.hub) + u':' + p.profile().metadata.namespaceName + u'/' + p.profile().metadata.name;
    }
    QCOMPARE(printed.join(u' '), expected);
}

QTEST_GUILESS_MAIN(TestFleetPrinter)
#include "tst_fleetprinter.moc"
