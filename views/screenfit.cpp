#include "screenfit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

namespace fleetscope {

QSize ScreenFit::fit(const QSize &preferred, const QRect &available)
{
    if (!available.isValid())
        return preferred;
    const QSize room(qMax(1, available.width() - frameWidth), qMax(1, available.height() - frameHeight));
    return preferred.boundedTo(room);
}

void ScreenFit::resize(QWidget *window, const QSize &preferred)
{
    const QScreen *screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    // The minimum size wins over the screen: below it the window is unusable anyway.
    window->resize(screen ? fit(preferred, screen->availableGeometry()) : preferred);
}

} // namespace fleetscope
