#pragma once

#include <QString>
#include <QStringView>

namespace fleetscope {

// A moment a person names on the command line (`list --at`, `diff --since`):
// an RFC 3339 time ("2026-05-01T03:00:00Z", "2026-05-01T05:00:00+02:00"), a
// time before `now` ("-2h", "-90m", "-1d12h", "-45s", "-1w"), or "now".
// False with `error` saying what is accepted.
bool parseMoment(QStringView text, qint64 now, qint64 *at, QString *error);

// How a moment is printed back: RFC 3339 in UTC, to the second.
QString formatMoment(qint64 at);

} // namespace fleetscope
