#include "commandline.h"

#include "fleetscope_version.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>

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
    window.show();
    return app.exec();
}

} // namespace fleetscope
