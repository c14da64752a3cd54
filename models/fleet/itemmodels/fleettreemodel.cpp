#include "fleettreemodel.h"

#include "fleet/store/fleetstore.h"

#include <QSet>
#include <QStringList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace fleetscope {

FleetTreeModel::FleetTreeModel(const FleetStore *store, QObject *parent)
    : QAbstractItemModel(parent)
    , m_store(store)
    , m_levels({{Level::Kind::Hub, {}}, {Level::Kind::ClusterSet, {}}, {Level::Kind::Manager, {}}})
{
    // Changed rows move clusters between groups; the groups are announced once
    // the whole delta is in (a delta comes as many ranges).
    connect(store, &FleetStore::profilesChanged, this, [this](int first, int last) {
        for (int row = first; row <= last; ++row) {
            const size_t r = size_t(row);
            Node *leaf = leafFor(row);
            const Health health = m_store->profileAt(row).health;
            if (leaf == m_leafOf[r] && health == m_healthOf[r])
                continue;
            account(m_leafOf[r], m_healthOf[r], -1);
            m_leafOf[r] = leaf;
            m_healthOf[r] = health;
            account(leaf, health, +1);
        }
    });
    connect(store, &FleetStore::deltaApplied, this, [this] { pruneAndNotify(); });
    // The store's data is already gone when profilesRemoved arrives; what a row
    // was counted as is remembered here.
    connect(store, &FleetStore::profilesAboutToBeRemoved, this, [this](int first, int last) {
        for (int row = first; row <= last; ++row)
            account(m_leafOf[size_t(row)], m_healthOf[size_t(row)], -1);
        m_leafOf.erase(m_leafOf.begin() + first, m_leafOf.begin() + last + 1);
        m_healthOf.erase(m_healthOf.begin() + first, m_healthOf.begin() + last + 1);
    });
    connect(store, &FleetStore::profilesRemoved, this, [this] { pruneAndNotify(); });
    connect(store, &FleetStore::profilesInserted, this, [this](int first, int last) {
        addRows(first, last);
        pruneAndNotify();
    });
    rebuild();
}

FleetTreeModel::~FleetTreeModel() = default;

namespace {

// How each level is spelled in a spec; a property level adds its key after the colon.
constexpr std::pair<FleetTreeModel::Level::Kind, const char16_t *> levelNames[] = {
    {FleetTreeModel::Level::Kind::Hub, u"hub"},
    {FleetTreeModel::Level::Kind::ClusterSet, u"clusterset"},
    {FleetTreeModel::Level::Kind::Manager, u"manager"},
    {FleetTreeModel::Level::Kind::Inventory, u"inventory"},
    {FleetTreeModel::Level::Kind::Property, u"property:"},
};

} // namespace

QString FleetTreeModel::levelsToSpec(const QList<Level> &levels)
{
    QStringList parts;
    for (const Level &level : levels) {
        for (const auto &[kind, name] : levelNames) {
            if (kind == level.kind)
                parts << QString::fromUtf16(name) + level.propertyKey;
        }
    }
    return parts.join(u'>');
}

QList<FleetTreeModel::Level> FleetTreeModel::levelsFromSpec(const QString &spec)
{
    QList<Level> levels;
    for (const QString &rawPart : spec.split(u'>', Qt::SkipEmptyParts)) {
        const QString part = rawPart.trimmed();
        const auto named = std::find_if(std::begin(levelNames), std::end(levelNames), [&part](const auto &entry) {
            return entry.first == Level::Kind::Property ? part.startsWith(QStringView(entry.second))
                                                        : part == QStringView(entry.second);
        });
        if (named == std::end(levelNames))
            return {};
        Level level{named->first, {}};
        if (level.kind == Level::Kind::Property) {
            level.propertyKey = part.mid(9).trimmed();
            if (level.propertyKey.isEmpty())
                return {};
        }
        if (levels.contains(level))
            return {};
        levels.append(level);
    }
    return levels;
}

void FleetTreeModel::regroup()
{
    beginResetModel();
    rebuild();
    endResetModel();
}

void FleetTreeModel::setLevels(const QList<Level> &levels)
{
    if (levels == m_levels)
        return;
    beginResetModel();
    m_levels = levels;
    rebuild();
    endResetModel();
}

void FleetTreeModel::rebuild()
{
    m_root.children.clear();
    m_root.childByValue.clear();
    m_root.childByBuffer.clear();
    m_root.count = 0;
    std::fill(std::begin(m_root.health), std::end(m_root.health), 0);
    m_leafOf.clear();
    m_healthOf.clear();
    m_touched.clear();
    // Built without row signals: only called from the constructor and inside a reset.
    m_rebuilding = true;
    addRows(0, m_store->profileCount() - 1);
    m_rebuilding = false;
    m_touched.clear();
}

void FleetTreeModel::addRows(int first, int last)
{
    if (last < first)
        return;
    m_leafOf.resize(size_t(last) + 1, nullptr);
    m_healthOf.resize(size_t(last) + 1, Health::NotReported);
    for (int row = first; row <= last; ++row) {
        Node *leaf = leafFor(row);
        m_leafOf[size_t(row)] = leaf;
        m_healthOf[size_t(row)] = m_store->profileAt(row).health;
        account(leaf, m_healthOf[size_t(row)], +1);
    }
}

QString FleetTreeModel::groupValue(int level, int storeRow, int *hub) const
{
    const FleetProfile &p = m_store->profileAt(storeRow);
    const Level &l = m_levels[level];
    switch (l.kind) {
    case Level::Kind::Hub:
        *hub = p.hub;
        return m_store->hubName(p.hub);
    case Level::Kind::ClusterSet:
        return p.clusterSet;
    case Level::Kind::Manager:
        return p.manager;
    case Level::Kind::Inventory:
        return p.profile().metadata.namespaceName.toString();
    case Level::Kind::Property:
        // Through propertyText(): an alias (region, cluster-id…) groups by whichever
        // property each producer writes.
        return p.profile().propertyText(l.propertyKey).toString();
    }
    return QString();
}

FleetTreeModel::Node *FleetTreeModel::leafFor(int storeRow)
{
    Node *node = &m_root;
    for (int level = 0; level < m_levels.size(); ++level) {
        int hub = -1;
        const QString value = groupValue(level, storeRow, &hub);
        Node *child = node->childByBuffer.value(value.constData());
        if (!child || child->value.size() != value.size()) {
            child = node->childByValue.value(value);
            if (child && child->value.constData() == value.constData() && value.data_ptr().isMutable())
                node->childByBuffer.insert(value.constData(), child);
        }
        if (!child) {
            const int row = int(node->children.size());
            if (!m_rebuilding)
                beginInsertRows(indexOf(node), row, row);
            auto created = std::make_unique<Node>();
            created->parent = node;
            created->row = row;
            created->depth = level;
            created->value = value;
            created->hub = hub;
            child = created.get();
            node->childByValue.insert(value, child);
            if (value.data_ptr().isMutable())
                node->childByBuffer.insert(value.constData(), child);
            node->children.push_back(std::move(created));
            if (!m_rebuilding)
                endInsertRows();
        }
        node = child;
    }
    return node;
}

void FleetTreeModel::account(Node *leaf, Health health, int delta)
{
    for (Node *node = leaf; node; node = node->parent) {
        node->count += delta;
        node->health[int(health)] += delta;
        if (node != &m_root)
            m_touched.append(node);
    }
}

void FleetTreeModel::pruneAndNotify()
{
    // Deepest first, so that a group is removed before its parent is looked at.
    QList<Node *> touched = m_touched;
    m_touched.clear();
    std::sort(touched.begin(), touched.end(), [](const Node *a, const Node *b) {
        return a->depth != b->depth ? a->depth > b->depth : a < b;
    });
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    QSet<const Node *> removed;
    for (Node *node : std::as_const(touched)) {
        if (node->count > 0)
            continue;
        Node *parent = node->parent;
        const int row = node->row;
        beginRemoveRows(indexOf(parent), row, row);
        parent->childByValue.remove(node->value);
        if (parent->childByBuffer.value(node->value.constData()) == node)
            parent->childByBuffer.remove(node->value.constData());
        removed.insert(node);
        parent->children.erase(parent->children.begin() + row);
        for (size_t i = size_t(row); i < parent->children.size(); ++i)
            parent->children[i]->row = int(i);
        endRemoveRows();
    }
    for (const Node *node : std::as_const(touched)) {
        if (!removed.contains(node))
            emit dataChanged(indexOf(node, 0), indexOf(node, ColumnCount - 1));
    }
}

QModelIndex FleetTreeModel::indexOf(const Node *node, int column) const
{
    if (!node || node == &m_root)
        return QModelIndex();
    return createIndex(node->row, column, const_cast<Node *>(node));
}

const FleetTreeModel::Node *FleetTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<const Node *>(index.internalPointer()) : &m_root;
}

QModelIndex FleetTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const Node *node = nodeOf(parent);
    if (row < 0 || column < 0 || column >= ColumnCount || size_t(row) >= node->children.size())
        return QModelIndex();
    return createIndex(row, column, node->children[size_t(row)].get());
}

QModelIndex FleetTreeModel::parent(const QModelIndex &child) const
{
    return child.isValid() ? indexOf(nodeOf(child)->parent) : QModelIndex();
}

int FleetTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int FleetTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant FleetTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || (role != Qt::DisplayRole && role != GroupValueRole))
        return QVariant();
    const Node *node = nodeOf(index);
    if (role == GroupValueRole)
        return index.column() == GroupColumn ? QVariant(node->value) : QVariant();
    if (index.column() == GroupColumn)
        return node->value.isEmpty() ? noValueText() : node->value;
    const int counts[] = {node->count, node->health[int(Health::Healthy)], node->health[int(Health::Unhealthy)],
                          node->health[int(Health::Unknown)], node->health[int(Health::NotReported)]};
    return counts[index.column() - 1];
}

int FleetTreeModel::fleetCount(Health health) const
{
    return m_root.health[int(health)];
}

QVariant FleetTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QVariant();
    static const char *const titles[ColumnCount] = {QT_TR_NOOP("Group"),     QT_TR_NOOP("Clusters"),
                                                    QT_TR_NOOP("Healthy"),   QT_TR_NOOP("Unhealthy"),
                                                    QT_TR_NOOP("Unknown"),   QT_TR_NOOP("Not reported")};
    return tr(titles[section]);
}

ClusterScope FleetTreeModel::scopeOf(const QModelIndex &index) const
{
    ClusterScope scope;
    for (const Node *node = nodeOf(index); node && node != &m_root; node = node->parent) {
        const Level &level = m_levels[node->depth];
        switch (level.kind) {
        case Level::Kind::Hub:
            scope.hub = node->hub;
            break;
        case Level::Kind::ClusterSet:
            scope.clusterSet = node->value;
            break;
        case Level::Kind::Manager:
            scope.manager = node->value;
            break;
        case Level::Kind::Inventory:
            scope.inventory = node->value;
            break;
        case Level::Kind::Property:
            // One property level per scope: the deepest wins, as ClusterScope holds one.
            if (!scope.propertyValue) {
                scope.propertyKey = level.propertyKey;
                scope.propertyValue = node->value;
            }
            break;
        }
    }
    return scope;
}

int FleetTreeModel::clusterCount(const QModelIndex &index) const
{
    return nodeOf(index)->count;
}

} // namespace fleetscope
