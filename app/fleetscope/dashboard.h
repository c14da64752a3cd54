#pragma once

#include <QString>
#include <QStringList>

#include <memory>

namespace fleetscope {

class DemoFleet;
class FleetCache;
class FleetEngine;
class FleetStore;
class GuiHistory;
class GuiOptions;
class MainWindow;

// The dashboard as a person starts it: the hubs (named on the command line, the
// demo's, the Hubs dialog's remembered choice, or the kubeconfig's current
// context), the engine on them, the last-known fleet while they answer, and the
// main window with its history. `fleetscope` runs it in its event loop; the tests
// that walk the window as a person does open the very same thing.
class Dashboard final
{
public:
    Dashboard();
    ~Dashboard();
    Dashboard(const Dashboard &) = delete;
    Dashboard &operator=(const Dashboard &) = delete;

    // Starts the engine and shows the window. Problems to print go to
    // `problems`; `startupError` is what the window must say in a message box
    // (hubs named on the command line that cannot be used). False only when the
    // demo fleet cannot start (the error is in `problems`).
    bool open(const GuiOptions &options, QStringList *problems, QString *startupError);

    MainWindow *window() const { return m_window.get(); }
    FleetStore *store() const { return m_store.get(); }
    FleetEngine *engine() const { return m_engine.get(); }
    DemoFleet *demo() const { return m_demo.get(); }
    // `--demo` for the commands: a demo fleet started once for the process.
    static void installDemoForCommands();

private:
    // Destroyed in reverse: the window and history before the engine and store.
    std::unique_ptr<FleetStore> m_store;
    std::unique_ptr<FleetEngine> m_engine;
    std::unique_ptr<DemoFleet> m_demo;
    std::unique_ptr<FleetCache> m_cache;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<GuiHistory> m_history;
};

} // namespace fleetscope
