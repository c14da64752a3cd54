#pragma once

#include "columnunion.h"
#include "resourcedelta.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QTimer>

#include <memory>
#include <vector>

namespace fleetscope {

class ResourceEngine;

// The Resources window's one table: every member's objects of the kind being
// watched, a row each, in arrival order (a proxy sorts and filters): Cluster
// (HUB/NAMESPACE/NAME) first, Namespace for namespaced kinds, then the columns the
// servers print (ColumnUnion). Follows the engine's deltas on Qt's model protocol:
// changed rows, removed runs, appended rows, columns appended; a new query (kind,
// namespaces, members) is the one reset. Ages are shown from each object's
// creation time, so they grow while the window is open. Members' deltas are applied
// together, at most every applyIntervalMs: fifty members each flushing on its own
// would otherwise relayout and repaint the view hundreds of times a second.
class ResourceTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceTableModel)

public:
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers and ages as numbers; grouped by cluster when asked
        MemberRole,                  // the member's index in the engine
        NamespaceRole,
        NameRole,
        StaleRole, // the member is not live: the row is what it was last seen as
    };
    enum FixedColumn { ClusterColumn = 0 };

    static constexpr int applyIntervalMs = 200;

    explicit ResourceTableModel(ResourceEngine *engine, QObject *parent = nullptr);
    ~ResourceTableModel() override;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The first server column (after Cluster and, for namespaced kinds, Namespace).
    int firstServerColumn() const { return m_showNamespace ? 2 : 1; }
    // Whether a server column is shown only with -o wide (priority ≠ 0).
    bool isWideColumn(int section) const;
    // SortRole keys lead with the cluster, so that any sort keeps each cluster's rows together.
    void setGroupByCluster(bool group);
    bool groupByCluster() const { return m_group; }
    // Text search over every cell (case-insensitive), for the filter proxy.
    bool rowContains(int row, const QString &text) const;
    // The row's member and object, for actions.
    int memberOf(int row) const { return m_rows[size_t(row)]->member; }
    const ResourceRow &rowAt(int row) const { return *m_rows[size_t(row)]->row; }
    // Rows one member holds.
    int rowsOf(int member) const { return int(m_byKey.value(member).size()); }

private:
    // Entries stay put in memory while rows come and go around them: a removal
    // renumbers `index` in one pass of plain writes, no key is hashed again.
    struct Entry
    {
        int member = -1;
        int index = -1;
        std::shared_ptr<const ResourceRow> row;
    };

    void reset();
    void queueDelta(int member, const ResourceDelta &delta);
    void applyQueued();
    void applyColumns(int member, const QList<TableColumn> &columns);
    QString cellText(const Entry &entry, int column) const;
    QVariant sortValue(const Entry &entry, int column) const;
    bool isAgeColumn(int unionColumn) const;
    void refreshAges();

    ResourceEngine *m_engine;
    ColumnUnion m_columns;
    std::vector<std::unique_ptr<Entry>> m_rows;
    // member → namespace/name → its entry.
    QHash<int, QHash<QString, Entry *>> m_byKey;
    QHash<int, bool> m_stale; // per member, as last announced
    bool m_showNamespace = true;
    bool m_group = false;
    QTimer m_ageTimer;
    QTimer m_applyTimer;
    std::vector<std::pair<int, ResourceDelta>> m_queued; // in arrival order
};

} // namespace fleetscope
