#include "fleettreeview.h"

#include "api/propertyaliases.h"
#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/fleettreemodel.h"
#include "healthstyle.h"

#include <QAccessible>
#include <QComboBox>
#include <QCoreApplication>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QInputDialog>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <iterator>

namespace fleetscope {
namespace {

using Level = FleetTreeModel::Level;

struct Grouping
{
    const char *label;
    const char *spec; // FleetTreeModel::levelsToSpec
};

const Grouping groupings[] = {
    {QT_TRANSLATE_NOOP("FleetTreeView", "Hub › ClusterSet › Manager"), "hub>clusterset>manager"},
    {QT_TRANSLATE_NOOP("FleetTreeView", "Hub › Inventory › Manager"), "hub>inventory>manager"},
    {QT_TRANSLATE_NOOP("FleetTreeView", "Hub › Manager › ClusterSet"), "hub>manager>clusterset"},
    {QT_TRANSLATE_NOOP("FleetTreeView", "ClusterSet › Manager"), "clusterset>manager"},
    {QT_TRANSLATE_NOOP("FleetTreeView", "Manager › ClusterSet"), "manager>clusterset"},
    // Through the region alias: each producer names the region its own way.
    {QT_TRANSLATE_NOOP("FleetTreeView", "Region"), "property:region"},
    {QT_TRANSLATE_NOOP("FleetTreeView", "Hub › Region"), "hub>property:region"},
};

// The two last entries of the grouping box ask for a property to group by.
enum PropertyChoice { PropertyOnly = 1, PropertyUnderHub = 2 };
const int propertyChoiceRole = Qt::UserRole + 1;

QString levelName(const Level &level)
{
    switch (level.kind) {
    case Level::Kind::Hub:
        return FleetTreeView::tr("Hub");
    case Level::Kind::ClusterSet:
        return FleetTreeView::tr("ClusterSet");
    case Level::Kind::Manager:
        return FleetTreeView::tr("Manager");
    case Level::Kind::Inventory:
        return FleetTreeView::tr("Inventory");
    case Level::Kind::Property:
        break;
    }
    return level.propertyKey;
}

// How a grouping reads in the box: "Hub › location.topology.k8s.io".
QString describe(const QList<Level> &levels)
{
    QStringList parts;
    for (const Level &level : levels)
        parts << levelName(level);
    return parts.join(QStringLiteral(" › "));
}

// Counts align right, and a zero shows as nothing.
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
        static const Health healths[] = {Health::Healthy, Health::Unhealthy, Health::Unknown, Health::NotReported};
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

// Under churn every batch of changes moves the counts of most groups; a plain
// QTreeView repaints those rows at once, batch after batch (the largest painting
// cost of a dashboard on a busy hub). This one repaints its changed rows at most
// every FleetTreeView::repaintIntervalMs. Groups that come or go are laid out at
// once, as in any tree.
class GroupTreeView final : public QTreeView
{
public:
    explicit GroupTreeView(QWidget *parent)
        : QTreeView(parent)
    {
        m_repaint.setSingleShot(true);
        m_repaint.setInterval(FleetTreeView::repaintIntervalMs);
        // A tree of groups is a screenful at most: repainting all of it is cheaper
        // than working out which rows changed.
        connect(&m_repaint, &QTimer::timeout, viewport(), qOverload<>(&QWidget::update));
    }

protected:
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) override
    {
        // Assistive technology gets each change as it happens.
        if (QAccessible::isActive() || !uniformRowHeights()) {
            QTreeView::dataChanged(topLeft, bottomRight, roles);
            return;
        }
        if (viewport()->isVisible() && !m_repaint.isActive())
            m_repaint.start();
    }

private:
    QTimer m_repaint;
};

} // namespace

FleetTreeView::FleetTreeView(const FleetStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new FleetTreeModel(store, this))
    , m_grouping(new QComboBox(this))
    , m_tree(new GroupTreeView(this))
{
    setObjectName(QStringLiteral("fleetTree"));
    m_grouping->setObjectName(QStringLiteral("groupingChoice"));
    for (const Grouping &g : groupings)
        // The labels are QT_TRANSLATE_NOOP("FleetTreeView", ...): translated in that context.
        m_grouping->addItem(QCoreApplication::translate("FleetTreeView", g.label), QString::fromLatin1(g.spec));
    m_grouping->insertSeparator(m_grouping->count());
    m_grouping->addItem(tr("By property…"));
    m_grouping->setItemData(m_grouping->count() - 1, PropertyOnly, propertyChoiceRole);
    m_grouping->addItem(tr("Hub › by property…"));
    m_grouping->setItemData(m_grouping->count() - 1, PropertyUnderHub, propertyChoiceRole);
    m_grouping->setToolTip(tr("How the fleet is grouped"));

    m_tree->setObjectName(QStringLiteral("groupTree"));
    auto *headers = new TreeHeaders(this);
    headers->setSourceModel(m_model);
    m_tree->setModel(headers);
    m_tree->setUniformRowHeights(true);
    // Group names (hubs, clustersets) tell apart by their ends: demo-hub-east and
    // demo-hub-west must not both read "demo-hub-…" in a narrow pane.
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setAllColumnsShowFocus(true);
    // Three levels deep (hub › clusterset › manager) the style's indentation takes a
    // third of a narrow pane's name column; two characters a level still show the tree.
    m_tree->setIndentation(2 * m_tree->fontMetrics().averageCharWidth());
    m_tree->setItemDelegate(new CountDelegate(m_tree));
    m_tree->setItemDelegateForColumn(FleetTreeModel::GroupColumn, new QStyledItemDelegate(m_tree));
    m_tree->header()->setStretchLastSection(false);
    setUpColumns();
    // A model that loses its columns (no hub, a hub removed, time travel to a
    // moment without clusters) gets them back as new sections, with Qt's default
    // size and mode: set them up again, and fit them to the pane again.
    connect(m_tree->header(), &QHeaderView::sectionCountChanged, this, [this] {
        setUpColumns();
        fitCountColumns();
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_grouping);
    layout->addWidget(m_tree, 1);
    m_tree->installEventFilter(this);
    // The room is the viewport's, which also changes when a scroll bar comes or goes.
    m_tree->viewport()->installEventFilter(this);

    connect(m_grouping, &QComboBox::currentIndexChanged, this, &FleetTreeView::applyGrouping);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, headers](const QModelIndex &current) {
                if (!m_choosingGroup)
                    m_pendingGroup.reset(); // the person's choice wins over a saved view's
                emit scopeChanged(m_model->scopeOf(headers->mapToSource(current)));
            });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        emit scopeChanged(ClusterScope());
        choosePendingGroup();
    });
    connect(headers, &QAbstractItemModel::rowsInserted, this, &FleetTreeView::choosePendingGroup, Qt::QueuedConnection);
    // Counts change with live data: the not-reported column comes and goes with them.
    connect(m_model, &QAbstractItemModel::dataChanged, this, &FleetTreeView::followNotReported);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &FleetTreeView::followNotReported);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &FleetTreeView::followNotReported);
    connect(m_model, &QAbstractItemModel::modelReset, this, &FleetTreeView::followNotReported);
    // New groups appear expanded: the first look shows the whole shape of the fleet.
    connect(headers, &QAbstractItemModel::rowsInserted, this, [this, headers](const QModelIndex &parent, int first, int last) {
        for (int row = first; row <= last; ++row)
            m_tree->expand(headers->index(row, 0, parent));
    });
}

void FleetTreeView::applyGrouping(int choice)
{
    if (choice < 0)
        return;
    const int propertyChoice = m_grouping->itemData(choice, propertyChoiceRole).toInt();
    if (propertyChoice != 0) {
        askForPropertyGrouping(propertyChoice == PropertyUnderHub);
        return;
    }
    const QList<Level> levels = FleetTreeModel::levelsFromSpec(m_grouping->itemData(choice).toString());
    if (levels.isEmpty())
        return;
    m_appliedChoice = choice;
    m_model->setLevels(levels);
    m_tree->expandAll();
}

void FleetTreeView::askForPropertyGrouping(bool underHub)
{
    // Aliases first: region, cluster-id… group whatever their producers call them.
    QStringList sorted;
    for (const PropertyAliases::Alias &alias : PropertyAliases::active().aliases())
        sorted << alias.name;
    sorted += m_store->distinctKeys(false);
    bool ok = false;
    const QString key = QInputDialog::getItem(this, tr("Group by property"),
                                              tr("Group the fleet by the value of this ClusterProfile property:"),
                                              sorted, 0, true, &ok)
                            .trimmed();
    int choice = m_appliedChoice;
    if (ok && !key.isEmpty() && !key.contains(u'>')) {
        QList<Level> levels;
        if (underHub)
            levels.append({Level::Kind::Hub, {}});
        levels.append({Level::Kind::Property, key});
        choice = addCustomGrouping(FleetTreeModel::levelsToSpec(levels));
    }
    // Either way the box shows the grouping in force, never the "…" entry.
    m_grouping->setCurrentIndex(choice);
}

int FleetTreeView::addCustomGrouping(const QString &spec)
{
    const int existing = m_grouping->findData(spec);
    if (existing >= 0)
        return existing;
    // Custom groupings go before the separator and the "by property…" entries.
    const int row = m_grouping->count() - 3;
    m_grouping->insertItem(row, describe(FleetTreeModel::levelsFromSpec(spec)), spec);
    if (m_appliedChoice >= row)
        ++m_appliedChoice;
    return row;
}

QStringList FleetTreeView::currentGroup() const
{
    QStringList values;
    if (!m_tree->selectionModel()->hasSelection())
        return values;
    for (QModelIndex index = m_tree->currentIndex().siblingAtColumn(0); index.isValid(); index = index.parent())
        values.prepend(index.data(FleetTreeModel::GroupValueRole).toString());
    return values;
}

void FleetTreeView::chooseGroup(const QStringList &values)
{
    m_pendingGroup = values;
    choosePendingGroup();
}

void FleetTreeView::choosePendingGroup()
{
    if (!m_pendingGroup)
        return;
    const QAbstractItemModel *tree = m_tree->model();
    QModelIndex index;
    for (const QString &value : std::as_const(*m_pendingGroup)) {
        QModelIndex child;
        for (int row = 0; row < tree->rowCount(index) && !child.isValid(); ++row) {
            const QModelIndex candidate = tree->index(row, 0, index);
            if (candidate.data(FleetTreeModel::GroupValueRole).toString() == value)
                child = candidate;
        }
        if (!child.isValid())
            return; // not there yet: tried again as groups appear
        index = child;
    }
    const bool none = m_pendingGroup->isEmpty();
    m_pendingGroup.reset();
    m_choosingGroup = true;
    if (none) {
        m_tree->selectionModel()->clear();
    } else {
        m_tree->setCurrentIndex(index);
        m_tree->scrollTo(index);
    }
    m_choosingGroup = false;
}

QString FleetTreeView::groupingSpec() const
{
    return FleetTreeModel::levelsToSpec(m_model->levels());
}

bool FleetTreeView::setGroupingSpec(const QString &spec)
{
    const QList<Level> levels = FleetTreeModel::levelsFromSpec(spec);
    if (levels.isEmpty())
        return false;
    m_grouping->setCurrentIndex(addCustomGrouping(FleetTreeModel::levelsToSpec(levels)));
    return true;
}

bool FleetTreeView::eventFilter(QObject *watched, QEvent *event)
{
    // Shown again at the same size (a tab brought back to the front) is no
    // resize: fit then too.
    if ((watched == m_tree || watched == m_tree->viewport())
        && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fitCountColumns();
    return QWidget::eventFilter(watched, event);
}

void FleetTreeView::followNotReported()
{
    // A fleet whose producers all report health has no use for the column; one
    // that has such clusters sees them counted apart from the unknown ones. Only a
    // change relays the columns out: live counts change every second.
    const bool shown = m_model->fleetCount(Health::NotReported) > 0;
    if (shown == m_notReportedShown)
        return;
    m_notReportedShown = shown;
    fitCountColumns();
}

int FleetTreeView::countColumnWidth(int column)
{
    return column == FleetTreeModel::ClustersColumn ? 46 : 34;
}

void FleetTreeView::setUpColumns()
{
    QHeaderView *header = m_tree->header();
    if (header->count() <= FleetTreeModel::GroupColumn)
        return;
    header->setSectionResizeMode(FleetTreeModel::GroupColumn, QHeaderView::Stretch);
    for (int column = FleetTreeModel::ClustersColumn; column < std::min<int>(header->count(), FleetTreeModel::ColumnCount);
         ++column) {
        header->setSectionResizeMode(column, QHeaderView::Fixed);
        header->resizeSection(column, countColumnWidth(column));
    }
}

void FleetTreeView::fitCountColumns()
{
    // Group names come first: in a narrow pane the counts a person can work out
    // (healthy = all - the rest) or needs least give way, and each group's
    // tooltip still says every count. The widths are the columns' own, not the
    // header's: a hidden section's size reads 0, which would keep a dropped
    // column dropped when room comes back.
    static const int dropOrder[] = {FleetTreeModel::HealthyColumn, FleetTreeModel::UnknownColumn,
                                    FleetTreeModel::NotReportedColumn};
    bool hidden[FleetTreeModel::ColumnCount] = {};
    hidden[FleetTreeModel::NotReportedColumn] = !m_notReportedShown;
    int counts = 0;
    for (int column = FleetTreeModel::ClustersColumn; column < FleetTreeModel::ColumnCount; ++column)
        counts += hidden[column] ? 0 : countColumnWidth(column);
    const int room = m_tree->viewport()->width() - 3 * m_tree->indentation();
    for (const int column : dropOrder) {
        if (room - counts >= minimumGroupWidth)
            break;
        if (!hidden[column]) {
            hidden[column] = true;
            counts -= countColumnWidth(column);
        }
    }
    for (const int column : dropOrder)
        m_tree->setColumnHidden(column, hidden[column]);
}

void FleetTreeView::focusTree()
{
    m_tree->setFocus(Qt::ShortcutFocusReason);
}

} // namespace fleetscope
