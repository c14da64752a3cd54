#include "accesscontroller.h"

#include "clusteractions.h"
#include "clustertableview.h"

#include "connect/accesscheckbatch.h"
#include "connect/accessresults.h"
#include "connect/accesstransports.h"
#include "connect/connectsettings.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"

#include <QAction>
#include <QHeaderView>
#include <QIcon>
#include <QItemSelectionModel>
#include <QMainWindow>
#include <QProgressDialog>
#include <QSettings>
#include <QStatusBar>

namespace fleetscope {
namespace {

QString &overridePath()
{
    static QString path;
    return path;
}

bool mentionsAccessFacts(const QString &filterText)
{
    return filterText.contains(QLatin1String("access"), Qt::CaseInsensitive)
        || filterText.contains(QLatin1String("versionMismatch"), Qt::CaseInsensitive);
}

} // namespace

AccessController::AccessController(FleetStore *store, FleetRowFilter *filter, ClusterTableView *table,
                                   ClusterActions *actions, QWidget *window)
    : QObject(window)
    , m_store(store)
    , m_filter(filter)
    , m_table(table)
    , m_actions(actions)
    , m_window(window)
    , m_results(new AccessResults(store, this))
    , m_transports(new AccessTransports(this))
    , m_checkSelected(new QAction(QIcon::fromTheme(QStringLiteral("network-wired")), tr("Check &access"), this))
    , m_checkShown(new QAction(tr("Check access of all &shown clusters"), this))
{
    setObjectName(QStringLiteral("accessController"));
    m_checkSelected->setObjectName(QStringLiteral("checkAccessAction"));
    m_checkSelected->setToolTip(tr("Check that the selected clusters can be reached with your credential provider file"));
    m_checkShown->setObjectName(QStringLiteral("checkAccessShownAction"));
    m_checkShown->setIconText(tr("Check all shown")); // the toolbar's shorter label
    m_checkShown->setToolTip(tr("Check every cluster the table shows (filter and group applied)"));
    m_store->addFilterFacts(m_results);
    // Next to the name: a check's verdict is read together with the cluster it is about.
    const int column = m_filter->table()->addSourceColumn(m_results);
    m_table->header()->moveSection(m_table->header()->visualIndex(column), 1);
    m_table->setColumnWidth(column, m_table->fontMetrics().horizontalAdvance(QStringLiteral("✓ v1.31.12, 120 ms (profile says v1.31.0)")));
    // Empty until a check: hidden till then, so that health, manager and version keep the room.
    m_table->setColumnHidden(column, true);
    m_table->addActions({m_checkSelected, m_checkShown});

    connect(m_checkSelected, &QAction::triggered, this, [this] { check(m_table->selectedStoreRows()); });
    connect(m_checkShown, &QAction::triggered, this, [this] { check(m_actions->shownStoreRows()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &AccessController::updateEnabled);
    connect(m_results, &AccessResults::changed, this, [this] { m_filter->table()->sourceColumnChanged(m_results); });
    updateEnabled();
}

AccessController::~AccessController()
{
    if (m_store)
        m_store->removeFilterFacts(m_results);
}

void AccessController::setProviderFileOverride(const QString &path)
{
    overridePath() = path;
}

const QString &AccessController::providerFileOverride()
{
    return overridePath();
}

QString AccessController::providerFile()
{
    return providerFileOverride().isEmpty() ? ConnectSettings::load(QSettings()).effectiveProviderFile()
                                            : providerFileOverride();
}

bool AccessController::isRunning() const
{
    return m_batch && m_batch->isRunning();
}

void AccessController::updateEnabled()
{
    m_checkSelected->setEnabled(!isRunning() && !m_table->selectedStoreRows().isEmpty());
    m_checkShown->setEnabled(!isRunning());
}

bool AccessController::check(const QList<int> &storeRows)
{
    if (isRunning())
        return false;
    const QList<MemberTarget> members = MemberTarget::fromRows(*m_store, storeRows);
    if (members.isEmpty())
        return false;
    m_table->setColumnHidden(m_filter->table()->addSourceColumn(m_results), false);
    AccessCheckSettings settings;
    if (!ProviderFile::load(providerFile(), &settings.providers, &settings.providerFileError))
        settings.providers.path = providerFile();
    settings.transports = m_transports;
    m_batch = std::make_unique<AccessCheckBatch>(members, std::move(settings));
    connect(m_batch.get(), &AccessCheckBatch::resultReady, this,
            [this](int, const AccessResult &result) {
                if (!result.cancelled)
                    m_results->set(result);
                if (m_progress && m_batch)
                    m_progress->setValue(m_batch->doneCount() + 1);
            });
    connect(m_batch.get(), &AccessCheckBatch::finished, this, &AccessController::onFinished);

    m_progress = new QProgressDialog(tr("Checking access to %n cluster(s)…", nullptr, int(members.size())), tr("Cancel"), 0,
                                     int(members.size()), m_window);
    m_progress->setObjectName(QStringLiteral("accessProgress"));
    m_progress->setWindowTitle(tr("Check access"));
    m_progress->setWindowModality(Qt::NonModal);
    m_progress->setMinimumDuration(500);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    connect(m_progress, &QProgressDialog::canceled, this, &AccessController::cancel);
    m_batch->start();
    updateEnabled();
    return true;
}

void AccessController::cancel()
{
    if (m_batch)
        m_batch->cancel();
}

void AccessController::onFinished()
{
    if (m_progress) {
        m_progress->disconnect(this);
        m_progress->close();
        m_progress->deleteLater();
    }
    // The filter's verdicts on access facts changed.
    if (mentionsAccessFacts(m_filter->filter().text()))
        m_filter->reapply();
    // A check that ends before its progress shows changes nothing when the results
    // are what they were: say that it ran.
    if (auto *main = qobject_cast<QMainWindow *>(m_window))
        main->statusBar()->showMessage(tr("Checked access to %n cluster(s).", nullptr, m_batch->doneCount()), 5000);
    m_batch.release()->deleteLater();
    updateEnabled();
    emit finished();
}

} // namespace fleetscope
