#include "commandline.h"

#include "connectcommand.h"
#include "fleetscope_version.h"
#include "listcommand.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>

#include <cstring>

namespace fleetscope {
namespace {

void setApplicationIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("fleetscope"));
    QCoreApplication::setApplicationName(QStringLiteral("fleetscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLEETSCOPE_VERSION));
}

void describeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Native dashboard for fleets of Kubernetes clusters."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(QCommandLineOption(
        {QStringLiteral("screenshot")},
        QCoreApplication::translate("main", "Render the main window to a PNG file and exit (works offscreen)."),
        QCoreApplication::translate("main", "file")));
    parser.addOption(QCommandLineOption(
        {QStringLiteral("geometry")},
        QCoreApplication::translate("main", "Main window size, e.g. 1400x900."),
        QCoreApplication::translate("main", "WxH")));
}

// Saves the window once it has been laid out and painted, then quits: the way
// documentation images and visual checks are made, on any QPA platform.
void scheduleScreenshot(QWidget *window, const QString &path)
{
    QTimer::singleShot(0, window, [window, path] {
        const bool saved = window->grab().save(path, "PNG");
        if (!saved)
            std::fprintf(stderr, "fleetscope: cannot write screenshot %s\n", qPrintable(path));
        QCoreApplication::exit(saved ? 0 : 1);
    });
}

// --help and --version must answer on a machine without a display, so they are
// handled before a QApplication (which needs a platform plugin) exists.
bool wantsConsoleOnly(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (!std::strcmp(arg, "--version") || !std::strcmp(arg, "-v") || !std::strcmp(arg, "--help")
            || !std::strcmp(arg, "-h") || !std::strcmp(arg, "--help-all"))
            return true;
    }
    return false;
}

} // namespace

int runFleetscope(int argc, char **argv)
{
    setApplicationIdentity();
    // Subcommands run headless, on the same engine as the GUI.
    if (argc > 1 && !std::strcmp(argv[1], "list")) {
        QCoreApplication app(argc, argv);
        QStringList arguments = QCoreApplication::arguments();
        arguments.removeAt(1);
        arguments[0] += QStringLiteral(" list");
        return runListCommand(arguments);
    }
    if (argc > 1 && !std::strcmp(argv[1], "connect")) {
        QCoreApplication app(argc, argv);
        QStringList arguments = QCoreApplication::arguments();
        arguments.removeAt(1);
        arguments[0] += QStringLiteral(" connect");
        return runConnectCommand(arguments);
    }
    if (wantsConsoleOnly(argc, argv)) {
        QCoreApplication app(argc, argv);
        QCommandLineParser parser;
        describeOptions(parser);
        parser.process(app); // prints and exits for --help/--version
        return 0;
    }

    QApplication app(argc, argv);
    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(app);

    MainWindow window;
    const QStringList size = parser.value(QStringLiteral("geometry")).split(u'x');
    if (size.size() == 2 && size[0].toInt() > 0 && size[1].toInt() > 0)
        window.resize(size[0].toInt(), size[1].toInt());
    window.show();
    if (parser.isSet(QStringLiteral("screenshot")))
        scheduleScreenshot(&window, parser.value(QStringLiteral("screenshot")));
    return app.exec();
}

} // namespace fleetscope
