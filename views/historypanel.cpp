#include "historypanel.h"

#include "charts/clustertimelineview.h"
#include "charts/fleethealthchart.h"
#include "clustertableview.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "fleet/filter/healthrules.h"
#include "history/flapcolumn.h"
#include "history/historystore.h"

#include <QItemSelectionModel>
#include <QTabWidget>
#include <QTimer>

#include <utility>

namespace fleetscope {

HistoryPanel::HistoryPanel(HistoryStore *history, const FleetStore *store, ClusterTableView *table,
                           SortFilterProxy *proxy, QObject *parent)
    : QObject(parent)
    , m_history(history)
    , m_store(store)
    , m_table(table)
    , m_proxy(proxy)
    , m_tabs(new QTabWidget)
    , m_timeline(new ClusterTimelineView(history))
    , m_health(new FleetHealthChart(history))
    , m_scopeTimer(new QTimer(this))
    , m_flapTimer(new QTimer(this))
{
    // Parentless until the window puts it in place of the details pane.
    m_tabs->setObjectName(QStringLiteral("detailsTabs"));
    m_tabs->setDocumentMode(true);
    m_scopeTimer->setSingleShot(true);
    m_scopeTimer->setInterval(1000);
    connect(m_scopeTimer, &QTimer::timeout, this, &HistoryPanel::updateScope);
    auto later = [this] {
        if (!m_scopeTimer->isActive())
            m_scopeTimer->start();
    };
    connect(proxy, &QAbstractItemModel::rowsInserted, this, later);
    connect(proxy, &QAbstractItemModel::rowsRemoved, this, later);
    connect(proxy, &QAbstractItemModel::modelReset, this, later);
    connect(proxy, &QAbstractItemModel::layoutChanged, this, later);
    connect(m_health, &FleetHealthChart::clustersChosen, this, &HistoryPanel::selectClusters);

    // Flap counts: on a timer, and soon after new transitions land.
    m_flapTimer->setSingleShot(true);
    m_flapTimer->setInterval(2000);
    connect(m_flapTimer, &QTimer::timeout, this, &HistoryPanel::refreshFlaps);
    connect(history, &HistoryStore::transitionsRecorded, this, [this] {
        if (!m_flapTimer->isActive())
            m_flapTimer->start();
    });
    connect(history, &HistoryStore::stateChanged, this, [this] {
        m_flapsWhole = true;
        refreshFlaps();
    });
    m_flapColumn = std::make_unique<FlapColumn>(store, history->settings().flapThreshold,
                                                 history->settings().flapWindowHours);
    m_model = qobject_cast<ClusterTableModel *>(proxy->sourceModel());
    if (m_model)
        m_model->addSourceColumn(m_flapColumn.get());
    auto *minute = new QTimer(this);
    minute->setInterval(60000);
    connect(minute, &QTimer::timeout, this, &HistoryPanel::refreshFlaps);
    minute->start();
}

HistoryPanel::~HistoryPanel()
{
    if (m_model) {
        // The model outlives this panel: take the column away before its source goes.
        for (int column = m_model->columnCount() - 1; column >= ClusterTableModel::fixedColumnCount(); --column) {
            if (m_model->headerData(column, Qt::Horizontal).toString() == m_flapColumn->header()
                && m_model->extraColumnSpec(column).isEmpty())
                m_model->removeColumnAt(column);
        }
    }
    // In the window the tab widget (and the charts in it) went with the splitter,
    // which the window deletes before this panel; only a never-placed one is ours.
    if (m_tabs && !m_tabs->parent()) {
        delete m_timeline;
        delete m_health;
        delete m_tabs;
    }
}

void HistoryPanel::wrap(QWidget *details)
{
    m_tabs->addTab(details, tr("Details"));
    m_tabs->addTab(m_timeline, tr("History"));
    m_tabs->addTab(m_health, tr("Fleet health"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_tabs->widget(index) == m_health)
            updateScope();
    });
}

void HistoryPanel::showCluster(int storeRow)
{
    if (storeRow < 0 || storeRow >= m_store->profileCount()) {
        // Nothing selected: the tab stops naming the last cluster's flaps.
        m_shown = {};
        m_timeline->setCluster({});
        updateBadge();
        return;
    }
    const FleetProfile &p = m_store->profileAt(storeRow);
    m_shown = {m_store->hubName(p.hub), p.profile().metadata.namespaceName, p.profile().metadata.name};
    m_timeline->setCluster(m_shown);
    updateBadge();
}

void HistoryPanel::updateBadge()
{
    const int flaps = m_flapColumn->count(m_shown);
    const bool flapping = flaps >= m_history->settings().flapThreshold;
    const int index = m_tabs->indexOf(m_timeline);
    // The badge: a flapping cluster says so on the tab, whichever tab is in front.
    // Set only when it changes: each refresh of the counts lands here, and a
    // new tab text lays the tab bar out again.
    if (const QString text = flapping ? tr("History: flapping (%n)", nullptr, flaps) : tr("History");
        m_tabs->tabText(index) != text)
        m_tabs->setTabText(index, text);
    m_tabs->setTabToolTip(index, flapping ? tr("%n status change(s) in the last %1 h", nullptr, flaps)
                                                .arg(m_history->settings().flapWindowHours)
                                          : QString());
}

void HistoryPanel::showTimelineTab()
{
    m_tabs->setCurrentWidget(m_timeline);
}

void HistoryPanel::showHealthTab()
{
    m_tabs->setCurrentWidget(m_health);
    updateScope();
}

void HistoryPanel::selectClusters(const QList<ClusterId> &clusters)
{
    QItemSelection selection;
    QModelIndex first;
    for (const ClusterId &id : clusters) {
        const int hub = m_store->hubIndex(id.hub);
        const int row = hub < 0 ? -1 : m_store->rowOf(hub, ObjectKey{id.namespaceName, id.name});
        if (row < 0)
            continue;
        const QModelIndex index = m_proxy->mapFromSource(m_proxy->sourceModel()->index(row, 0));
        if (!index.isValid())
            continue; // filtered out of the table
        if (!first.isValid())
            first = index;
        selection.select(index, index);
    }
    if (!first.isValid())
        return;
    m_table->setCurrentIndex(first);
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(first);
    if (QWidget *window = m_table->window()) {
        window->show();
        window->raise();
        window->activateWindow();
    }
}

void HistoryPanel::updateScope()
{
    // Only worth walking 100k rows when someone looks at the chart.
    if (m_tabs->currentWidget() != m_health)
        return;
    QSet<ClusterId> scope;
    QHash<ClusterId, QString> managers;
    const HealthRules &rules = HealthRules::active();
    const int defaultRule = rules.ruleFor(QStringView());
    const int rows = m_proxy->rowCount();
    scope.reserve(rows);
    for (int row = 0; row < rows; ++row) {
        const int storeRow = m_proxy->mapToSource(m_proxy->index(row, 0)).row();
        const FleetProfile &p = m_store->profileAt(storeRow);
        const ClusterId id{m_store->hubName(p.hub), p.profile().metadata.namespaceName, p.profile().metadata.name};
        scope.insert(id);
        if (rules.ruleFor(p.manager.toString()) != defaultRule)
            managers.insert(id, p.manager.toString());
    }
    m_health->setScope(scope, managers, tr("%n cluster(s) shown in the table", nullptr, rows));
}

void HistoryPanel::refreshFlaps()
{
    // All counts once (the store opened, failed or closed), then only what
    // moved: a churning fleet flaps everywhere, and the whole set every two
    // seconds cost more than the few hundred counts that change.
    const auto apply = [this](const QList<int> &rows) {
        if (m_model && !rows.isEmpty())
            m_model->sourceColumnChanged(m_flapColumn.get(), rows);
        updateBadge();
    };
    if (std::exchange(m_flapsWhole, false)) {
        m_history->fetchFlapCounts(this, [this, apply](const QHash<ClusterId, int> &counts) {
            apply(m_flapColumn->setCounts(counts));
        });
        return;
    }
    m_history->fetchFlapChanges(this, [this, apply](const QHash<ClusterId, int> &changes) {
        apply(m_flapColumn->applyChanges(changes));
    });
}

} // namespace fleetscope
