#include "pastlistcommand.h"

#include "clioutput.h"

#include "fleet/store/fleetstore.h"
#include "history/fleethistoryreader.h"
#include "history/momentexpression.h"

#include <QCoreApplication>

namespace fleetscope {

namespace {

// A hub's recorded range, in words.
QString rangeText(const HubMoment &hub)
{
    if (hub.recordedFrom == 0 && hub.recordedTo == 0)
        return QStringLiteral("nothing is recorded for it");
    return QStringLiteral("it is recorded from %1 to %2").arg(formatMoment(hub.recordedFrom), formatMoment(hub.recordedTo));
}

} // namespace

int runPastList(const PastListRequest &request)
{
    FleetHistoryReader reader;
    QString error;
    if (!reader.open(request.historyPath, &error)) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(error));
        return 1;
    }
    const FleetMoment moment = reader.momentAt(request.hubs, request.at, &error);
    if (!error.isEmpty()) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(error));
        return 1;
    }
    FleetStore store;
    store.setReleaseMemoryWhenSettled(false);
    int failures = 0;
    int shown = 0;
    QStringList messages;
    for (const HubMoment &hub : moment.hubs) {
        const int index = store.addHub(hub.hub);
        HubStatus status;
        status.hub = hub.hub;
        if (hub.coverage == HubMoment::Coverage::NotRecorded) {
            ++failures;
            messages << QStringLiteral("error: hub %1: not recorded at %2: %3\n")
                            .arg(hub.hub, formatMoment(request.at), rangeText(hub));
            status.state = HubStatus::State::Error;
            store.setHubStatus(index, status);
            continue;
        }
        if (hub.coverage == HubMoment::Coverage::NotWatched)
            messages << QStringLiteral("warning: hub %1: not watched at %2; showing what was recorded before\n")
                            .arg(hub.hub, formatMoment(request.at));
        HubDelta delta;
        delta.upsertedNamespaces = hub.namespaces;
        delta.upsertedPlacements = hub.placements;
        delta.upsertedProfiles = hub.profiles;
        store.applyDelta(index, delta);
        status.state = HubStatus::State::Live;
        status.synced = true;
        store.setHubStatus(index, status);
        ++shown;
    }
    // As `list`: no hub to show, no table (not even its header) on stdout.
    if (shown > 0) {
        FleetPrinter printer(store, request.format, request.at);
        if (request.table)
            printer.setTable(*request.table);
        QList<int> rows = printer.sortedRows();
        if (!request.filter.isEmpty())
            rows.removeIf([&](int row) { return !request.filter.matches(store.profileAt(row), &store); });
        writeBytes(stdout, printer.render(rows));
    }
    for (const QString &message : std::as_const(messages))
        writeText(stderr, message);
    return failures ? 1 : 0;
}

} // namespace fleetscope
