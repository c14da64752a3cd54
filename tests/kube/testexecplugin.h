#pragma once

#include "kube/authinfo.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QTemporaryDir>

namespace fleetscope::testing {

// A credential plugin for tests, written as a python script into a temporary
// directory. It counts its runs in <dir>/count, saves each KUBERNETES_EXEC_INFO
// as <dir>/info-<n>.json, refuses to work unless that input is a
// non-interactive ExecCredential of its configured apiVersion, and answers
// according to PLUGIN_MODE (set through ExecConfig.env, which also tests env):
//   token (default)  token "exec-token-<n>", expiry PLUGIN_EXPIRES_IN seconds from now if set
//   cert             clientCertificateData/clientKeyData from PLUGIN_CERT / PLUGIN_KEY files
//   fail             stderr "login expired: run sso login", exit 2
//   garbage          prints "SECRET-GARBAGE-4711 not json"
//   wrongversion     a valid credential (token SECRET-TOKEN-4711) under another apiVersion
//   hang             sleeps 60 s
class TestExecPlugin final
{
public:
    TestExecPlugin();
    Q_DISABLE_COPY_MOVE(TestExecPlugin)

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

    // An ExecConfig that runs the plugin in `mode`, plus extra env entries.
    ExecConfig config(const QString &mode = QStringLiteral("token"),
                      const QString &apiVersion = QStringLiteral("client.authentication.k8s.io/v1"),
                      const QList<ExecEnvVar> &extraEnv = {}) const;

    int runs() const;
    // The KUBERNETES_EXEC_INFO of run n (1-based), parsed.
    QJsonObject execInfo(int run) const;
    QString path(const QString &file) const { return m_dir.filePath(file); }

private:
    QTemporaryDir m_dir;
    QString m_script;
    QString m_error;
};

} // namespace fleetscope::testing
