#include "historyschema.h"

#include <QSqlError>

namespace fleetscope::history_schema {
namespace {

const QString kTransitionsV2 = QStringLiteral(
    "CREATE TABLE transitions (id INTEGER PRIMARY KEY, hub TEXT NOT NULL, namespace TEXT NOT NULL, name TEXT NOT NULL, "
    "member_id TEXT NOT NULL DEFAULT '', type TEXT NOT NULL, old_status INTEGER NOT NULL, new_status INTEGER NOT NULL, "
    "reason TEXT NOT NULL DEFAULT '', message TEXT NOT NULL DEFAULT '', transition_time INTEGER NOT NULL DEFAULT 0, "
    "observed_at INTEGER NOT NULL, at INTEGER NOT NULL, seeded INTEGER NOT NULL DEFAULT 0)");

} // namespace

QStringList upgradeSteps(int from)
{
    QStringList steps;
    // A new file goes the way an old one does (on empty tables that costs nothing),
    // so that every path ends in the same schema.
    if (from == 0) {
        steps << QStringLiteral("CREATE TABLE schema_version (version INTEGER NOT NULL)") << kTransitionsV2;
    } else if (from == 1) {
        // v1 kept statuses as text and had neither member ids, start times nor coverage.
        steps << QStringLiteral("ALTER TABLE transitions RENAME TO transitions_v1") << kTransitionsV2
              << QStringLiteral(
                     "INSERT INTO transitions (id, hub, namespace, name, type, old_status, new_status, reason, "
                     "message, transition_time, observed_at, at) SELECT id, hub, namespace, name, type, "
                     "CASE old_status WHEN 'True' THEN 1 WHEN 'False' THEN 2 WHEN 'Unknown' THEN 3 ELSE 0 END, "
                     "CASE new_status WHEN 'True' THEN 1 WHEN 'False' THEN 2 WHEN 'Unknown' THEN 3 ELSE 0 END, "
                     "COALESCE(reason, ''), COALESCE(message, ''), COALESCE(transition_time, 0), observed_at, "
                     "observed_at FROM transitions_v1")
              << QStringLiteral("DROP TABLE transitions_v1");
    }
    if (from < 2) {
        steps << QStringLiteral("CREATE TABLE coverage (id INTEGER PRIMARY KEY, hub TEXT NOT NULL, "
                                "started_at INTEGER NOT NULL, ended_at INTEGER NOT NULL)")
              << QStringLiteral("CREATE INDEX coverage_by_hub ON coverage (hub, ended_at)");
    } else if (from == 2) {
        steps << QStringLiteral("DROP INDEX IF EXISTS transitions_by_cluster")
              << QStringLiteral("DROP INDEX IF EXISTS transitions_by_time");
    }
    if (from < 3) {
        // v2 → v3: keys and texts interned, the per-cluster index replaced by chains.
        // Chains follow the recording order (ids), as new transitions extend them.
        steps << QStringLiteral("ALTER TABLE transitions RENAME TO transitions_v2")
              << QStringLiteral("CREATE TABLE texts (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)")
              << QStringLiteral("CREATE TABLE clusters (id INTEGER PRIMARY KEY, hub TEXT NOT NULL, "
                                "namespace TEXT NOT NULL, name TEXT NOT NULL, UNIQUE (hub, namespace, name))")
              << QStringLiteral("CREATE TABLE transitions (id INTEGER PRIMARY KEY, cluster INTEGER NOT NULL, "
                                "type INTEGER NOT NULL, prev INTEGER, member INTEGER NOT NULL, "
                                "old_status INTEGER NOT NULL, new_status INTEGER NOT NULL, reason INTEGER NOT NULL, "
                                "message INTEGER NOT NULL, transition_time INTEGER NOT NULL, "
                                "observed_at INTEGER NOT NULL, at INTEGER NOT NULL, seeded INTEGER NOT NULL)")
              << QStringLiteral("CREATE TABLE latest (cluster INTEGER NOT NULL, type INTEGER NOT NULL, "
                                "id INTEGER NOT NULL, PRIMARY KEY (cluster, type)) WITHOUT ROWID")
              << QStringLiteral("INSERT INTO texts (text) SELECT type FROM transitions_v2 UNION SELECT member_id "
                                "FROM transitions_v2 UNION SELECT reason FROM transitions_v2 UNION SELECT message "
                                "FROM transitions_v2")
              << QStringLiteral("INSERT INTO clusters (hub, namespace, name) SELECT DISTINCT hub, namespace, name "
                                "FROM transitions_v2")
              << QStringLiteral(
                     "INSERT INTO transitions (id, cluster, type, prev, member, old_status, new_status, reason, "
                     "message, transition_time, observed_at, at, seeded) SELECT t.id, c.id, ty.id, "
                     "LAG(t.id) OVER (PARTITION BY c.id, ty.id ORDER BY t.id), m.id, t.old_status, t.new_status, "
                     "r.id, g.id, t.transition_time, t.observed_at, t.at, t.seeded FROM transitions_v2 t "
                     "JOIN clusters c ON c.hub = t.hub AND c.namespace = t.namespace AND c.name = t.name "
                     "JOIN texts ty ON ty.text = t.type JOIN texts m ON m.text = t.member_id "
                     "JOIN texts r ON r.text = t.reason JOIN texts g ON g.text = t.message")
              << QStringLiteral("INSERT INTO latest (cluster, type, id) SELECT cluster, type, MAX(id) FROM transitions "
                                "GROUP BY cluster, type")
              << QStringLiteral("DROP TABLE transitions_v2")
              << QStringLiteral("CREATE INDEX transitions_by_time ON transitions (at)");
    }
    if (from < 5) {
        // v3 → v5: notes on the file as a whole, and the fleet log. The transitions
        // stay as they are. "IF NOT EXISTS": version 4 was the one or the other.
        steps << QStringLiteral("CREATE TABLE IF NOT EXISTS notes (name TEXT PRIMARY KEY, value INTEGER NOT NULL)")
              << QStringLiteral("CREATE TABLE IF NOT EXISTS fleet_streams (id INTEGER PRIMARY KEY, hub TEXT NOT NULL, "
                                "started_at INTEGER NOT NULL, ended_at INTEGER NOT NULL, bytes INTEGER NOT NULL)")
              << QStringLiteral("CREATE INDEX IF NOT EXISTS fleet_streams_by_hub ON fleet_streams (hub, started_at)")
              << QStringLiteral("CREATE TABLE IF NOT EXISTS fleet_frames (id INTEGER PRIMARY KEY, stream INTEGER NOT "
                                "NULL, keyframe INTEGER NOT NULL, first_at INTEGER NOT NULL, last_at INTEGER NOT NULL, "
                                "events INTEGER NOT NULL, data BLOB NOT NULL)")
              << QStringLiteral("CREATE INDEX IF NOT EXISTS fleet_frames_by_stream ON fleet_frames (stream, first_at)");
    }
    if (from < version) {
        steps << QStringLiteral("DELETE FROM schema_version")
              << QStringLiteral("INSERT INTO schema_version (version) VALUES (%1)").arg(version);
    }
    return steps;
}

QString sqlErrorText(const QSqlError &error)
{
    const QString db = error.databaseText();
    return db.isEmpty() ? error.text() : db;
}

} // namespace fleetscope::history_schema
