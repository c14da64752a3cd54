#include "clustertableview.h"

#include "elidedtooltips.h"

#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "healthstyle.h"

#include <QAccessible>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QStyledItemDelegate>
#include <QStyleOptionFocusRect>
#include <QTimer>

#include <algorithm>
#include <limits>
#include <optional>

namespace fleetscope {
namespace {

// Adds the health shape to the Name column and to condition columns; the model
// stays free of widgets and icons.
class ClusterItemDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        // The table draws one focus frame around the current row, not one per cell.
        option->state &= ~QStyle::State_HasFocus;
        // Names are told apart by their ends (prod-eu-1, prod-eu-2; hub-eu, hub-us):
        // cut in the middle, never to the same text.
        switch (index.column()) {
        case ClusterTableModel::NameColumn:
        case ClusterTableModel::DisplayNameColumn:
        case ClusterTableModel::HubColumn:
        case ClusterTableModel::NamespaceColumn:
        case ClusterTableModel::ClusterSetColumn:
            option->textElideMode = Qt::ElideMiddle;
            break;
        default:
            break;
        }
        QIcon icon;
        if (index.column() == ClusterTableModel::NameColumn) {
            if (const QVariant health = index.data(ClusterTableModel::HealthRole); health.isValid())
                icon = HealthStyle::icon(Health(health.toInt()));
        } else if ((index.column() == ClusterTableModel::ControlPlaneHealthyColumn
                    || index.column() == ClusterTableModel::JoinedColumn)
                   && !option->text.isEmpty()) {
            icon = HealthStyle::icon(conditionStatusFromString(option->text));
        }
        if (!icon.isNull()) {
            option->icon = icon;
            option->features |= QStyleOptionViewItem::HasDecoration;
        }
    }
};

// The table's vertical scroll bar. A churning fleet changes the row count
// every second or so, and QScrollBar repaints itself on every new range, though
// a thumb over thousands of rows rarely moves by a pixel: this one repaints a
// new range or page step only when the thumb or the arrows' ends look different.
class RowScrollBar final : public QScrollBar
{
public:
    explicit RowScrollBar(QWidget *parent)
        : QScrollBar(Qt::Vertical, parent)
    {
    }

protected:
    void sliderChange(SliderChange change) override
    {
        // QAbstractSlider::sliderChange() only schedules the repaint.
        if ((change == SliderRangeChange || change == SliderStepsChange) && m_painted == look())
            return;
        QScrollBar::sliderChange(change);
    }

    void paintEvent(QPaintEvent *event) override
    {
        QScrollBar::paintEvent(event);
        m_painted = look();
    }

private:
    struct Look
    {
        QRect thumb;
        bool atMinimum = false;
        bool atMaximum = false;
        bool operator==(const Look &other) const
        {
            return thumb == other.thumb && atMinimum == other.atMinimum && atMaximum == other.atMaximum;
        }
    };

    Look look() const
    {
        QStyleOptionSlider option;
        initStyleOption(&option);
        return {style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, this),
                value() == minimum(), value() == maximum()};
    }

    std::optional<Look> m_painted; // as last painted
};

} // namespace

ClusterTableView::ClusterTableView(SortFilterProxy *proxy, QWidget *parent)
    : QTableView(parent)
    , m_proxy(proxy)
    , m_table(qobject_cast<ClusterTableModel *>(proxy->sourceModel()))
    , m_repaint(new QTimer(this))
    , m_geometry(new QTimer(this))
    , m_syncRows(new QTimer(this))
{
    m_repaint->setSingleShot(true);
    m_repaint->setInterval(repaintIntervalMs);
    connect(m_repaint, &QTimer::timeout, this, &ClusterTableView::repaintChangedRows);
    m_geometry->setSingleShot(true);
    m_geometry->setInterval(geometryIntervalMs);
    connect(m_geometry, &QTimer::timeout, this, &ClusterTableView::followRowCountIfPending);
    setVerticalScrollBar(new RowScrollBar(this));
    setObjectName(QStringLiteral("clusterTable"));
    setModel(proxy);
    setItemDelegate(new ClusterItemDelegate(this));
    ElidedTextToolTips::install(this);
    // A list of clusters, looking and moving like one: no grid, no row numbers,
    // text elided rather than wrapped, Tab leaves the table, the focus frame
    // spans the current row.
    setShowGrid(false);
    setWordWrap(false);
    setTabKeyNavigation(false);
    setCornerButtonEnabled(false);
    setAlternatingRowColors(true);
    setSortingEnabled(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    sortByColumn(ClusterTableModel::NameColumn, Qt::AscendingOrder);
    // After the header's own handling of new columns (it connected first).
    connect(proxy, &QAbstractItemModel::columnsInserted, this, [this](const QModelIndex &, int first, int last) {
        if (!m_restoredLayout)
            return;
        for (int column = first; column <= last; ++column)
            m_restoredLayout->applyToColumn(header(), [this](int c) { return columnKey(c); }, column);
    });

    // Every row has the height of a line of text with a health icon: the
    // vertical header never measures a row.
    QHeaderView *rows = verticalHeader();
    rows->hide();
    rows->setMinimumSectionSize(1);
    rows->setSectionResizeMode(QHeaderView::Fixed);
    updateRowHeight();
    // QTableView answers every row count change with a relayout and a repaint
    // of the whole viewport; under churn that is every insert and removal,
    // mostly of rows nobody sees. rowsInserted() and rowsAboutToBeRemoved()
    // repaint the rows on screen that moved, and the scroll bar follows the
    // row count at the next repaint.
    const bool detached =
        disconnect(rows, SIGNAL(sectionCountChanged(int,int)), this, SLOT(rowCountChanged(int,int)))
        || disconnect(rows, &QHeaderView::sectionCountChanged, this, &ClusterTableView::rowCountChanged);
    Q_ASSERT(detached);
    connect(rows, &QHeaderView::sectionCountChanged, this, &ClusterTableView::followRowCount);
    // The vertical header keeps a record per row and walks all of them on every
    // inserted or removed row (100k rows: a third of the GUI thread's work in
    // a burst). It catches up with the row count once per turn of the event
    // loop instead (syncRows()), before anything is painted or scrolled to.
    const bool quiet =
        disconnect(proxy, SIGNAL(rowsInserted(QModelIndex,int,int)), rows, SLOT(sectionsInserted(QModelIndex,int,int)))
        && disconnect(proxy, SIGNAL(rowsRemoved(QModelIndex,int,int)), rows,
                      SLOT(_q_sectionsRemoved(QModelIndex,int,int)));
    Q_ASSERT(quiet);
    m_syncRows->setSingleShot(true);
    m_syncRows->setInterval(0);
    connect(m_syncRows, &QTimer::timeout, this, &ClusterTableView::syncRows);

    QHeaderView *h = header();
    h->setHighlightSections(false);
    h->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    h->setSectionsMovable(true);
    h->setStretchLastSection(true);
    h->setDefaultSectionSize(120); // the fixed columns' widths and order: ClusterColumnDefaults
    h->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(h, &QHeaderView::customContextMenuRequested, this, &ClusterTableView::showHeaderMenu);

    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ClusterTableView::reportCurrentCluster);
    // A filter that hides the current row relayouts the proxy: the current index
    // dies without a signal, and whoever shows the current cluster must hear it.
    connect(proxy, &QAbstractItemModel::layoutChanged, this, &ClusterTableView::reportCurrentCluster);
    connect(proxy, &QAbstractItemModel::modelReset, this, &ClusterTableView::reportCurrentCluster);
    connect(proxy, &QAbstractItemModel::rowsRemoved, this, &ClusterTableView::reportCurrentCluster);
}

void ClusterTableView::reportCurrentCluster()
{
    const int row = currentStoreRow();
    if (row == m_reportedCluster)
        return;
    m_reportedCluster = row;
    emit currentClusterChanged(row);
}

void ClusterTableView::focusInEvent(QFocusEvent *event)
{
    // QAbstractItemView makes the first row current when the view gets the focus
    // without one, which shows it in the details: a click on the scroll bar or a
    // Tab into the table must not choose a cluster. Arrow keys start at the top.
    if (currentIndex().isValid()) {
        QTableView::focusInEvent(event);
        return;
    }
    QAbstractScrollArea::focusInEvent(event);
    viewport()->update();
}

void ClusterTableView::keyPressEvent(QKeyEvent *event)
{
    // With no row selected, Up and Down first pick the current row (the first
    // when none is current) rather than move off it: in a one-row table they
    // would otherwise pick nothing at all.
    const bool plainArrow = (event->key() == Qt::Key_Down || event->key() == Qt::Key_Up)
        && (event->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier;
    if (plainArrow && model()->rowCount() > 0 && !selectionModel()->hasSelection()) {
        QModelIndex start = currentIndex();
        if (!start.isValid()) {
            int column = 0;
            while (column + 1 < model()->columnCount() && isColumnHidden(header()->logicalIndex(column)))
                ++column;
            start = model()->index(0, header()->logicalIndex(column));
        }
        setCurrentIndex(start);
        selectionModel()->select(start, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
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

QString ClusterTableView::columnKey(int column) const
{
    return m_table->columnKey(column);
}

QByteArray ClusterTableView::saveLayout() const
{
    return HeaderLayout::of(header(), [this](int column) { return columnKey(column); }).toBytes();
}

bool ClusterTableView::restoreLayout(const QByteArray &bytes)
{
    std::optional<HeaderLayout> layout = HeaderLayout::fromBytes(bytes);
    if (!layout)
        return false;
    layout->applyTo(header(), [this](int column) { return columnKey(column); });
    m_restoredLayout = std::move(layout);
    return true;
}

QStringList ClusterTableView::extraColumns() const
{
    QStringList specs;
    for (int column = ClusterTableModel::fixedColumnCount(); column < m_table->columnCount(); ++column) {
        if (const QString spec = m_table->extraColumnSpec(column); !spec.isEmpty())
            specs << spec;
    }
    return specs;
}

void ClusterTableView::setExtraColumns(const QStringList &specs)
{
    if (specs == extraColumns())
        return;
    // Source columns (findings, access, flaps) have no spec and stay.
    for (int column = m_table->columnCount() - 1; column >= ClusterTableModel::fixedColumnCount(); --column) {
        if (!m_table->extraColumnSpec(column).isEmpty())
            m_table->removeColumnAt(column);
    }
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
    if (!m_table->extraColumnSpec(clicked).isEmpty()) {
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

void ClusterTableView::updateRowHeight()
{
    // What QStyledItemDelegate asks for a cell with an icon and a line of text.
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    option.text = QStringLiteral("Xg");
    option.features |= QStyleOptionViewItem::HasDisplay | QStyleOptionViewItem::HasDecoration;
    const int height = style()->sizeFromContents(QStyle::CT_ItemViewItem, &option, QSize(), this).height();
    verticalHeader()->setDefaultSectionSize(std::max(height, 1));
}

void ClusterTableView::changeEvent(QEvent *event)
{
    QTableView::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        updateRowHeight();
}

std::pair<int, int> ClusterTableView::shownRows() const
{
    const int height = std::max(verticalHeader()->defaultSectionSize(), 1);
    const int value = verticalScrollBar()->value();
    const int top = verticalScrollMode() == ScrollPerItem ? value : value / height;
    return {top, top + viewport()->height() / height + 1};
}

void ClusterTableView::noteChangedRows(int first, int last)
{
    if (!viewport()->isVisible())
        return;
    const auto [top, bottom] = shownRows();
    first = std::max(first, top);
    last = std::min(last, bottom);
    if (first > last)
        return;
    // The rows themselves, not the band between them: a few changed rows
    // spread over the screen repaint a few rows, not the screen.
    m_changedRows += QRect(0, first, 1, last - first + 1);
    if (!m_repaint->isActive())
        m_repaint->start();
}

// A hub under churn changes rows many times a second. The views' default
// answer is to repaint each changed cell at once (a fifth of the dashboard's
// CPU at 300 events/s). This table has one row height and no editors: it
// notes which of the rows on screen changed and repaints just those, at most
// four times a second; most changes land on rows nobody sees and cost
// nothing. Assistive technology still gets the cell changes it listens for.
void ClusterTableView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles)
{
    if (QAccessible::isActive()) {
        QTableView::dataChanged(topLeft, bottomRight, roles);
        return;
    }
    if (topLeft.isValid() && bottomRight.isValid())
        noteChangedRows(topLeft.row(), bottomRight.row());
}

void ClusterTableView::rowsInserted(const QModelIndex &parent, int start, int end)
{
    QTableView::rowsInserted(parent, start, end);
    if (!parent.isValid())
        rowsShifted(start);
}

void ClusterTableView::rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end)
{
    QTableView::rowsAboutToBeRemoved(parent, start, end);
    if (!parent.isValid())
        rowsShifted(start);
}

// Rows that come or go move every row below them: what is on screen from the
// first changed row down is repainted, at the same pace as changed rows.
void ClusterTableView::rowsShifted(int first)
{
    noteChangedRows(first, std::numeric_limits<int>::max());
    if (!m_syncRows->isActive())
        m_syncRows->start();
}

void ClusterTableView::syncRows()
{
    // The header appends or drops records at its end: all rows have one height,
    // so which records come or go does not matter.
    QHeaderView *rows = verticalHeader();
    if (!model() || rows->count() == model()->rowCount())
        return;
    // The header shares the table's selection model, and resetting a view
    // resets its selection model too (silently): without putting them back,
    // the user's selected and current rows would vanish whenever a row came
    // or went anywhere in a churning fleet.
    QItemSelectionModel *selection = selectionModel();
    const QPersistentModelIndex current = selection->currentIndex();
    const QItemSelection selected = selection->selection();
    rows->reset();
    const QSignalBlocker quiet(selection); // nothing changed for anyone listening
    selection->setCurrentIndex(current, QItemSelectionModel::NoUpdate);
    selection->select(selected, QItemSelectionModel::Select);
}

// The scroll bar's range and the header's geometry follow the row count in
// the next turn of the event loop, then at most once per geometryIntervalMs:
// under churn the count moves every second or so, and a scroll bar over
// thousands of rows hardly shows it.
void ClusterTableView::followRowCount()
{
    if (!std::exchange(m_geometryPending, true) && !m_geometry->isActive())
        QMetaObject::invokeMethod(this, &ClusterTableView::followRowCountIfPending, Qt::QueuedConnection);
}

void ClusterTableView::followRowCountIfPending()
{
    if (!m_geometryPending)
        return;
    syncRows();
    if (!followRowCountQuietly())
        updateGeometries();
    m_geometry->start();
}

// Under churn the row count moves while the rows more than fill the screen,
// and then only the scroll bar's range changes. QTableView::updateGeometries()
// lays out the scroll area's children as well, and QAbstractScrollArea
// repaints the scroll bar on every such layout (it raises it), so the range is
// set alone; RowScrollBar repaints it if its thumb moved. The range's signal
// is held back: it would lay the children out all the same.
bool ClusterTableView::followRowCountQuietly()
{
    QScrollBar *bar = verticalScrollBar();
    const int rows = verticalHeader()->count();
    if (m_laidOut.rows < 0 || m_laidOut.viewport != viewport()->size() || m_laidOut.maximum != bar->maximum()
        || bar->maximum() <= 0)
        return false;
    const int unit = verticalScrollMode() == ScrollPerItem ? 1 : std::max(verticalHeader()->defaultSectionSize(), 1);
    const int maximum = bar->maximum() + (rows - m_laidOut.rows) * unit;
    if (maximum <= 0 || bar->value() > maximum)
        return false;
    {
        const QSignalBlocker quiet(bar);
        bar->setRange(bar->minimum(), maximum);
    }
    m_laidOut.rows = rows;
    m_laidOut.maximum = maximum;
    m_geometryPending = false;
    return true;
}

void ClusterTableView::updateGeometries()
{
    m_geometryPending = false;
    QTableView::updateGeometries();
    m_laidOut = {verticalHeader()->count(), viewport()->size(), verticalScrollBar()->maximum()};
}

void ClusterTableView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    // Scrolling to a row that just arrived needs the scroll bar's new range.
    syncRows();
    if (m_geometryPending)
        updateGeometries();
    QTableView::scrollTo(index, hint);
}

QModelIndex ClusterTableView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    // The keys move between clusters, as in a list: Home and End go to the
    // first and last row, Left and Right scroll the columns.
    syncRows();
    switch (cursorAction) {
    case MoveHome:
    case MoveEnd:
        return QTableView::moveCursor(cursorAction, modifiers | Qt::ControlModifier);
    case MoveLeft:
    case MoveRight:
        horizontalScrollBar()->triggerAction(cursorAction == MoveLeft ? QAbstractSlider::SliderSingleStepSub
                                                                       : QAbstractSlider::SliderSingleStepAdd);
        return currentIndex();
    default:
        return QTableView::moveCursor(cursorAction, modifiers);
    }
}

void ClusterTableView::paintEvent(QPaintEvent *event)
{
    syncRows();
    QTableView::paintEvent(event);
    // One focus frame around the whole current row (the delegate draws none per cell).
    const QModelIndex current = currentIndex();
    if (!hasFocus() || !current.isValid() || !(state() == NoState || state() == AnimatingState))
        return;
    const int y = rowViewportPosition(current.row());
    const int height = rowHeight(current.row());
    if (y + height <= 0 || y >= viewport()->height())
        return;
    QStyleOptionFocusRect frame;
    frame.initFrom(this);
    frame.state |= QStyle::State_KeyboardFocusChange;
    frame.rect = QRect(-horizontalOffset(), y, std::max(header()->length(), viewport()->width()), height);
    frame.backgroundColor = palette().color(selectionModel()->isRowSelected(current.row(), current.parent())
                                                ? QPalette::Highlight
                                                : QPalette::Base);
    QPainter painter(viewport());
    style()->drawPrimitive(QStyle::PE_FrameFocusRect, &frame, &painter, this);
}

void ClusterTableView::currentChanged(const QModelIndex &current, const QModelIndex &previous)
{
    QTableView::currentChanged(current, previous);
    updateRow(previous);
    updateRow(current);
}

void ClusterTableView::updateRow(const QModelIndex &index)
{
    if (index.isValid())
        viewport()->update(QRect(0, rowViewportPosition(index.row()), viewport()->width(), rowHeight(index.row())));
}

void ClusterTableView::repaintChangedRows()
{
    syncRows();
    const QRegion rows = std::exchange(m_changedRows, QRegion());
    if (rows.isEmpty())
        return;
    const int height = std::max(verticalHeader()->defaultSectionSize(), 1);
    const int top = shownRows().first;
    const int width = viewport()->width();
    QRegion area;
    for (const QRect &band : rows)
        area += QRect(0, (band.top() - top) * height, width, band.height() * height);
    viewport()->update(area);
}

} // namespace fleetscope
