#include "connectplan.h"

#include "kubeconfigbuilder.h"

#include <QFileInfo>

#include <algorithm>

namespace fleetscope {

QStringList ConnectPlan::Member::offeredProviders() const
{
    QStringList names;
    for (const AccessProvider &a : target.profile.accessProviders)
        names << a.name;
    return names;
}

QString ConnectPlan::Member::providerName() const
{
    return selection.ok() ? selection.match().name : QString();
}

const AccessProvider *ConnectPlan::Member::access() const
{
    return selection.ok() ? &target.profile.accessProviders.at(selection.match().accessProviderIndex) : nullptr;
}

bool ConnectPlan::complete() const
{
    return ok() && std::all_of(members.cbegin(), members.cend(), [](const Member &m) { return m.ok(); });
}

QStringList ConnectPlan::warnings() const
{
    QStringList out;
    for (const Member &m : members) {
        for (const QString &w : m.selection.warnings)
            out << (members.size() > 1 ? m.target.name + QStringLiteral(": ") + w : w);
    }
    return out;
}

QStringList ConnectPlan::contextNameCandidates(const MemberTarget &member)
{
    const QString &ns = member.namespaceName;
    const QString &n = member.name;
    return {n, ns + u'-' + n, member.hub + u'-' + ns + u'-' + n};
}

ConnectPlan ConnectPlan::make(const QList<MemberTarget> &members, const ProviderFile &providers, const QStringList &preferred)
{
    ConnectPlan plan;
    plan.providers = providers;
    KubeconfigBuilder builder;
    bool anyOk = false;
    for (qsizetype i = 0; i < members.size(); ++i) {
        Member m;
        m.target = members[i];
        m.selection = ProviderSelection::select(m.target.profile, providers, m.target.label(), preferred.value(i));
        if (!m.selection.ok()) {
            m.error = m.selection.error;
        } else {
            const ProviderMatch &match = m.selection.match();
            QString error;
            if (!builder.add(contextNameCandidates(m.target), m.target.profile.accessProviders.at(match.accessProviderIndex),
                             providers.providers.at(match.providerIndex), &error, &m.contextName)) {
                m.error = m.target.label() + QStringLiteral(": ") + error;
                m.contextName.clear();
            }
        }
        anyOk = anyOk || m.ok();
        plan.members.append(std::move(m));
    }
    if (anyOk) {
        plan.kubeconfig = builder.yaml();
        plan.contextNames = builder.contextNames();
    }
    return plan;
}

ConnectPlan ConnectPlan::load(const QList<MemberTarget> &members, const QString &providerPath, const QStringList &preferred)
{
    ProviderFile providers;
    QString error;
    if (!ProviderFile::load(providerPath, &providers, &error)) {
        ConnectPlan plan;
        plan.providers.path = providerPath;
        plan.providerFileMissing = !QFileInfo::exists(providerPath);
        plan.providerFileError = error;
        for (const MemberTarget &target : members) {
            Member m;
            m.target = target;
            m.error = plan.providerFileError;
            plan.members.append(std::move(m));
        }
        return plan;
    }
    return make(members, providers, preferred);
}

} // namespace fleetscope
