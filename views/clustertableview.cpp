#include "clustertableview.h"

#include "clusteritemdelegate.h"
#include "fleet/clusterfilterproxy.h"
#include "fleet/clustertablemodel.h"
#include "fleet/fleetstore.h"

#include <QAccessible>
#include <QHeaderView>
#include <QMenu>
#include <QTimer>

#include <algorithm>
#include <utility>


namespace fleetscope {

ClusterTableView::ClusterTableView(ClusterFilterProxy *proxy, QWidget *parent)
    : QTreeView(parent)
    , m_proxy(proxy)
    , m_table(proxy->tableModel())
    , m_repaint(new QTimer(this))
{
    m_repaint->setSingleShot(true);
    m_repaint->setInterval(repaintIntervalMs);
    connect(m_repaint, &QTimer::timeout, this, &ClusterTableView::repaintChangedRows);
    setObjectName(QStringLiteral("clusterTable"));
    setModel(proxy);
    setItemDelegate(new ClusterItemDelegate(this));
    setRootIsDecorated(false);
    setUniformRowHeights(true); // lets the view skip measuring 100k rows
    setAllColumnsShowFocus(true);
    setAlternatingRowColors(true);
    setSortingEnabled(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    sortByColumn(ClusterTableModel::NameColumn, Qt::AscendingOrder);

    QHeaderView *h = header();
    h->setSectionsMovable(true);
    h->setStretchLastSection(true);
    h->setDefaultSectionSize(120);
    h->resizeSection(ClusterTableModel::NameColumn, 210);
    h->resizeSection(ClusterTableModel::DisplayNameColumn, 190);
    h->resizeSection(ClusterTableModel::ManagerColumn, 170);
    h->resizeSection(ClusterTableModel::ControlPlaneHealthyColumn, 110);
    h->resizeSection(ClusterTableModel::JoinedColumn, 80);
    h->resizeSection(ClusterTableModel::NodesColumn, 70);
    h->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(h, &QHeaderView::customContextMenuRequested, this, &ClusterTableView::showHeaderMenu);
    // The namespace is usually implied by the clusterset; shown on demand.
    setColumnHidden(ClusterTableModel::NamespaceColumn, true);

    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { emit currentClusterChanged(currentStoreRow()); });
}

int ClusterTableView::currentStoreRow() const
{
    const QModelIndex current = currentIndex();
    return current.isValid() ? m_proxy->mapToSource(current).row() : -1;
}

QList<int> ClusterTableView::selectedStoreRows() const
{
    QList<int> rows;
    for (const QModelIndex &index : selectionModel()->selectedRows())
        rows.append(m_proxy->mapToSource(index).row());
    return rows;
}

QStringList ClusterTableView::extraColumns() const
{
    QStringList specs;
    for (int column = ClusterTableModel::FixedColumnCount; column < m_table->columnCount(); ++column)
        specs << m_table->extraColumnSpec(column);
    return specs;
}

void ClusterTableView::setExtraColumns(const QStringList &specs)
{
    if (specs == extraColumns())
        return;
    while (m_table->columnCount() > ClusterTableModel::FixedColumnCount)
        m_table->removeColumnAt(m_table->columnCount() - 1);
    for (const QString &spec : specs) {
        if (spec.startsWith(u"property:"))
            addDynamicColumn(false, spec.mid(9));
        else if (spec.startsWith(u"label:"))
            addDynamicColumn(true, spec.mid(6));
    }
}

void ClusterTableView::showHeaderMenu(const QPoint &position)
{
    QMenu menu(this);
    for (int column = 0; column < m_table->columnCount(); ++column) {
        QAction *toggle = menu.addAction(m_table->headerData(column, Qt::Horizontal).toString());
        toggle->setCheckable(true);
        toggle->setChecked(!isColumnHidden(column));
        // Name identifies the row: it always stays.
        toggle->setEnabled(column != ClusterTableModel::NameColumn);
        connect(toggle, &QAction::toggled, this, [this, column](bool on) { setColumnHidden(column, !on); });
    }
    menu.addSeparator();
    QMenu *properties = menu.addMenu(tr("Add property column"));
    for (const QString &name : m_table->store().distinctKeys(false))
        properties->addAction(name, this, [this, name] { addDynamicColumn(false, name); });
    properties->setEnabled(!properties->isEmpty());
    QMenu *labels = menu.addMenu(tr("Add label column"));
    for (const QString &key : m_table->store().distinctKeys(true))
        labels->addAction(key, this, [this, key] { addDynamicColumn(true, key); });
    labels->setEnabled(!labels->isEmpty());
    const int clicked = header()->logicalIndexAt(position);
    if (clicked >= ClusterTableModel::FixedColumnCount) {
        menu.addSeparator();
        menu.addAction(tr("Remove column \"%1\"").arg(m_table->headerData(clicked, Qt::Horizontal).toString()), this,
                       [this, clicked] { m_table->removeColumnAt(clicked); });
    }
    menu.exec(header()->mapToGlobal(position));
}

void ClusterTableView::addDynamicColumn(bool label, const QString &key)
{
    const int column = label ? m_table->addLabelColumn(key) : m_table->addPropertyColumn(key);
    setColumnHidden(column, false);
    scrollTo(currentIndex());
}

// A hub under churn changes rows many times a second. QTreeView answers each
// dataChanged by measuring the changed rows and cells one by one and repainting
// their rectangles (a fifth of the dashboard's CPU at 300 events/s). This flat
// table has uniform rows and no editors: it notes which of the rows on screen
// changed and repaints just those, at most four times a second; most changes
// land on rows nobody sees and cost nothing. Rows that move, come or go are
// repainted by QTreeView as before. Assistive technology still gets the cell
// changes it listens for.
void ClusterTableView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles)
{
    if (QAccessible::isActive()) {
        QTreeView::dataChanged(topLeft, bottomRight, roles);
        return;
    }
    if (!topLeft.isValid() || !bottomRight.isValid() || !viewport()->isVisible())
        return;
    const QModelIndex firstShown = indexAt(QPoint(0, 0));
    if (!firstShown.isValid())
        return;
    const QModelIndex lastShown = indexAt(QPoint(0, viewport()->height() - 1));
    const int first = std::max(topLeft.row(), firstShown.row());
    const int last = std::min(bottomRight.row(), lastShown.isValid() ? lastShown.row() : model()->rowCount() - 1);
    if (first > last)
        return;
    m_changedRows.first = m_changedRows.first < 0 ? first : std::min(m_changedRows.first, first);
    m_changedRows.second = std::max(m_changedRows.second, last);
    if (!m_repaint->isActive())
        m_repaint->start();
}

void ClusterTableView::repaintChangedRows()
{
    const auto [first, last] = std::exchange(m_changedRows, {-1, -1});
    if (first < 0 || first >= model()->rowCount())
        return;
    const QRect top = visualRect(model()->index(first, 0));
    const QRect bottom = visualRect(model()->index(std::min(last, model()->rowCount() - 1), 0));
    viewport()->update(QRect(QPoint(0, top.top()), QPoint(viewport()->width(), bottom.bottom())));
}

} // namespace fleetscope
