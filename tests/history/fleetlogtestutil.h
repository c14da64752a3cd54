#pragma once

// Shared by the fleet log tests: profiles in one line, and a recorded moment
// as comparable facts.

#include "history/fleethistoryreader.h"
#include "history/fleetlogwriter.h"
#include "history/fleetrecordconversion.h"
#include "history/historydatabase.h"

#include <QMap>

namespace fleetscope::fleetlogtest {

struct ProfileSpec
{
    QString name;
    ConditionStatus controlPlane = ConditionStatus::True;
    int nodes = 3;
    QString tier;
    qint64 changedAt = 1000;
    QString namespaceName = QStringLiteral("fleet");
};

inline ProfilePtr profile(const ProfileSpec &spec);

inline ProfilePtr profile(const QString &name, ConditionStatus controlPlane = ConditionStatus::True, int nodes = 3,
                          const QString &tier = QString(), qint64 changedAt = 1000)
{
    ProfileSpec spec;
    spec.name = name;
    spec.controlPlane = controlPlane;
    spec.nodes = nodes;
    spec.tier = tier;
    spec.changedAt = changedAt;
    return profile(spec);
}

inline ProfilePtr profile(const ProfileSpec &spec)
{
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.name = spec.name;
    p.metadata.namespaceName = spec.namespaceName;
    p.metadata.creationTimestamp = 500;
    std::vector<LabelMap::Entry> labels{{PooledString(QStringLiteral("x-k8s.io/cluster-manager")), FieldValue(QStringLiteral("ocm"))}};
    if (!spec.tier.isEmpty())
        labels.emplace_back(PooledString(QStringLiteral("tier")), FieldValue(spec.tier));
    p.metadata.labels.assign(&labels);
    p.displayName = BlockString(QStringLiteral("Cluster ") + spec.name);
    p.clusterManagerName = QStringLiteral("ocm");
    p.kubernetesVersion = QStringLiteral("v1.33.1");
    Condition cph;
    cph.type = QStringLiteral("ControlPlaneHealthy");
    cph.status = spec.controlPlane;
    cph.reason = spec.controlPlane == ConditionStatus::True ? QStringLiteral("Up") : QStringLiteral("Down");
    cph.message = spec.controlPlane == ConditionStatus::True ? QStringLiteral("Cluster is available.")
                                                             : QStringLiteral("Agent heartbeat lost for 5m.");
    cph.lastTransitionTime = spec.changedAt;
    Condition joined;
    joined.type = QStringLiteral("Joined");
    joined.status = ConditionStatus::True;
    joined.lastTransitionTime = 500;
    p.conditions = PackedList<Condition>(QList<Condition>{cph, joined});
    p.properties = PackedList<Property>(QList<Property>{
        Property{PooledString(QStringLiteral("count.node.k8s.io")), FieldValue(QString::number(spec.nodes)), spec.changedAt}});
    return record;
}

inline PlacementPtr placement(const QString &name, const QStringList &clusters, const QString &key = QStringLiteral("web"))
{
    auto p = std::make_shared<PlacementDecision>();
    p->metadata.name = name;
    p->metadata.namespaceName = QStringLiteral("fleet");
    p->metadata.labels.insert(PooledString(QStringLiteral("multicluster.x-k8s.io/placement-key")), PooledString(key));
    p->schedulerName = QStringLiteral("test-scheduler");
    for (const QString &c : clusters) {
        ClusterDecision d;
        d.clusterProfileName = BlockString(c);
        d.reason = QStringLiteral("chosen");
        p->decisions.append(d);
    }
    return p;
}

inline NamespacePtr namespaceWithSet(const QString &name, const QString &set)
{
    auto ns = std::make_shared<KubeNamespace>();
    ns->metadata.name = name;
    ns->metadata.labels.insert(PooledString(QStringLiteral("multicluster.x-k8s.io/clusterset")), PooledString(set));
    return ns;
}

// Writes what the writer has, as HistoryWorker::flush() does, starting each hub's stream at `start`.
inline bool flush(HistoryDatabase *db, FleetLogWriter *writer, QHash<QString, qint64> *streams, qint64 start,
                  QString *error)
{
    QList<FleetLogTables::Frame> frames;
    for (FleetLogWriter::Frame &f : writer->takeFrames()) {
        qint64 stream = streams->value(f.hub);
        if (stream == 0) {
            stream = db->fleetLog().beginStream(f.hub, start, error);
            if (stream <= 0)
                return false;
            streams->insert(f.hub, stream);
        }
        frames.append({stream, f.keyframe, f.firstAt, f.lastAt, f.events, std::move(f.data)});
    }
    return db->write({}, frames, error);
}

// A hub's clusters at a moment: name → recorded facts.
inline QMap<QString, RecordedCluster> factsOf(const HubMoment &hub)
{
    QMap<QString, RecordedCluster> facts;
    for (const ProfilePtr &p : hub.profiles)
        facts.insert(p->profile.metadata.name, fleet_records::fromProfile(p->profile));
    return facts;
}

inline QMap<QString, RecordedCluster> factsOf(const QList<ProfilePtr> &profiles)
{
    QMap<QString, RecordedCluster> facts;
    for (const ProfilePtr &p : profiles) {
        RecordedCluster c = fleet_records::fromProfile(p->profile);
        // The log keeps property values, not when each was last observed.
        facts.insert(p->profile.metadata.name, c);
    }
    return facts;
}

// What a comparison of two fact maps says when they differ.
inline QString difference(const QMap<QString, RecordedCluster> &actual, const QMap<QString, RecordedCluster> &expected)
{
    QStringList lines;
    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        if (!actual.contains(it.key()))
            lines << QStringLiteral("missing %1").arg(it.key());
        else if (actual.value(it.key()) != *it) {
            const RecordedCluster a = actual.value(it.key());
            const RecordedCluster &e = *it;
            QStringList fields;
            if (a.apiVersion != e.apiVersion)
                fields << QStringLiteral("apiVersion %1/%2").arg(a.apiVersion).arg(e.apiVersion);
            if (a.creationTimestamp != e.creationTimestamp)
                fields << QStringLiteral("created %1/%2").arg(a.creationTimestamp).arg(e.creationTimestamp);
            if (a.displayName != e.displayName || a.clusterManager != e.clusterManager
                || a.kubernetesVersion != e.kubernetesVersion)
                fields << QStringLiteral("spec");
            if (a.labels != e.labels)
                fields << QStringLiteral("labels");
            if (a.properties != e.properties)
                fields << QStringLiteral("properties");
            for (qsizetype i = 0; i < std::max(a.conditions.size(), e.conditions.size()); ++i) {
                const RecordedCondition x = a.conditions.value(i);
                const RecordedCondition y = e.conditions.value(i);
                if (x != y)
                    fields << QStringLiteral("condition %1 %2/%3 %4/%5 %6/%7 %8/%9")
                                  .arg(x.type, y.type, conditionStatusName(x.status), conditionStatusName(y.status), x.reason,
                                       y.reason, x.message, y.message)
                                  .arg(x.lastTransitionTime - y.lastTransitionTime);
            }
            lines << QStringLiteral("differs %1 (%2)").arg(it.key(), fields.join(QStringLiteral("; ")));
        }
    }
    for (auto it = actual.cbegin(); it != actual.cend(); ++it) {
        if (!expected.contains(it.key()))
            lines << QStringLiteral("extra %1").arg(it.key());
    }
    return lines.join(QStringLiteral(", "));
}

} // namespace fleetscope::fleetlogtest
