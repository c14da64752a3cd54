#include "resourceengine.h"

#include "memberresourcewatch.h"

#include <QThread>

#include <algorithm>

namespace fleetscope {

ResourceEngine::ResourceEngine(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<fleetscope::MemberState>();
    qRegisterMetaType<fleetscope::ResourceDelta>();
    qRegisterMetaType<QList<fleetscope::ServedKind>>();
}

ResourceEngine::~ResourceEngine()
{
    stop();
    for (QThread *thread : m_threads) {
        thread->quit();
        thread->wait();
        delete thread;
    }
}

int ResourceEngine::workerThreadCount()
{
    // Decoding a member's pages is the CPU work; a few threads keep the GUI free and
    // spread 50 members without a thread each.
    return qBound(1, QThread::idealThreadCount(), 4);
}

void ResourceEngine::stop()
{
    ++m_generation;
    for (QPointer<MemberResourceWatch> &watch : m_watches) {
        if (!watch)
            continue;
        watch->disconnect(this);
        // Its requests end on its own thread; the object goes with the next turn there.
        QMetaObject::invokeMethod(watch, &MemberResourceWatch::shutdown, Qt::QueuedConnection);
        watch->deleteLater();
    }
    m_watches.clear();
    m_connecting = 0;
}

bool ResourceEngine::allSettled() const
{
    for (const MemberState &state : m_states) {
        if (!state.isSettled())
            return false;
    }
    return true;
}

void ResourceEngine::start(const QList<MemberTarget> &members, const ResourceQuery &query)
{
    stop();
    const auto labels = [](const QList<MemberTarget> &list) {
        QStringList out;
        for (const MemberTarget &t : list)
            out << t.label();
        return out;
    };
    if (labels(members) != labels(m_members)) {
        m_kinds.clear();
        m_discoveredMembers.clear();
        m_namespaces.clear();
    }
    m_members = members;
    m_query = query;
    m_states = QList<MemberState>(members.size());
    m_nextToStart = 0;
    m_settledSent = false;
    m_resource.clear();
    m_kindName.clear();
    m_namespaced = true;
    if (m_threads.empty()) {
        for (int i = 0; i < workerThreadCount(); ++i) {
            auto *thread = new QThread;
            thread->setObjectName(QStringLiteral("fleetscope-members-%1").arg(i));
            thread->start();
            m_threads.push_back(thread);
        }
    }
    m_watches.assign(size_t(members.size()), nullptr);
    emit started();
    for (int i = 0; i < members.size(); ++i)
        emit memberStateChanged(i);
    if (members.isEmpty()) {
        m_settledSent = true;
        emit settled();
        return;
    }
    while (m_connecting < m_parallel && m_nextToStart < m_members.size())
        startNext();
}

void ResourceEngine::startNext()
{
    const int index = m_nextToStart++;
    auto *watch = new MemberResourceWatch(m_members.at(index), m_access, m_query);
    watch->moveToThread(m_threads[size_t(index) % m_threads.size()]);
    m_watches[size_t(index)] = watch;
    ++m_connecting;
    const quint64 generation = m_generation;
    connect(watch, &MemberResourceWatch::stateChanged, this, [this, index, generation](const MemberState &state) {
        if (generation == m_generation)
            onState(index, state);
    });
    connect(watch, &MemberResourceWatch::delta, this, [this, index, generation](const ResourceDelta &delta) {
        if (generation != m_generation)
            return;
        // One hash per row of the delta; the set itself stays as small as the namespaces.
        // A watch of namespaces themselves names them too.
        const qsizetype known = m_namespaces.size();
        const bool ofNamespaces = m_resource == u"namespaces";
        for (const std::shared_ptr<const ResourceRow> &row : delta.upserted) {
            if (!row->metadata.namespaceName.isEmpty())
                m_namespaces.insert(row->metadata.namespaceName.toString());
            else if (ofNamespaces)
                m_namespaces.insert(row->metadata.name);
        }
        emit memberDelta(index, delta);
        if (m_namespaces.size() != known)
            emit namespacesChanged();
    });
    connect(watch, &MemberResourceWatch::kindResolved, this,
            [this, generation](const QString &resource, const QString &kind, bool namespaced) {
                if (generation != m_generation || !m_resource.isEmpty())
                    return;
                m_resource = resource;
                m_kindName = kind;
                m_namespaced = namespaced;
                emit kindResolved();
            });
    connect(watch, &MemberResourceWatch::kindsDiscovered, this,
            [this, index](const QList<ServedKind> &kinds) {
                // Discovery is the member's, not the query's: counted once per member.
                if (m_discoveredMembers.contains(index))
                    return;
                m_discoveredMembers.insert(index);
                for (const ServedKind &kind : kinds) {
                    auto it = std::find_if(m_kinds.begin(), m_kinds.end(),
                                           [&kind](const KindCount &known) { return known.kind.qualifiedResource() == kind.qualifiedResource(); });
                    if (it == m_kinds.end())
                        m_kinds.append({kind, 1});
                    else
                        ++it->members;
                }
                emit kindsChanged();
            });
    connect(watch, &MemberResourceWatch::objectFetched, this, &ResourceEngine::objectFetched);
    QMetaObject::invokeMethod(watch, &MemberResourceWatch::start, Qt::QueuedConnection);
}

QStringList ResourceEngine::namespaces() const
{
    QStringList sorted(m_namespaces.cbegin(), m_namespaces.cend());
    sorted.sort();
    return sorted;
}

int ResourceEngine::fetchObject(int member, const QString &namespaceName, const QString &name)
{
    const int id = m_nextFetch++;
    MemberResourceWatch *watch = member >= 0 && size_t(member) < m_watches.size() ? m_watches[size_t(member)].data() : nullptr;
    if (!watch) {
        QMetaObject::invokeMethod(this, [this, id] { emit objectFetched(id, QByteArray(), QStringLiteral("not connected")); },
                                  Qt::QueuedConnection);
        return id;
    }
    QMetaObject::invokeMethod(watch, [watch, id, namespaceName, name] { watch->fetchObject(id, namespaceName, name); },
                              Qt::QueuedConnection);
    return id;
}

void ResourceEngine::onState(int member, const MemberState &state)
{
    const bool wasSettled = m_states[member].isSettled();
    m_states[member] = state;
    emit memberStateChanged(member);
    if (wasSettled || !state.isSettled())
        return;
    // This member's first pass is over: the next one may connect.
    --m_connecting;
    while (m_connecting < m_parallel && m_nextToStart < m_members.size())
        startNext();
    if (!m_settledSent && m_nextToStart >= m_members.size() && allSettled()) {
        m_settledSent = true;
        emit settled();
    }
}

} // namespace fleetscope
