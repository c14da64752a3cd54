#pragma once

#include "fleetchanges.h"
#include "fleetmoment.h"
#include "historydatabase.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

// Reads the fleet's past from a history file (its fleet log) while a writer may
// be recording into it: the fleet of some hubs as recorded at a moment, and
// what changed between two moments. Synchronous: `fleetscope list --at` and
// `diff` call it directly, the dashboard on a thread of its own
// (FleetTimeMachine). Moments asked one after another (a slider) are cheap: a
// later moment of the same recorder run goes on from the last one instead of
// replaying, and clusters that did not change keep their profile objects.
class FleetHistoryReader final
{
public:
    FleetHistoryReader();
    ~FleetHistoryReader();
    FleetHistoryReader(const FleetHistoryReader &) = delete;
    FleetHistoryReader &operator=(const FleetHistoryReader &) = delete;

    bool open(const QString &path, QString *error);
    bool isOpen() const { return m_db.isOpen(); }
    QString path() const { return m_db.path(); }

    // A hub's recorded range: from its oldest moment that can still be shown to
    // the last one recorded. Gaps (nobody watching) lie inside it.
    struct HubRange
    {
        QString hub;
        qint64 from = 0;
        qint64 to = 0;
        qint64 bytes = 0;
    };
    // Every recorded hub, by name.
    QList<HubRange> ranges(QString *error) const;

    // The fleet of `hubs` (every recorded hub when empty) as recorded at `at`.
    FleetMoment momentAt(const QStringList &hubs, qint64 at, QString *error);
    // What changed in `hubs` (every recorded hub when empty) after `from` up to
    // `to`, oldest first, health as `rules` judge it. Hubs for which either
    // moment is outside their recorded range are left out and named in `outside`.
    QList<FleetChange> changes(const QStringList &hubs, qint64 from, qint64 to, const HealthRules &rules,
                               QStringList *outside, QString *error);

private:
    // The stream of `hub` that holds `at`; of a live writer, also up to three
    // heartbeats after its last one (its hubs are recorded up to now).
    FleetLogTables::Stream streamAt(const QString &hub, qint64 at, bool live, QString *error) const;
    bool writerIsAlive() const;
    bool stateAt(const QString &hub, qint64 at, const FleetLogTables::Stream &stream, FleetHubState **state,
                 QString *error);

    struct Cursor
    {
        qint64 stream = 0;
        qint64 at = 0;
        FleetHubState state;
    };
    HistoryDatabase m_db;
    FleetMomentBuilder m_builder;
    QHash<QString, Cursor> m_cursors;
};

} // namespace fleetscope
