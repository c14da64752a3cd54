#pragma once

#include "api/clusterfacts.h"
#include "api/condition.h"

#include <QColor>
#include <QIcon>
#include <QPalette>

class QWidget;

namespace fleetscope {

// How health is shown everywhere: a shape *and* a colour (never colour alone, so
// colour-blind users and grey-scale screenshots still tell them apart), with
// colours chosen to read on light and dark palettes. Icons are drawn once and cached.
class HealthStyle final
{
public:
    static QIcon icon(Health health);
    static QIcon icon(ConditionStatus status) { return icon(health(status)); }
    // How a condition's status is shown: True as healthy, False as unhealthy,
    // Unknown as unknown, an absent condition as no data.
    static Health health(ConditionStatus status);
    static QColor color(Health health);
    static QString text(Health health);

    // Text that says something failed or is refused: the unhealthy hue, which
    // reads on light and dark palettes alike.
    static QColor errorText();
    // Secondary text (field names, empty states, reasons): the palette's
    // placeholder colour, which every theme keeps readable but quieter.
    static QColor mutedText(const QPalette &palette);
    // Shows a label's text as an error, or in the palette's own colour again.
    static void setErrorText(QWidget *label, bool error);
};

} // namespace fleetscope
