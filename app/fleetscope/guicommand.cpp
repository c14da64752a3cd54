#include "guicommand.h"

#include "accesscontroller.h"
#include "applanguage.h"
#include "apppalette.h"
#include "clusteractions.h"
#include "clustercolumndefaults.h"
#include "clustertableview.h"
#include "demofleet.h"
#include "displayguard.h"
#include "api/propertyaliases.h"
#include "fleet/fleetcache.h"
#include "fleet/fleetengine.h"
#include "fleet/fleetstore.h"
#include "fleet/hubselection.h"
#include "kube/logcategories.h"
#include "guihistory.h"
#include "guioptions.h"
#include "hubstatusbar.h"
#include "filterbar.h"
#include "mainwindow.h"
#include "memberactions.h"
#include "rundialog.h"

#include "connect/memberrunmodel.h"
#include "offlinebadge.h"
#include "quitonsignal.h"
#include "recenthubs.h"
#include "windowsettings.h"

#include <QApplication>
#include <QComboBox>
#include <QTableView>
#include <QHeaderView>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include <cstdio>
#include <memory>

namespace fleetscope {
namespace {

// lupdate files these free-function tr() calls under the enclosing namespace.
QString tr(const char *text)
{
    return QCoreApplication::translate("fleetscope", text);
}

// Saves the window once the fleet has settled (or at the deadline), then quits:
// the way documentation images and visual checks are made, on any QPA platform.
// With --check-access the shown clusters are checked first; with --run the
// command runs on them and the Run window is what is saved.
void scheduleScreenshot(MainWindow *window, FleetStore *store, const GuiOptions &cli)
{
    const QString path = cli.screenshotPath;
    auto done = std::make_shared<bool>(false);
    auto shoot = [path, done](QWidget *widget) {
        if (*done)
            return;
        *done = true;
        // The status bar recounts at most once a second under churn; the picture
        // shows the counts of the moment it is taken, as the tree it paints does.
        if (auto *main = qobject_cast<MainWindow *>(widget))
            main->hubStatusBar()->updateCounts();
        const bool saved = widget->grab().save(path, "PNG");
        if (!saved)
            std::fprintf(stderr, "fleetscope: cannot write screenshot %s\n", qPrintable(path));
        QCoreApplication::exit(saved ? 0 : 1);
    };
    auto settled = std::make_shared<bool>(false);
    auto act = [window, shoot, cli] {
        if (cli.selectRow >= 0)
            window->selectClusterRow(cli.selectRow);
        if (cli.checkAccess) {
            AccessController *access = window->accessController();
            QObject::connect(access, &AccessController::finished, window,
                             [window, shoot] { QTimer::singleShot(300, window, [window, shoot] { shoot(window); }); });
            if (access->check(window->clusterActions()->shownStoreRows()))
                return;
        }
        if (!cli.runCommand.isEmpty()) {
            if (RunDialog *dialog = window->memberActions()->openRunDialog()) {
                dialog->resize(window->size() * 0.8);
                dialog->commandField()->setCurrentText(cli.runCommand);
                QObject::connect(dialog, &RunDialog::runFinished, dialog, [dialog, shoot] {
                    // The first member the command succeeded on shows what it printed.
                    int row = 0;
                    while (row + 1 < dialog->model()->rowCount() && !dialog->model()->result(row).succeeded())
                        ++row;
                    dialog->resultsView()->selectRow(row);
                    QTimer::singleShot(300, dialog, [dialog, shoot] { shoot(dialog); });
                });
                if (dialog->run())
                    return;
            }
        }
        QTimer::singleShot(200, window, [window, shoot] { shoot(window); });
    };
    auto whenSettled = [window, store, act, settled] {
        if (*settled || !store->allHubsSettled())
            return;
        *settled = true;
        // Let the last deltas and the layout land before acting and grabbing.
        QTimer::singleShot(400, window, act);
    };
    QObject::connect(store, &FleetStore::hubStatusChanged, window, whenSettled);
    QTimer::singleShot(0, window, whenSettled);
    QTimer::singleShot(60000, window, [window, shoot] { shoot(window); }); // never hang a screenshot run
}

} // namespace

int runGui(int argc, char **argv, const GuiOptions &cli)
{
    QString noDisplay = DisplayGuard::missingDisplay();
    if (!noDisplay.isEmpty())
        return DisplayGuard::fail(noDisplay);
    DisplayGuard guard; // turns Qt's abort for a display it cannot open into one line
    QApplication app(argc, argv);
    guard.release();
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.fleetscope.Fleetscope"));
    QString languageWarning;
    AppLanguage::install(&app, AppLanguage::choose(cli.language, &languageWarning));
    if (!languageWarning.isEmpty())
        std::fprintf(stderr, "fleetscope: %s\n", qPrintable(languageWarning));
    AppPalette::apply(cli.palette);
    {
        QSettings settings;
        PropertyAliases::setActive(PropertyAliases::load(settings));
    }

    FleetStore store;
    FleetEngine engine(&store);
    DemoFleet demo;
    FleetEngineOptions options;
    options.kubeconfigPath = cli.kubeconfigPath;
    options.contexts = cli.contexts;
    options.allContexts = cli.allContexts;
    options.namespaces = cli.namespaces;
    options.keepRawJson = true; // the details pane shows the object as YAML
    QString error;
    if (cli.demo) {
        if (!demo.start(&error)) {
            std::fprintf(stderr, "fleetscope: %s\n", qPrintable(error));
            return 1;
        }
        options.kubeconfigPath.clear();
        options.kubeconfigList = demo.kubeconfigList();
        options.allContexts = true;
    }
    const bool wantHubs = cli.namesHubs();
    // The Hubs dialog's choice, unless this run names its hubs on the command line.
    const HubSelection remembered = cli.overridesRememberedHubs() ? HubSelection() : HubSelection::load();
    const bool recent = !remembered.saved && RecentHubs::apply(&options);
    bool configured = false;
    if (remembered.saved) {
        engine.setOptions(options);
        QStringList problems;
        engine.setHubs(remembered.hubs, &problems);
        for (const QString &problem : std::as_const(problems))
            std::fprintf(stderr, "fleetscope: %s\n", qPrintable(problem));
        configured = true;
    } else if (wantHubs) {
        configured = engine.configure(options, &error);
        if (!configured)
            std::fprintf(stderr, "fleetscope: %s\n", qPrintable(error));
    } else {
        // No explicit choice: use the current context if there is a kubeconfig at all.
        configured = engine.configure(options, &error);
    }
    if (!configured && recent) {
        // The remembered hubs are gone from the kubeconfig: fall back to its current context.
        options.contexts.clear();
        configured = engine.configure(options, &error);
    }
    if (configured && !remembered.saved)
        RecentHubs::remember(store, options);
    if (cli.demo)
        demo.removeKubeconfigs(); // the engine holds the credentials now
    // The last-known fleet of each hub, shown (stale, read-only) until the hub answers.
    std::unique_ptr<FleetCache> cache;
    if (configured && !options.kubeconfigList) {
        cache = std::make_unique<FleetCache>(&store);
        // Read on the cache's worker while the window comes up; live data that
        // arrives first wins over it.
        QObject::connect(cache.get(), &FleetCache::restoreFinished, [](int, const QStringList &errors) {
            for (const QString &cacheError : errors)
                std::fprintf(stderr, "fleetscope: %s\n", qPrintable(cacheError));
        });
        cache->restore();
    }

    if (cli.demo) {
        // Check access, Run and Connect reach the demo's in-process members.
        AccessController::setProviderFileOverride(demo.providerFile());
    }
    MainWindow window(&store, &engine);
    window.setRememberHubs(!options.kubeconfigList); // the demo's kubeconfig is private and gone
    GuiHistory history;
    history.start(&store, &window, cli, demo.flappingClusters());
    if (cache)
        window.statusBar()->addPermanentWidget(new OfflineBadge(&store, cache.get(), &window));
    // Screenshots are made at a chosen size and must not become the user's layout.
    if (cli.screenshotPath.isEmpty()
        && (new WindowSettings(&window, window.splitter(), window.clusterTable()->header()))->restore())
        window.columnDefaults()->keepUserLayout(); // the person's own columns, as they left them
    if (cli.geometry.isValid())
        window.resize(cli.geometry);
    if (!cli.filter.isEmpty())
        window.filterBar()->setText(cli.filter);
    window.show();
    // Started even without hubs: those chosen in the Hubs dialog start syncing at once.
    engine.start();
    if (!configured && wantHubs)
        QMessageBox::warning(&window, tr("Fleetscope"), error);
    if (!cli.screenshotPath.isEmpty())
        scheduleScreenshot(&window, &store, cli);
    // For `-v 2`: the moment the window holds every hub's answer (logged on the
    // GUI thread, after the store, cache and history have taken it in).
    QObject::connect(&store, &FleetStore::hubStatusChanged, &window, [&store, logged = false]() mutable {
        if (logged || store.activeHubs().isEmpty() || !store.allHubsSettled())
            return;
        logged = true;
        qCInfo(lcFleet).noquote() << QStringLiteral("window has every hub's answer: %1 profiles").arg(store.profileCount());
    });
    QuitOnSignal quitOnSignal;
    const int code = app.exec();
    engine.stop();
    return code;
}

} // namespace fleetscope
