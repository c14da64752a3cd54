#pragma once

// What the tests of the engine against a real kube-apiserver share: the engine
// set up on a harness user's kubeconfig, and the store compared with what the
// server lists.

#include "controlplaneprocess.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "fleetfixtures.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStringList>

#include <map>

namespace fleetscope::testing {

inline const QString profilesV1alpha2 = QStringLiteral("/apis/multicluster.x-k8s.io/v1alpha2/clusterprofiles");
inline const QString profilesV1alpha1 = QStringLiteral("/apis/multicluster.x-k8s.io/v1alpha1/clusterprofiles");

inline QString namespacedPath(const QString &version, const QString &ns, const QString &plural, const QString &name = {})
{
    QString path = QStringLiteral("/apis/multicluster.x-k8s.io/%1/namespaces/%2/%3").arg(version, ns, plural);
    if (!name.isEmpty())
        path += u'/' + name;
    return path;
}

// A ClusterProfile body valid in both versions (v1alpha2 wants the manager's
// name as a label value, and the label itself for its conformance).
inline QByteArray profileJson(const QString &version, const QString &name, const QString &displayName,
                              const QString &manager = QStringLiteral("fleet-manager"))
{
    return QStringLiteral(R"({"apiVersion":"multicluster.x-k8s.io/%1","kind":"ClusterProfile",)"
                          R"("metadata":{"name":"%2","labels":{"x-k8s.io/cluster-manager":"%4"}},)"
                          R"("spec":{"displayName":"%3","clusterManager":{"name":"%4"}}})")
        .arg(version, name, displayName, manager)
        .toUtf8();
}

// Creates `count` profiles named PREFIX-N in `ns`, in v1alpha2; false (with a
// warning naming the answer) at the first that fails.
inline bool createProfiles(ControlPlaneProcess &cp, const QString &ns, const QString &prefix, int count)
{
    for (int i = 0; i < count; ++i) {
        const QString name = QStringLiteral("%1-%2").arg(prefix).arg(i);
        const auto reply = cp.create(namespacedPath(QStringLiteral("v1alpha2"), ns, QStringLiteral("clusterprofiles")),
                                     profileJson(QStringLiteral("v1alpha2"), name, name));
        if (!reply.ok()) {
            qWarning("create %s/%s: %s", qPrintable(ns), qPrintable(name), qPrintable(reply.describe()));
            return false;
        }
    }
    return true;
}

// Informers as the dashboard runs them, but retrying within a second: the
// protocol logic is the same, the tests are shorter.
inline InformerOptions realInformer()
{
    InformerOptions options;
    options.backoff.initialMs = 200;
    options.backoff.capMs = 1000;
    return options;
}

inline FleetEngineOptions engineOptions(const QString &kubeconfig, const QStringList &contexts,
                                        const InformerOptions &informer = realInformer())
{
    FleetEngineOptions options;
    options.kubeconfigPath = kubeconfig;
    options.contexts = contexts;
    options.informer = informer;
    return options;
}

// namespace/name → resourceVersion of the hub's profiles in the store.
inline std::map<QString, QString> storeProfiles(const FleetStore &store, int hub)
{
    std::map<QString, QString> contents;
    for (const FleetProfile &p : store.profiles()) {
        if (p.hub == hub)
            contents[p.profile().metadata.namespaceName + u'/' + p.profile().metadata.name] =
                QString::fromLatin1(p.profile().metadata.resourceVersion.toByteArray());
    }
    return contents;
}

// How the store differs from the server: objects it lacks, holds at another
// resourceVersion, or holds although the server has no such object.
struct FleetDifference
{
    int lost = 0;
    int stale = 0;
    int extra = 0;
    QStringList examples; // a few of each, for the failure message
    bool none() const { return lost == 0 && stale == 0 && extra == 0; }
    QString describe() const
    {
        return QStringLiteral("%1 lost, %2 stale, %3 extra: %4")
            .arg(lost)
            .arg(stale)
            .arg(extra)
            .arg(examples.join(QStringLiteral(", ")));
    }
};

inline FleetDifference compareFleet(const std::map<QString, QString> &store, const std::map<QString, QString> &server)
{
    FleetDifference d;
    const auto example = [&d](const QString &text) {
        if (d.examples.size() < 8)
            d.examples << text;
    };
    for (const auto &[key, rv] : server) {
        const auto it = store.find(key);
        if (it == store.end()) {
            ++d.lost;
            example(QStringLiteral("lost %1").arg(key));
        } else if (it->second != rv) {
            ++d.stale;
            example(QStringLiteral("stale %1 at %2, server %3").arg(key, it->second, rv));
        }
    }
    for (const auto &[key, rv] : store) {
        if (server.find(key) == server.end()) {
            ++d.extra;
            example(QStringLiteral("extra %1 at %2").arg(key, rv));
        }
    }
    return d;
}

// Waits until the hub's profiles in the store are exactly `server` (a list taken
// once the writes stopped), for up to `timeoutMs`; the last difference either way.
inline FleetDifference waitForFleet(const FleetStore &store, int hub, const std::map<QString, QString> &server,
                                    int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    FleetDifference d = compareFleet(storeProfiles(store, hub), server);
    while (!d.none() && !deadline.hasExpired()) {
        QSignalSpy applied(&store, &FleetStore::deltaApplied);
        applied.wait(int(std::max<qint64>(1, std::min<qint64>(deadline.remainingTime(), 1000))));
        d = compareFleet(storeProfiles(store, hub), server);
    }
    return d;
}

// The journal's entries of one kind, as text.
inline QStringList journalLines(const FleetStore &store, int hub, HubJournal::Kind kind)
{
    QStringList lines;
    if (const HubJournalPtr journal = store.hubJournal(hub)) {
        for (const HubJournal::Entry &entry : journal->entries()) {
            if (entry.kind == kind)
                lines << entry.text;
        }
    }
    return lines;
}

inline const HubJournal::Resource *journalResource(const QList<HubJournal::Resource> &resources, const QString &prefix)
{
    for (const HubJournal::Resource &resource : resources) {
        if (resource.name.startsWith(prefix))
            return &resource;
    }
    return nullptr;
}

// What a failed convergence needs to be understood from a CI log: each
// resource's phase, resourceVersion and watch age, then the hub's journal.
inline QString hubStory(const FleetStore &store, int hub)
{
    QString story = QStringLiteral("\nhub %1:").arg(store.hubName(hub));
    const HubJournalPtr journal = store.hubJournal(hub);
    if (!journal)
        return story + QStringLiteral(" no journal");
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (const HubJournal::Resource &r : journal->resources()) {
        story += QStringLiteral("\n  %1: %2, %3 objects, rv %4, relists %5, watch open %6 s%7")
                     .arg(r.name, r.phase)
                     .arg(r.objects)
                     .arg(r.resourceVersion)
                     .arg(r.relists)
                     .arg(r.watchSinceMs > 0 ? (now - r.watchSinceMs) / 1000 : -1)
                     .arg(r.lastError.isEmpty() ? QString() : QStringLiteral(", last error: ") + r.lastError);
    }
    const QList<HubJournal::Entry> entries = journal->entries();
    for (qsizetype i = std::max<qsizetype>(0, entries.size() - 40); i < entries.size(); ++i)
        story += QStringLiteral("\n  %1 %2").arg(QDateTime::fromMSecsSinceEpoch(entries[i].atMs).toUTC().toString(u"hh:mm:ss.zzz"), entries[i].text);
    return story;
}

inline const QString admin = QStringLiteral("admin");

// Starts the engine on the admin's hub and waits until it is live and synced.
inline bool syncAdmin(FleetEngine &engine, FleetStore &store, const ControlPlaneProcess &cp, int *hub,
               const InformerOptions &informer = realInformer())
{
    QString error;
    if (!engine.configure(engineOptions(cp.kubeconfig(admin), {admin}, informer), &error)) {
        qWarning("configure: %s", qPrintable(error));
        return false;
    }
    *hub = store.hubIndex(admin);
    engine.start();
    QDeadlineTimer deadline(30000);
    while (!(store.hubStatus(*hub).state == HubStatus::State::Live && store.hubStatus(*hub).synced)
           && !deadline.hasExpired()) {
        QSignalSpy changed(&store, &FleetStore::hubStatusChanged);
        changed.wait(int(std::max<qint64>(1, deadline.remainingTime())));
    }
    if (store.hubStatus(*hub).state != HubStatus::State::Live) {
        qWarning("hub not live: %s", qPrintable(store.hubStatus(*hub).summary()));
        return false;
    }
    return true;
}

inline const FleetProfile *findProfile(const FleetStore &store, int hub, const QString &ns, const QString &name)
{
    const int row = store.rowOf(hub, ns, name);
    return row < 0 ? nullptr : &store.profileAt(row);
}

// The object's resourceVersion on the server now; empty, with a warning, when there is none.
inline QString serverVersionOf(ControlPlaneProcess &cp, const QString &path)
{
    const ControlPlaneProcess::Reply reply = cp.request("GET", path);
    const QString rv = QJsonDocument::fromJson(reply.body).object().value(u"metadata").toObject().value(u"resourceVersion").toString();
    if (rv.isEmpty())
        qWarning("GET %s: %s", qPrintable(path), qPrintable(reply.describe()));
    return rv;
}

} // namespace fleetscope::testing
