#pragma once

#include "hubprocess.h"
#include "testsupport.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace fleetscope::testing {

// Real members for the member commands' tests: fleetscope-hub processes that
// accept one token (each with its own CA and --server-version), a Python exec
// plugin that hands that token out, one that fails, one that prints garbage,
// and a provider file naming them (plus one that needs an interactive login
// and one whose plugin is not installed). Profiles for a hub are written with profile().
class MemberFleet final
{
    Q_DISABLE_COPY_MOVE(MemberFleet)

public:
    static const QString token;

    MemberFleet() = default;

    // Starts one member per version ("v1.31.2"), each with its `memberArguments`
    // entry added (--workloads…); false with `error`.
    bool start(const QStringList &serverVersions, QString *error, const QList<QStringList> &memberArguments = {});
    // A hub serving `profilesYaml` (Namespace "fleet" is added), context "hub".
    bool startHub(const QByteArray &profilesYaml, QString *error);

    int memberCount() const { return int(m_members.size()); }
    QString memberUrl(int i) const { return m_members.at(i)->url(); }
    QByteArray memberCa(int i) const { return m_cas.at(i); }
    HubProcess &member(int i) { return *m_members.at(i); }
    HubProcess &hub() { return *m_hub; }
    QString providerFile() const { return m_dir.filePath(QStringLiteral("providers.json")); }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString runtimeDirectory() const { return m_dir.filePath(QStringLiteral("runtime")); }

    // A ClusterProfile in namespace "fleet" offering one access provider.
    static QByteArray profile(const QString &name, const QString &provider, const QString &server, const QByteArray &ca,
                              const QString &reportedVersion);

    // Runs the built fleetscope with the hub's kubeconfig and the provider file;
    // fails the test (qFatal) if the token ever shows up in its output.
    ProcessResult fleetscope(const QStringList &arguments, int deadlineMs = 120000) const;

private:
    QTemporaryDir m_dir;
    QList<std::shared_ptr<HubProcess>> m_members;
    QList<QByteArray> m_cas;
    std::unique_ptr<HubProcess> m_hub;
};

} // namespace fleetscope::testing
