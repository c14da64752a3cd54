#include "fleethistoryreader.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <map>

namespace fleetscope {

FleetHistoryReader::FleetHistoryReader() = default;

FleetHistoryReader::~FleetHistoryReader() = default;

bool FleetHistoryReader::open(const QString &path, QString *error)
{
    m_cursors.clear();
    m_builder.clear();
    return m_db.openForReading(path, error);
}

QList<FleetHistoryReader::HubRange> FleetHistoryReader::ranges(QString *error) const
{
    QString detail;
    const QList<FleetLogTables::Stream> streams = m_db.fleetLog().streams(QString(), &detail);
    if (!detail.isEmpty()) {
        *error = QCoreApplication::translate("History", "history database %1: cannot read: %2")
                     .arg(m_db.path(), detail);
        return {};
    }
    std::map<QString, HubRange> byHub;
    for (const FleetLogTables::Stream &s : streams) {
        auto [it, added] = byHub.try_emplace(s.hub, HubRange{s.hub, s.startedAt, s.endedAt, 0});
        it->second.from = std::min(it->second.from, s.startedAt);
        it->second.to = std::max(it->second.to, s.endedAt);
        it->second.bytes += s.bytes;
    }
    QList<HubRange> result;
    for (auto &[hub, range] : byHub)
        result.append(range);
    return result;
}

bool FleetHistoryReader::writerIsAlive() const
{
    return HistoryWriterLock::holderOf(m_db.path()).isValid();
}

FleetLogTables::Stream FleetHistoryReader::streamAt(const QString &hub, qint64 at, bool live, QString *error) const
{
    const FleetLogTables &log = m_db.fleetLog();
    FleetLogTables::Stream stream = log.streamAt(hub, at, error);
    if (stream.id != 0 || !live || at > QDateTime::currentMSecsSinceEpoch())
        return stream;
    const QList<FleetLogTables::Stream> all = log.streams(hub, error);
    if (!all.isEmpty() && at > all.last().endedAt && at - all.last().endedAt <= 3 * FleetLogTables::heartbeatMs)
        return all.last();
    return stream;
}

bool FleetHistoryReader::stateAt(const QString &hub, qint64 at, const FleetLogTables::Stream &stream,
                                 FleetHubState **state, QString *error)
{
    Cursor &cursor = m_cursors[hub];
    QString detail;
    const FleetLogTables &log = m_db.fleetLog();
    // Going on from the last moment reads only the frames in between, unless a
    // keyframe lies between (then starting from it reads less).
    const bool goOn = cursor.stream == stream.id && at >= cursor.at && !log.hasKeyframe(stream, cursor.at, at);
    const bool ok = goOn ? log.advance(stream, cursor.at, at, &cursor.state, &detail)
                         : log.replay(stream, at, &cursor.state, &detail);
    if (!ok) {
        cursor = Cursor();
        *error = QCoreApplication::translate("History", "history database %1: %2").arg(m_db.path(), detail);
        return false;
    }
    cursor.stream = stream.id;
    cursor.at = at;
    *state = &cursor.state;
    return true;
}

FleetMoment FleetHistoryReader::momentAt(const QStringList &hubs, qint64 at, QString *error)
{
    FleetMoment moment;
    moment.at = at;
    QString rangeError;
    const QList<HubRange> recorded = ranges(&rangeError);
    if (!rangeError.isEmpty()) {
        *error = rangeError;
        return moment;
    }
    QStringList names = hubs;
    if (names.isEmpty()) {
        for (const HubRange &r : recorded)
            names << r.hub;
    }
    const bool live = writerIsAlive();
    for (const QString &name : std::as_const(names)) {
        HubMoment hub;
        hub.hub = name;
        for (const HubRange &r : recorded) {
            if (r.hub == name) {
                hub.recordedFrom = r.from;
                hub.recordedTo = r.to;
            }
        }
        QString detail;
        const FleetLogTables::Stream stream = streamAt(name, at, live, &detail);
        if (!detail.isEmpty()) {
            *error = QCoreApplication::translate("History", "history database %1: cannot read: %2")
                     .arg(m_db.path(), detail);
            return moment;
        }
        if (stream.id != 0) {
            FleetHubState *state = nullptr;
            if (!stateAt(name, at, stream, &state, error))
                return moment;
            const qint64 grace = live ? 3 * FleetLogTables::heartbeatMs : 0;
            hub.coverage = m_db.coverage(name, at - grace, at + 1).isEmpty() ? HubMoment::Coverage::NotWatched
                                                                              : HubMoment::Coverage::Watched;
            m_builder.build(*state, &hub);
        }
        moment.hubs.append(std::move(hub));
    }
    return moment;
}

QList<FleetChange> FleetHistoryReader::changes(const QStringList &hubs, qint64 from, qint64 to,
                                               const HealthRules &rules, QStringList *outside, QString *error)
{
    QList<FleetChange> result;
    QString detail;
    const auto failed = [&] {
        *error = QCoreApplication::translate("History", "history database %1: %2").arg(m_db.path(), detail);
        return QList<FleetChange>();
    };
    const FleetLogTables &log = m_db.fleetLog();
    QStringList names = hubs;
    if (names.isEmpty()) {
        QString rangeError;
        for (const HubRange &r : ranges(&rangeError))
            names << r.hub;
        if (!rangeError.isEmpty()) {
            *error = rangeError;
            return {};
        }
    }
    const bool live = writerIsAlive();
    for (const QString &name : std::as_const(names)) {
        const FleetLogTables::Stream first = streamAt(name, from, live, &detail);
        const FleetLogTables::Stream last = streamAt(name, to, live, &detail);
        if (!detail.isEmpty())
            return failed();
        if (first.id == 0 || last.id == 0 || to < from) {
            outside->append(name);
            continue;
        }
        FleetChangeCollector collector(name, rules);
        FleetHubState state;
        if (!log.replay(first, from, &state, &detail))
            return failed();
        collector.start(state, from);
        const auto seen = [&collector](const FleetEvent &e, const FleetHubState &before) {
            collector.event(e, before);
        };
        const QList<FleetLogTables::Stream> streams = log.streams(name, &detail);
        if (!detail.isEmpty())
            return failed();
        bool inside = false;
        for (const FleetLogTables::Stream &s : streams) {
            if (s.id == first.id) {
                inside = true;
                if (!log.advance(s, from, std::min(to, s.endedAt), &state, &detail, seen))
                    return failed();
            } else if (inside) {
                // A later run of the recorder: its clusters are first sightings,
                // compared with what the runs before knew of them.
                if (!log.replay(s, s.startedAt, &state, &detail))
                    return failed();
                for (quint32 slot = 0; slot < state.slotCount(); ++slot) {
                    if (const auto c = state.clusterAt(slot)) {
                        FleetEvent appear;
                        appear.kind = FleetEvent::Kind::Appear;
                        appear.at = s.startedAt;
                        appear.slot = slot;
                        appear.cluster = std::make_shared<RecordedCluster>(*c);
                        collector.event(appear, state);
                    }
                }
                if (!log.advance(s, s.startedAt, std::min(to, s.endedAt), &state, &detail, seen))
                    return failed();
            }
            if (!inside)
                continue;
            if (s.id == last.id)
                break;
            collector.streamEnded(state, s.endedAt);
        }
        collector.finish(state, to, &result);
    }
    std::stable_sort(result.begin(), result.end(),
                     [](const FleetChange &a, const FleetChange &b) { return a.at < b.at; });
    return result;
}

} // namespace fleetscope
