#pragma once

#include <QPalette>
#include <QString>

namespace fleetscope {

// The application normally follows the platform's palette (light or dark). For
// screenshots and for checking that health colours read on both, `--palette dark`
// or `--palette light` forces the Fusion style with a fixed palette.
class AppPalette final
{
public:
    static QPalette dark();
    static QPalette light();
    // "dark", "light" or empty (the platform's). False for anything else.
    static bool apply(const QString &name);
};

} // namespace fleetscope
