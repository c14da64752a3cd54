#include "guicommand.h"

#include "accesscontroller.h"
#include "applanguage.h"
#include "apppalette.h"
#include "clusteractions.h"
#include "clustercolumndefaults.h"
#include "clustertableview.h"
#include "dashboard.h"
#include "displayguard.h"
#include "api/propertyaliases.h"
#include "fleet/filter/healthrules.h"
#include "fleet/store/fleetcache.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "fleet/engine/hubselection.h"
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
void scheduleScreenshot(MainWindow *window, FleetStore *store, GuiHistory *history, const GuiOptions &cli)
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
    auto recording = std::make_shared<bool>(false);
    auto whenSettled = [window, store, act, settled, recording] {
        if (*settled || !*recording || !store->allHubsSettled())
            return;
        *settled = true;
        // Let the last deltas and the layout land before acting and grabbing.
        QTimer::singleShot(400, window, act);
    };
    QObject::connect(store, &FleetStore::hubStatusChanged, window, whenSettled);
    // The demo's history has its past first.
    history->whenReady([recording, whenSettled] {
        *recording = true;
        whenSettled();
    });
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
        QStringList ruleProblems;
        HealthRules::setActive(HealthRules::load(settings, &ruleProblems));
        for (const QString &problem : std::as_const(ruleProblems))
            std::fprintf(stderr, "fleetscope: %s\n", qPrintable(problem));
    }

    Dashboard dashboard;
    QStringList problems;
    QString startupError;
    const bool opened = dashboard.open(cli, &problems, &startupError);
    for (const QString &problem : std::as_const(problems))
        std::fprintf(stderr, "fleetscope: %s\n", qPrintable(problem));
    if (!opened)
        return 1;
    MainWindow &window = *dashboard.window();
    FleetStore &store = *dashboard.store();
    if (!startupError.isEmpty())
        QMessageBox::warning(&window, tr("Fleetscope"), startupError);
    if (!cli.screenshotPath.isEmpty())
        scheduleScreenshot(&window, &store, dashboard.history(), cli);
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
    return dashboard.demoError().isEmpty() ? code : 1;
}

} // namespace fleetscope
