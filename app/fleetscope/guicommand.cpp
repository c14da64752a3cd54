#include "guicommand.h"

#include "applanguage.h"
#include "apppalette.h"
#include "clustertableview.h"
#include "demofleet.h"
#include "fleet/fleetcache.h"
#include "fleet/fleetengine.h"
#include "fleet/fleetstore.h"
#include "guihistory.h"
#include "mainwindow.h"
#include "offlinebadge.h"
#include "recenthubs.h"
#include "windowsettings.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QHeaderView>
#include <QMessageBox>
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

// --lang must be known before the options are described, so that --help and every
// message after it are already in that language.
QString languageArgument(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--lang") && i + 1 < arguments.size())
            return arguments[i + 1];
        if (arguments[i].startsWith(QLatin1String("--lang=")))
            return arguments[i].mid(7);
    }
    return {};
}

// Saves the window once the fleet has settled (or at the deadline), then quits:
// the way documentation images and visual checks are made, on any QPA platform.
void scheduleScreenshot(QWidget *window, FleetStore *store, const QString &path, int selectRow)
{
    auto done = std::make_shared<bool>(false);
    auto shoot = [window, path, done] {
        if (*done)
            return;
        *done = true;
        const bool saved = window->grab().save(path, "PNG");
        if (!saved)
            std::fprintf(stderr, "fleetscope: cannot write screenshot %s\n", qPrintable(path));
        QCoreApplication::exit(saved ? 0 : 1);
    };
    auto whenSettled = [window, store, shoot, selectRow] {
        if (!store->allHubsSettled())
            return;
        // Let the last deltas and the layout land before grabbing.
        QTimer::singleShot(400, window, [window, shoot, selectRow] {
            if (selectRow >= 0) {
                if (auto *main = qobject_cast<MainWindow *>(window))
                    main->selectClusterRow(selectRow);
            }
            QTimer::singleShot(200, window, shoot);
        });
    };
    QObject::connect(store, &FleetStore::hubStatusChanged, window, whenSettled);
    QTimer::singleShot(0, window, whenSettled);
    QTimer::singleShot(30000, window, shoot); // never hang a screenshot run
}

} // namespace

void describeGuiOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(tr("Native dashboard for fleets of Kubernetes clusters.\n\n"
                                        "Subcommands: fleetscope list --help, fleetscope connect --help"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("kubeconfig"), tr("Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)."), tr("file")});
    parser.addOption({QStringLiteral("context"), tr("A kubeconfig context to use as a hub (repeatable; default: the current context)."), tr("name")});
    parser.addOption({QStringLiteral("all-contexts"), tr("Use every context of the kubeconfig as a hub.")});
    parser.addOption({QStringLiteral("namespace"), tr("A namespace to read when cluster-wide lists are forbidden (repeatable)."), tr("name")});
    parser.addOption({QStringLiteral("demo"), tr("Start two simulated hubs in-process and show their fleet.")});
    parser.addOption({QStringLiteral("screenshot"), tr("Render the main window to a PNG file once the fleet is synced, then exit."), tr("file")});
    parser.addOption({QStringLiteral("select-row"), tr("With --screenshot: select this row of the table first."), tr("row")});
    parser.addOption({QStringLiteral("geometry"), tr("Main window size, e.g. 1400x900."), tr("WxH")});
    describeHistoryOptions(parser);
    parser.addOption({QStringLiteral("lang"), tr("Interface language, e.g. de or ja (default: the system language)."), tr("language")});
    parser.addOption({QStringLiteral("palette"), tr("Force the Fusion style with a dark or light palette (default: the platform's)."), tr("dark|light")});
}

int runGui(int argc, char **argv)
{
    QApplication app(argc, argv);
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.fleetscope.Fleetscope"));
    QString languageWarning;
    AppLanguage::install(&app, AppLanguage::choose(languageArgument(QCoreApplication::arguments()), &languageWarning));
    QCommandLineParser parser;
    describeGuiOptions(parser);
    parser.process(app);
    if (!languageWarning.isEmpty())
        std::fprintf(stderr, "fleetscope: %s\n", qPrintable(languageWarning));
    if (!AppPalette::apply(parser.value(QStringLiteral("palette")))) {
        std::fprintf(stderr, "fleetscope: %s\n",
                     qPrintable(tr("--palette: expected dark or light, got \"%1\"").arg(parser.value(QStringLiteral("palette")))));
        return 2;
    }

    FleetStore store;
    FleetEngine engine(&store);
    DemoFleet demo;
    FleetEngineOptions options;
    options.kubeconfigPath = parser.value(QStringLiteral("kubeconfig"));
    options.contexts = parser.values(QStringLiteral("context"));
    options.allContexts = parser.isSet(QStringLiteral("all-contexts"));
    options.namespaces = parser.values(QStringLiteral("namespace"));
    options.keepRawJson = true; // the details pane shows the object as YAML
    QString error;
    if (parser.isSet(QStringLiteral("demo"))) {
        if (!demo.start(&error)) {
            std::fprintf(stderr, "fleetscope: %s\n", qPrintable(error));
            return 1;
        }
        options.kubeconfigPath.clear();
        options.kubeconfigList = demo.kubeconfigList();
        options.allContexts = true;
    }
    const bool wantHubs = parser.isSet(QStringLiteral("demo")) || parser.isSet(QStringLiteral("kubeconfig"))
        || !options.contexts.isEmpty() || options.allContexts || qEnvironmentVariableIsSet("KUBECONFIG");
    const bool recent = RecentHubs::apply(&options);
    bool configured = false;
    if (wantHubs) {
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
    if (configured)
        RecentHubs::remember(store, options);
    if (parser.isSet(QStringLiteral("demo")))
        demo.removeKubeconfigs(); // the engine holds the credentials now
    // The last-known fleet of each hub, shown (stale, read-only) until the hub answers.
    std::unique_ptr<FleetCache> cache;
    if (configured && !options.kubeconfigList) {
        cache = std::make_unique<FleetCache>(&store);
        QStringList cacheErrors;
        cache->restore(&cacheErrors);
        for (const QString &cacheError : std::as_const(cacheErrors))
            std::fprintf(stderr, "fleetscope: %s\n", qPrintable(cacheError));
    }

    MainWindow window(&store, &engine);
    GuiHistory history;
    history.start(&store, &window, parser, parser.isSet(QStringLiteral("demo")), demo.flappingClusters());
    if (cache)
        window.statusBar()->addPermanentWidget(new OfflineBadge(&store, cache.get(), &window));
    // Screenshots are made at a chosen size and must not become the user's layout.
    if (!parser.isSet(QStringLiteral("screenshot")))
        (new WindowSettings(&window, window.splitter(), window.clusterTable()->header()))->restore();
    const QStringList size = parser.value(QStringLiteral("geometry")).split(u'x');
    if (size.size() == 2 && size[0].toInt() > 0 && size[1].toInt() > 0)
        window.resize(size[0].toInt(), size[1].toInt());
    window.show();
    if (configured)
        engine.start();
    else if (wantHubs)
        QMessageBox::warning(&window, tr("Fleetscope"), error);
    if (parser.isSet(QStringLiteral("screenshot"))) {
        bool ok = false;
        const int row = parser.value(QStringLiteral("select-row")).toInt(&ok);
        scheduleScreenshot(&window, &store, parser.value(QStringLiteral("screenshot")), ok ? row : -1);
    }
    const int code = app.exec();
    engine.stop();
    return code;
}

} // namespace fleetscope
