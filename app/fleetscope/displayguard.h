#pragma once

#include <QString>
#include <QtGlobal>

namespace fleetscope {

// Qt aborts the process (qFatal, exit 134) when no platform plugin can open a
// window: no display, an unreachable X server, a missing plugin. A user over ssh
// or a script deserves one line and exit code 1 instead.
//
// missingDisplay() answers before QApplication exists for the common case (no
// DISPLAY nor WAYLAND_DISPLAY for a windowing platform). A DisplayGuard alive
// while QApplication is constructed catches the rest: Qt's own platform warnings
// are held back and, should Qt give up, replaced by one `error:` line.
class DisplayGuard final
{
    Q_DISABLE_COPY_MOVE(DisplayGuard)

public:
    DisplayGuard();
    ~DisplayGuard();

    // The application exists: replay what was held back, stop guarding.
    void release();

    // Why no window can be opened, or empty when it may be.
    static QString missingDisplay();
    // Prints the one-line error for `reason`; returns exit code 1.
    static int fail(const QString &reason);
};

} // namespace fleetscope
