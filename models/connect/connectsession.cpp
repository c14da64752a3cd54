#include "connectsession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <unistd.h>

namespace fleetscope {
namespace {

constexpr QFile::Permissions ownerReadWrite = QFile::ReadOwner | QFile::WriteOwner;
constexpr QFile::Permissions ownerOnlyDir = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;

// A directory only we may enter: created 0700 or, if it exists, ours and tightened.
bool makePrivateDirectory(const QString &path)
{
    QDir dir(path);
    if (!dir.exists() && !QDir().mkpath(path))
        return false;
    const QFileInfo info(path);
    if (!info.isDir() || info.isSymLink() || info.ownerId() != ::getuid())
        return false;
    return QFile::setPermissions(path, ownerOnlyDir);
}

} // namespace

bool ConnectSession::writePrivateFile(const QString &path, const QByteArray &content, QString *error)
{
    // The mode is set on QSaveFile's temporary before any byte is written, and the rename
    // keeps it: a reader never sees the content under a looser mode, even when replacing
    // an existing 0644 file.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !file.setPermissions(ownerReadWrite)) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    file.write(content);
    if (!file.commit()) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

ConnectSession::ConnectSession() = default;

ConnectSession::~ConnectSession()
{
    if (m_dir)
        m_dir->remove();
}

QString ConnectSession::baseDirectory()
{
    // Without XDG_RUNTIME_DIR, Qt would invent /tmp/runtime-$USER and warn on every run: go
    // straight to the fallback instead (containers, su, cron).
    const QString runtime = qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")
        ? QString()
        : QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (!runtime.isEmpty()) {
        const QString base = QDir(runtime).filePath(QStringLiteral("fleetscope"));
        if (makePrivateDirectory(base))
            return base;
    }
    // No XDG_RUNTIME_DIR (containers, su): a private subdirectory of the temp dir instead.
    return QDir::tempPath();
}

QString ConnectSession::directory() const
{
    return m_dir ? m_dir->path() : QString();
}

bool ConnectSession::write(const QByteArray &kubeconfigYaml, QString *error)
{
    if (!m_dir) {
        // QTemporaryDir creates the directory 0700 with an unpredictable name.
        auto dir = std::make_unique<QTemporaryDir>(QDir(baseDirectory()).filePath(QStringLiteral("fleetscope-connect-XXXXXX")));
        if (!dir->isValid() || !QFile::setPermissions(dir->path(), ownerOnlyDir)) {
            *error = QStringLiteral("cannot create a private directory for the kubeconfig: ") + dir->errorString();
            return false;
        }
        m_dir = std::move(dir);
        m_path = m_dir->filePath(QStringLiteral("kubeconfig"));
    }
    if (!writePrivateFile(m_path, kubeconfigYaml, error))
        return false;
    m_content = kubeconfigYaml;
    return true;
}

bool ConnectSession::saveAs(const QString &path, QString *error) const
{
    if (m_path.isEmpty()) {
        *error = QStringLiteral("there is no kubeconfig to save yet");
        return false;
    }
    return writePrivateFile(path, m_content, error);
}

} // namespace fleetscope
