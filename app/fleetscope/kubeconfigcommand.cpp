#include "kubeconfigcommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "memberoptions.h"

#include "connect/connectsession.h"
#include "connect/memberkubeconfig.h"

#include <QCoreApplication>

#include <cstdio>

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("kubeconfig", text);
}

} // namespace

int runKubeconfigCommand(const QStringList &arguments)
{
    CommandParser cli(arguments.value(0));
    cli.setDescription(
        tr("Write a kubeconfig with one context per member cluster, named HUB/NAMESPACE/NAME: the cluster from its "
           "access provider, the user an exec entry from your credential provider file (its policies applied). "
           "Without targets, every member of the hubs is exported."));
    cli.addPositional(QStringLiteral("HUB/NAMESPACE/NAME"), tr("The ClusterProfile(s) to export; HUB is a kubeconfig context."),
                      QStringLiteral("[HUB/NAMESPACE/NAME...]"));
    MemberOptions members(MemberOptions::Timeout::Hubs, 60, tr("Give up waiting for hubs after this many seconds (0: wait forever)."));
    members.describe(&cli);
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, tr("Write the kubeconfig to this file (mode 0600) instead of stdout."), tr("file"));
    cli.addOption(output);
    cli.addHelpSection(QStringLiteral(
        "Members that no provider of the file matches are left out with a warning."));
    cli.setExitStatus(1, QStringLiteral("a hub could not be read or a member could not be exported (the others are)"));
    if (!cli.parse(arguments) || !members.read(&cli, cli.positionalArguments()))
        return cli.exitCode();

    ProviderFile providers;
    QString error;
    if (!members.loadProviders(&providers, &error)) {
        writeText(stderr, QStringLiteral("error: %1\n").arg(error));
        return 1;
    }
    const MemberSearch search = members.find();
    if (!search.ok)
        return 1;

    KubeconfigBuilder builder;
    int failed = 0;
    int skipped = 0;
    for (const MemberTarget &t : search.members) {
        // kubectl takes any non-empty name, '/' and ':' included (EKS contexts are ARNs);
        // only characters that would break its one-per-line listings are replaced.
        QString name = t.label();
        for (QChar &c : name) {
            if (!c.isPrint())
                c = u'_';
        }
        const MemberKubeconfig added = MemberKubeconfig::add(&builder, t, providers, members.preferredProvider(), {name});
        for (const QString &warning : added.warnings)
            writeText(stderr, QStringLiteral("warning: %1: %2\n").arg(t.label(), warning));
        if (added.noProvider) {
            ++skipped;
            writeText(stderr, QStringLiteral("warning: skipped %1: %2\n").arg(t.label(), added.error));
        } else if (!added.ok) {
            ++failed;
            writeText(stderr, QStringLiteral("error: %1\n").arg(added.error));
        }
    }
    const int exported = int(builder.contextNames().size());
    if (exported == 0) {
        writeText(stderr, QStringLiteral("error: no member to export (%1 found, %2 skipped, %3 failed)\n")
                          .arg(search.members.size()).arg(skipped).arg(failed));
        return 1;
    }
    const QByteArray yaml = builder.yaml();
    if (cli.isSet(output)) {
        if (!ConnectSession::writePrivateFile(cli.value(output), yaml, &error)) {
            writeText(stderr, QStringLiteral("error: %1\n").arg(error));
            return 1;
        }
    } else {
        writeBytes(stdout, yaml);
    }
    writeText(stderr, QStringLiteral("%1 contexts exported, %2 skipped (no provider matched), %3 failed\n")
                      .arg(exported).arg(skipped).arg(failed));
    return failed == 0 && search.errors.isEmpty() ? 0 : 1;
}

} // namespace fleetscope
