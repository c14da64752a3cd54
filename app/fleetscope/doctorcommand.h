#pragma once

#include <QStringList>

namespace fleetscope {

// `fleetscope doctor`: checks that members can be reached with the user's
// credential providers, in parallel, and says where each one fails.
int runDoctorCommand(const QStringList &arguments);

} // namespace fleetscope
