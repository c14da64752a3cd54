#pragma once

#include <QObject>

class QSocketNotifier;

namespace fleetscope {

// Ends the event loop like closing the window does when SIGTERM, SIGINT or SIGHUP
// arrives (a session logout, `kill`, Ctrl+C in the terminal that started the
// dashboard): the fleet cache is written, the history file closed and its
// coverage ended, instead of losing the last minutes to a hard kill.
//
// The handler only writes a byte to a socket pair (the one thing a signal
// handler may safely do); a QSocketNotifier turns it into a quit on the event loop.
class QuitOnSignal final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QuitOnSignal)

public:
    explicit QuitOnSignal(QObject *parent = nullptr);
    ~QuitOnSignal() override;

private:
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace fleetscope
