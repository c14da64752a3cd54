#pragma once

#include <QString>

namespace fleetscope::verbosity {

// kubectl's -v levels, mapped onto the logging categories (logcategories.h):
//   0  errors only (the default)
//   2  + hub state changes
//   4  + backoffs, relists, exec plugin runs
//   6  + one line per request with its status and duration, discovery
//   8  + every watch event (type, namespace/name, resourceVersion)
// QT_LOGGING_RULES, when set, still wins (Qt applies it after these rules).
constexpr int maximum = 10;

// The filter rules for `level`, as QLoggingCategory::setFilterRules() takes them.
QString rules(int level);
// Installs rules(level) and a message pattern with the time and the category.
void apply(int level);

} // namespace fleetscope::verbosity
