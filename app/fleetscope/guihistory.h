#pragma once

#include <QStringList>

#include <memory>

namespace fleetscope {

class FleetStore;
class GuiOptions;
class HistoryRecorder;
class HistoryStore;
class MainWindow;

// The dashboard's condition history: opens the database (the user's, or the
// demo's own so that a demo never mixes with real history), records the fleet
// into it and shows it in the window. With --timeline / --fleet-health (for
// screenshots) it brings that tab to the front once the fleet has settled.
class GuiHistory final
{
public:
    GuiHistory();
    ~GuiHistory();
    GuiHistory(const GuiHistory &) = delete;
    GuiHistory &operator=(const GuiHistory &) = delete;

    void start(FleetStore *store, MainWindow *window, const GuiOptions &options, const QStringList &demoFlapping);

private:
    std::unique_ptr<HistoryStore> m_history;
    std::unique_ptr<HistoryRecorder> m_recorder;
};

} // namespace fleetscope
