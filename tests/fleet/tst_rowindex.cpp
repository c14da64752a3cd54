// The fleet store's row lookup: after any sequence of the store's own edits
// (append, fill a hole from the tail, drop the tail) every cluster is found at
// its row and nothing else is found, whatever the key collisions.

#include "fleet/store/rowindex.h"

#include <QHash>
#include <QRandomGenerator>
#include <QTest>

using namespace fleetscope;

namespace {

FleetProfile row(int hub, const QString &ns, const QString &name)
{
    auto record = std::make_shared<ProfileRecord>();
    record->profile.metadata.namespaceName = ns;
    record->profile.metadata.name = name;
    FleetProfile p;
    p.hub = hub;
    p.record = std::move(record);
    return p;
}

QString keyText(int hub, const QString &ns, const QString &name)
{
    return QString::number(hub) + u'|' + ns + u'|' + name;
}

} // namespace

class TestRowIndex : public QObject
{
    Q_OBJECT

private slots:
    void emptyIndexFindsNothing();
    void tellsApartHubsAndNamespaces();
    void followsTheStoresEditsAtRandom();
    void staysSmallAtFleetScale();
};

void TestRowIndex::emptyIndexFindsNothing()
{
    std::vector<FleetProfile> rows;
    RowIndex index(&rows);
    QCOMPARE(index.find(0, u"ns", u"c1"), -1);
    QCOMPARE(index.size(), 0);
}

void TestRowIndex::tellsApartHubsAndNamespaces()
{
    std::vector<FleetProfile> rows;
    RowIndex index(&rows);
    // One cluster name published by two hubs, and in two namespaces of one hub.
    for (const auto &[hub, ns] : {std::pair{0, u"fleet"}, std::pair{1, u"fleet"}, std::pair{0, u"other"}}) {
        rows.push_back(row(hub, QString::fromUtf16(ns), QStringLiteral("prod-1")));
        index.insert(int(rows.size()) - 1);
    }
    QCOMPARE(index.find(0, u"fleet", u"prod-1"), 0);
    QCOMPARE(index.find(1, u"fleet", u"prod-1"), 1);
    QCOMPARE(index.find(0, u"other", u"prod-1"), 2);
    QCOMPARE(index.find(1, u"other", u"prod-1"), -1);
    QCOMPARE(index.find(0, u"fleet", u"prod-2"), -1);
}

void TestRowIndex::followsTheStoresEditsAtRandom()
{
    std::vector<FleetProfile> rows;
    RowIndex index(&rows);
    QHash<QString, int> expected; // key → row, maintained the obvious way
    QRandomGenerator random(20261126);
    int nextName = 0;
    auto verifyAll = [&] {
        QCOMPARE(index.size(), qsizetype(rows.size()));
        for (size_t r = 0; r < rows.size(); ++r) {
            const FleetProfile &p = rows[r];
            QCOMPARE(index.find(p.hub, p.profile().metadata.namespaceName.view(), p.profile().metadata.name), int(r));
        }
        // Deleted and never-seen names are not found.
        for (int i = 0; i < 50; ++i) {
            const QString name = QStringLiteral("c%1").arg(random.bounded(nextName + 100));
            const int hub = int(random.bounded(3));
            const int want = expected.value(keyText(hub, QStringLiteral("ns"), name), -1);
            QCOMPARE(index.find(hub, u"ns", name), want);
        }
    };
    for (int step = 0; step < 20000; ++step) {
        // Grow to a few thousand rows, then churn around that size so that deletion
        // runs through long probe sequences at every fill level.
        const bool add = rows.empty() || random.bounded(100) < (rows.size() < 3000 ? 70 : 45);
        if (add) {
            const int hub = int(random.bounded(3));
            const QString name = QStringLiteral("c%1").arg(nextName++);
            rows.push_back(row(hub, QStringLiteral("ns"), name));
            index.insert(int(rows.size()) - 1);
            expected.insert(keyText(hub, QStringLiteral("ns"), name), int(rows.size()) - 1);
        } else {
            // As FleetStore::removeRows: forget a run of rows, move the rows after it up.
            const int first = int(random.bounded(quint32(rows.size())));
            const int last = qMin(int(rows.size()) - 1, first + int(random.bounded(3)));
            for (int r = first; r <= last; ++r) {
                const FleetProfile &gone = rows[size_t(r)];
                expected.remove(keyText(gone.hub, gone.profile().metadata.namespaceName, gone.profile().metadata.name));
                index.remove(r);
            }
            rows.erase(rows.begin() + first, rows.begin() + last + 1);
            index.remapRows([&](int r) { return r > last ? r - (last - first + 1) : r; });
            for (auto it = expected.begin(); it != expected.end(); ++it)
                *it -= *it > last ? last - first + 1 : 0;
        }
        if (step % 997 == 0)
            verifyAll();
        if (QTest::currentTestFailed())
            return;
    }
    verifyAll();
}

void TestRowIndex::staysSmallAtFleetScale()
{
    // A QHash<(hub, namespace, name), row> costs ~75 bytes per profile at 100k;
    // the index must stay an order of magnitude below.
    std::vector<FleetProfile> rows;
    rows.reserve(100000);
    RowIndex index(&rows);
    for (int i = 0; i < 100000; ++i) {
        rows.push_back(row(0, QStringLiteral("fleet"), QStringLiteral("cluster-%1").arg(i)));
        index.insert(i);
    }
    QVERIFY2(index.memoryBytes() / rows.size() <= 12, qPrintable(QString::number(index.memoryBytes())));
    QCOMPARE(index.find(0, u"fleet", u"cluster-99999"), 99999);
}

QTEST_GUILESS_MAIN(TestRowIndex)
#include "tst_rowindex.moc"
