#pragma once

#include <QString>
#include <QStringView>

namespace fleetscope {

struct FleetProfile;

// Facts about a cluster that the filter language can test but the store does not
// hold (the session's access checks: `access=failed`, `versionMismatch=true`).
// An unqualified key the source answers for is looked up here before the
// profile's properties and labels.
class FilterFacts
{
public:
    virtual ~FilterFacts() = default;
    // Null when this source does not know `key`; valid until the source changes.
    virtual const QString *fact(QStringView key, const FleetProfile &row) const = 0;
};

} // namespace fleetscope
