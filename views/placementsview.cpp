#include "placementsview.h"

#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/placementmodel.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "elidedtooltips.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace fleetscope {

PlacementsView::PlacementsView(const FleetStore *store, QWidget *parent)
    : QWidget(parent)
    , m_model(new PlacementModel(store, this))
    , m_sorted(new SortFilterProxy(m_model, this))
    , m_view(new QTreeView(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("placements"));
    m_view->setObjectName(QStringLiteral("placementTable"));
    m_view->setModel(m_sorted);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(PlacementModel::PlacementColumn, Qt::AscendingOrder);
    // Namespace and slice counts matter when debugging a scheduler, not at a glance.
    m_view->setColumnHidden(PlacementModel::NamespaceColumn, true);
    m_view->setColumnHidden(PlacementModel::SlicesColumn, true);
    // The summary below names the scheduler: the table keeps the room for the
    // placement (namespace/name, cut in the middle) and its counts.
    m_view->setColumnHidden(PlacementModel::SchedulerColumn, true);
    m_view->setTextElideMode(Qt::ElideMiddle);
    ElidedTextToolTips::install(m_view);
    QHeaderView *header = m_view->header();
    header->setStretchLastSection(false);
    header->setMinimumSectionSize(24);
    header->setSectionResizeMode(PlacementModel::PlacementColumn, QHeaderView::Stretch);
    for (int column : {int(PlacementModel::ClustersColumn), int(PlacementModel::DanglingColumn),
                       int(PlacementModel::SchedulerColumn)})
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(PlacementModel::HubColumn, QHeaderView::Interactive);
    m_view->viewport()->installEventFilter(this);
    connect(m_sorted, &QAbstractItemModel::rowsInserted, this, &PlacementsView::fitHubColumn);
    connect(m_sorted, &QAbstractItemModel::modelReset, this, &PlacementsView::fitHubColumn);

    m_summary->setObjectName(QStringLiteral("placementSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setContentsMargins(4, 2, 4, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_summary);

    // The chosen set of a placement changes live: re-scope when it does, but
    // only emit when the scope really differs (a re-scope refilters 100k rows).
    auto follow = [this] {
        updateSummary();
        const ClusterScope scope = currentScope();
        if (scope != m_lastScope) {
            m_lastScope = scope;
            emit scopeChanged(scope);
        }
    };
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, follow);
    connect(m_model, &QAbstractItemModel::dataChanged, this, follow);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, follow);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, follow);
    connect(m_model, &QAbstractItemModel::modelReset, this, follow);
    updateSummary();
}

bool PlacementsView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fitHubColumn();
    return QWidget::eventFilter(watched, event);
}

void PlacementsView::fitHubColumn()
{
    // Hub names are long and alike at the start ("demo-hub-eu-central-east"): cut
    // in the middle, they stay apart in a third of the pane, and the placements'
    // names keep the room they need to be told apart.
    int widest = m_view->header()->fontMetrics().horizontalAdvance(
        m_sorted->headerData(PlacementModel::HubColumn, Qt::Horizontal).toString());
    for (int row = 0; row < m_sorted->rowCount(); ++row)
        widest = std::max(widest, m_view->fontMetrics().horizontalAdvance(
                                      m_sorted->index(row, PlacementModel::HubColumn).data().toString()));
    const int padding = 3 * m_view->fontMetrics().averageCharWidth();
    const int hub = std::min(widest + padding, m_view->viewport()->width() / 3);
    // In a pane too narrow for both the hub goes (the line below names it): the
    // placement's name is what a person picks by.
    const int counts = m_view->columnWidth(PlacementModel::ClustersColumn) + m_view->columnWidth(PlacementModel::DanglingColumn);
    const bool room = m_view->viewport()->width() - counts - hub >= minimumNameWidth;
    m_view->setColumnHidden(PlacementModel::HubColumn, !room);
    if (room)
        m_view->setColumnWidth(PlacementModel::HubColumn, hub);
}

int PlacementsView::currentModelRow() const
{
    const QModelIndex current = m_sorted->mapToSource(m_view->currentIndex());
    return current.isValid() ? current.row() : -1;
}

ClusterScope PlacementsView::currentScope() const
{
    const int row = currentModelRow();
    return row >= 0 ? m_model->scopeOf(row) : ClusterScope();
}

void PlacementsView::updateSummary()
{
    const int row = currentModelRow();
    if (row < 0) {
        m_summary->setText(m_model->rowCount() == 0 ? tr("No PlacementDecisions on the connected hubs.")
                                                    : tr("Select a placement to show the clusters it chose."));
        return;
    }
    const PlacementModel::Placement &p = m_model->placementAt(row);
    QString text = tr("%n cluster(s) chosen", nullptr, int(p.chosen.size()));
    if (m_view->isColumnHidden(PlacementModel::HubColumn))
        text += tr(" on %1").arg(m_model->index(row, PlacementModel::HubColumn).data().toString());
    if (!p.scheduler.isEmpty())
        text += tr(" by %1").arg(p.scheduler);
    text += tr(" in %n slice(s).", nullptr, p.slices);
    if (!p.dangling.isEmpty()) {
        QStringList refs;
        for (const ClusterRef &ref : p.dangling)
            refs << ref.key.toString();
        // Dangling references are the thing to fix: say them, not just count them.
        text += u'\n' + tr("⚠ %n chosen cluster(s) have no ClusterProfile: %1", nullptr, int(refs.size()))
                            .arg(refs.join(QStringLiteral(", ")));
    }
    m_summary->setText(text);
}

} // namespace fleetscope
