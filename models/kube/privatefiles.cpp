#include "privatefiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <unistd.h>

namespace fleetscope::private_files {
namespace {

constexpr QFile::Permissions ownerReadWrite = QFile::ReadOwner | QFile::WriteOwner;
constexpr QFile::Permissions ownerOnlyDirectory = ownerReadWrite | QFile::ExeOwner;

QString tr(const char *text)
{
    return QCoreApplication::translate("fleetscope::private_files", text);
}

} // namespace

bool makeDirectory(const QString &path, QString *error)
{
    if (!QFileInfo::exists(path) && !QDir().mkpath(path)) {
        *error = tr("%1: cannot create the folder").arg(path);
        return false;
    }
    const QFileInfo info(path);
    if (!info.isDir() || info.isSymLink() || info.ownerId() != ::getuid()) {
        *error = tr("%1: not a folder of this user").arg(path);
        return false;
    }
    if (!QFile::setPermissions(path, ownerOnlyDirectory)) {
        *error = tr("%1: cannot make the folder private").arg(path);
        return false;
    }
    return true;
}

bool makeFile(const QString &path, bool createIfMissing, QString *error)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        if (!createIfMissing)
            return true;
        // Created with the mode set before anything is written into it.
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly) || !file.setPermissions(ownerReadWrite)) {
            *error = tr("%1: cannot create the file: %2").arg(path, file.errorString());
            return false;
        }
        return true;
    }
    if (!info.isFile() || info.isSymLink() || info.ownerId() != ::getuid()) {
        *error = tr("%1: not a file of this user").arg(path);
        return false;
    }
    if (!QFile::setPermissions(path, ownerReadWrite)) {
        *error = tr("%1: cannot make the file private").arg(path);
        return false;
    }
    return true;
}

} // namespace fleetscope::private_files
