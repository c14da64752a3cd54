// FleetFindings, the dashboard's inventory lint kept current change by change:
// after every round of random changes (profiles, namespaces, PlacementDecisions,
// hubs, the clock, the staleness limit) its findings equal a whole InventoryLint
// pass, and the rows it announces are exactly those whose rules changed.

#include "fleet/lint/fleetfindings.h"
#include "fleet/store/fleetstore.h"
#include "fleet/lint/inventorylint.h"
#include "syntheticlint.h"

#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace fleetscope;

namespace {

constexpr qint64 hour = 3600 * 1000;

// The rules per row as the Findings column shows them, derived from a whole pass.
QHash<ClusterRef, QString> rulesOf(const QList<LintFinding> &findings)
{
    QHash<ClusterRef, QString> rules;
    for (const LintFinding &f : findings) {
        for (const ClusterRef &ref : f.profiles) {
            QString &text = rules[ref];
            if (!text.split(u',', Qt::SkipEmptyParts).contains(f.rule))
                text += (text.isEmpty() ? QString() : QStringLiteral(",")) + f.rule;
        }
    }
    return rules;
}

QString describe(const LintFinding &f)
{
    return LintFinding::severityName(f.severity) + u' ' + f.rule + u' ' + f.objects.join(u' ') + QStringLiteral(": ")
        + f.message;
}

// The first difference between two finding lists, for the failure message.
QString firstDifference(const QList<LintFinding> &got, const QList<LintFinding> &want)
{
    for (qsizetype i = 0; i < qMax(got.size(), want.size()); ++i) {
        if (i >= got.size())
            return QStringLiteral("missing #%1: %2").arg(i).arg(describe(want[i]));
        if (i >= want.size())
            return QStringLiteral("extra #%1: %2").arg(i).arg(describe(got[i]));
        if (got[i] != want[i])
            return QStringLiteral("#%1: got %2, want %3").arg(i).arg(describe(got[i]), describe(want[i]));
    }
    return {};
}

void fillHub(FleetStore *store, int hub, int idRange, QRandomGenerator &random, QSet<int> *present)
{
    HubDelta delta;
    for (int id = 0; id < idRange; ++id) {
        if (random.bounded(4) == 0)
            continue;
        delta.upsertedProfiles.append(synthetic::lintProfile(id, hub));
        present->insert(id);
    }
    for (int ns = 0; ns < synthetic::lintNamespaces; ++ns)
        delta.upsertedNamespaces.append(synthetic::lintNamespaceObject(ns, hub));
    for (int p = 0; p < 4; ++p)
        delta.upsertedPlacements.append(synthetic::lintPlacement(p, random, idRange));
    store->applyDelta(hub, delta);
    store->setHubStatus(hub, synthetic::syncedStatus(store->hubName(hub)));
}

// `hubs` hubs named hub-0, hub-1, …, each filled and synced; what each holds.
std::vector<QSet<int>> fillHubs(FleetStore *store, int hubs, int idRange, QRandomGenerator &random)
{
    std::vector<QSet<int>> present(static_cast<size_t>(hubs), QSet<int>());
    for (int hub = 0; hub < hubs; ++hub) {
        store->addHub(QStringLiteral("hub-%1").arg(hub));
        fillHub(store, hub, idRange, random, &present[size_t(hub)]);
    }
    return present;
}

} // namespace

class TestFleetFindings final : public QObject
{
    Q_OBJECT

private slots:
    void equalsAWholePassAfterEveryRound_data();
    void equalsAWholePassAfterEveryRound();
    void aQuietFleetStillTurnsStale();
    void announcesOnlyTheRowsItChanged();
    void relintsABigFleetInSlices();
};

void TestFleetFindings::equalsAWholePassAfterEveryRound_data()
{
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<int>("idRange");
    QTest::addColumn<int>("maxChanges");
    QTest::newRow("small fleet, small deltas") << 1u << 40 << 4;
    QTest::newRow("small fleet, big deltas") << 2u << 40 << 30;
    QTest::newRow("larger fleet") << 3u << 300 << 40;
    QTest::newRow("another seed") << 4u << 120 << 12;
}

void TestFleetFindings::equalsAWholePassAfterEveryRound()
{
    QFETCH(quint32, seed);
    QFETCH(int, idRange);
    QFETCH(int, maxChanges);
    QRandomGenerator random(seed);
    FleetStore store;
    constexpr int hubs = 3;
    std::vector<QSet<int>> present = fillHubs(&store, hubs, idRange, random);
    FleetFindings findings(&store);
    QSignalSpy changed(&findings, &FleetFindings::changed);
    LintOptions options{synthetic::lintNowMs, 24 * hour};
    findings.relint(options.nowMs);
    QHash<ClusterRef, QString> shown = rulesOf(InventoryLint::run(store, options));
    int nonEmpty = 0;

    for (int round = 1; round <= 150; ++round) {
        // One to three deltas per relint, on any hub; now and then a hub goes and
        // comes back, the limit changes, or the clock moves (mostly forward).
        changed.clear();
        const int deltas = random.bounded(1, 4);
        for (int d = 0; d < deltas; ++d) {
            const int hub = random.bounded(hubs);
            store.applyDelta(hub, synthetic::randomLintDelta(random, present[size_t(hub)], round, maxChanges, idRange));
        }
        // Status changes that no profile rule reads, on rows of any hub: only
        // the member groups (health, version) may read differently.
        for (int flips = random.bounded(4 * maxChanges); flips > 0 && store.profileCount() > 0; --flips) {
            const FleetProfile &fp = store.profileAt(random.bounded(store.profileCount()));
            if (!store.isHubActive(fp.hub))
                continue;
            HubDelta delta;
            delta.upsertedProfiles.append(synthetic::withHealthFlipped(fp.record, random.bounded(3) == 0));
            store.applyDelta(fp.hub, delta);
        }
        if (random.bounded(25) == 0) {
            const int hub = random.bounded(hubs);
            const QString name = store.hubName(hub);
            store.removeHub(hub);
            present[size_t(hub)].clear();
            QCOMPARE(store.addHub(name), hub);
            fillHub(&store, hub, idRange, random, &present[size_t(hub)]);
        }
        if (random.bounded(30) == 0) {
            options.staleAfterMs = (12 + random.bounded(36)) * hour;
            findings.setStaleAfterMs(options.staleAfterMs);
        }
        switch (random.bounded(6)) {
        case 0:
            break; // same instant
        case 1:
            options.nowMs -= random.bounded(2 * hour); // the clock went back
            break;
        default:
            options.nowMs += qint64(random.bounded(3 * 60)) * 60 * 1000 + random.bounded(60000);
            break;
        }
        findings.relint(options.nowMs);

        const QList<LintFinding> want = InventoryLint::run(store, options);
        const QList<LintFinding> &got = findings.findings();
        QVERIFY2(got == want, qPrintable(QStringLiteral("round %1: %2").arg(round).arg(firstDifference(got, want))));
        nonEmpty += want.isEmpty() ? 0 : 1;

        // The column and the filter key say the same, and every row whose rules
        // changed was announced.
        const QHash<ClusterRef, QString> rules = rulesOf(want);
        // (A hub coming back relints on its own once it has synced, the clock it reads.)
        QList<int> announced;
        for (const QList<QVariant> &signal : std::as_const(changed))
            announced += signal.first().value<QList<int>>();
        for (int row = 0; row < store.profileCount(); ++row) {
            const FleetProfile &fp = store.profileAt(row);
            const QString expected = rules.value(ClusterRef::of(fp));
            const QString *value = findings.value(fp);
            QCOMPARE(value ? *value : QString(), expected);
            QCOMPARE(*findings.fact(FleetFindings::filterKey, fp), expected);
            if (shown.value(ClusterRef::of(fp)) != expected)
                QVERIFY2(announced.contains(row), qPrintable(QStringLiteral("round %1: row %2 (%3) not announced")
                                                                 .arg(round)
                                                                 .arg(row)
                                                                 .arg(fp.profile().metadata.name)));
            QCOMPARE(findings.findingsOf(fp).isEmpty(), expected.isEmpty());
        }
        QVERIFY(changed.size() <= 2);
        shown = rules;
    }
    QVERIFY(nonEmpty > 100); // the rounds had findings to keep current
}

void TestFleetFindings::aQuietFleetStillTurnsStale()
{
    // No change reaches the store: only the clock moves, past the 24 h limit of
    // a property observed just now.
    FleetStore store;
    store.addHub(QStringLiteral("hub"));
    auto record = std::make_shared<ProfileRecord>(*synthetic::lintProfile(7));
    QList<Property> properties(record->profile.properties.begin(), record->profile.properties.end());
    properties[0].lastObservedTime = synthetic::lintNowMs;
    record->profile.properties = properties;
    HubDelta delta;
    delta.upsertedProfiles.append(record);
    store.applyDelta(0, delta);
    FleetFindings findings(&store);
    findings.relint(synthetic::lintNowMs);
    QVERIFY(!findings.value(store.profileAt(0)) || !findings.value(store.profileAt(0))->contains(u"stale-property"));
    findings.relint(synthetic::lintNowMs + 24 * hour);
    QVERIFY(!findings.value(store.profileAt(0)) || !findings.value(store.profileAt(0))->contains(u"stale-property"));
    findings.relint(synthetic::lintNowMs + 24 * hour + 1);
    QVERIFY(findings.value(store.profileAt(0)));
    QVERIFY(findings.value(store.profileAt(0))->contains(u"stale-property"));
    // The age the message shows ticks over on the hour.
    findings.relint(synthetic::lintNowMs + 26 * hour);
    const LintOptions options{synthetic::lintNowMs + 26 * hour, 24 * hour};
    QCOMPARE(findings.findings(), InventoryLint::run(store, options));
    const QList<LintFinding> mine = findings.findingsOf(store.profileAt(0));
    const auto stale = std::find_if(mine.begin(), mine.end(), [](const LintFinding &f) { return f.rule == u"stale-property"; });
    QVERIFY(stale != mine.end());
    QVERIFY2(stale->message.contains(QStringLiteral("26 h")), qPrintable(stale->message));
}

void TestFleetFindings::announcesOnlyTheRowsItChanged()
{
    QRandomGenerator random(5);
    FleetStore store;
    store.addHub(QStringLiteral("hub"));
    QSet<int> present;
    fillHub(&store, 0, 2000, random, &present);
    FleetFindings findings(&store);
    QSignalSpy changed(&findings, &FleetFindings::changed);
    findings.relint(synthetic::lintNowMs);
    QCOMPARE(changed.size(), 1);
    changed.clear();
    // Nothing changed: nothing to say.
    findings.relint(synthetic::lintNowMs);
    QCOMPARE(changed.size(), 0);
    // A profile that publishes no member id and can be connected to loses its
    // access providers: its row alone.
    int row = -1;
    for (int r = 0; r < store.profileCount() && row < 0; ++r) {
        const FleetProfile &fp = store.profileAt(r);
        if (fp.memberId.isEmpty() && !findings.value(fp) && !fp.profile().accessProviders.isEmpty())
            row = r;
    }
    QVERIFY(row >= 0);
    auto record = std::make_shared<ProfileRecord>(*store.profileAt(row).record);
    record->profile.accessProviders = {};
    HubDelta delta;
    delta.upsertedProfiles.append(record);
    store.applyDelta(0, delta);
    findings.relint(synthetic::lintNowMs);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().first().value<QList<int>>(), QList<int>{row});
    QCOMPARE(*findings.value(store.profileAt(row)), QStringLiteral("no-access-providers"));
}


// The timers relint in slices so that a first lint of a big fleet, or a burst,
// never holds the GUI thread for long: the result, announced once at the end,
// equals a whole pass, also when the fleet changes between slices.
void TestFleetFindings::relintsABigFleetInSlices()
{
    QRandomGenerator random(7);
    FleetStore store;
    constexpr int hubs = 3;
    constexpr int idRange = 400;
    std::vector<QSet<int>> present = fillHubs(&store, hubs, idRange, random);
    FleetFindings findings(&store);
    QSignalSpy changed(&findings, &FleetFindings::changed);
    const LintOptions options{synthetic::lintNowMs, 24 * hour};
    findings.setStaleAfterMs(options.staleAfterMs);

    int turns = 0;
    const auto runToTheEnd = [&](bool changeMeanwhile) {
        bool changedMeanwhile = false;
        turns = 0;
        QDeadlineTimer deadline(10000);
        while (findings.isRelinting() && !deadline.hasExpired()) {
            QCoreApplication::processEvents();
            ++turns;
            QCOMPARE(changed.count(), findings.isRelinting() ? 0 : 1);
            if (changeMeanwhile && !changedMeanwhile && findings.isRelinting()) {
                changedMeanwhile = true;
                const int hub = random.bounded(hubs);
                store.applyDelta(hub, synthetic::randomLintDelta(random, present[size_t(hub)], 2, 60, idRange));
            }
        }
        QVERIFY2(!findings.isRelinting(), "the sliced relint did not finish within 10 s");
        QCOMPARE(changed.count(), 1);
    };

    // The first lint of the whole fleet (~900 profiles), 32 items a slice.
    findings.relintInSlices(0, options.nowMs);
    QVERIFY(findings.isRelinting());
    runToTheEnd(false);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(findings.findings(), InventoryLint::run(store, options));
    // Every phase is sliced, the last one too (which rows' rules changed: one
    // item per profile here), not only the lint itself.
    QVERIFY2(turns >= 2 * store.profileCount() / 32, qPrintable(QString::number(turns)));

    // A burst, with another delta arriving between slices.
    changed.clear();
    const int hub = random.bounded(hubs);
    store.applyDelta(hub, synthetic::randomLintDelta(random, present[size_t(hub)], 1, 300, idRange));
    findings.relintInSlices(0, options.nowMs);
    QVERIFY(findings.isRelinting());
    runToTheEnd(true);
    if (QTest::currentTestFailed())
        return;
    // What changed after its phase had run is linted by the next relint.
    findings.relint(options.nowMs);
    const QList<LintFinding> want = InventoryLint::run(store, options);
    QVERIFY2(findings.findings() == want, qPrintable(firstDifference(findings.findings(), want)));
}

QTEST_GUILESS_MAIN(TestFleetFindings)
#include "tst_fleetfindings.moc"
