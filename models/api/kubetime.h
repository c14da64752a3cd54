#pragma once

#include <QString>
#include <QtGlobal>

#include <string_view>

namespace fleetscope {

// Kubernetes timestamps (metav1.Time, RFC 3339) as milliseconds since the Unix
// epoch, UTC. A plain integer instead of QDateTime keeps 100k profiles small and
// comparisons trivial. 0 means "not set" (kube never emits the epoch itself).
using KubeTime = qint64;

// Parses "2026-05-01T10:00:00Z", with optional fractional seconds and a numeric
// offset ("+02:00"). Returns false on anything else, leaving *out untouched.
bool parseKubeTime(std::string_view text, KubeTime *out);

// Formats as kube does: "2026-05-01T10:00:00Z" (second precision, UTC).
QString formatKubeTime(KubeTime time);

// "5d", "3h", "12m", "40s", kubectl's HumanDuration style, for ages.
QString humanDuration(qint64 milliseconds);

} // namespace fleetscope
