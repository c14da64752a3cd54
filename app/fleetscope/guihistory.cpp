#include "guihistory.h"

#include "fleet/fleetengine.h"
#include "fleet/fleetstore.h"
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
#include "guioptions.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>

namespace fleetscope {
GuiHistory::GuiHistory() = default;

GuiHistory::~GuiHistory()
{
    delete m_travelUi.data(); // its controls out of the window, which outlives the time travel
    m_travel.reset();         // the live fleet back in the window's store, the recorder on it
    m_recorder.reset(); // ends the coverage sessions before the store closes
}

void GuiHistory::start(FleetStore *store, FleetEngine *engine, MainWindow *window, const GuiOptions &options,
                       const QStringList &demoFlapping)
{
    m_history = std::make_unique<HistoryStore>();
    const bool demo = options.demo;
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
    m_recorder = std::make_unique<HistoryRecorder>(store, m_history.get());
    window->setHistory(m_history.get());
    if (engine) {
        // The whole fleet's past, read from the same file (or from the file a
        // running `fleetscope record` writes, which the store then follows).
        m_machine = std::make_unique<FleetTimeMachine>();
        m_machine->setPath(path);
        m_travel = std::make_unique<TimeTravel>(store, engine->feeder(), m_recorder.get(), m_machine.get());
        auto *ui = new TimeTravelUi(window, m_travel.get(), m_machine.get());
        m_travelUi = ui;
        // The recorded range grows while the window records; asked again once the file is open.
        QObject::connect(m_history.get(), &HistoryStore::stateChanged, ui, [ui, history = m_history.get()] {
            if (history->state() == HistoryStore::State::Ready)
                ui->bar()->refreshRange();
        });
    }
    if (demo && !demoFlapping.isEmpty())
        std::fprintf(stderr, "fleetscope: demo clusters that flap: %s\n", qPrintable(demoFlapping.join(QStringLiteral(", "))));

    const QString timeline = options.timeline;
    const bool health = options.fleetHealth;
    if (timeline.isEmpty() && !health)
        return;
    const qint64 span = qint64(options.historyHours * 3600 * 1000);
    HistoryPanel *panel = window->historyPanel();
    auto done = std::make_shared<bool>(false);
    auto whenSettled = [store, panel, timeline, health, span, done] {
        if (*done || !store->allHubsSettled())
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
    QTimer::singleShot(0, window, whenSettled);
}

} // namespace fleetscope
