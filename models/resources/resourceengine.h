#pragma once

#include "memberstate.h"
#include "resourcedelta.h"
#include "resourcequery.h"
#include "servedkind.h"

#include "connect/membertarget.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <vector>

class QThread;

namespace fleetscope {

class MemberResourceWatch;

// One kind across the chosen members, for the Resources window and `fleetscope
// get`: a MemberResourceWatch per member on a few worker threads (decoding never
// happens on the caller's thread), at most `parallel` members connecting at once
// (the others wait their turn), each member's state and row changes handed back
// on the caller's thread. One slow or failing member holds up nothing: its state
// says why, the others go on.
class ResourceEngine final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceEngine)

public:
    explicit ResourceEngine(QObject *parent = nullptr);
    ~ResourceEngine() override;

    void setAccess(const ResourceAccessSettings &access) { m_access = access; }
    void setParallel(int members) { m_parallel = qMax(1, members); }

    // Stops what runs, then watches `query` on `members` (their order is the members' index).
    void start(const QList<MemberTarget> &members, const ResourceQuery &query);
    void stop();

    int memberCount() const { return int(m_members.size()); }
    const MemberTarget &member(int index) const { return m_members.at(index); }
    const MemberState &state(int index) const { return m_states.at(index); }
    const ResourceQuery &query() const { return m_query; }
    // What the kind resolved to on some member ("deployments.apps"), and whether it is namespaced.
    QString qualifiedResource() const { return m_resource; }
    QString qualifiedKind() const { return m_kindName; } // "deployment.apps", as kubectl -o name prints it
    bool namespaced() const { return m_namespaced; }
    bool allSettled() const;

    // Every kind the members served so far (their discovery), with how many serve it,
    // in the order first seen.
    struct KindCount
    {
        ServedKind kind;
        int members = 0;
    };
    const QList<KindCount> &kinds() const { return m_kinds; }
    // Every namespace the members' objects were seen in so far, sorted: what the
    // Namespaces box offers. Kept across queries on the same members (a watch of
    // pods teaches the namespaces a later watch of secrets may narrow to).
    QStringList namespaces() const;

    // A member's object as YAML, fetched now: answered by objectFetched(id, …).
    int fetchObject(int member, const QString &namespaceName, const QString &name);

    static int workerThreadCount();

signals:
    // A new query started: whatever was shown belongs to the last one.
    void started();
    void memberStateChanged(int member);
    void memberDelta(int member, const fleetscope::ResourceDelta &delta);
    void kindResolved();
    void kindsChanged();
    void namespacesChanged();
    void objectFetched(int id, const QByteArray &yaml, const QString &error);
    // Every member listed or failed (once per start()).
    void settled();

private:
    void startNext();
    void onState(int member, const MemberState &state);

    ResourceAccessSettings m_access;
    ResourceQuery m_query;
    int m_parallel = 16;
    QList<MemberTarget> m_members;
    QList<MemberState> m_states;
    std::vector<QPointer<MemberResourceWatch>> m_watches;
    std::vector<QThread *> m_threads;
    int m_nextToStart = 0;
    int m_connecting = 0;
    bool m_settledSent = false;
    QString m_resource;
    QString m_kindName;
    bool m_namespaced = true;
    quint64 m_generation = 0;
    QList<KindCount> m_kinds;
    QSet<int> m_discoveredMembers;
    QSet<QString> m_namespaces;
    int m_nextFetch = 1;
};

} // namespace fleetscope
