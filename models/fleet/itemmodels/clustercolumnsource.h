#pragma once

#include <QString>

namespace fleetscope {

struct FleetProfile;

// A table column whose values come from outside the fleet store (history's
// flap counts): ClusterTableModel::addSourceColumn shows it like a property
// column (numbers sort as numbers, a missing value sorts first).
class ClusterColumnSource
{
public:
    virtual ~ClusterColumnSource() = default;
    // Names the column in saved layouts, whatever the language: "flaps", "access".
    virtual QString key() const = 0;
    virtual QString header() const = 0;
    virtual QString toolTip() const = 0;
    // Valid until the source reports a change (ClusterTableModel::sourceColumnChanged).
    virtual const QString *value(const FleetProfile &row) const = 0;
};

} // namespace fleetscope
