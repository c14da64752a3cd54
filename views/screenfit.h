#pragma once

#include <QRect>
#include <QSize>

class QWidget;

namespace fleetscope {

// Window sizes that fit the screen a window opens on: the size a window is made
// for, made smaller where the screen's available geometry (without panels and
// docks) is, so that nothing of it opens off-screen.
class ScreenFit final
{
public:
    // `preferred`, no larger than `available` less room for a window manager's frame.
    static QSize fit(const QSize &preferred, const QRect &available);
    // Resizes `window` to `preferred` fitted to its screen (the primary one before it has one).
    static void resize(QWidget *window, const QSize &preferred);

    // What a frame and title bar take, which the size of a window does not include.
    static constexpr int frameWidth = 16;
    static constexpr int frameHeight = 48;
};

} // namespace fleetscope
