#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace fleetscope {

class DemoFleet;
class FleetCache;
class FleetEngine;
struct FleetEngineOptions;
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
    // (hubs named on the command line that cannot be used). With the demo the
    // window shows first, saying that the demo's hubs are starting; they start
    // once it has painted (then whenDemoStarted's functions run; a failure is
    // printed, said in the window and kept in demoError). Returns true: nothing
    // that can fail is left before the window shows.
    bool open(const GuiOptions &options, QStringList *problems, QString *startupError);
    // Runs `then` once the demo's hubs are up and the engine watches them (at once
    // if they are); never when they could not start.
    void whenDemoStarted(std::function<void()> then);
    bool demoStarted() const { return m_demoStarted; }
    // Why the demo's hubs could not start; empty while they start and once they run.
    QString demoError() const { return m_demoError; }

    MainWindow *window() const { return m_window.get(); }
    FleetStore *store() const { return m_store.get(); }
    FleetEngine *engine() const { return m_engine.get(); }
    DemoFleet *demo() const { return m_demo.get(); }
    GuiHistory *history() const { return m_history.get(); }
    // `--demo` for the commands: a demo fleet started once for the process.
    static void installDemoForCommands();

private:
    // The engine on the hubs (the Hubs dialog's remembered choice, else those the
    // options name, the last session's or the current context) and, for hubs of the
    // user's kubeconfig, their last-known fleet. False when none could be
    // configured (`error` says why; `problems` has it when hubs were named).
    bool configureHubs(FleetEngineOptions options, const GuiOptions &cli, QStringList *problems, QString *error);
    void startDemo(const GuiOptions &cli);

    bool m_demoStarted = false;
    QString m_demoError;
    std::vector<std::function<void()>> m_whenDemoStarted;
    // Destroyed in reverse: the window and history before the engine and store.
    std::unique_ptr<FleetStore> m_store;
    std::unique_ptr<FleetEngine> m_engine;
    std::unique_ptr<DemoFleet> m_demo;
    std::unique_ptr<FleetCache> m_cache;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<GuiHistory> m_history;
};

} // namespace fleetscope
