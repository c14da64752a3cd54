#pragma once

#include <QString>
#include <QtGlobal>

namespace fleetscope {

struct FleetProfile;

// One entry per fixed column of the cluster table (ClusterTableModel::Column):
// its header, its cell text (shown, exported and printed), its tool tip and how
// it sorts. The table's data() and SortRole, the proxy's sort (which reads
// SortRole) and FleetPrinter all read this one table.
struct ClusterColumn
{
    const char *title;   // translated in the context "fleetscope::ClusterTableModel"
    const char *toolTip; // idem; API paths ("metadata.name") are left as they are
    // `hubName`: the name of the row's hub (the store's, or a snapshot's off the GUI thread).
    QString (*text)(const FleetProfile &row, const QString &hubName, qint64 nowMs);
    // An integer that orders the column (versions, condition ranks, node counts,
    // times), or null: the column sorts by its text.
    qint64 (*sortKey)(const FleetProfile &row);
    // The cell's tool tip, or null for none.
    QString (*cellToolTip)(const FleetProfile &row);
};

// The descriptor of a fixed column (0 <= column < ClusterTableModel::FixedColumnCount).
const ClusterColumn &clusterColumn(int column);

} // namespace fleetscope
