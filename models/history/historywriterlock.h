#pragma once

#include <QString>

#include <memory>

class QLockFile;

namespace fleetscope {

// The one writer of a history file: the dashboard or `fleetscope record`. Two
// writers would record every change twice; readers (another window, `list
// --at`, `diff`) need no lock and read while it writes (SQLite's WAL). Held as
// `<file>.lock` for as long as the object lives; a lock left by a process that
// is gone is taken over.
class HistoryWriterLock final
{
public:
    HistoryWriterLock();
    ~HistoryWriterLock();
    HistoryWriterLock(const HistoryWriterLock &) = delete;
    HistoryWriterLock &operator=(const HistoryWriterLock &) = delete;

    // Who holds a lock: the process and its id.
    struct Holder
    {
        qint64 pid = 0;
        QString program;
        QString host;

        bool isValid() const { return pid > 0; }
        // "fleetscope record (pid 1234)".
        QString describe() const;
    };

    // False when another live process holds it (`holder` says which) or the
    // lock file cannot be written (`holder` invalid, `error` says why).
    bool acquire(const QString &databasePath, Holder *holder, QString *error);
    void release();
    bool isHeld() const;

    // The live writer of `databasePath`, if one holds its lock now.
    static Holder holderOf(const QString &databasePath);
    static QString lockPath(const QString &databasePath) { return databasePath + QStringLiteral(".lock"); }

private:
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace fleetscope
