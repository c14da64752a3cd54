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

// Visual order and widths. The first four (what a row is, its health, version
// and hub) fit the ~500 px a 1024 px window leaves the table beside the groups and
// the details pane, the manager too at 1400 px; ControlPlaneHealthy is as wide as
// its header so that the word shows beside the icon. The hub's width follows the
// hub names (fitHubColumn()).
constexpr ColumnDefault order[] = {
    {ClusterTableModel::NameColumn, 160},
    {ClusterTableModel::ControlPlaneHealthyColumn, 150},
    {ClusterTableModel::VersionColumn, 80},
    {ClusterTableModel::HubColumn, 80},
    {ClusterTableModel::ManagerColumn, 170},
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
    connect(store, &FleetStore::hubStatusChanged, this, &ClusterColumnDefaults::fitHubColumn);
}

void ClusterColumnDefaults::fitHubColumn()
{
    if (m_userLayout)
        return;
    // Wide enough for the longest hub name, so that rows of two hubs never read
    // alike; a very long name is cut in the middle (and has its tooltip).
    int widest = 0;
    const QFontMetrics metrics(m_header->font());
    for (int hub : m_store->activeHubs())
        widest = qMax(widest, metrics.horizontalAdvance(m_store->hubName(hub)));
    const int width = qBound(80, widest + 2 * metrics.averageCharWidth() + 8, 220);
    if (m_header->sectionSize(ClusterTableModel::HubColumn) != width)
        m_header->resizeSection(ClusterTableModel::HubColumn, width);
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
    fitHubColumn();
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
    // Right after the ones that must fit: it is the human name of the row.
    m_header->moveSection(m_header->visualIndex(ClusterTableModel::DisplayNameColumn),
                          m_header->visualIndex(ClusterTableModel::ManagerColumn) + 1);
    m_header->setSectionHidden(ClusterTableModel::DisplayNameColumn, false);
}

} // namespace fleetscope
