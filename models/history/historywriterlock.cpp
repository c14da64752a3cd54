#include "historywriterlock.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLockFile>
#include <QSysInfo>

#include <cerrno>

#include <signal.h>

namespace fleetscope {

HistoryWriterLock::HistoryWriterLock() = default;

HistoryWriterLock::~HistoryWriterLock() = default;

QString HistoryWriterLock::Holder::describe() const
{
    const QString name = program.isEmpty() ? QCoreApplication::translate("History", "a program") : program;
    return QCoreApplication::translate("History", "%1 (pid %2)").arg(name).arg(pid);
}

bool HistoryWriterLock::acquire(const QString &databasePath, Holder *holder, QString *error)
{
    *holder = Holder();
    if (isHeld())
        return true;
    auto lock = std::make_unique<QLockFile>(lockPath(databasePath));
    // Held for hours: only a dead owner makes it stale, never its age.
    lock->setStaleLockTime(0);
    if (lock->tryLock(0)) {
        m_lock = std::move(lock);
        return true;
    }
    if (lock->error() == QLockFile::LockFailedError) {
        lock->getLockInfo(&holder->pid, &holder->host, &holder->program);
        if (!holder->isValid())
            holder->pid = -1; // held, by whom the file does not say
        return false;
    }
    *error = QCoreApplication::translate("History", "cannot create %1").arg(lockPath(databasePath));
    return false;
}

void HistoryWriterLock::release()
{
    m_lock.reset();
}

bool HistoryWriterLock::isHeld() const
{
    return m_lock && m_lock->isLocked();
}

HistoryWriterLock::Holder HistoryWriterLock::holderOf(const QString &databasePath)
{
    Holder holder;
    if (!QFileInfo::exists(lockPath(databasePath)))
        return holder;
    // Read, not taken: taking it even for a moment could make a writer that
    // starts then think another one writes.
    const QLockFile file(lockPath(databasePath));
    Holder owner;
    if (!file.getLockInfo(&owner.pid, &owner.host, &owner.program) || owner.pid <= 0)
        return holder;
    if (!owner.host.isEmpty() && owner.host != QSysInfo::machineHostName())
        return owner; // another machine's: it cannot be checked from here
    const bool alive = ::kill(pid_t(owner.pid), 0) == 0 || errno == EPERM;
    // A pid the system gave to another program since is no owner.
    const QString exe = QFileInfo(QStringLiteral("/proc/%1/exe").arg(owner.pid)).symLinkTarget();
    if (!alive || (!exe.isEmpty() && !owner.program.isEmpty() && QFileInfo(exe).fileName() != owner.program))
        return holder;
    return owner;
}

} // namespace fleetscope
