#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace fleetscope::testing {

// A `fleetscope-hub` started as a separate process for integration tests, with a
// kubeconfig written for it. Stopped (and its kubeconfig removed) on destruction.
class HubProcess final
{
    Q_DISABLE_COPY_MOVE(HubProcess)

public:
    // `arguments` are passed through (e.g. --generate 100 --churn 50); the listen
    // address and --kubeconfig-out/--context are added.
    explicit HubProcess(const QStringList &arguments = {}, const QString &context = QStringLiteral("hub"));
    ~HubProcess();

    // Starts the hub and waits (on the process's output, with a deadline) for its
    // "ready URL" line. On failure `error` holds the hub's stderr.
    bool start(QString *error, int deadlineMs = 30000);
    void stop();

    QString url() const { return m_url; }
    QString context() const { return m_context; }
    QString kubeconfigPath() const { return m_dir.filePath(QStringLiteral("kubeconfig")); }
    QString directory() const { return m_dir.path(); }
    // Its kubeconfig's text and the bearer token in it.
    QByteArray kubeconfig() const;
    QByteArray token() const;
    // A copy of its kubeconfig in its directory with `from` replaced by `to`
    // (a wrong token, an exec plugin, another server): the copy's path.
    QString kubeconfigVariant(const QString &fileName, const QByteArray &from, const QByteArray &to) const;
    QByteArray standardError();

private:
    QStringList m_arguments;
    QString m_context;
    QTemporaryDir m_dir;
    QProcess m_process;
    QString m_url;
};

} // namespace fleetscope::testing
