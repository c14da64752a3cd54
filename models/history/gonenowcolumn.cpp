#include "gonenowcolumn.h"

#include "timetravel.h"

#include "fleet/store/fleetprofile.h"

#include <QCoreApplication>

namespace fleetscope {

GoneNowColumn::GoneNowColumn(const TimeTravel *travel)
    : m_travel(travel)
    , m_gone(QCoreApplication::translate("TimeTravel", "gone now"))
{
}

QString GoneNowColumn::header() const
{
    return QCoreApplication::translate("TimeTravel", "Now");
}

QString GoneNowColumn::toolTip() const
{
    return QCoreApplication::translate("TimeTravel", "Clusters of the moment shown that are not in the live fleet now "
                                                     "(deleted since, or their hub is no longer watched)");
}

const QString *GoneNowColumn::value(const FleetProfile &row) const
{
    const ClusterProfile &p = row.profile();
    return m_travel->existsNow(row.hub, p.metadata.namespaceName, p.metadata.name) ? nullptr : &m_gone;
}

} // namespace fleetscope
