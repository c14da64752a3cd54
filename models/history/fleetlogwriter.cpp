#include "fleetlogwriter.h"

#include "fleetrecordconversion.h"

#include <algorithm>
#include <functional>

namespace fleetscope {

struct FleetLogWriter::Hub
{
    struct Cluster
    {
        quint32 slot = 0;
        ProfilePtr record;
    };
    QHash<ObjectKey, Cluster> clusters;
    std::vector<quint32> freeSlots; // a heap: the lowest is reused first
    quint32 nextSlot = 0;
    QHash<QString, NamespacePtr> namespaces;
    QHash<ObjectKey, PlacementPtr> placements;
    FleetFrameEncoder pending;
    qint64 lastAt = 0;
    qint64 eventsSinceKeyframe = 0;
    qint64 lastKeyframeAt = 0;
    bool started = false;

    qint64 time(qint64 at)
    {
        if (!started) {
            started = true;
            lastKeyframeAt = at;
        }
        lastAt = std::max(lastAt, at);
        return lastAt;
    }

    quint32 takeSlot()
    {
        if (freeSlots.empty())
            return nextSlot++;
        std::pop_heap(freeSlots.begin(), freeSlots.end(), std::greater<>());
        const quint32 slot = freeSlots.back();
        freeSlots.pop_back();
        return slot;
    }

    void freeSlot(quint32 slot)
    {
        freeSlots.push_back(slot);
        std::push_heap(freeSlots.begin(), freeSlots.end(), std::greater<>());
    }
};

namespace {

using Kind = FleetEvent::Kind;

FleetEvent event(Kind kind, qint64 at, quint32 slot)
{
    FleetEvent e;
    e.kind = kind;
    e.at = at;
    e.slot = slot;
    return e;
}

// The events that make `before` into `after` (same cluster), in a fixed order.
template<typename Out>
void diff(const RecordedCluster &before, const RecordedCluster &after, qint64 at, quint32 slot, Out out)
{
    const auto field = [&](RecordedField f, const QString &text, qint64 number) {
        FleetEvent e = event(Kind::Field, at, slot);
        e.field = f;
        e.value = text;
        e.number = number;
        out(std::move(e));
    };
    if (before.displayName != after.displayName)
        field(RecordedField::DisplayName, after.displayName, 0);
    if (before.clusterManager != after.clusterManager)
        field(RecordedField::ClusterManager, after.clusterManager, 0);
    if (before.kubernetesVersion != after.kubernetesVersion)
        field(RecordedField::KubernetesVersion, after.kubernetesVersion, 0);
    if (before.apiVersion != after.apiVersion)
        field(RecordedField::ApiVersion, QString(), after.apiVersion);
    if (before.creationTimestamp != after.creationTimestamp)
        field(RecordedField::CreationTimestamp, QString(), after.creationTimestamp);

    const auto pairs = [&](const QList<std::pair<QString, QString>> &old, const QList<std::pair<QString, QString>> &now,
                           Kind set, Kind gone) {
        for (const auto &[key, value] : now) {
            const auto it = std::find_if(old.begin(), old.end(), [&](const auto &o) { return o.first == key; });
            if (it == old.end() || it->second != value) {
                FleetEvent e = event(set, at, slot);
                e.key = key;
                e.value = value;
                out(std::move(e));
            }
        }
        for (const auto &[key, value] : old) {
            if (std::none_of(now.begin(), now.end(), [&](const auto &n) { return n.first == key; })) {
                FleetEvent e = event(gone, at, slot);
                e.key = key;
                out(std::move(e));
            }
        }
    };
    pairs(before.labels, after.labels, Kind::Label, Kind::LabelGone);
    pairs(before.properties, after.properties, Kind::Property, Kind::PropertyGone);

    for (const RecordedCondition &c : after.conditions) {
        const auto it = std::find_if(before.conditions.begin(), before.conditions.end(),
                                     [&](const RecordedCondition &o) { return o.type == c.type; });
        // A message alone is no change (fleetrecords.h): messages that count
        // minutes would be one a minute.
        if (it == before.conditions.end() || it->status != c.status || it->reason != c.reason
            || it->lastTransitionTime != c.lastTransitionTime) {
            FleetEvent e = event(Kind::Condition, at, slot);
            e.condition = c;
            out(std::move(e));
        }
    }
    for (const RecordedCondition &c : before.conditions) {
        if (std::none_of(after.conditions.begin(), after.conditions.end(),
                         [&](const RecordedCondition &n) { return n.type == c.type; })) {
            FleetEvent e = event(Kind::ConditionGone, at, slot);
            e.key = c.type;
            out(std::move(e));
        }
    }
}

} // namespace

FleetLogWriter::FleetLogWriter() = default;
FleetLogWriter::~FleetLogWriter() = default;

FleetLogWriter::Hub &FleetLogWriter::hub(const QString &name)
{
    std::shared_ptr<Hub> &h = m_hubs[name];
    if (!h)
        h = std::make_shared<Hub>();
    return *h;
}

void FleetLogWriter::emitEvent(Hub &h, FleetEvent &&e)
{
    h.pending.add(e);
    ++h.eventsSinceKeyframe;
}

void FleetLogWriter::observeCluster(const QString &hubName, const ObjectKey &key, const ProfilePtr &record, qint64 at)
{
    Hub &h = hub(hubName);
    const auto it = h.clusters.find(key);
    if (!record) {
        if (it == h.clusters.end())
            return; // never recorded (a cached profile the hub no longer had)
        const quint32 slot = it->slot;
        h.clusters.erase(it);
        emitEvent(h, event(Kind::Remove, h.time(at), slot));
        h.freeSlot(slot);
        return;
    }
    if (it == h.clusters.end()) {
        const quint32 slot = h.takeSlot();
        h.clusters.insert(key, {slot, record});
        FleetEvent e = event(Kind::Appear, h.time(at), slot);
        e.cluster = std::make_shared<RecordedCluster>(fleet_records::fromProfile(record->profile));
        emitEvent(h, std::move(e));
        return;
    }
    if (it->record == record)
        return;
    const RecordedCluster before = fleet_records::fromProfile(it->record->profile);
    const RecordedCluster after = fleet_records::fromProfile(record->profile);
    it->record = record;
    const quint32 slot = it->slot;
    bool timed = false;
    qint64 time = 0;
    diff(before, after, 0, slot, [&](FleetEvent &&e) {
        if (!timed) {
            time = h.time(at);
            timed = true;
        }
        e.at = time;
        emitEvent(h, std::move(e));
    });
}

void FleetLogWriter::observeNamespaces(const QString &hubName, const QList<NamespacePtr> &all, qint64 at)
{
    Hub &h = hub(hubName);
    QHash<QString, NamespacePtr> now;
    for (const NamespacePtr &ns : all) {
        if (!ns)
            continue;
        now.insert(ns->metadata.name, ns);
        const auto it = h.namespaces.constFind(ns->metadata.name);
        if (it != h.namespaces.constEnd()
            && (*it == ns || fleet_records::fromNamespace(**it) == fleet_records::fromNamespace(*ns)))
            continue;
        FleetEvent e = event(Kind::Namespace, h.time(at), 0);
        e.ns = std::make_shared<RecordedNamespace>(fleet_records::fromNamespace(*ns));
        emitEvent(h, std::move(e));
    }
    for (auto it = h.namespaces.cbegin(); it != h.namespaces.cend(); ++it) {
        if (!now.contains(it.key())) {
            FleetEvent e = event(Kind::NamespaceGone, h.time(at), 0);
            e.key = it.key();
            emitEvent(h, std::move(e));
        }
    }
    h.namespaces = std::move(now);
}

void FleetLogWriter::observePlacements(const QString &hubName, const QList<PlacementPtr> &all, qint64 at)
{
    Hub &h = hub(hubName);
    QHash<ObjectKey, PlacementPtr> now;
    for (const PlacementPtr &p : all) {
        if (!p)
            continue;
        const ObjectKey key{p->metadata.namespaceName.toString(), p->metadata.name};
        now.insert(key, p);
        const auto it = h.placements.constFind(key);
        if (it != h.placements.constEnd()
            && (*it == p || fleet_records::fromPlacement(**it) == fleet_records::fromPlacement(*p)))
            continue;
        FleetEvent e = event(Kind::Placement, h.time(at), 0);
        e.placement = std::make_shared<RecordedPlacement>(fleet_records::fromPlacement(*p));
        emitEvent(h, std::move(e));
    }
    for (auto it = h.placements.cbegin(); it != h.placements.cend(); ++it) {
        if (!now.contains(it.key())) {
            FleetEvent e = event(Kind::PlacementGone, h.time(at), 0);
            e.key = it.key().namespaceName;
            e.value = it.key().name;
            emitEvent(h, std::move(e));
        }
    }
    h.placements = std::move(now);
}

QByteArray FleetLogWriter::keyframe(const Hub &h, int *events) const
{
    FleetFrameEncoder encoder;
    // By slot, so that equal states give equal keyframes.
    std::vector<std::pair<quint32, const ProfilePtr *>> clusters;
    clusters.reserve(size_t(h.clusters.size()));
    for (auto it = h.clusters.cbegin(); it != h.clusters.cend(); ++it)
        clusters.emplace_back(it->slot, &it->record);
    std::sort(clusters.begin(), clusters.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[slot, record] : clusters) {
        FleetEvent e = event(Kind::Appear, h.lastAt, slot);
        e.cluster = std::make_shared<RecordedCluster>(fleet_records::fromProfile((*record)->profile));
        encoder.add(e);
    }
    for (const NamespacePtr &ns : h.namespaces) {
        FleetEvent e = event(Kind::Namespace, h.lastAt, 0);
        e.ns = std::make_shared<RecordedNamespace>(fleet_records::fromNamespace(*ns));
        encoder.add(e);
    }
    for (const PlacementPtr &p : h.placements) {
        FleetEvent e = event(Kind::Placement, h.lastAt, 0);
        e.placement = std::make_shared<RecordedPlacement>(fleet_records::fromPlacement(*p));
        encoder.add(e);
    }
    *events = encoder.eventCount();
    if (encoder.isEmpty()) {
        // An empty hub: one event that changes nothing, so that the frame has a time.
        encoder.add(event(Kind::NamespaceGone, h.lastAt, 0));
        *events = 1;
    }
    return encoder.finish(true);
}

QList<FleetLogWriter::Frame> FleetLogWriter::takeFrames()
{
    QList<Frame> frames;
    for (auto it = m_hubs.begin(); it != m_hubs.end(); ++it) {
        Hub &h = **it;
        if (h.pending.isEmpty())
            continue;
        Frame frame;
        frame.hub = it.key();
        frame.firstAt = h.pending.firstAt();
        frame.lastAt = h.pending.lastAt();
        frame.events = h.pending.eventCount();
        frame.data = h.pending.finish(false);
        frames.append(std::move(frame));
        const qint64 due = m_keyframeEvents > 0
            ? m_keyframeEvents
            : std::max<qint64>(keyframeMinEvents, qint64(h.clusters.size()) * keyframeEventsPerCluster);
        if (h.eventsSinceKeyframe >= due || h.lastAt - h.lastKeyframeAt >= keyframeMaxAgeMs) {
            Frame key;
            key.hub = it.key();
            key.keyframe = true;
            key.firstAt = key.lastAt = h.lastAt;
            key.data = keyframe(h, &key.events);
            frames.append(std::move(key));
            h.eventsSinceKeyframe = 0;
            h.lastKeyframeAt = h.lastAt;
        }
    }
    return frames;
}

bool FleetLogWriter::hasPending() const
{
    return std::any_of(m_hubs.cbegin(), m_hubs.cend(), [](const auto &h) { return !h->pending.isEmpty(); });
}

void FleetLogWriter::clear()
{
    m_hubs.clear();
}

int FleetLogWriter::clusterCount(const QString &hubName) const
{
    const auto it = m_hubs.constFind(hubName);
    return it == m_hubs.cend() ? 0 : int((*it)->clusters.size());
}

} // namespace fleetscope
