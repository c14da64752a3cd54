#pragma once

#include "api/kubeconfigcluster.h"
#include "api/kubetime.h"
#include "kube/authinfo.h"
#include "tlsmaterial.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>

class QProcess;
class QTimer;

namespace fleetscope {

// What an exec plugin handed back. Secret: no operator<< / QDebug on purpose.
struct ExecCredential
{
    QByteArray token;
    ClientIdentity identity; // from clientCertificateData + clientKeyData (raw PEM), validated
    KubeTime expiresAt = 0;  // status.expirationTimestamp; 0 = valid for the life of the process

    // client-go's isExpired: now after the expiry, no leeway.
    bool isExpired(KubeTime now) const { return expiresAt != 0 && now > expiresAt; }
};

// Runs a kubeconfig exec credential plugin (client.authentication.k8s.io v1 or
// v1beta1) once, asynchronously: the thread's event loop keeps running while the
// plugin works. Environment = inherited + ExecConfig.env + KUBERNETES_EXEC_INFO;
// stdin is /dev/null (never interactive here); stdout is parsed as an
// ExecCredential; stderr is only summarised in failure messages.
//
// The plugin's stdout carries the credential: it is never logged and never
// quoted in a message.
class ExecCredentialRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExecCredentialRunner)

public:
    // `caPem` is the cluster CA as loaded (file content when only the file is
    // set), passed to the plugin when provideClusterInfo is true. `hubName`
    // prefixes messages.
    ExecCredentialRunner(const ExecConfig &config, const KubeconfigCluster &cluster, const QByteArray &caPem,
                         const QString &hubName, QObject *parent = nullptr);
    ~ExecCredentialRunner() override;

    // kubectl waits forever; a hub must not. 60 s covers cloud CLIs that refresh
    // an SSO session (seconds) with room to spare.
    static constexpr int defaultTimeoutMs = 60'000;
    void setTimeoutMs(int milliseconds) { m_timeoutMs = milliseconds; }

    // Starts the plugin; exactly one of succeeded() / failed() follows, always
    // from the event loop (never from inside start()). No-op while running.
    void start();
    bool isRunning() const;
    // Runs so far, for diagnostics and tests.
    int runCount() const { return m_runCount; }

    // The command line for messages, with values of secret-looking flags
    // (--client-secret=…, --token …) replaced by "<redacted>".
    QString displayCommand() const;

    // KUBERNETES_EXEC_INFO as client-go builds it.
    static QByteArray execInfoJson(const ExecConfig &config, const KubeconfigCluster &cluster,
                                   const QByteArray &caPem);
    // Parses the plugin's stdout. Messages describe the problem, never the content.
    static bool parseOutput(const QByteArray &output, const QString &apiVersion, ExecCredential *credential,
                            QString *error);

signals:
    void succeeded(const fleetscope::ExecCredential &credential);
    void failed(const QString &message);

private:
    void fail(const QString &message);
    void onFinished(int exitCode, int exitStatus);
    void cleanup();
    QString prefix() const;
    QString stderrSummary() const;

    ExecConfig m_config;
    KubeconfigCluster m_cluster;
    QByteArray m_caPem;
    QString m_hubName;
    int m_timeoutMs = defaultTimeoutMs;
    int m_runCount = 0;
    QPointer<QProcess> m_process;
    QPointer<QTimer> m_deadline;
    QByteArray m_stdout;
    QByteArray m_stderr;
    bool m_outputTooLarge = false;
};

} // namespace fleetscope
