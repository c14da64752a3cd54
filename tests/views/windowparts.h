#pragma once

// The window's parts that tests reach into, found as accessibility tools and
// scripts find them: by object name, under the widget that holds them.

#include <QAction>
#include <QDateTimeEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>

namespace fleetscope::testing {

// The empty fleet overlay's Reconnect and Hubs buttons.
inline QPushButton *reconnectButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("emptyFleetReconnect"));
}
inline QPushButton *hubsButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("emptyFleetHubs"));
}

// The time travel banner's Back to live button.
inline QPushButton *backButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("timeTravelBack"));
}

// The time bar's slider, date-time field and Now button.
inline QSlider *slider(const QObject *parent)
{
    return parent->findChild<QSlider *>(QStringLiteral("timeSlider"));
}
inline QDateTimeEdit *timeField(const QObject *parent)
{
    return parent->findChild<QDateTimeEdit *>(QStringLiteral("timeField"));
}
inline QPushButton *nowButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("timeNow"));
}

// The changes view's From and To fields and Show button.
inline QDateTimeEdit *fromField(const QObject *parent)
{
    return parent->findChild<QDateTimeEdit *>(QStringLiteral("changesFrom"));
}
inline QDateTimeEdit *toField(const QObject *parent)
{
    return parent->findChild<QDateTimeEdit *>(QStringLiteral("changesTo"));
}
inline QPushButton *showButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("changesShow"));
}

// The run dialog's output.
inline QPlainTextEdit *outputView(const QObject *parent)
{
    return parent->findChild<QPlainTextEdit *>(QStringLiteral("runOutput"));
}

// The window's actions: File > Hubs, and the Time menu's hour steps and Back to now.
inline QAction *hubsAction(const QObject *window)
{
    return window->findChild<QAction *>(QStringLiteral("hubsAction"));
}
inline QAction *earlierAction(const QObject *window)
{
    return window->findChild<QAction *>(QStringLiteral("timeEarlier"));
}
inline QAction *laterAction(const QObject *window)
{
    return window->findChild<QAction *>(QStringLiteral("timeLater"));
}
inline QAction *nowAction(const QObject *window)
{
    return window->findChild<QAction *>(QStringLiteral("timeBackToNow"));
}

} // namespace fleetscope::testing
