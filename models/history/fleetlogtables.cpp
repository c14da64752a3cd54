#include "fleetlogtables.h"

#include "historyschema.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <limits>

namespace fleetscope {
qint64 FleetLogTables::beginStream(const QString &hub, qint64 at, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT INTO fleet_streams (hub, started_at, ended_at, bytes) VALUES (?, ?, ?, 0)"));
    q.bindValue(0, hub);
    q.bindValue(1, at);
    q.bindValue(2, at);
    if (!q.exec()) {
        *error = history_schema::sqlErrorText(q.lastError());
        return -1;
    }
    return q.lastInsertId().toLongLong();
}

bool FleetLogTables::extendStream(qint64 stream, qint64 at, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE fleet_streams SET ended_at = MAX(ended_at, ?) WHERE id = ?"));
    q.bindValue(0, at);
    q.bindValue(1, stream);
    if (!q.exec()) {
        *error = history_schema::sqlErrorText(q.lastError());
        return false;
    }
    return true;
}

bool FleetLogTables::insertFrame(const Frame &frame, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT INTO fleet_frames (stream, keyframe, first_at, last_at, events, data) "
                             "VALUES (?, ?, ?, ?, ?, ?)"));
    q.bindValue(0, frame.stream);
    q.bindValue(1, frame.keyframe ? 1 : 0);
    q.bindValue(2, frame.firstAt);
    q.bindValue(3, frame.lastAt);
    q.bindValue(4, frame.events);
    q.bindValue(5, frame.data);
    if (!q.exec()) {
        *error = history_schema::sqlErrorText(q.lastError());
        return false;
    }
    q.prepare(QStringLiteral("UPDATE fleet_streams SET ended_at = MAX(ended_at, ?), bytes = bytes + ? WHERE id = ?"));
    q.bindValue(0, frame.lastAt);
    q.bindValue(1, qint64(frame.data.size()));
    q.bindValue(2, frame.stream);
    if (!q.exec()) {
        *error = history_schema::sqlErrorText(q.lastError());
        return false;
    }
    return true;
}

QList<FleetLogTables::Stream> FleetLogTables::streams(const QString &hub, QString *error) const
{
    QList<Stream> result;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id, hub, started_at, ended_at, bytes FROM fleet_streams")
              + (hub.isEmpty() ? QString() : QStringLiteral(" WHERE hub = ?"))
              + QStringLiteral(" ORDER BY started_at, id"));
    if (!hub.isEmpty())
        q.bindValue(0, hub);
    if (!q.exec()) {
        *error = history_schema::sqlErrorText(q.lastError());
        return result;
    }
    while (q.next())
        result.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toLongLong(),
                       q.value(3).toLongLong(), q.value(4).toLongLong()});
    return result;
}

FleetLogTables::Stream FleetLogTables::streamAt(const QString &hub, qint64 at, QString *error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT id, hub, started_at, ended_at, bytes FROM fleet_streams WHERE hub = ? AND "
                             "started_at <= ? AND ended_at >= ? ORDER BY started_at DESC, id DESC LIMIT 1"));
    q.bindValue(0, hub);
    q.bindValue(1, at);
    q.bindValue(2, at);
    if (!q.exec()) {
        *error = history_schema::sqlErrorText(q.lastError());
        return {};
    }
    if (!q.next())
        return {};
    return {q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toLongLong(), q.value(3).toLongLong(),
            q.value(4).toLongLong()};
}

bool FleetLogTables::readFrames(const Stream &stream, qint64 firstId, qint64 firstAt, qint64 after, qint64 to,
                                FleetHubState *state,
                                QString *error,
                                const std::function<void(const FleetEvent &, const FleetHubState &)> &seen) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    // Times only grow along a stream (the writer keeps them so), so the frames
    // of a moment are a run of ids, and of first_at (the index).
    q.prepare(QStringLiteral("SELECT id, keyframe, first_at, data FROM fleet_frames WHERE stream = ? AND "
                             "first_at >= ? AND first_at <= ? AND id >= ? AND last_at > ? ORDER BY id"));
    q.bindValue(0, stream.id);
    q.bindValue(1, firstAt);
    q.bindValue(2, to);
    q.bindValue(3, firstId);
    q.bindValue(4, after);
    if (!q.exec()) {
        *error = history_schema::sqlErrorText(q.lastError());
        return false;
    }
    std::vector<FleetEvent> events;
    while (q.next()) {
        const qint64 id = q.value(0).toLongLong();
        const bool keyframe = q.value(1).toBool();
        // The replay's start is the only keyframe read: later ones repeat the state.
        if (keyframe && id != firstId)
            continue;
        bool decodedKeyframe = false;
        QString detail;
        if (!decodeFleetFrame(q.value(3).toByteArray(), q.value(2).toLongLong(), &events, &decodedKeyframe, &detail)) {
            *error = QCoreApplication::translate("History", "fleet log of hub %1, frame %2: %3")
                         .arg(stream.hub)
                         .arg(id)
                         .arg(detail);
            return false;
        }
        if (keyframe)
            state->clear();
        for (const FleetEvent &e : events) {
            if (e.at > to)
                return true;
            if (e.at <= after && !keyframe)
                continue;
            if (seen && !keyframe)
                seen(e, *state);
            state->apply(e);
        }
    }
    return true;
}

bool FleetLogTables::replay(const Stream &stream, qint64 at, FleetHubState *state, QString *error,
                            const std::function<void(const FleetEvent &, const FleetHubState &)> &seen) const
{
    state->clear();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT id, first_at FROM fleet_frames WHERE stream = ? AND first_at <= ? AND "
                             "keyframe = 1 ORDER BY first_at DESC, id DESC LIMIT 1"));
    q.bindValue(0, stream.id);
    q.bindValue(1, at);
    if (!q.exec()) {
        *error = history_schema::sqlErrorText(q.lastError());
        return false;
    }
    // Without a keyframe the stream is replayed from its start, which was empty.
    const bool found = q.next();
    const qint64 start = found ? q.value(0).toLongLong() : 0;
    const qint64 startAt = found ? q.value(1).toLongLong() : std::numeric_limits<qint64>::min();
    q.finish();
    return readFrames(stream, start, startAt, std::numeric_limits<qint64>::min(), at, state, error, seen);
}

bool FleetLogTables::advance(const Stream &stream, qint64 from, qint64 to, FleetHubState *state, QString *error,
                             const std::function<void(const FleetEvent &, const FleetHubState &)> &seen) const
{
    if (to <= from)
        return true;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    // The first frame with an event after `from`: the last that began at or before it.
    q.prepare(QStringLiteral("SELECT id, first_at FROM fleet_frames WHERE stream = ? AND first_at <= ? AND "
                             "keyframe = 0 ORDER BY first_at DESC, id DESC LIMIT 1"));
    q.bindValue(0, stream.id);
    q.bindValue(1, from);
    if (!q.exec()) {
        *error = history_schema::sqlErrorText(q.lastError());
        return false;
    }
    const bool found = q.next();
    const qint64 start = found ? q.value(0).toLongLong() : 0;
    const qint64 startAt = found ? q.value(1).toLongLong() : std::numeric_limits<qint64>::min();
    q.finish();
    // `start` is no keyframe: keyframes repeat the state, and readFrames() skips them.
    return readFrames(stream, start, startAt, from, to, state, error, seen);
}

bool FleetLogTables::hasKeyframe(const Stream &stream, qint64 after, qint64 upTo) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT 1 FROM fleet_frames WHERE stream = ? AND first_at > ? AND first_at <= ? AND "
                             "keyframe = 1 LIMIT 1"));
    q.bindValue(0, stream.id);
    q.bindValue(1, after);
    q.bindValue(2, upTo);
    return q.exec() && q.next();
}

qint64 FleetLogTables::bytes() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (q.exec(QStringLiteral("SELECT COALESCE(SUM(bytes), 0) FROM fleet_streams")) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

qint64 FleetLogTables::oldest() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (q.exec(QStringLiteral("SELECT MIN(started_at) FROM fleet_streams")) && q.next() && !q.value(0).isNull())
        return q.value(0).toLongLong();
    return 0;
}

bool FleetLogTables::prune(qint64 cutoff, QString *error)
{
    QString detail;
    const QList<Stream> all = streams(QString(), &detail);
    if (!detail.isEmpty()) {
        *error = detail;
        return false;
    }
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    const auto failed = [&] {
        *error = history_schema::sqlErrorText(q.lastError());
        return false;
    };
    for (const Stream &s : all) {
        if (s.endedAt < cutoff) {
            q.prepare(QStringLiteral("DELETE FROM fleet_frames WHERE stream = ?"));
            q.bindValue(0, s.id);
            if (!q.exec())
                return failed();
            q.prepare(QStringLiteral("DELETE FROM fleet_streams WHERE id = ?"));
            q.bindValue(0, s.id);
            if (!q.exec())
                return failed();
            continue;
        }
        q.prepare(QStringLiteral("SELECT id, first_at FROM fleet_frames WHERE stream = ? AND first_at <= ? AND "
                                 "keyframe = 1 ORDER BY first_at DESC, id DESC LIMIT 1"));
        q.bindValue(0, s.id);
        q.bindValue(1, cutoff);
        if (!q.exec())
            return failed();
        if (!q.next())
            continue; // nothing before its first keyframe can go: the moments after it need it
        const qint64 keyframe = q.value(0).toLongLong();
        const qint64 keyframeAt = q.value(1).toLongLong();
        q.prepare(QStringLiteral("SELECT COALESCE(SUM(LENGTH(data)), 0) FROM fleet_frames WHERE stream = ? AND "
                                 "id < ?"));
        q.bindValue(0, s.id);
        q.bindValue(1, keyframe);
        if (!q.exec() || !q.next())
            return failed();
        const qint64 freed = q.value(0).toLongLong();
        q.prepare(QStringLiteral("DELETE FROM fleet_frames WHERE stream = ? AND id < ?"));
        q.bindValue(0, s.id);
        q.bindValue(1, keyframe);
        if (!q.exec())
            return failed();
        q.prepare(QStringLiteral("UPDATE fleet_streams SET started_at = MAX(started_at, ?), bytes = MAX(0, bytes - ?) "
                                 "WHERE id = ?"));
        q.bindValue(0, keyframeAt);
        q.bindValue(1, freed);
        q.bindValue(2, s.id);
        if (!q.exec())
            return failed();
    }
    return true;
}

} // namespace fleetscope
