#include "dashboard.h"

#include "accesscontroller.h"
#include "afterfirstpaint.h"
#include "clustercolumndefaults.h"
#include "clustertableview.h"
#include "demofleet.h"
#include "demohubs.h"
#include "emptyfleetoverlay.h"
#include "filterbar.h"
#include "fleet/store/fleetcache.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "fleet/engine/hubselection.h"
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
#include <utility>

#include <malloc.h>

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

namespace {

FleetEngineOptions engineOptions(const GuiOptions &cli)
{
    FleetEngineOptions options;
    options.kubeconfigPath = cli.kubeconfigPath;
    options.contexts = cli.contexts;
    options.allContexts = cli.allContexts;
    options.namespaces = cli.namespaces;
    options.keepRawJson = true; // the details pane shows the object as YAML
    return options;
}

} // namespace

bool Dashboard::configureHubs(FleetEngineOptions options, const GuiOptions &cli, QStringList *problems, QString *error)
{
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
        configured = m_engine->configure(options, error);
        if (!configured && wantHubs)
            problems->append(*error);
    }
    if (!configured && recent) {
        // The remembered hubs are gone from the kubeconfig: fall back to its current context.
        options.contexts.clear();
        configured = m_engine->configure(options, error);
    }
    if (configured && !remembered.saved)
        RecentHubs::remember(*m_store, options);
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
    return configured;
}

bool Dashboard::open(const GuiOptions &cli, QStringList *problems, QString *startupError)
{
    QString error;
    if (cli.demo) {
        // The demo's simulated servers bring ~200 HTTP worker threads into the
        // process; with glibc's default of up to 8 malloc arenas per core their
        // allocations spread over 16 arenas whose freed pages are not given back,
        // and the idle demo's RSS kept climbing (the demo soak, 25 minutes: +66 MB
        // an hour after warm-up with the default, +23 MB and 21 MB less in all
        // with two). Set before the history's and the demo's threads start.
        mallopt(M_ARENA_MAX, 2);
    }
    // The demo's hubs take a good part of a second to start: after the first paint.
    const bool configured = !cli.demo && configureHubs(engineOptions(cli), cli, problems, &error);
    m_window = std::make_unique<MainWindow>(m_store.get(), m_engine.get());
    m_window->setRememberHubs(!cli.demo); // the demo's kubeconfig is private and gone
    m_history = std::make_unique<GuiHistory>();
    m_history->start(m_store.get(), m_engine.get(), m_window.get(), cli);
    if (m_cache)
        m_window->statusBar()->addPermanentWidget(new OfflineBadge(m_store.get(), m_cache.get(), m_window.get()));
    // Screenshots are made at a chosen size and must not become the user's layout.
    if (cli.screenshotPath.isEmpty()
        && (new WindowSettings(m_window.get()))->restore())
        m_window->keepUserLayout(); // the person's own panes and columns, as they left them
    if (cli.geometry.isValid())
        m_window->resize(cli.geometry);
    if (!cli.filter.isEmpty())
        m_window->filterBar()->setText(cli.filter);
    const QString starting = QCoreApplication::translate("fleetscope", "Starting the demo's simulated hubs…");
    if (cli.demo) {
        m_window->emptyFleetOverlay()->setNotice(
            starting, QCoreApplication::translate("fleetscope", "Two simulated hubs with about 500 clusters start on "
                                                                "this computer; their fleet appears in a moment."));
        AfterFirstPaint::run(m_window.get(), [this, cli] { startDemo(cli); });
    }
    m_window->show();
    // After show(): a message hides the status bar's own widgets only once they are visible.
    if (cli.demo)
        m_window->statusBar()->showMessage(starting);
    // Started even without hubs: those chosen in the Hubs dialog (and the demo's) start syncing at once.
    m_engine->start();
    if (!configured && !cli.demo && cli.namesHubs())
        *startupError = error;
    return true;
}

void Dashboard::startDemo(const GuiOptions &cli)
{
    QString error;
    QStringList problems;
    bool configured = false;
    if (m_demo->start(&error)) {
        FleetEngineOptions options = engineOptions(cli);
        options.kubeconfigPath.clear();
        options.kubeconfigList = m_demo->kubeconfigList();
        options.kubeconfigLabel = QCoreApplication::translate("fleetscope", "the demo's simulated hubs");
        options.allContexts = true;
        configured = configureHubs(options, cli, &problems, &error);
        // The demo's past is written before anything is recorded (GuiHistory waits for it).
        m_history->demoStarted(*m_demo);
        m_demo->removeKubeconfigs(); // the engine holds the credentials now
        // Check access, Run and Connect reach the demo's in-process members.
        AccessController::setProviderFileOverride(m_demo->providerFile());
    } else {
        problems.append(error);
    }
    for (const QString &problem : std::as_const(problems))
        std::fprintf(stderr, "fleetscope: %s\n", qPrintable(problem));
    m_window->statusBar()->clearMessage();
    if (!configured) {
        m_demoError = error;
        const QString title = QCoreApplication::translate("fleetscope", "The demo could not start");
        m_window->emptyFleetOverlay()->setNotice(title, error);
        m_window->statusBar()->showMessage(title + QStringLiteral(": ") + error);
        if (!cli.screenshotPath.isEmpty())
            QCoreApplication::exit(1); // a picture of the window without its demo shows nothing
        return;
    }
    m_window->emptyFleetOverlay()->setNotice(QString(), QString());
    m_demoStarted = true;
    for (const std::function<void()> &then : std::exchange(m_whenDemoStarted, {}))
        then();
}

void Dashboard::whenDemoStarted(std::function<void()> then)
{
    if (m_demoStarted)
        then();
    else
        m_whenDemoStarted.push_back(std::move(then));
}

} // namespace fleetscope
