#pragma once

#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace fleetscope {

class DemoFleet;
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
// that tab to the front once the fleet has settled. A demo whose history recorded
// nothing lately first gets a simulated past (DemoHistory).
class GuiHistory final
{
public:
    GuiHistory();
    ~GuiHistory();
    GuiHistory(const GuiHistory &) = delete;
    GuiHistory &operator=(const GuiHistory &) = delete;

    // `engine` may be null (no hubs): then the window has no time travel. With
    // options.demo the history is the demo's own, and recording waits for
    // demoStarted (the demo's hubs start after the window is shown).
    void start(FleetStore *store, FleetEngine *engine, MainWindow *window, const GuiOptions &options);
    // The demo's hubs are up (before the engine reads them): writes their simulated
    // past if the history is quiet, then records.
    void demoStarted(DemoFleet &demo);
    TimeTravel *timeTravel() const { return m_travel.get(); }
    // Runs `then` once recording has started and the chart asked for with
    // --timeline / --fleet-health shows what it read; at once if both have happened.
    // By then the demo's past is in the history, ahead of anything a view asks.
    void whenReady(std::function<void()> then);

private:
    void flushWaiting();

    std::unique_ptr<HistoryStore> m_history;
    std::unique_ptr<HistoryRecorder> m_recorder;
    bool m_chartPending = false;
    std::vector<std::function<void()>> m_waiting;
    std::function<void(DemoFleet &)> m_demoStarted;
    std::unique_ptr<FleetTimeMachine> m_machine;
    std::unique_ptr<TimeTravel> m_travel;
    QPointer<TimeTravelUi> m_travelUi; // in the window, which outlives this
};

} // namespace fleetscope
