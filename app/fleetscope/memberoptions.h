#pragma once

#include "commandparser.h"

#include "connect/memberfinder.h"
#include "connect/providerfile.h"

#include <QCommandLineOption>
#include <QString>

namespace fleetscope {

// The hub, provider and target options every member command shares (connect,
// doctor, exec, kubeconfig): --kubeconfig, --context (repeatable), --all-contexts,
// --namespace, --filter, --provider-file, --provider, --timeout, and targets as
// HUB/NAMESPACE/NAME arguments. One definition, so that they read and fail alike.
class MemberOptions final
{
    Q_DISABLE_COPY_MOVE(MemberOptions)

public:
    // What --timeout bounds: waiting for the hubs (connect, kubeconfig), or each
    // member's own work (doctor, exec), which then adds --hub-timeout for the hubs.
    enum class Timeout { Hubs, PerMember };

    MemberOptions(Timeout timeout, int defaultTimeoutSeconds, const QString &timeoutHelp);

    void describe(CommandParser *cli) const;
    // After cli->parse(): false after printing a usage error (exit code 2).
    // `positionals` are the HUB/NAMESPACE/NAME targets.
    bool read(CommandParser *cli, const QStringList &positionals);

    bool hasTargets() const { return !m_query.named.isEmpty() || !m_query.filter.isEmpty(); }
    int timeoutSeconds() const { return m_timeoutSeconds; }
    QString preferredProvider() const { return m_preferredProvider; }
    QString providerPath() const { return m_providerPath; }

    // Loads the provider file; false with an error that names it.
    bool loadProviders(ProviderFile *out, QString *error) const;

    // Finds the members on the hubs; prints hub warnings and errors on stderr.
    MemberSearch find() const;

private:
    Timeout m_timeoutKind;
    QCommandLineOption m_kubeconfig;
    QCommandLineOption m_context;
    QCommandLineOption m_allContexts;
    QCommandLineOption m_namespace;
    QCommandLineOption m_filter;
    QCommandLineOption m_providerFile;
    QCommandLineOption m_provider;
    QCommandLineOption m_timeout;
    QCommandLineOption m_demo;
    QCommandLineOption m_hubTimeout;

    MemberQuery m_query;
    QString m_providerPath;
    QString m_preferredProvider;
    int m_timeoutSeconds = 0;
};

} // namespace fleetscope
