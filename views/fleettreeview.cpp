#include "fleettreeview.h"

#include "fleet/fleettreemodel.h"
#include "healthstyle.h"

#include <QComboBox>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

using Level = FleetTreeModel::Level;

struct Grouping
{
    const char *label;
    QList<Level> levels;
};

const QList<Grouping> &groupings()
{
    static const QList<Grouping> all{
        {QT_TRANSLATE_NOOP("FleetTreeView", "Hub › ClusterSet › Manager"),
         {{Level::Kind::Hub, {}}, {Level::Kind::ClusterSet, {}}, {Level::Kind::Manager, {}}}},
        {QT_TRANSLATE_NOOP("FleetTreeView", "Hub › Manager › ClusterSet"),
         {{Level::Kind::Hub, {}}, {Level::Kind::Manager, {}}, {Level::Kind::ClusterSet, {}}}},
        {QT_TRANSLATE_NOOP("FleetTreeView", "ClusterSet › Manager"), {{Level::Kind::ClusterSet, {}}, {Level::Kind::Manager, {}}}},
        {QT_TRANSLATE_NOOP("FleetTreeView", "Manager › ClusterSet"), {{Level::Kind::Manager, {}}, {Level::Kind::ClusterSet, {}}}},
        {QT_TRANSLATE_NOOP("FleetTreeView", "Location"), {{Level::Kind::Property, QStringLiteral("location.topology.k8s.io")}}},
        {QT_TRANSLATE_NOOP("FleetTreeView", "Hub › Location"),
         {{Level::Kind::Hub, {}}, {Level::Kind::Property, QStringLiteral("location.topology.k8s.io")}}},
    };
    return all;
}

// Health columns carry the shape of their state in the header instead of words.
class CountDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->displayAlignment = Qt::AlignRight | Qt::AlignVCenter;
        if (option->text == u"0")
            option->text.clear(); // zeros are noise in a roll-up
    }
};

// Health columns are narrow: their headers show the state's shape, the words
// go to the tooltip.
class TreeHeaders final : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;

    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        static const Health healths[] = {Health::Healthy, Health::Unhealthy, Health::Unknown, Health::NoData};
        const int health = section - FleetTreeModel::HealthyColumn;
        if (orientation == Qt::Horizontal && health >= 0 && health < 4) {
            if (role == Qt::DecorationRole)
                return HealthStyle::icon(healths[health]);
            if (role == Qt::ToolTipRole)
                return QIdentityProxyModel::headerData(section, orientation, Qt::DisplayRole);
            if (role == Qt::DisplayRole)
                return QString();
        }
        if (orientation == Qt::Horizontal && section == FleetTreeModel::ClustersColumn && role == Qt::DisplayRole)
            return QStringLiteral("#");
        return QIdentityProxyModel::headerData(section, orientation, role);
    }
};

} // namespace

FleetTreeView::FleetTreeView(const FleetStore *store, QWidget *parent)
    : QWidget(parent)
    , m_model(new FleetTreeModel(store, this))
    , m_grouping(new QComboBox(this))
    , m_tree(new QTreeView(this))
{
    setObjectName(QStringLiteral("fleetTree"));
    m_grouping->setObjectName(QStringLiteral("groupingChoice"));
    for (const Grouping &g : groupings())
        m_grouping->addItem(tr(g.label));
    m_grouping->setToolTip(tr("How the fleet is grouped"));

    m_tree->setObjectName(QStringLiteral("groupTree"));
    auto *headers = new TreeHeaders(this);
    headers->setSourceModel(m_model);
    m_tree->setModel(headers);
    m_tree->setUniformRowHeights(true);
    m_tree->setAllColumnsShowFocus(true);
    m_tree->setItemDelegate(new CountDelegate(m_tree));
    m_tree->setItemDelegateForColumn(FleetTreeModel::GroupColumn, new QStyledItemDelegate(m_tree));
    m_tree->setColumnHidden(FleetTreeModel::NoDataColumn, true);
    QHeaderView *header = m_tree->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(FleetTreeModel::GroupColumn, QHeaderView::Stretch);
    for (int column = FleetTreeModel::ClustersColumn; column < FleetTreeModel::ColumnCount; ++column) {
        header->setSectionResizeMode(column, QHeaderView::Fixed);
        header->resizeSection(column, column == FleetTreeModel::ClustersColumn ? 46 : 34);
    }

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_grouping);
    layout->addWidget(m_tree, 1);

    connect(m_grouping, &QComboBox::currentIndexChanged, this, &FleetTreeView::applyGrouping);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, headers](const QModelIndex &current) { emit scopeChanged(m_model->scopeOf(headers->mapToSource(current))); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { emit scopeChanged(ClusterScope()); });
    // New groups appear expanded: the first look shows the whole shape of the fleet.
    connect(headers, &QAbstractItemModel::rowsInserted, this, [this, headers](const QModelIndex &parent, int first, int last) {
        for (int row = first; row <= last; ++row)
            m_tree->expand(headers->index(row, 0, parent));
    });
}

void FleetTreeView::applyGrouping(int choice)
{
    if (choice < 0 || choice >= groupings().size())
        return;
    m_model->setLevels(groupings()[choice].levels);
    m_tree->expandAll();
}

void FleetTreeView::focusTree()
{
    m_tree->setFocus(Qt::ShortcutFocusReason);
}

} // namespace fleetscope
