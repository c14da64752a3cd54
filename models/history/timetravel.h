#pragma once

#include "fleetmoment.h"

#include <QObject>
#include <QStringList>

#include <memory>

namespace fleetscope {

class FleetStore;
class FleetTimeMachine;
class HistoryRecorder;
class StoreFeeder;

// The window's fleet at a recorded moment, and back to live. The window's
// store (and so the table, the group tree, the filter, the status bar counts,
// the details and the Placements tab, which all follow it) is given the
// moment's profiles, placements and namespaces as ordinary changes: only what
// differs from what it shows moves, so a slider step is cheap. Meanwhile the
// hubs' live changes go to a store of their own (the feeder points there, the
// recorder follows it), so that live changes keep being recorded and "now"
// comes back exact. The window's store says it shows the past
// (FleetStore::isShowingPast()), so that the fleet cache and notifications let
// those rows be.
class TimeTravel final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimeTravel)

public:
    // `recorder` may be null (no history recorded by this window).
    TimeTravel(FleetStore *store, StoreFeeder *feeder, HistoryRecorder *recorder, FleetTimeMachine *machine,
               QObject *parent = nullptr);
    // Back to live first: the window's store must hold the live fleet when it is saved.
    ~TimeTravel() override;

    bool isLive() const { return m_live == nullptr; }
    // The moment shown (0 while live), and the last one asked for.
    qint64 shownMoment() const { return m_shown; }
    qint64 requestedMoment() const { return m_requested; }
    // What the last moment shown said of each hub (recorded, watched).
    const QList<HubMoment> &hubStates() const { return m_hubStates; }
    // The hubs whose past is shown: the window's hubs.
    QStringList hubs() const;

    // The window's recorder, once it records (the demo's first writes its past): it
    // follows the live fleet while the past is shown.
    void setRecorder(HistoryRecorder *recorder);

    // Asks for the fleet at `at`; shown when the history answers (momentShown).
    void showMoment(qint64 at);
    // The live fleet again, at once.
    void showLive();

    // Whether the cluster exists in the live fleet now (a moment may show
    // clusters that are gone since). Always true while live.
    bool existsNow(int hub, const QString &namespaceName, const QString &name) const;

signals:
    // The window's store is about to change to another moment (or to live):
    // what moves in the views meanwhile is none of the person's doing.
    void aboutToShow();
    void momentShown(qint64 at);
    void liveShown();
    // The history could not answer (the message names the file).
    void failed(const QString &error);
    // The live fleet changed while a moment is shown (existsNow() may answer otherwise).
    void liveFleetChanged();

private:
    void enterPast();
    void apply(const FleetMoment &moment);
    // Makes the window's store hold, for hub `hub`, exactly `profiles`,
    // `placements` and `namespaces` (as one delta of what differs).
    void replaceHub(int hub, const QList<ProfilePtr> &profiles, const QList<PlacementPtr> &placements,
                    const QList<NamespacePtr> &namespaces);

    FleetStore *m_store;
    StoreFeeder *m_feeder;
    HistoryRecorder *m_recorder;
    FleetTimeMachine *m_machine;
    std::unique_ptr<FleetStore> m_live; // the live fleet while a moment is shown
    QList<QMetaObject::Connection> m_mirror;
    QList<HubMoment> m_hubStates;
    qint64 m_shown = 0;
    qint64 m_requested = 0;
};

} // namespace fleetscope
