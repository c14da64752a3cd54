#pragma once

#include "fleet/itemmodels/clustercolumnsource.h"

#include <QString>

namespace fleetscope {

class TimeTravel;

// The table's mark for the clusters a recorded moment shows that are no longer
// in the live fleet ("gone now": deleted since, or their hub is not watched
// now). Empty for the others, and for every cluster while the table is live.
class GoneNowColumn final : public ClusterColumnSource
{
public:
    explicit GoneNowColumn(const TimeTravel *travel);

    QString key() const override { return QStringLiteral("gone-now"); }
    QString header() const override;
    QString toolTip() const override;
    const QString *value(const FleetProfile &row) const override;
    const QString &goneText() const { return m_gone; }

private:
    const TimeTravel *m_travel;
    QString m_gone;
};

} // namespace fleetscope
