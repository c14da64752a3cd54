#pragma once

#include "membertarget.h"
#include "providerfile.h"
#include "providerselection.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

// What connecting to some members means, worked out once for both the CLI
// (`fleetscope connect`) and the Connect dialog, which only render it: per member
// the credential provider (provider-file order like the reference library, or the
// one preferred), the server it is reached at, the kubeconfig context it gets, and
// what is wrong or worth a warning; and the kubeconfig with a context for each
// member that can be connected (the first of them current), so that one bad
// member of a selection costs only itself.
struct ConnectPlan
{
    struct Member
    {
        MemberTarget target;
        ProviderSelection selection; // the matches to offer, the chosen one, its warnings
        QString contextName;         // empty when the member cannot be connected
        QString error;               // why not (names the member), empty when it can

        bool ok() const { return error.isEmpty(); }
        // No provider of the file is offered by the profile (as opposed to a
        // chosen provider that is unusable).
        bool noProviderMatches() const { return selection.matches.isEmpty(); }
        QStringList offeredProviders() const;
        // Of the chosen provider; empty without one.
        QString providerName() const;
        const AccessProvider *access() const;
    };

    ProviderFile providers;    // as read; its path names it in messages
    bool providerFileMissing = false;
    QString providerFileError; // set when it could not be read: then no member has a selection
    QList<Member> members;     // in the order given
    QByteArray kubeconfig;     // the members that can be connected; empty if none can
    QStringList contextNames;

    // Some member can be connected.
    bool ok() const { return !kubeconfig.isEmpty(); }
    // Every member can.
    bool complete() const;
    // Every member's warnings; prefixed with the member's name when there are several.
    QStringList warnings() const;
    // Per member the preferred provider (an empty name: the first of the file that
    // matches); members beyond `preferred` take the default.
    static ConnectPlan make(const QList<MemberTarget> &members, const ProviderFile &providers,
                            const QStringList &preferred = {});
    // Reads `providerPath` first: a missing or unreadable file is the plan's error.
    static ConnectPlan load(const QList<MemberTarget> &members, const QString &providerPath,
                            const QStringList &preferred = {});
    // The names a member's context is tried under, shortest first: profile name,
    // namespace-name, hub-namespace-name.
    static QStringList contextNameCandidates(const MemberTarget &member);
};

} // namespace fleetscope
