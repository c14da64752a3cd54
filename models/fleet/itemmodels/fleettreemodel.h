#pragma once

#include "api/clusterfacts.h"
#include "fleet/filter/clusterscope.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QList>

#include <memory>
#include <vector>

namespace fleetscope {

class FleetStore;

// The fleet's groups as a tree (hub → clusterset → manager by default; clusters
// themselves are shown by the table). Each group row carries its cluster count
// and a health roll-up, updated incrementally from the store's signals: a row
// change moves one cluster between two leaf groups and touches only their
// ancestors. Groups appear when their first cluster does and go with their last.
class FleetTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetTreeModel)

public:
    struct Level
    {
        // Inventory: the profile's namespace, which defines a cluster inventory (KEP-4322).
        enum class Kind : quint8 { Hub, ClusterSet, Manager, Property, Inventory };
        Kind kind = Kind::Hub;
        QString propertyKey; // for Kind::Property

        friend bool operator==(const Level &a, const Level &b)
        {
            return a.kind == b.kind && a.propertyKey == b.propertyKey;
        }
    };
    enum Column { GroupColumn, ClustersColumn, HealthyColumn, UnhealthyColumn, UnknownColumn, NotReportedColumn, ColumnCount };
    // The group's own value, untranslated and empty for clusters without one (the
    // display says "(none)"): what names a group in a saved view.
    enum Role { GroupValueRole = Qt::UserRole + 1 };

    explicit FleetTreeModel(const FleetStore *store, QObject *parent = nullptr);
    ~FleetTreeModel() override;

    // Groupings as text, for saved views and settings: levels joined by '>',
    // e.g. "hub>clusterset>manager", "hub>inventory>manager" or
    // "hub>property:location.topology.k8s.io".
    static QString levelsToSpec(const QList<Level> &levels);
    // Empty (no levels) for a spec that does not parse, or names a level twice.
    static QList<Level> levelsFromSpec(const QString &spec);

    // Regrouping is a user action, not live data: it resets the tree once.
    void setLevels(const QList<Level> &levels);
    const QList<Level> &levels() const { return m_levels; }
    // Groups again with the same levels: what a property name means changed (aliases).
    void regroup();

    // What the table shows when this group is selected (every level down to it).
    ClusterScope scopeOf(const QModelIndex &index) const;
    int clusterCount(const QModelIndex &index) const;
    // The whole fleet's count of one verdict (the roll-up of every group).
    int fleetCount(Health health) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node
    {
        Node *parent = nullptr;
        int row = 0;
        int depth = -1; // -1 for the root
        QString value;
        int hub = -1; // for hub groups
        int count = 0;
        int health[4] = {0, 0, 0, 0};
        std::vector<std::unique_ptr<Node>> children;
        QHash<QString, Node *> childByValue;
        // The same children by their value's buffer, which pooled values share
        // with the profiles: most lookups hash a pointer, not the text. Only a
        // buffer the child's own value holds is a key, so an address is never
        // reused while it is one.
        QHash<const QChar *, Node *> childByBuffer;
    };

    QModelIndex indexOf(const Node *node, int column = 0) const;
    const Node *nodeOf(const QModelIndex &index) const;
    QString groupValue(int level, int storeRow, int *hub) const;
    Node *leafFor(int storeRow);
    void account(Node *leaf, Health health, int delta);
    void pruneAndNotify();
    void rebuild();
    void addRows(int first, int last);

    const FleetStore *m_store;
    QList<Level> m_levels;
    Node m_root;
    // Per store row: its leaf group and the health it was counted with.
    std::vector<Node *> m_leafOf;
    std::vector<Health> m_healthOf;
    QList<Node *> m_touched;
    bool m_rebuilding = false;
};

} // namespace fleetscope
