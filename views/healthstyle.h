#pragma once

#include "api/clusterfacts.h"
#include "api/condition.h"

#include <QColor>
#include <QIcon>

namespace fleetscope {

// How health is shown everywhere: a shape *and* a colour (never colour alone, so
// colour-blind users and grey-scale screenshots still tell them apart), with
// colours chosen to read on light and dark palettes. Icons are drawn once and cached.
class HealthStyle final
{
public:
    static QIcon icon(Health health);
    static QIcon icon(ConditionStatus status);
    static QColor color(Health health);
    static QString text(Health health);
};

} // namespace fleetscope
