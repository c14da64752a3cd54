#include "dashboard.h"

#include "accesscontroller.h"
#include "clustercolumndefaults.h"
#include "clustertableview.h"
#include "demofleet.h"
#include "demohubs.h"
#include "filterbar.h"
#include "fleet/fleetcache.h"
#include "fleet/fleetengine.h"
#include "fleet/fleetstore.h"
#include "fleet/hubselection.h"
#include "guihistory.h"
#include "guioptions.h"
#include "mainwindow.h"
#include "offlinebadge.h"
#include "recenthubs.h"
#include "windowsettings.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QStatusBar>

#include <cstdio>

namespace fleetscope {

void Dashboard::installDemoForCommands()
{
    DemoHubs::setStarter([](DemoHubs::Started *started, QString *error) {
        static DemoFleet *fleet = nullptr;
        if (!fleet) {
            auto demo = std::make_unique<DemoFleet>();
            if (!demo->start(error))
                return false;
            fleet = demo.release();
            // Down with the application, while its event loop's objects still exist.
            qAddPostRoutine([] {
                delete fleet;
                fleet = nullptr;
            });
        }
        started->kubeconfigList = fleet->kubeconfigList();
        started->providerFile = fleet->providerFile();
        return true;
    });
}

Dashboard::Dashboard()
    : m_store(std::make_unique<FleetStore>())
    , m_engine(std::make_unique<FleetEngine>(m_store.get()))
    , m_demo(std::make_unique<DemoFleet>())
{
}

Dashboard::~Dashboard()
{
    // Sockets and plugins go before the window that shows them and the history that records them.
    m_engine->stop();
    m_history.reset();
    m_window.reset();
}

bool Dashboard::open(const GuiOptions &cli, QStringList *problems, QString *startupError)
{
    FleetEngineOptions options;
    options.kubeconfigPath = cli.kubeconfigPath;
    options.contexts = cli.contexts;
    options.allContexts = cli.allContexts;
    options.namespaces = cli.namespaces;
    options.keepRawJson = true; // the details pane shows the object as YAML
    QString error;
    if (cli.demo) {
        if (!m_demo->start(&error)) {
            problems->append(error);
            return false;
        }
        options.kubeconfigPath.clear();
        options.kubeconfigList = m_demo->kubeconfigList();
        options.kubeconfigLabel = QCoreApplication::translate("fleetscope", "the demo's simulated hubs");
        options.allContexts = true;
    }
    const bool wantHubs = cli.namesHubs();
    // The Hubs dialog's choice, unless this run names its hubs on the command line.
    const HubSelection remembered = cli.overridesRememberedHubs() ? HubSelection() : HubSelection::load();
    const bool recent = !remembered.saved && RecentHubs::apply(&options);
    bool configured = false;
    if (remembered.saved) {
        m_engine->setOptions(options);
        m_engine->setHubs(remembered.hubs, problems);
        configured = true;
    } else {
        // Named hubs, or with no explicit choice the current context if there is a kubeconfig at all.
        configured = m_engine->configure(options, &error);
        if (!configured && wantHubs)
            problems->append(error);
    }
    if (!configured && recent) {
        // The remembered hubs are gone from the kubeconfig: fall back to its current context.
        options.contexts.clear();
        configured = m_engine->configure(options, &error);
    }
    if (configured && !remembered.saved)
        RecentHubs::remember(*m_store, options);
    if (cli.demo)
        m_demo->removeKubeconfigs(); // the engine holds the credentials now
    // The last-known fleet of each hub, shown (stale, read-only) until the hub answers.
    if (configured && !options.kubeconfigList) {
        m_cache = std::make_unique<FleetCache>(m_store.get());
        // Read on the cache's worker while the window comes up; live data that
        // arrives first wins over it.
        QObject::connect(m_cache.get(), &FleetCache::restoreFinished, m_store.get(), [](int, const QStringList &errors) {
            for (const QString &cacheError : errors)
                std::fprintf(stderr, "fleetscope: %s\n", qPrintable(cacheError));
        });
        m_cache->restore();
    }
    if (cli.demo) {
        // Check access, Run and Connect reach the demo's in-process members.
        AccessController::setProviderFileOverride(m_demo->providerFile());
    }
    m_window = std::make_unique<MainWindow>(m_store.get(), m_engine.get());
    m_window->setRememberHubs(!options.kubeconfigList); // the demo's kubeconfig is private and gone
    m_history = std::make_unique<GuiHistory>();
    m_history->start(m_store.get(), m_engine.get(), m_window.get(), cli, cli.demo ? m_demo.get() : nullptr);
    if (m_cache)
        m_window->statusBar()->addPermanentWidget(new OfflineBadge(m_store.get(), m_cache.get(), m_window.get()));
    // Screenshots are made at a chosen size and must not become the user's layout.
    if (cli.screenshotPath.isEmpty()
        && (new WindowSettings(m_window.get(), m_window->splitter(), m_window->clusterTable()->header()))->restore())
        m_window->keepUserLayout(); // the person's own panes and columns, as they left them
    if (cli.geometry.isValid())
        m_window->resize(cli.geometry);
    if (!cli.filter.isEmpty())
        m_window->filterBar()->setText(cli.filter);
    m_window->show();
    // Started even without hubs: those chosen in the Hubs dialog start syncing at once.
    m_engine->start();
    if (!configured && wantHubs)
        *startupError = error;
    return true;
}

} // namespace fleetscope
