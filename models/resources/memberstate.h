#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace fleetscope {

// Where one member's watch of a kind stands, and why: what the member strip and
// `fleetscope get`'s errors show.
struct MemberState
{
    enum class Phase : quint8 {
        Waiting,         // queued behind the connections in progress
        Connecting,      // getting a credential (exec plugin)
        Discovering,     // asking which kinds it serves
        Listing,         // the first list
        Live,            // listed, watching
        Listed,          // listed, not watching (a one-shot `get`)
        Forbidden,       // 403: `verb` in `namespaceName` ("" = at the cluster scope)
        Unreachable,     // refused, TLS, no answer, cut
        CredentialError, // no provider matches, the plugin failed, 401
        NotServed,       // the member does not serve the kind
        Failed,          // anything else: a lying server (HTML, bad JSON, too large)
        Stopped,
    };

    Phase phase = Phase::Waiting;
    QString reason;        // the error or detail, for people; never a secret
    int count = 0;         // objects held
    QString verb;          // Forbidden: the verb refused
    QString namespaceName; // Forbidden: where ("" = at the cluster scope)
    bool retrying = false; // a failure the informer retries by itself (backoff)
    bool synced = false;   // a full list arrived (the rows are complete, or were)
    QStringList warnings;  // objects that could not be read, discovery gaps

    bool isFailure() const
    {
        return phase == Phase::Forbidden || phase == Phase::Unreachable || phase == Phase::CredentialError
            || phase == Phase::NotServed || phase == Phase::Failed;
    }
    // Done with the first pass: synced, or failed (a one-shot get stops waiting).
    bool isSettled() const { return synced || isFailure() || phase == Phase::Stopped; }

    static QString phaseName(Phase phase); // "live", "forbidden", ... (untranslated, for the CLI)
    // "live (120)", "forbidden: list pods in kube-system", ...
    QString summary() const;
};

} // namespace fleetscope

Q_DECLARE_METATYPE(fleetscope::MemberState)
