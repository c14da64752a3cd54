#include "verbosity.h"

#include <QLoggingCategory>
#include <QStringList>

namespace fleetscope::verbosity {

QString rules(int level)
{
    QStringList lines{QStringLiteral("fleetscope.*.info=false"), QStringLiteral("fleetscope.*.debug=false")};
    if (level >= 2)
        lines << QStringLiteral("fleetscope.fleet.info=true");
    if (level >= 4)
        lines << QStringLiteral("fleetscope.*.info=true");
    if (level >= 6)
        lines << QStringLiteral("fleetscope.*.debug=true") << QStringLiteral("fleetscope.kube.events.debug=false");
    if (level >= 8)
        lines << QStringLiteral("fleetscope.kube.events.debug=true");
    return lines.join(u'\n');
}

void apply(int level)
{
    // "fleetscope.*" also matches the category "fleetscope" itself: harmless.
    QLoggingCategory::setFilterRules(rules(level));
    qSetMessagePattern(QStringLiteral("%{time hh:mm:ss.zzz} %{if-category}%{category}: %{endif}%{message}"));
}

} // namespace fleetscope::verbosity
