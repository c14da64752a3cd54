#pragma once

#include <QByteArray>
#include <QHash>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <map>
#include <memory>

namespace fleetscope::testing {

// A real etcd and kube-apiserver for integration tests: tests/controlplane's
// `fleetscope-controlplane up`, from the binaries FLEETSCOPE_CONTROLPLANE_BIN
// names (tests/controlplane/build prints the folder). Tests never build them:
// ctest gives each test a home of its own, so a build there would start from an
// empty Go cache. Stopped with SIGTERM on destruction, which stops both
// processes and removes what the harness wrote.
//
// Everything here waits on signals with deadlines and runs the event loop
// meanwhile, so hubs on the test's thread (the store) keep receiving while the
// control plane restarts.
class ControlPlaneProcess final
{
    Q_DISABLE_COPY_MOVE(ControlPlaneProcess)

public:
    // Why no control plane can be started here, or empty when one can.
    static QString unavailableReason();

    // `apiserverArguments` go to kube-apiserver (--disable-http2-serving, --watch-cache=false).
    explicit ControlPlaneProcess(const QStringList &apiserverArguments = {});
    ~ControlPlaneProcess();

    // Starts the harness and waits for DIR/ready. On failure `error` says why,
    // with the end of the harness's output.
    bool start(QString *error, int deadlineMs = 180000);
    void stop();

    QString directory() const { return m_dir.path(); }
    QString server() const { return m_server; }
    // The kubeconfig of "admin", "reader" or "revoked" (one context named after
    // the user; reader's and revoked's namespace is team-a), or "all" (every user).
    QString kubeconfig(const QString &user) const { return m_kubeconfigs.value(user); }
    QByteArray token(const QString &user) const { return m_tokens.value(user); }
    qint64 apiserverPid() const { return m_apiserverPid; }
    int apiserverRestarts() const { return m_restarts; }
    QString apiserverLog() const { return m_dir.filePath(QStringLiteral("kube-apiserver.log")); }

    // The harness's subcommands. compact() gives etcd's revision it compacted at.
    bool compact(QString *error, qint64 *revision = nullptr);
    bool restartApiserver(QString *error);
    bool revoke(QString *error);
    // Replaces etcd by an empty one (a restore of an empty backup): resource
    // versions start over, the namespaces, users and CRDs are set up again.
    bool wipeEtcd(QString *error);
    // Starts `fleetscope-controlplane churn` against this control plane (its
    // arguments after --dir); the caller reads its "progress N" and "done {…}"
    // lines. Owned by the caller, who ends it.
    std::unique_ptr<QProcess> startChurn(const QStringList &arguments) const;
    // Runs another subcommand to completion.
    bool runHarness(const QStringList &arguments, QByteArray *out, QString *error, int deadlineMs = 180000) const;

    // A request to the API as admin (or with `token`), answered or failed within 30 s.
    struct Reply
    {
        int status = 0;       // 0: no answer (error says why)
        QByteArray body;
        QString error;
        bool ok() const { return status / 100 == 2; }
        QString describe() const;
    };
    Reply request(const QByteArray &method, const QString &path, const QByteArray &body = {},
                  const QByteArray &contentType = "application/json", const QByteArray &token = {});
    Reply create(const QString &collectionPath, const QByteArray &json) { return request("POST", collectionPath, json); }
    Reply mergePatch(const QString &objectPath, const QByteArray &json)
    {
        return request("PATCH", objectPath, json, "application/merge-patch+json");
    }
    Reply remove(const QString &objectPath) { return request("DELETE", objectPath); }

    // What the server lists right now at `collectionPath` (a consistent list,
    // all pages): namespace/name → resourceVersion. Empty with `error` set on failure.
    std::map<QString, QString> list(const QString &collectionPath, QString *error, QString *listVersion = nullptr);

private:
    bool readReady(QString *error);
    QString harness() const;

    QStringList m_apiserverArguments;
    QTemporaryDir m_dir;
    QProcess m_process;
    QString m_server;
    QString m_caFile;
    QHash<QString, QString> m_kubeconfigs;
    QHash<QString, QByteArray> m_tokens;
    qint64 m_harnessPid = 0;
    qint64 m_apiserverPid = 0;
    int m_restarts = 0;
    std::unique_ptr<QNetworkAccessManager> m_network;
};

} // namespace fleetscope::testing

// Skips the calling test function (never the whole class, see CONTRIBUTING)
// when no real control plane can run here.
#define FLEETSCOPE_REQUIRE_CONTROLPLANE()                                                                              \
    do {                                                                                                               \
        const QString fleetscopeWhyNot = fleetscope::testing::ControlPlaneProcess::unavailableReason();                \
        if (!fleetscopeWhyNot.isEmpty())                                                                               \
            QSKIP(qPrintable(fleetscopeWhyNot));                                                                       \
    } while (false)
