#include "demoruntimedir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include <cerrno>
#include <csignal>

namespace fleetscope {
namespace {

const QString ownerFile = QStringLiteral("owner.pid");

QString runtimeDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
}

// The folder's template, once the leftovers under the same prefix are gone.
QString templateAfterSweep(const QString &prefix)
{
    DemoRuntimeDir::removeLeftovers(runtimeDirectory(), prefix);
    return QDir(runtimeDirectory()).filePath(prefix + QStringLiteral("-XXXXXX"));
}

bool processAlive(qint64 pid)
{
    // EPERM: it exists, it is someone else's.
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

} // namespace

DemoRuntimeDir::DemoRuntimeDir(const QString &prefix)
    : m_dir(templateAfterSweep(prefix))
{
    if (!m_dir.isValid())
        return;
    QFile owner(m_dir.filePath(ownerFile));
    if (owner.open(QIODevice::WriteOnly))
        owner.write(QByteArray::number(QCoreApplication::applicationPid()));
}

int DemoRuntimeDir::removeLeftovers(const QString &runtimeDirectory, const QString &prefix)
{
    int removed = 0;
    const QDir runtime(runtimeDirectory);
    // The six characters QTemporaryDir puts after the dash: "prefix-members-…" is
    // not a leftover of "prefix".
    const QStringList names = runtime.entryList({prefix + QStringLiteral("-??????")}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        QDir leftover(runtime.filePath(name));
        QFile owner(leftover.filePath(ownerFile));
        if (!owner.open(QIODevice::ReadOnly))
            continue; // not one of ours, or still being made
        bool ok = false;
        const qint64 pid = owner.readAll().trimmed().toLongLong(&ok);
        owner.close();
        if (ok && !processAlive(pid) && leftover.removeRecursively())
            ++removed;
    }
    return removed;
}

} // namespace fleetscope
