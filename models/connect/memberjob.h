#pragma once

#include <QObject>

namespace fleetscope {

// One piece of asynchronous work on one member (an access check, a command run):
// finished() follows start() exactly once, from the event loop, also after cancel().
class MemberJob : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberJob)

public:
    using QObject::QObject;

    virtual void start() = 0;
    virtual void cancel() = 0;

signals:
    void finished();
};

} // namespace fleetscope
