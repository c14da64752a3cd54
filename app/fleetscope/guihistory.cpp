#include "guihistory.h"

#include "demofleet.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "history/fleettimemachine.h"
#include "history/historyrecorder.h"
#include "history/historystore.h"
#include "history/timetravel.h"
#include "historypanel.h"
#include "timetravelbar.h"
#include "timetravelui.h"
#include "mainwindow.h"
#include "charts/clustertimelineview.h"
#include "charts/fleethealthchart.h"
#include "demohistory.h"
#include "guioptions.h"

#include <QDir>
#include <QElapsedTimer>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>
#include <functional>
#include <utility>

namespace fleetscope {
GuiHistory::GuiHistory() = default;

GuiHistory::~GuiHistory()
{
    delete m_travelUi.data(); // its controls out of the window, which outlives the time travel
    m_travel.reset();         // the live fleet back in the window's store, the recorder on it
    m_recorder.reset(); // ends the coverage sessions before the store closes
}

void GuiHistory::start(FleetStore *store, FleetEngine *engine, MainWindow *window, const GuiOptions &options)
{
    const bool demo = options.demo;
    m_history = std::make_unique<HistoryStore>();
    QString path = options.historyPath;
    if (path.isEmpty()) {
        path = demo ? QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                          .filePath(QStringLiteral("demo-history.sqlite"))
                    : HistoryStore::defaultPath();
    }
    QSettings settings;
    m_history->open(path, HistorySettings::load(settings));
    QObject::connect(m_history.get(), &HistoryStore::stateChanged, window, [history = m_history.get()] {
        if (history->state() == HistoryStore::State::Failed)
            std::fprintf(stderr, "fleetscope: %s; running without history\n", qPrintable(history->statusMessage()));
    });
    window->setHistory(m_history.get());
    if (engine) {
        // The whole fleet's past, read from the same file (or from the file a
        // running `fleetscope record` writes, which the store then follows).
        m_machine = std::make_unique<FleetTimeMachine>();
        m_machine->setPath(path);
        m_travel = std::make_unique<TimeTravel>(store, engine->feeder(), nullptr, m_machine.get());
        auto *ui = new TimeTravelUi(window, m_travel.get(), m_machine.get());
        m_travelUi = ui;
        // The recorded range grows while the window records; asked again once the file is open.
        QObject::connect(m_history.get(), &HistoryStore::stateChanged, ui, [ui, history = m_history.get()] {
            if (history->state() == HistoryStore::State::Ready)
                ui->bar()->refreshRange();
        });
    }
    // Recording starts once the demo's past is written, so that nothing live lands before it.
    auto ready = std::make_shared<bool>(false);
    auto record = [this, store, ready] {
        m_recorder = std::make_unique<HistoryRecorder>(store, m_history.get());
        if (m_travel)
            m_travel->setRecorder(m_recorder.get()); // follows the live fleet while the past is shown
        m_recorder->observeAll();
        *ready = true;
        flushWaiting();
    };

    const QString timeline = options.timeline;
    const bool health = options.fleetHealth;
    std::function<void()> whenSettled = [] {};
    if (!timeline.isEmpty() || health) {
        const qint64 span = qint64(options.historyHours * 3600 * 1000);
        HistoryPanel *panel = window->historyPanel();
        auto done = std::make_shared<bool>(false);
        // The chart asked for is ready once it has shown what it read (a day of
        // history over hundreds of clusters takes a moment on the history's thread).
        m_chartPending = true;
        const auto chartShown = [this] {
            m_chartPending = false;
            flushWaiting();
        };
        if (health) {
            FleetHealthChart *chart = panel->healthChart();
            QObject::connect(chart, &FleetHealthChart::shown, window, [chart, chartShown, done] {
                if (*done && !chart->points().isEmpty())
                    chartShown();
            });
        } else {
            ClusterTimelineView *view = panel->timeline();
            QObject::connect(view, &ClusterTimelineView::shown, window, [view, chartShown, done] {
                if (*done && view->cluster().isValid())
                    chartShown();
            });
        }
        whenSettled = [store, panel, timeline, health, span, done, ready] {
            if (*done || !*ready || !store->allHubsSettled())
                return;
            *done = true;
            if (health) {
                panel->healthChart()->setSpan(span);
                panel->showHealthTab();
                return;
            }
            // Context names may contain '/'; the last two parts are the object.
            const qsizetype last = timeline.lastIndexOf(u'/');
            const qsizetype middle = timeline.lastIndexOf(u'/', last - 1);
            panel->selectClusters({ClusterId{timeline.left(middle), timeline.mid(middle + 1, last - middle - 1),
                                             timeline.mid(last + 1)}});
            panel->timeline()->setSpan(span);
            panel->showTimelineTab();
        };
        QObject::connect(store, &FleetStore::hubStatusChanged, window, whenSettled);
    }
    if (!demo) {
        record();
        QTimer::singleShot(0, window, whenSettled);
        return;
    }
    m_demoStarted = [this, window, record, whenSettled](DemoFleet &fleet) {
        const QStringList flapping = fleet.flappingClusters();
        if (!flapping.isEmpty())
            std::fprintf(stderr, "fleetscope: demo clusters that flap: %s\n", qPrintable(flapping.join(QStringLiteral(", "))));
        QElapsedTimer took;
        took.start();
        // The dashboard destroys its window (the context) before its demo.
        DemoFleet *demo = &fleet;
        DemoHistory::seedIfQuiet(m_history.get(), fleet.historyStart(), window,
                                 [record, whenSettled, took, demo](const DemoHistory::Simulated *seeded) {
            if (seeded) {
                demo->adoptSimulatedPast(*seeded);
                std::fprintf(stderr, "fleetscope: demo history: simulated the last 24 hours (%lld ms)\n",
                             static_cast<long long>(took.elapsed()));
            }
            record();
            whenSettled();
        });
    };
}

void GuiHistory::demoStarted(DemoFleet &demo)
{
    if (const auto started = std::exchange(m_demoStarted, {}))
        started(demo);
}

void GuiHistory::whenReady(std::function<void()> then)
{
    if (m_recorder && !m_chartPending)
        then();
    else
        m_waiting.push_back(std::move(then));
}

void GuiHistory::flushWaiting()
{
    if (!m_recorder || m_chartPending)
        return;
    for (const std::function<void()> &then : std::exchange(m_waiting, {}))
        then();
}

} // namespace fleetscope
