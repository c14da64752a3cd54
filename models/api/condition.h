#pragma once

#include "kubetime.h"
#include "pooledstring.h"

#include <QString>
#include <QStringView>

namespace fleetscope {

// metav1.Condition status. `Absent` is ours: the condition is not reported at all,
// which a dashboard must not confuse with Unknown.
enum class ConditionStatus : quint8 { Absent, True, False, Unknown };

ConditionStatus conditionStatusFromString(QStringView text);
QString conditionStatusName(ConditionStatus status);

struct Condition
{
    PooledString type;
    PooledString reason;
    PooledString message; // pooled too: producers repeat a few templated messages
    ConditionStatus status = ConditionStatus::Unknown;
    KubeTime lastTransitionTime = 0;
    qint64 observedGeneration = 0;

    friend bool operator==(const Condition &a, const Condition &b)
    {
        return a.type == b.type && a.status == b.status && a.reason == b.reason && a.message == b.message
            && a.lastTransitionTime == b.lastTransitionTime && a.observedGeneration == b.observedGeneration;
    }
    friend bool operator!=(const Condition &a, const Condition &b) { return !(a == b); }
};

// Well-known condition types (KEP-4322).
namespace condition_types {
inline constexpr char16_t controlPlaneHealthy[] = u"ControlPlaneHealthy";
inline constexpr char16_t joined[] = u"Joined";
} // namespace condition_types

} // namespace fleetscope
