#include "clustercolumndefaults.h"

#include "fleet/clustertablemodel.h"
#include "fleet/fleetstore.h"

#include <QHeaderView>

namespace fleetscope {
namespace {

struct ColumnDefault
{
    int column;
    int width;
};

// Visual order and widths. The first five fit the ~660 px a 1400 px window
// leaves the table beside the groups and the details pane; ControlPlaneHealthy is
// as wide as its header so that the word shows beside the icon.
constexpr ColumnDefault order[] = {
    {ClusterTableModel::NameColumn, 180},
    {ClusterTableModel::ControlPlaneHealthyColumn, 150},
    {ClusterTableModel::ManagerColumn, 170},
    {ClusterTableModel::VersionColumn, 80},
    {ClusterTableModel::HubColumn, 80},
    {ClusterTableModel::ClusterSetColumn, 100},
    {ClusterTableModel::NodesColumn, 60},
    {ClusterTableModel::JoinedColumn, 80},
    {ClusterTableModel::LocationColumn, 110},
    {ClusterTableModel::LastTransitionColumn, 110},
    {ClusterTableModel::DisplayNameColumn, 190},
    {ClusterTableModel::NamespaceColumn, 120},
};

// Enough rows to see whether a fleet uses display names, few enough to stay
// instant at 100k clusters.
constexpr int displayNameSample = 500;

} // namespace

ClusterColumnDefaults::ClusterColumnDefaults(QHeaderView *header, const FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_header(header)
    , m_store(store)
{
    setObjectName(QStringLiteral("clusterColumnDefaults"));
    apply();
    connect(store, &FleetStore::deltaApplied, this, &ClusterColumnDefaults::checkDisplayNames);
}

void ClusterColumnDefaults::apply()
{
    int visual = 0;
    for (const ColumnDefault &column : order) {
        if (column.column >= m_header->count())
            continue;
        m_header->moveSection(m_header->visualIndex(column.column), visual++);
        m_header->resizeSection(column.column, column.width);
    }
    // The namespace is usually implied by the clusterset; Display name waits for the data.
    m_header->setSectionHidden(ClusterTableModel::NamespaceColumn, true);
    m_header->setSectionHidden(ClusterTableModel::DisplayNameColumn, true);
    m_displayNameDecided = false;
    checkDisplayNames();
}

void ClusterColumnDefaults::keepUserLayout()
{
    m_userLayout = true;
}

bool ClusterColumnDefaults::displayNamesAddInformation(const FleetStore &store)
{
    const int rows = qMin(store.profileCount(), displayNameSample);
    for (int row = 0; row < rows; ++row) {
        const ClusterProfile &p = store.profileAt(row).profile();
        if (!p.displayName.isEmpty() && p.displayName != p.metadata.name)
            return true;
    }
    return false;
}

void ClusterColumnDefaults::checkDisplayNames()
{
    if (m_userLayout || m_displayNameDecided || m_store->profileCount() == 0)
        return;
    // Decided once, on the first clusters: a column must not come and go as rows change.
    m_displayNameDecided = true;
    if (!displayNamesAddInformation(*m_store))
        return;
    // Right after the five that must fit: it is the human name of the row.
    m_header->moveSection(m_header->visualIndex(ClusterTableModel::DisplayNameColumn),
                          m_header->visualIndex(ClusterTableModel::HubColumn));
    m_header->setSectionHidden(ClusterTableModel::DisplayNameColumn, false);
}

} // namespace fleetscope
