#pragma once

#include "historytypes.h"

#include <QHash>
#include <QPair>
#include <QString>

namespace fleetscope {

// The ids a HistoryDatabase write needs (historyschema.h): of texts and cluster
// keys, interned on first use, and of each (cluster, type)'s latest transition,
// the head its next one chains to. Kept in memory after the first look-up, so a
// steady stream of transitions costs no reads. A hub churning through names
// would grow the caches for ever, so each keeps two generations of at most
// `generation` entries: what is not used for a whole generation is looked up
// in the file again. They are dropped whenever they might disagree with it.
class HistoryIds final
{
public:
    explicit HistoryIds(const QString &connection)
        : m_connection(connection)
    {
    }

    // -1 with `error` set when SQLite fails.
    qint64 text(const QString &text, QString *error);
    qint64 cluster(const ClusterId &cluster, QString *error);
    // 0 when the key has no transition yet.
    qint64 latest(qint64 cluster, qint64 type, QString *error);
    void setLatest(qint64 cluster, qint64 type, qint64 id) { m_latest.insert({cluster, type}, id); }

    // After a rollback (ids of rows that are gone) or closing.
    void forget();
    // After the last transitions of clusters that ended (deleted profiles): each
    // one's key, member id and heads. A churning hub adds and deletes clusters
    // all the time; kept, their ids would fill both generations with names that
    // write no more (16k of each, ~5 MB) instead of following the live fleet.
    // One that comes back is looked up in the file again.
    void forgetEnded(const QList<ConditionTransition> &endings);
    // Entries in all caches (tests).
    qsizetype size() const { return m_texts.size() + m_clusters.size() + m_latest.size(); }
    // After prune deleted unused texts.
    void forgetTexts() { m_texts.clear(); }

    static constexpr int generation = 8192;

private:
    template<typename Key>
    class Cache
    {
    public:
        const qint64 *find(const Key &key)
        {
            auto it = m_current.constFind(key);
            if (it != m_current.constEnd())
                return &*it;
            const auto old = m_previous.constFind(key);
            if (old == m_previous.constEnd())
                return nullptr;
            insert(key, *old); // still in use: into this generation
            return &*m_current.constFind(key);
        }
        void insert(const Key &key, qint64 id)
        {
            if (m_current.size() >= generation && !m_current.contains(key)) {
                m_previous = std::move(m_current);
                m_current = {};
            }
            m_current.insert(key, id);
        }
        // Without moving it into this generation.
        const qint64 *peek(const Key &key) const
        {
            if (const auto it = m_current.constFind(key); it != m_current.constEnd())
                return &*it;
            const auto old = m_previous.constFind(key);
            return old == m_previous.constEnd() ? nullptr : &*old;
        }
        void remove(const Key &key)
        {
            m_current.remove(key);
            m_previous.remove(key);
        }
        void clear()
        {
            m_current.clear();
            m_previous.clear();
        }
        qsizetype size() const { return m_current.size() + m_previous.size(); }

    private:
        QHash<Key, qint64> m_current;
        QHash<Key, qint64> m_previous;
    };

    QString m_connection;
    Cache<QString> m_texts;
    Cache<ClusterId> m_clusters;
    Cache<QPair<qint64, qint64>> m_latest;
};

} // namespace fleetscope
