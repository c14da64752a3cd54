#pragma once

#include <QCommandLineOption>
#include <QSize>
#include <QString>
#include <QStringList>

namespace fleetscope {

class CommandParser;

// What `fleetscope [options]` (the dashboard) accepts, described for --help and
// checked completely before any window exists: a mistake is a usage error, never
// a half-started GUI.
class GuiOptions final
{
public:
    GuiOptions();

    void describe(CommandParser &cli) const;
    // Reads and checks the parsed values; false after a usage error (already printed).
    bool read(CommandParser &cli);

    bool version = false;
    QString kubeconfigPath;
    QStringList contexts;
    bool allContexts = false;
    QStringList namespaces;
    bool demo = false;
    QString screenshotPath;
    int selectRow = -1;  // with --screenshot: the table row selected first
    QString filter;      // the filter line's text at start
    bool checkAccess = false; // with --screenshot: check the shown clusters first
    QString runCommand;       // with --screenshot: run this on the shown clusters, render that dialog
    QSize geometry;      // invalid: the remembered or default size
    QString language;    // empty: the system's
    QString palette;     // empty, "dark" or "light"
    QString historyPath; // empty: the default database
    QString timeline;    // HUB/NAMESPACE/NAME whose timeline is shown
    bool fleetHealth = false;
    double historyHours = 1;

    // Whether the user named hubs on the command line (or through $KUBECONFIG).
    bool namesHubs() const;
    // Whether this run's hubs come from the command line (--demo, --kubeconfig,
    // --context, --all-contexts) rather than the Hubs dialog's remembered choice.
    bool overridesRememberedHubs() const;

private:
    QCommandLineOption m_version;
    QCommandLineOption m_kubeconfig;
    QCommandLineOption m_context;
    QCommandLineOption m_allContexts;
    QCommandLineOption m_namespace;
    QCommandLineOption m_demo;
    QCommandLineOption m_screenshot;
    QCommandLineOption m_selectRow;
    QCommandLineOption m_filter;
    QCommandLineOption m_checkAccess;
    QCommandLineOption m_run;
    QCommandLineOption m_geometry;
    QCommandLineOption m_historyFile;
    QCommandLineOption m_timeline;
    QCommandLineOption m_historyHours;
    QCommandLineOption m_fleetHealth;
    QCommandLineOption m_lang;
    QCommandLineOption m_palette;
};

} // namespace fleetscope
