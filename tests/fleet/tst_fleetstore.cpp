// The merged fleet store: deltas from several hubs become exactly the row
// notifications a model needs, and a view that follows only those notifications
// always sees what the store holds.

#include "api/stringpool.h"
#include "fleet/store/fleetstore.h"

#include <QRandomGenerator>
#include <QTest>

using namespace fleetscope;

namespace {

ProfilePtr profile(const QString &ns, const QString &name, const QString &version = QStringLiteral("v1.30.0"),
                   const QString &memberId = QString())
{
    auto record = std::make_shared<ProfileRecord>();
    record->profile.metadata.namespaceName = ns;
    record->profile.metadata.name = name;
    record->profile.kubernetesVersion = version;
    if (!memberId.isEmpty())
        record->profile.metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/inventory-member-id"), memberId);
    return record;
}

QString describe(const FleetProfile &p)
{
    return QString::number(p.hub) + u':' + p.profile().metadata.namespaceName + u'/' + p.profile().metadata.name + u'@'
        + p.profile().kubernetesVersion;
}

// A model-like mirror that only learns through the store's signals.
class Mirror final : public QObject
{
public:
    explicit Mirror(FleetStore &store)
        : m_store(store)
    {
        connect(&store, &FleetStore::profilesChanged, this, [this](int first, int last) {
            QVERIFY(first >= 0 && first <= last && last < rowsSeen.size());
            QCOMPARE(m_store.profileCount(), int(rowsSeen.size()));
            // Rows outside the range hold what was announced so far: the ones
            // still to be announced are not written yet.
            for (int row = 0; row < rowsSeen.size(); ++row) {
                if (row < first || row > last)
                    QCOMPARE(describe(m_store.profileAt(row)), rowsSeen[row]);
            }
            for (int row = first; row <= last; ++row)
                rowsSeen[row] = describe(m_store.profileAt(row));
        });
        connect(&store, &FleetStore::profilesAboutToBeRemoved, this, [this](int first, int last) {
            QVERIFY(first >= 0 && first <= last && last < rowsSeen.size());
            QCOMPARE(m_store.profileCount(), int(rowsSeen.size()));
            for (int row = first; row <= last; ++row)
                QCOMPARE(describe(m_store.profileAt(row)), rowsSeen[row]);
            pendingRemoval = {first, last};
        });
        connect(&store, &FleetStore::profilesRemoved, this, [this](int first, int last) {
            QCOMPARE(pendingRemoval, qMakePair(first, last));
            rowsSeen.remove(first, last - first + 1);
            QCOMPARE(m_store.profileCount(), int(rowsSeen.size()));
        });
        connect(&store, &FleetStore::profilesAboutToBeInserted, this, [this](int first, int) {
            QCOMPARE(first, int(rowsSeen.size()));
        });
        connect(&store, &FleetStore::profilesInserted, this, [this](int first, int last) {
            for (int row = first; row <= last; ++row)
                rowsSeen.append(describe(m_store.profileAt(row)));
        });
    }

    QStringList rowsSeen;
    QPair<int, int> pendingRemoval;

private:
    FleetStore &m_store;
};

QStringList storeRows(const FleetStore &store)
{
    QStringList rows;
    for (const FleetProfile &p : store.profiles())
        rows << describe(p);
    return rows;
}

} // namespace

class TestFleetStore final : public QObject
{
    Q_OBJECT

private slots:
    void mergesHubsAndKeepsKeysApart();
    void removalKeepsRowOrder();
    void randomDeltasKeepTheMirrorExact();
    void namespaceLabelsChangeClusterSets();
    void indexesMembersAcrossHubs();
    void keepsDecodeErrorsBounded();
    void freesStringsOfReplacedValues();
    void reportsRealUpdatesNotMoves();
};

void TestFleetStore::mergesHubsAndKeepsKeysApart()
{
    FleetStore store;
    Mirror mirror(store);
    const int a = store.addHub(QStringLiteral("hub-a"));
    const int b = store.addHub(QStringLiteral("hub-b"));
    HubDelta delta;
    delta.upsertedProfiles = {profile("fleet", "c1"), profile("fleet", "c2")};
    store.applyDelta(a, delta);
    store.applyDelta(b, delta); // same names on another hub are other objects
    QCOMPARE(store.profileCount(), 4);
    QCOMPARE(store.rowOf(a, {"fleet", "c2"}), 1);
    QCOMPARE(store.rowOf(b, {"fleet", "c2"}), 3);
    QCOMPARE(store.hubIndex(QStringLiteral("hub-b")), b);
    QCOMPARE(mirror.rowsSeen, storeRows(store));

    HubDelta update;
    update.upsertedProfiles = {profile("fleet", "c1", "v1.31.0")};
    store.applyDelta(b, update);
    QCOMPARE(store.profileAt(store.rowOf(b, {"fleet", "c1"})).profile().kubernetesVersion, QStringLiteral("v1.31.0"));
    QCOMPARE(store.profileAt(store.rowOf(a, {"fleet", "c1"})).profile().kubernetesVersion, QStringLiteral("v1.30.0"));
    QCOMPARE(mirror.rowsSeen, storeRows(store));
}

void TestFleetStore::removalKeepsRowOrder()
{
    FleetStore store;
    Mirror mirror(store);
    const int hub = store.addHub(QStringLiteral("h"));
    HubDelta add;
    for (int i = 0; i < 6; ++i)
        add.upsertedProfiles.append(profile("ns", QStringLiteral("c%1").arg(i)));
    store.applyDelta(hub, add);
    HubDelta remove;
    remove.removedProfiles = {{"ns", "c1"}, {"ns", "c5"}, {"ns", "c3"}};
    store.applyDelta(hub, remove);
    QCOMPARE(store.profileCount(), 3);
    QCOMPARE(mirror.rowsSeen, storeRows(store));
    QCOMPARE(mirror.pendingRemoval, qMakePair(1, 1)); // the last run first, the first run last
    QCOMPARE(storeRows(store), (QStringList{"0:ns/c0@v1.30.0", "0:ns/c2@v1.30.0", "0:ns/c4@v1.30.0"}));
    // Every key still finds its row.
    QCOMPARE(store.rowOf(hub, {"ns", "c4"}), 2);
    for (int row = 0; row < store.profileCount(); ++row) {
        const auto &meta = store.profileAt(row).profile().metadata;
        QCOMPARE(store.rowOf(hub, {meta.namespaceName, meta.name}), row);
    }
    QCOMPARE(store.rowOf(hub, {"ns", "c5"}), -1);
}

void TestFleetStore::randomDeltasKeepTheMirrorExact()
{
    FleetStore store;
    Mirror mirror(store);
    const int hubs[] = {store.addHub(QStringLiteral("a")), store.addHub(QStringLiteral("b"))};
    QRandomGenerator random(4242);
    QSet<QString> present[2];
    for (int round = 0; round < 300; ++round) {
        const int hub = hubs[random.bounded(2)];
        HubDelta delta;
        QSet<QString> touched;
        const int changes = random.bounded(1, 30);
        for (int i = 0; i < changes; ++i) {
            const QString name = QStringLiteral("c%1").arg(random.bounded(60));
            if (touched.contains(name))
                continue; // a delta carries each key once
            touched.insert(name);
            if (present[hub].contains(name) && random.bounded(3) == 0) {
                delta.removedProfiles.append({"ns", name});
                present[hub].remove(name);
            } else {
                delta.upsertedProfiles.append(profile("ns", name, QStringLiteral("v1.%1").arg(round)));
                present[hub].insert(name);
            }
        }
        store.applyDelta(hub, delta);
        // Deleted rows leave empty slots until the store compacts: rows and
        // keys still find each other (storeRows() below compacts).
        for (int row = 0; row < store.profileCount(); ++row) {
            const FleetProfile &p = store.profileAt(row);
            QCOMPARE(store.rowOf(p.hub, {p.profile().metadata.namespaceName, p.profile().metadata.name}), row);
        }
        QCOMPARE(mirror.rowsSeen, storeRows(store));
    }
    QCOMPARE(store.profileCount(), int(present[0].size() + present[1].size()));
}

void TestFleetStore::namespaceLabelsChangeClusterSets()
{
    FleetStore store;
    Mirror mirror(store);
    const int hub = store.addHub(QStringLiteral("h"));
    HubDelta add;
    add.upsertedProfiles = {profile("fleet-prod", "c1"), profile("other", "c2")};
    store.applyDelta(hub, add);
    QCOMPARE(store.profileAt(0).clusterSet, QString());

    auto ns = std::make_shared<KubeNamespace>();
    ns->metadata.name = QStringLiteral("fleet-prod");
    ns->metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/clusterset"), QStringLiteral("prod"));
    HubDelta labels;
    labels.upsertedNamespaces = {ns};
    QList<QPair<int, int>> changes;
    connect(&store, &FleetStore::profilesChanged, this, [&](int first, int last) { changes.append({first, last}); });
    store.applyDelta(hub, labels);
    QCOMPARE(changes, (QList<QPair<int, int>>{{0, 0}}));
    QCOMPARE(store.profileAt(0).clusterSet, QStringLiteral("prod"));
    QCOMPARE(store.profileAt(0).clusterSetSource, ClusterSetSource::NamespaceLabel);

    HubDelta gone;
    gone.removedNamespaces = {QStringLiteral("fleet-prod")};
    store.applyDelta(hub, gone);
    QCOMPARE(store.profileAt(0).clusterSet, QString());
}

void TestFleetStore::indexesMembersAcrossHubs()
{
    FleetStore store;
    const int a = store.addHub(QStringLiteral("a"));
    const int b = store.addHub(QStringLiteral("b"));
    HubDelta da;
    da.upsertedProfiles = {profile("ns", "x", "v1", "member-1"), profile("ns", "y", "v1", "member-2")};
    store.applyDelta(a, da);
    HubDelta db;
    db.upsertedProfiles = {profile("inv", "x-copy", "v1", "member-1")};
    store.applyDelta(b, db);
    QCOMPARE(store.rowsOfMember(QStringLiteral("member-1")), (QList<int>{0, 2}));
    QCOMPARE(store.rowsOfMember(QStringLiteral("member-2")), (QList<int>{1}));
    HubDelta rm;
    rm.removedProfiles = {{"ns", "x"}};
    store.applyDelta(a, rm);
    // The removal left an empty slot: asking about members must not move the rows
    // under a caller that holds one (the details pane renders from it).
    const FleetProfile &held = store.profileAt(1);
    const ProfileRecord *heldRecord = held.record.get();
    QCOMPARE(store.rowsOfMember(QStringLiteral("member-1")), (QList<int>{1}));
    QCOMPARE(held.record.get(), heldRecord);
    QCOMPARE(held.profile().metadata.name, QStringLiteral("x-copy"));
    QCOMPARE(store.rowsOfMember(QStringLiteral("member-2")), (QList<int>{0}));
    QCOMPARE(store.rowsOfMember(QStringLiteral("member-1")).size(), 1);
    QCOMPARE(store.profileAt(store.rowsOfMember(QStringLiteral("member-1")).first()).profile().metadata.name,
             QStringLiteral("x-copy"));
    QVERIFY(store.rowsOfMember(QString()).isEmpty());
}

void TestFleetStore::keepsDecodeErrorsBounded()
{
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("h"));
    for (int i = 0; i < 30; ++i) {
        HubDelta delta;
        for (int j = 0; j < 10; ++j)
            delta.decodeErrors.append(QStringLiteral("error %1").arg(i * 10 + j));
        store.applyDelta(hub, delta);
    }
    QCOMPARE(store.hubDecodeErrors(hub).size(), 200);
    QCOMPARE(store.hubDecodeErrors(hub).last(), QStringLiteral("error 299"));
}

void TestFleetStore::freesStringsOfReplacedValues()
{
    // A week of watch events rewriting a churning value (here the version, as
    // producers do with messages that carry a count) must not grow the pool forever.
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("h"));
    StringPool::shared().purgeUnused();
    const qsizetype before = StringPool::shared().size();
    constexpr int updates = 25000;
    for (int i = 0; i < updates; i += 100) {
        HubDelta delta;
        for (int k = 0; k < 100; ++k) {
            delta.upsertedProfiles.append(
                profile(QStringLiteral("ns"), QStringLiteral("c%1").arg(k), QStringLiteral("v1.%1").arg(i + k)));
        }
        store.applyDelta(hub, delta);
        QCoreApplication::processEvents(); // deltas come one per turn; the purge takes a turn of its own
    }
    QCOMPARE(store.profileCount(), 100);
    QCOMPARE(store.profileAt(99).profile().kubernetesVersion, QStringLiteral("v1.%1").arg(updates - 1));
    const qsizetype grown = StringPool::shared().size() - before;
    QVERIFY2(grown < 10000, qPrintable(QStringLiteral("%1 strings left after %2 updates").arg(grown).arg(updates)));
}

void TestFleetStore::reportsRealUpdatesNotMoves()
{
    FleetStore store;
    const int hub = store.addHub(QStringLiteral("h"));
    HubDelta add;
    for (int i = 0; i < 5; ++i)
        add.upsertedProfiles.append(profile("ns", QStringLiteral("c%1").arg(i)));
    store.applyDelta(hub, add);

    QList<int> updated;
    QStringList deleted;
    connect(&store, &FleetStore::profilesUpdated, this, [&](const QList<int> &rows) { updated = rows; });
    connect(&store, &FleetStore::profilesDeleting, this, [&](const QList<FleetProfile> &profiles) {
        for (const FleetProfile &p : profiles)
            deleted << p.profile().metadata.name;
    });
    // c0 is removed (the rows after it move up), c2 changes, c9 is new, c3
    // changes and goes in the same delta.
    HubDelta delta;
    delta.removedProfiles = {{"ns", "c0"}, {"ns", "c3"}};
    delta.upsertedProfiles = {profile("ns", "c2", "v1.31.0"), profile("ns", "c9"), profile("ns", "c3", "v1.31.0")};
    store.applyDelta(hub, delta);
    QCOMPARE(deleted, (QStringList{"c0", "c3"}));
    QCOMPARE(updated, (QList<int>{store.rowOf(hub, {"ns", "c2"}), store.rowOf(hub, {"ns", "c9"})}));
    QStringList names;
    for (int row : updated)
        names << store.profileAt(row).profile().metadata.name;
    names.sort();
    // c1, c3 and c4 only moved up: not updates.
    QCOMPARE(names, (QStringList{"c2", "c9"}));
}

QTEST_GUILESS_MAIN(TestFleetStore)
#include "tst_fleetstore.moc"
