#include "commandline.h"

#include "connectcommand.h"
#include "fleetscope_version.h"
#include "listcommand.h"
#include "guicommand.h"

#include "fleet/heaptuning.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstring>

namespace fleetscope {
namespace {

void setApplicationIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("fleetscope"));
    QCoreApplication::setApplicationName(QStringLiteral("fleetscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLEETSCOPE_VERSION));
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
    heap_tuning::useFixedMmapThreshold();
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
        describeGuiOptions(parser);
        parser.process(app); // prints and exits for --help/--version
        return 0;
    }
    return runGui(argc, argv);
}

} // namespace fleetscope
