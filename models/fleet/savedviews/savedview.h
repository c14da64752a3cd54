#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace fleetscope {

// A named way of looking at the fleet: what the filter line says, how the tree
// groups and which of its groups scopes the table, which extra columns the table
// shows and how its header is laid out.
// Persisted by SavedViewStore; `notify` asks for desktop notifications when the
// view's clusters change health.
struct SavedView
{
    QString name;
    QString filter;
    QString grouping;         // FleetTreeModel::levelsToSpec, e.g. "hub>clusterset>manager"
    QStringList group;        // the tree's chosen group, its values from the top down; {} for none
    QStringList columns;      // extra table columns: "property:KEY" or "label:KEY"
    QByteArray headerState;   // the table's header layout by column (JSON), opaque here
    bool notify = false;

    friend bool operator==(const SavedView &a, const SavedView &b)
    {
        return a.name == b.name && a.filter == b.filter && a.grouping == b.grouping && a.group == b.group
            && a.columns == b.columns
            && a.headerState == b.headerState && a.notify == b.notify;
    }
};

} // namespace fleetscope
