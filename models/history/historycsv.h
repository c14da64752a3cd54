#pragma once

#include "historytypes.h"

#include <QByteArray>
#include <QList>

class QIODevice;

namespace fleetscope {

// Transitions as CSV (RFC 4180, UTF-8, a header line, times in RFC 3339 UTC).
// Text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed
// with a quote: messages come from clusters, not from the user.
QByteArray transitionsCsvHeader();
QByteArray transitionCsvLine(const ConditionTransition &transition);
bool writeTransitionsCsv(QIODevice *device, const QList<ConditionTransition> &transitions);

} // namespace fleetscope
