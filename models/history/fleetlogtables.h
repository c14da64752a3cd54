#pragma once

#include "fleethubstate.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

namespace fleetscope {

// The fleet log in the history file (historyschema.h, version 5): what a hub's
// fleet was at any recorded moment, for time travel.
//   fleet_streams(id, hub, started_at, ended_at, bytes): one per hub and writer
//     run; the writer names clusters by slots that hold within a stream only.
//   fleet_frames(id, stream, keyframe, first_at, last_at, events, data): each
//     flush's changes of a hub, zstd-packed (fleetframecodec.h); now and then a
//     keyframe, the whole state, from which a replay starts.
// A moment of a stream is its last keyframe at or before it plus the frames
// after that keyframe. Pruning cuts a stream at a keyframe, so that what stays
// can always be replayed. On the connection of a HistoryDatabase.
class FleetLogTables final
{
public:
    // How often a writer extends the streams (and coverage) of the hubs it
    // watches: a reader takes a live writer's hubs as recorded up to this long
    // (three times, for a busy machine) before now.
    static constexpr qint64 heartbeatMs = 5000;

    explicit FleetLogTables(const QString &connection)
        : m_connection(connection)
    {
    }

    struct Stream
    {
        qint64 id = 0;
        QString hub;
        qint64 startedAt = 0;
        qint64 endedAt = 0;
        qint64 bytes = 0;
    };

    struct Frame
    {
        qint64 stream = 0;
        bool keyframe = false;
        qint64 firstAt = 0;
        qint64 lastAt = 0;
        int events = 0;
        QByteArray data;
    };

    // Writing (in the caller's transaction); -1 / false with `error` set.
    qint64 beginStream(const QString &hub, qint64 at, QString *error);
    bool extendStream(qint64 stream, qint64 at, QString *error);
    bool insertFrame(const Frame &frame, QString *error);

    // Every stream of `hub` (all hubs when empty), oldest first.
    QList<Stream> streams(const QString &hub, QString *error) const;
    // The stream of `hub` whose range holds `at` (the latest such), or none (id 0).
    Stream streamAt(const QString &hub, qint64 at, QString *error) const;
    // Replays `stream` from its last keyframe at or before `at` up to `at`
    // (inclusive) into `state` (cleared first). `seen`, when given, gets every
    // applied event first, with the state before it.
    bool replay(const Stream &stream, qint64 at, FleetHubState *state, QString *error,
                const std::function<void(const FleetEvent &, const FleetHubState &)> &seen = {}) const;
    // Applies the events of `stream` in (from, to] to `state`, which holds the
    // stream at `from` (a replay), giving each to `seen` before applying it.
    bool advance(const Stream &stream, qint64 from, qint64 to, FleetHubState *state, QString *error,
                 const std::function<void(const FleetEvent &, const FleetHubState &)> &seen = {}) const;

    // Whether `stream` has a keyframe in (after, upTo].
    bool hasKeyframe(const Stream &stream, qint64 after, qint64 upTo) const;

    // The bytes of every frame.
    qint64 bytes() const;
    // The oldest moment any stream can still be replayed from.
    qint64 oldest() const;
    // Cuts every stream at its last keyframe at or before `cutoff` (deleting
    // the frames before it) and deletes streams that ended before `cutoff`.
    bool prune(qint64 cutoff, QString *error);

private:
    // The events of the frames from id `firstId` (which began at `firstAt`) in (after, to].
    bool readFrames(const Stream &stream, qint64 firstId, qint64 firstAt, qint64 after, qint64 to,
                    FleetHubState *state, QString *error,
                    const std::function<void(const FleetEvent &, const FleetHubState &)> &seen) const;

    QString m_connection;
};

} // namespace fleetscope
