#pragma once

#include <QPointer>
#include <QStringList>

#include <memory>

namespace fleetscope {

class FleetEngine;
class FleetStore;
class FleetTimeMachine;
class GuiOptions;
class HistoryRecorder;
class HistoryStore;
class MainWindow;
class TimeTravel;
class TimeTravelUi;

// The dashboard's condition history: opens the database (the user's, or the
// demo's own so that a demo never mixes with real history), records the fleet
// into it and shows it in the window, with the time travel over the whole
// fleet's past. With --timeline / --fleet-health (for screenshots) it brings
// that tab to the front once the fleet has settled.
class GuiHistory final
{
public:
    GuiHistory();
    ~GuiHistory();
    GuiHistory(const GuiHistory &) = delete;
    GuiHistory &operator=(const GuiHistory &) = delete;

    // `engine` may be null (no hubs): then the window has no time travel.
    void start(FleetStore *store, FleetEngine *engine, MainWindow *window, const GuiOptions &options,
               const QStringList &demoFlapping);
    TimeTravel *timeTravel() const { return m_travel.get(); }

private:
    std::unique_ptr<HistoryStore> m_history;
    std::unique_ptr<HistoryRecorder> m_recorder;
    std::unique_ptr<FleetTimeMachine> m_machine;
    std::unique_ptr<TimeTravel> m_travel;
    QPointer<TimeTravelUi> m_travelUi; // in the window, which outlives this
};

} // namespace fleetscope
