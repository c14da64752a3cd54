#include "memberfinder.h"

#include "fleet/lint/fleetfindings.h"
#include "fleet/store/fleetstore.h"

#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace fleetscope {
namespace {

// Runs `engine` until every hub has settled or the deadline passes; true when it timed out.
bool waitForHubs(FleetEngine *engine, FleetStore *store, int timeoutMs)
{
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    bool timedOut = false;
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        loop.quit();
    });
    QObject::connect(store, &FleetStore::hubStatusChanged, &loop, [&] {
        if (store->allHubsSettled())
            loop.quit();
    });
    engine->start();
    if (!store->allHubsSettled()) {
        if (timeoutMs > 0)
            deadline.start(timeoutMs);
        loop.exec();
    }
    engine->stop();
    return timedOut;
}

QString hubProblem(const FleetStore &store, int hub, bool timedOut, int timeoutMs)
{
    const HubStatus &status = store.hubStatus(hub);
    return timedOut ? QStringLiteral("not synced after %1 s: %2").arg(timeoutMs / 1000).arg(status.summary())
                    : status.summary();
}

} // namespace

MemberSearch MemberFinder::find(MemberQuery query)
{
    MemberSearch out;
    const bool named = !query.named.isEmpty();
    if (named) {
        const bool contextsGiven = !query.engine.contexts.isEmpty() || query.engine.allContexts;
        for (const MemberTarget &t : std::as_const(query.named)) {
            if (!contextsGiven && !query.engine.contexts.contains(t.hub))
                query.engine.contexts << t.hub;
            // Lets a user who may read only the member's namespace still find it.
            if (!query.engine.namespaces.contains(t.namespaceName))
                query.engine.namespaces << t.namespaceName;
        }
    }

    FleetStore store;
    store.setReleaseMemoryWhenSettled(false);
    FleetEngine engine(&store);
    QString error;
    if (!engine.configure(query.engine, &error)) {
        out.errors << error;
        return out;
    }
    const bool timedOut = waitForHubs(&engine, &store, query.timeoutMs);

    for (int hub = 0; hub < store.hubCount(); ++hub) {
        const HubStatus &status = store.hubStatus(hub);
        if (!status.forbiddenScopes.isEmpty() && status.synced)
            out.warnings << QStringLiteral("hub %1: forbidden: %2")
                                .arg(status.hub, status.forbiddenScopes.join(QStringLiteral(", ")));
    }

    if (named) {
        out.ok = true;
        for (MemberTarget &t : query.named) {
            const int hub = store.hubIndex(t.hub);
            if (hub < 0) {
                out.errors << QStringLiteral("hub %1 is not one of the contexts used (%2); add --context %1")
                                  .arg(t.hub, query.engine.contexts.join(QStringLiteral(", ")));
                out.ok = false;
                continue;
            }
            if (!store.hubStatus(hub).synced) {
                out.errors << QStringLiteral("hub %1: %2").arg(t.hub, hubProblem(store, hub, timedOut, query.timeoutMs));
                out.ok = false;
                continue;
            }
            const int row = store.rowOf(hub, ObjectKey{t.namespaceName, t.name});
            if (row < 0) {
                out.errors << QStringLiteral("hub %1 has no ClusterProfile %2/%3").arg(t.hub, t.namespaceName, t.name);
                out.ok = false;
                continue;
            }
            t.profile = store.profileAt(row).profile();
        }
        out.members = std::move(query.named);
        return out;
    }

    out.ok = true;
    for (int hub = 0; hub < store.hubCount(); ++hub) {
        if (!store.hubStatus(hub).synced)
            out.errors << QStringLiteral("hub %1: %2").arg(store.hubName(hub), hubProblem(store, hub, timedOut, query.timeoutMs));
    }
    // `--filter 'findings~…'` asks the lint; other filters never pay for it.
    std::unique_ptr<FleetFindings> findings;
    if (query.filter.readsFact(FleetFindings::filterKey)) {
        findings = std::make_unique<FleetFindings>(&store);
        findings->relint();
        store.addFilterFacts(findings.get());
    }
    for (int row = 0; row < store.profileCount(); ++row) {
        if (query.filter.matches(store.profileAt(row), &store))
            out.members << MemberTarget::fromRow(store, row);
    }
    if (findings)
        store.removeFilterFacts(findings.get());
    std::sort(out.members.begin(), out.members.end(),
              [](const MemberTarget &a, const MemberTarget &b) { return a.label() < b.label(); });
    return out;
}

} // namespace fleetscope
