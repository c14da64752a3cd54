#pragma once

#include "fleetframecodec.h"

#include "kube/hubdelta.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>
#include <vector>

namespace fleetscope {

// Turns what the recorder observes of each hub into the fleet log's frames
// (fleetlogtables.h): a cluster's appearance (all its facts), then only what
// changes of the facts the views read, its removal; namespaces' labels (the
// clusterset may be declared there) and placement decisions when they change.
// What was last recorded is the profile itself, shared with the fleet store,
// so the writer costs a slot and a pointer per live cluster.
//
// Times only grow per hub: a time before the last one (a wall clock set back)
// is recorded as the last one, so that a moment is a run of frames.
class FleetLogWriter final
{
public:
    FleetLogWriter();
    ~FleetLogWriter();
    FleetLogWriter(const FleetLogWriter &) = delete;
    FleetLogWriter &operator=(const FleetLogWriter &) = delete;

    // The profile `key` of `hub` as the fleet holds it now; null: deleted.
    void observeCluster(const QString &hub, const ObjectKey &key, const ProfilePtr &record, qint64 at);
    // Every namespace / placement decision of `hub` now.
    void observeNamespaces(const QString &hub, const QList<NamespacePtr> &all, qint64 at);
    void observePlacements(const QString &hub, const QList<PlacementPtr> &all, qint64 at);

    struct Frame
    {
        QString hub;
        bool keyframe = false;
        qint64 firstAt = 0;
        qint64 lastAt = 0;
        int events = 0;
        QByteArray data;
    };
    // The changes since the last call, a frame per hub, each followed by a
    // keyframe when one is due.
    QList<Frame> takeFrames();
    bool hasPending() const;
    // Forgets everything (after a failed write: the next stream starts afresh).
    void clear();
    int clusterCount(const QString &hub) const;

    // A keyframe once the changes since the last one outnumber the clusters
    // this many times (and at least keyframeMinEvents): a replay reads at most
    // that many changes, and keyframes stay a small share of the log (a 5k
    // fleet: 200k changes, ~11 minutes of 300 events/s). A quiet hub gets one
    // a day, so that pruning has somewhere to cut.
    static constexpr int keyframeEventsPerCluster = 40;
    static constexpr qint64 keyframeMinEvents = 100000;
    static constexpr qint64 keyframeMaxAgeMs = 24 * 3600 * 1000;
    // Tests and benchmarks: keyframes after this many changes instead.
    void setKeyframeEvents(qint64 events) { m_keyframeEvents = events; }

private:
    struct Hub;
    Hub &hub(const QString &name);
    void emitEvent(Hub &hub, FleetEvent &&event);
    QByteArray keyframe(const Hub &hub, int *events) const;

    QHash<QString, std::shared_ptr<Hub>> m_hubs;
    qint64 m_keyframeEvents = 0; // 0: the rule above
};

} // namespace fleetscope
