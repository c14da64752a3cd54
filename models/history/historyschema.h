#pragma once

#include <QStringList>

class QSqlError;

namespace fleetscope::history_schema {

// The history file's schema, version 5:
//   texts(id, text): every type, member id, reason and message, once.
//   clusters(id, hub, namespace, name): every cluster key, once.
//   transitions(id, cluster, type, prev, member, old_status, new_status, reason,
//               message, transition_time, observed_at, at, seeded), indexed by `at`.
//     `prev` is the id of the same (cluster, type)'s transition recorded before
//     this one: a chain per key, so that no index keyed by cluster has to take a
//     random insert per transition (on a large file such an index outgrows the
//     page cache and every insert reads and rewrites one of its pages).
//   latest(cluster, type, id): each key's last transition, the head of its chain.
//   coverage(id, hub, started_at, ended_at): when each hub was being watched.
//   notes(name, value): facts about the file as a whole ("simulated_from" and
//     "simulated_until": the span of the demo's simulated history, ms since the epoch).
//   fleet_streams, fleet_frames: the fleet log, every hub's fleet as it was at any
//     recorded moment (fleetlogtables.h).
constexpr int version = 5;

// The statements that bring a file of schema `from` (0 for a new file, 1 to 4) to
// `version`, in one transaction. The last one records the version.
QStringList upgradeSteps(int from);

// What SQLite said about a failed statement (the driver's wording when it said nothing).
QString sqlErrorText(const QSqlError &error);

} // namespace fleetscope::history_schema
