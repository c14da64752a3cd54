#pragma once

#include "kube/hubdelta.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>

#include <functional>

namespace fleetscope {

class FleetStore;
class HistoryStore;

// Follows a FleetStore into a HistoryStore: every added or changed profile
// becomes an observation of its conditions (the store's worker decides against
// what it recorded whether that is a transition, so relists and reconnects never
// invent any), and each hub's watching sessions become coverage, so that
// timelines can tell "nothing happened" from "nobody was looking". While a hub
// is watched, its profiles, namespaces and placement decisions also go to the
// fleet log (FleetLogWriter), which keeps the whole fleet's past; what a hub's
// cached copy shows before it answers is not an observation.
class HistoryRecorder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryRecorder)

public:
    HistoryRecorder(const FleetStore *fleet, HistoryStore *history, QObject *parent = nullptr);
    ~HistoryRecorder() override;

    // Tests drive time; the default is the wall clock.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    // Records every profile the store holds now (when the recorder starts late).
    void observeAll();
    // Follows another store that holds the same hubs (the live fleet while the
    // window's store shows a recorded moment: TimeTravel).
    void setFleet(const FleetStore *fleet);

private:
    void follow(const FleetStore *fleet);
    void onProfilesUpdated(const QList<int> &rows);
    void onHubStatusChanged(int hub);
    void observeNamespaces(int hub, bool always);
    void observePlacements(int hub);
    bool watching(int hub) const;
    // Watched, and listed whole since: what the fleet log records of it.
    bool recordsFleet(int hub) const;
    void startFleetRecord(int hub);
    qint64 now() const;

    const FleetStore *m_fleet;
    QList<QMetaObject::Connection> m_connections;
    HistoryStore *m_history;
    QSet<QString> m_watching; // hubs with an open coverage session
    QSet<QString> m_listed;   // of those, the ones whose list came whole: the fleet log follows them
    QHash<int, QList<NamespacePtr>> m_namespaces; // per hub, as last sent
    std::function<qint64()> m_clock;
};

} // namespace fleetscope
