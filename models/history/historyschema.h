#pragma once

#include <QStringList>

namespace fleetscope::history_schema {

// The history file's schema, version 4:
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
constexpr int version = 4;

// The statements that bring a file of schema `from` (0 for a new file, 1, 2, 3) to
// `version`, in one transaction. The last one records the version.
QStringList upgradeSteps(int from);

} // namespace fleetscope::history_schema
