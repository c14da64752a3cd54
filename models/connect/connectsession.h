#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

class QTemporaryDir;

namespace fleetscope {

// The life of one connect: a kubeconfig written 0600 in a fresh 0700 directory
// under $XDG_RUNTIME_DIR/fleetscope (a private temporary directory when there is
// no usable runtime directory), removed with this object. The kubeconfig holds
// no secret itself (credentials come from the exec plugin), but it names the
// plugin and its environment, which can: so it is treated like one.
class ConnectSession final
{
    Q_DISABLE_COPY_MOVE(ConnectSession)

public:
    ConnectSession();
    ~ConnectSession(); // removes the directory and the kubeconfig

    // Writes `kubeconfigYaml`; false with `error` when no private directory or file
    // can be made. May be called again to replace the content.
    bool write(const QByteArray &kubeconfigYaml, QString *error);

    // "Save kubeconfig as…": a copy at `path`, 0600, replacing an existing file
    // atomically. The session's own file is still removed at the end.
    bool saveAs(const QString &path, QString *error) const;

    // Writes `content` to `path` 0600 (from the first byte on), replacing an existing file atomically.
    static bool writePrivateFile(const QString &path, const QByteArray &content, QString *error);

    QString kubeconfigPath() const { return m_path; }
    QString directory() const;

    // Where sessions make their directories; empty base = the default. For tests.
    static QString baseDirectory();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    QByteArray m_content;
};

} // namespace fleetscope
