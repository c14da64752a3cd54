#pragma once

#include "fleet/filter/fleetfilter.h"
#include "fleet/output/fleetprinter.h"
#include "fleet/output/tableprinter.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace fleetscope {

// `fleetscope list --at TIME`: the fleet as the history recorded it then, in
// every format `list` prints, without connecting to any hub.
struct PastListRequest
{
    QString historyPath;
    QStringList hubs;
    qint64 at = 0;
    FleetPrinter::Format format = FleetPrinter::Format::Table;
    std::optional<TablePrinter> table; // custom columns, --no-headers
    FleetFilter filter;
};

// Exit 0 when every hub was recorded at the time, 1 (with one `error: hub …`
// line per hub that was not, and the others still printed) otherwise.
int runPastList(const PastListRequest &request);

} // namespace fleetscope
