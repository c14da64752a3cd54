// HistoryDatabase's reads of many clusters against references computed from
// every row: the fleet health chart's transitions (each key's state at `from`,
// then the window's changes) on random histories with first sights and gaps
// (rows observed after `from` that began before it), clock jumps, ties on `at`
// and prunes that break chains, under scope and type filters. The state at
// `from` is the chain walk's (historydatabase.h), which clusterHistory() still
// takes along the chains in SQLite; the fleet read must agree with both.

#include "historytestutil.h"

#include "history/historydatabase.h"

#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace fleetscope;

namespace {

const QStringList kTypes{QStringLiteral("ControlPlaneHealthy"), QStringLiteral("Joined"), QStringLiteral("Other")};

ClusterId clusterNamed(int index)
{
    return {index % 2 ? QStringLiteral("hub-b") : QStringLiteral("hub-a"), QStringLiteral("fleet"),
            QStringLiteral("c%1").arg(index)};
}

struct Row
{
    qint64 id = 0;
    qint64 prev = 0; // 0: NULL
    ConditionTransition t;
};

// Every row and head of a closed history file, read around HistoryDatabase
// (which holds the file locked while open).
struct Rows
{
    std::map<qint64, Row> byId;
    QList<qint64> heads;

    bool read(const QString &path)
    {
        const QString connection = QStringLiteral("reference");
        bool ok = false;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
            db.setDatabaseName(path);
            QSqlQuery q(db);
            ok = db.open()
                && q.exec(QStringLiteral(
                    "SELECT t.id, t.prev, c.hub, c.namespace, c.name, m.text, ty.text, t.old_status, t.new_status, "
                    "r.text, g.text, t.transition_time, t.observed_at, t.at, t.seeded FROM transitions t "
                    "JOIN clusters c ON c.id = t.cluster JOIN texts ty ON ty.id = t.type JOIN texts m ON m.id = "
                    "t.member JOIN texts r ON r.id = t.reason JOIN texts g ON g.id = t.message"));
            while (ok && q.next()) {
                Row row;
                row.id = q.value(0).toLongLong();
                row.prev = q.value(1).toLongLong();
                row.t.cluster = {q.value(2).toString(), q.value(3).toString(), q.value(4).toString()};
                row.t.memberId = q.value(5).toString();
                row.t.type = q.value(6).toString();
                row.t.from = ConditionStatus(q.value(7).toInt());
                row.t.to = ConditionStatus(q.value(8).toInt());
                row.t.reason = q.value(9).toString();
                row.t.message = q.value(10).toString();
                row.t.lastTransitionTime = q.value(11).toLongLong();
                row.t.observedAt = q.value(12).toLongLong();
                row.t.at = q.value(13).toLongLong();
                row.t.seeded = q.value(14).toBool();
                byId[row.id] = row;
            }
            ok = ok && q.exec(QStringLiteral("SELECT id FROM latest"));
            while (ok && q.next())
                heads.append(q.value(0).toLongLong());
            if (!ok)
                qWarning("%s", qPrintable(q.lastError().text()));
            db.close();
        }
        QSqlDatabase::removeDatabase(connection);
        return ok;
    }

    // What transitions() must return, from first principles: per wanted key, the
    // walk from its head back along `prev` while the rows were observed at or
    // after `from` (a pruned row ends it), keeping the last that began before
    // `from` (latest `at`, then highest id), in key order; then every wanted row
    // of [from, to) by `at`, then id.
    QList<ConditionTransition> expected(const QSet<ClusterId> &scope, qint64 from, qint64 to,
                                        const QStringList &types, int *fromLateRows, int *brokenChains) const
    {
        const auto wanted = [&](const ConditionTransition &t) {
            return (scope.isEmpty() || scope.contains(t.cluster)) && (types.isEmpty() || types.contains(t.type));
        };
        QMap<QString, const Row *> starts;
        for (const qint64 head : heads) {
            const Row *best = nullptr;
            for (auto it = byId.find(head); it != byId.end(); it = byId.find(it->second.prev)) {
                const Row &row = it->second;
                if (row.t.at < from
                    && (!best || row.t.at > best->t.at || (row.t.at == best->t.at && row.id > best->id)))
                    best = &row;
                if (row.t.observedAt < from || row.prev == 0)
                    break;
                if (!byId.count(row.prev))
                    ++*brokenChains;
            }
            if (best && wanted(best->t)) {
                starts.insert(best->t.cluster.toString() + u'\n' + best->t.type, best);
                if (best->t.observedAt >= from)
                    ++*fromLateRows;
            }
        }
        QList<ConditionTransition> result;
        for (const Row *row : std::as_const(starts))
            result.append(row->t);
        QList<const Row *> window;
        for (const auto &[id, row] : byId) {
            if (row.t.at >= from && row.t.at < to && wanted(row.t))
                window.append(&row);
        }
        std::stable_sort(window.begin(), window.end(),
                         [](const Row *a, const Row *b) { return a->t.at < b->t.at; });
        for (const Row *row : std::as_const(window))
            result.append(row->t);
        return result;
    }
};

// A history as the recorder writes one, and what it never does: per key mostly
// in time, with first sights and gaps that began long before they were
// observed, the clock going back now and then, many ties on `at`, and prunes
// by age and by size between the batches. Returns false on a database error.
bool writeRandomHistory(HistoryDatabase *db, QRandomGenerator *random, qint64 *clockEnd)
{
    QString error;
    qint64 clock = 10'000;
    for (int batch = 0; batch < 60; ++batch) {
        QList<ConditionTransition> transitions;
        for (int n = random->bounded(1, 12); n > 0; --n) {
            clock += random->bounded(5);
            if (random->bounded(30) == 0)
                clock -= random->bounded(40); // the wall clock set back
            const int roll = random->bounded(100);
            ConditionTransition t = historytest::transition(QString(), clock, ConditionStatus(random->bounded(4)),
                                                            ConditionStatus(random->bounded(4)),
                                                            kTypes[random->bounded(kTypes.size())]);
            t.cluster = clusterNamed(random->bounded(7));
            t.memberId = QStringLiteral("member-%1").arg(random->bounded(3)); // a re-registered member
            if (roll < 25) {
                t.at = clock - random->bounded(150); // a first sight or a gap's reported time
                t.seeded = roll < 10;
            } else if (roll < 28) {
                t.at = clock + random->bounded(1, 6); // later than observed: never written, still read right
            }
            t.lastTransitionTime = t.at;
            transitions.append(t);
        }
        if (!db->insert(transitions, &error))
            return false;
        const int roll = random->bounded(100);
        if (roll < 8) {
            if (!db->prune(clock - random->bounded(300), 0, &error))
                return false;
        } else if (roll < 10) {
            if (!db->prune(0, db->dataBytes() * 9 / 10, &error))
                return false;
        }
    }
    *clockEnd = clock;
    return true;
}

} // namespace

class TstHistoryDatabase : public QObject
{
    Q_OBJECT

private:
    static constexpr quint32 kSeeds = 24;
    QTemporaryDir m_dir;
    // Over all seeds: start states that only a walk past `from` finds, and walks
    // that a pruned row ended.
    int m_fromLateRows = 0;
    int m_brokenChains = 0;
    int m_seeds = 0;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void fleetStartStatesAreTheChainWalks_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed = 1; seed <= kSeeds; ++seed)
            QTest::addRow("seed %u", seed) << seed;
    }

    void fleetStartStatesAreTheChainWalks()
    {
        QFETCH(quint32, seed);
        QRandomGenerator random(seed);
        const QString path = m_dir.filePath(QStringLiteral("random-%1.sqlite").arg(seed));
        qint64 clockEnd = 0;
        QString error;
        {
            HistoryDatabase db;
            QVERIFY2(db.open(path, &error), qPrintable(error));
            QVERIFY2(writeRandomHistory(&db, &random, &clockEnd), qPrintable(error));
        }
        Rows rows;
        QVERIFY(rows.read(path));
        QVERIFY(rows.byId.size() > 20);
        HistoryDatabase db;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        const qint64 earliest = rows.byId.begin()->second.t.at;
        for (int window = 0; window < 40; ++window) {
            // Windows anywhere, often opening on a row's own `at`; some end
            // before the last rows, some reach past them.
            qint64 from = earliest - 50 + random.bounded(int(clockEnd - earliest + 100));
            if (random.bounded(3) == 0)
                from = std::next(rows.byId.begin(), random.bounded(int(rows.byId.size())))->second.t.at;
            const qint64 to = from + 1 + random.bounded(400);
            QSet<ClusterId> scope;
            QStringList types;
            if (random.bounded(2)) {
                for (int c = 0; c < 8; ++c) { // c7 has no rows
                    if (random.bounded(2))
                        scope.insert(clusterNamed(c));
                }
            }
            if (random.bounded(2)) {
                for (const QString &type : kTypes + QStringList{QStringLiteral("Missing")}) {
                    if (random.bounded(2))
                        types.append(type);
                }
            }
            const QByteArray where = QStringLiteral("window [%1, %2), %3 clusters, types %4")
                                         .arg(from)
                                         .arg(to)
                                         .arg(scope.size())
                                         .arg(types.join(u','))
                                         .toUtf8();
            const QList<ConditionTransition> got = db.transitions(scope, from, to, types, true, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const QList<ConditionTransition> want =
                rows.expected(scope, from, to, types, &m_fromLateRows, &m_brokenChains);
            if (got != want) {
                for (qsizetype i = 0; i < std::max(got.size(), want.size()); ++i) {
                    const auto line = [](const QList<ConditionTransition> &list, qsizetype i) {
                        if (i >= list.size())
                            return QStringLiteral("-");
                        const ConditionTransition &t = list[i];
                        return QStringLiteral("%1 %2 at %3 observed %4")
                            .arg(t.cluster.toString(), t.type)
                            .arg(t.at)
                            .arg(t.observedAt);
                    };
                    qInfo("%lld: %s | %s", qlonglong(i), qPrintable(line(got, i)), qPrintable(line(want, i)));
                }
            }
            QVERIFY2(got == want, where.constData());
            // Without the start states: the window's rows alone.
            const qsizetype starts = std::count_if(want.begin(), want.end(),
                                                   [from](const ConditionTransition &t) { return t.at < from; });
            QVERIFY2(db.transitions(scope, from, to, types, false, &error) == want.mid(starts),
                     where.constData());
            // The walk in SQLite, one cluster at a time, starts each in the same states.
            for (int c = 0; c < 8; ++c) {
                const ClusterId cluster = clusterNamed(c);
                if (!scope.isEmpty() && !scope.contains(cluster))
                    continue;
                QList<ConditionTransition> walked;
                for (const ConditionTransition &t : db.clusterHistory(cluster, from, to).transitions) {
                    if (t.at < from && (types.isEmpty() || types.contains(t.type)))
                        walked.append(t);
                }
                QList<ConditionTransition> fleet;
                for (const ConditionTransition &t : want.first(starts)) {
                    if (t.cluster == cluster)
                        fleet.append(t);
                }
                QVERIFY2(walked == fleet, where.constData());
            }
        }
        ++m_seeds;
    }

    // The histories above reach the cases the walk is for: states at `from`
    // recorded after it (a first sight, a gap's reported time), and chains
    // that prunes broke.
    void cleanupTestCase()
    {
        if (m_seeds == int(kSeeds)) {
            QVERIFY(m_fromLateRows > 0);
            QVERIFY(m_brokenChains > 0);
        }
    }
};

QTEST_GUILESS_MAIN(TstHistoryDatabase)
#include "tst_historydatabase.moc"
