#include "guihistory.h"

#include "fleet/fleetstore.h"
#include "history/historyrecorder.h"
#include "history/historystore.h"
#include "historypanel.h"
#include "mainwindow.h"
#include "charts/clustertimelineview.h"
#include "charts/fleethealthchart.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("fleetscope", text);
}

} // namespace

void describeHistoryOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("history-file"),
                      tr("Condition history database (default: history.sqlite in the application data folder)."),
                      tr("file")});
    parser.addOption({QStringLiteral("timeline"),
                      tr("Select this cluster (HUB/NAMESPACE/NAME) and show its condition history."), tr("cluster")});
    parser.addOption({QStringLiteral("history-hours"), tr("With --timeline or --fleet-health: hours of history shown."),
                      tr("hours")});
    parser.addOption({QStringLiteral("fleet-health"), tr("Show the fleet health chart.")});
}

GuiHistory::GuiHistory() = default;

GuiHistory::~GuiHistory()
{
    m_recorder.reset(); // ends the coverage sessions before the store closes
}

void GuiHistory::start(FleetStore *store, MainWindow *window, const QCommandLineParser &parser, bool demo,
                       const QStringList &demoFlapping)
{
    m_history = std::make_unique<HistoryStore>();
    QString path = parser.value(QStringLiteral("history-file"));
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
    if (demo && !demoFlapping.isEmpty())
        std::fprintf(stderr, "fleetscope: demo clusters that flap: %s\n", qPrintable(demoFlapping.join(QStringLiteral(", "))));

    const QString timeline = parser.value(QStringLiteral("timeline"));
    const bool health = parser.isSet(QStringLiteral("fleet-health"));
    if (timeline.isEmpty() && !health)
        return;
    bool ok = false;
    const double hours = parser.value(QStringLiteral("history-hours")).toDouble(&ok);
    const qint64 span = qint64((ok && hours > 0 ? hours : 1.0) * 3600 * 1000);
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
        const QStringList parts = timeline.split(u'/');
        if (parts.size() == 3)
            panel->selectClusters({ClusterId{parts[0], parts[1], parts[2]}});
        panel->timeline()->setSpan(span);
        panel->showTimelineTab();
    };
    QObject::connect(store, &FleetStore::hubStatusChanged, window, whenSettled);
    QTimer::singleShot(0, window, whenSettled);
}

} // namespace fleetscope
