#pragma once

#include "fleethubstate.h"
#include "recordedtextmemo.h"

#include "kube/hubdelta.h"

#include <QHash>
#include <QList>
#include <QString>

namespace fleetscope {

// One hub's fleet as recorded at a moment, as the stores take it.
struct HubMoment
{
    enum class Coverage : quint8 {
        Watched,    // recorded, and the hub was being watched then
        NotWatched, // recorded before and after, but nobody watched it then: its last known state
        NotRecorded // outside every recorded range of the hub: nothing to show
    };

    QString hub;
    Coverage coverage = Coverage::NotRecorded;
    // The hub's whole recorded range (all runs of the recorder), 0 when none.
    qint64 recordedFrom = 0;
    qint64 recordedTo = 0;
    QList<ProfilePtr> profiles;
    QList<NamespacePtr> namespaces;
    QList<PlacementPtr> placements;
};

struct FleetMoment
{
    qint64 at = 0;
    QList<HubMoment> hubs;
};

// Makes the profiles, namespaces and placements of replayed hub states. A
// cluster whose recorded facts are the same as at the last moment built keeps
// its profile object, so that a store showing one moment after another sees
// only what changed between them.
class FleetMomentBuilder final
{
public:
    void build(const FleetHubState &state, HubMoment *moment);
    // Forgets the profiles kept for reuse.
    void clear()
    {
        m_hubs.clear();
        m_texts = RecordedTextMemo();
    }

private:
    struct Kept
    {
        FleetHubState::ClusterPtr recorded;
        ProfilePtr profile;
    };
    struct Hub
    {
        QHash<QString, Kept> clusters; // by "namespace/name"
        QHash<QString, std::pair<std::shared_ptr<const RecordedNamespace>, NamespacePtr>> namespaces;
        QHash<QString, std::pair<std::shared_ptr<const RecordedPlacement>, PlacementPtr>> placements;
    };
    QHash<QString, Hub> m_hubs;
    RecordedTextMemo m_texts;
};

} // namespace fleetscope
