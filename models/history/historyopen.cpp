#include "historydatabase.h"
#include "historyschema.h"

#include "kube/privatefiles.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

// HistoryDatabase's ways in: a writer takes the lock and migrates, a reader
// only reads.

namespace fleetscope {
bool HistoryDatabase::connect(const QString &path, bool readOnly, QString *error)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    // A writer that holds the lock for longer than this is another program.
    db.setConnectOptions(readOnly ? QStringLiteral("QSQLITE_BUSY_TIMEOUT=1000;QSQLITE_OPEN_READONLY")
                                  : QStringLiteral("QSQLITE_BUSY_TIMEOUT=1000"));
    if (!db.open()) {
        *error = describe(QCoreApplication::translate("History", "cannot open"), history_schema::sqlErrorText(db.lastError()));
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connection);
        return false;
    }
    m_open = true;
    m_readOnly = readOnly;
    return true;
}

bool HistoryDatabase::open(const QString &path, QString *error)
{
    close();
    m_path = path;
    m_lockedBy = {};
    const QFileInfo info(path);
    if (info.exists() && !info.isFile()) {
        *error = describe(QCoreApplication::translate("History", "cannot open"),
                          QCoreApplication::translate("History", "not a file"));
        return false;
    }
    // The history names every cluster of the fleet: the user's alone, like the
    // fleet cache. SQLite gives the -wal and -shm files the database's mode;
    // ones left from an older run are tightened too.
    QString privacyError;
    if (!private_files::makeDirectory(info.absolutePath(), &privacyError)
        || !private_files::makeFile(path, true, &privacyError)
        || !private_files::makeFile(path + QStringLiteral("-wal"), false, &privacyError)
        || !private_files::makeFile(path + QStringLiteral("-shm"), false, &privacyError)) {
        *error = describe(QCoreApplication::translate("History", "cannot keep it private"), privacyError);
        return false;
    }
    QString lockError;
    if (!m_writerLock.acquire(path, &m_lockedBy, &lockError)) {
        const QString who = m_lockedBy.isValid()
            ? QCoreApplication::translate("History", "%1 is writing it").arg(m_lockedBy.describe())
            : (lockError.isEmpty() ? QCoreApplication::translate("History", "another program is writing it")
                                   : lockError);
        *error = describe(QCoreApplication::translate("History", "locked"), who);
        if (!m_lockedBy.isValid() && lockError.isEmpty())
            m_lockedBy.pid = -1;
        return false;
    }
    if (!connect(path, false, error)) {
        m_writerLock.release();
        return false;
    }
    QString detail;
    // Reading the schema is the first thing that fails on a file that is not a
    // database ("file is not a database"), so it doubles as the corruption check.
    if (!exec(QStringLiteral("PRAGMA journal_mode=WAL"), &detail)
        || !exec(QStringLiteral("PRAGMA synchronous=NORMAL"), &detail)
        // Writes append and touch a few pages (the tables' ends, `latest`); the
        // default 2 MB cache only filled with pages written once, in a dashboard
        // that should not grow after its first minute. Reads come from the OS's cache.
        || !exec(QStringLiteral("PRAGMA cache_size=-512"), &detail) || !migrate(&detail)) {
        // SQLITE_BUSY: another connection holds the file (an older Fleetscope
        // that locks it whole), not "database table is locked".
        const bool locked = detail.contains(QLatin1String("database is locked"), Qt::CaseInsensitive);
        *error = locked ? describe(QCoreApplication::translate("History", "locked"),
                                   QCoreApplication::translate("History", "another program (another Fleetscope?) "
                                                                          "is using it"))
                        : describe(QCoreApplication::translate("History", "unusable"), detail);
        close();
        return false;
    }
    return true;
}

bool HistoryDatabase::openForReading(const QString &path, QString *error)
{
    close();
    m_path = path;
    m_lockedBy = {};
    if (!QFileInfo(path).isFile()) {
        *error = describe(QCoreApplication::translate("History", "cannot open"),
                          QCoreApplication::translate("History", "no history has been recorded there"));
        return false;
    }
    if (!connect(path, true, error))
        return false;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    int version = 0;
    if (q.exec(QStringLiteral("SELECT MAX(version) FROM schema_version")) && q.next())
        version = q.value(0).toInt();
    else {
        const bool locked = history_schema::sqlErrorText(q.lastError()).contains(QLatin1String("database is locked"), Qt::CaseInsensitive);
        *error = describe(locked ? QCoreApplication::translate("History", "locked")
                                 : QCoreApplication::translate("History", "unusable"),
                          locked ? QCoreApplication::translate("History", "another program (an older Fleetscope?) "
                                                                           "holds it whole")
                                 : history_schema::sqlErrorText(q.lastError()));
        q.finish();
        close();
        return false;
    }
    q.finish();
    m_foundVersion = version;
    if (version != schemaVersion) {
        *error = describe(QCoreApplication::translate("History", "cannot read"),
                          version > schemaVersion
                              ? QCoreApplication::translate("History", "written by a newer Fleetscope (schema %1, "
                                                                       "this one knows %2)")
                                    .arg(version)
                                    .arg(schemaVersion)
                              : QCoreApplication::translate("History", "written by an older Fleetscope (schema %1); "
                                                                       "the dashboard or fleetscope record converts "
                                                                       "it when it next opens it")
                                    .arg(version));
        close();
        return false;
    }
    return true;
}

} // namespace fleetscope
