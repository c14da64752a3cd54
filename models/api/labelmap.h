#pragma once

#include "pooledstring.h"

#include <QList>
#include <QString>
#include <QStringView>

#include <utility>

namespace fleetscope {

// metadata.labels: a small sorted vector of key/value pairs. Profiles carry a
// handful of labels, so a flat sorted array beats a hash in both memory and lookup
// time; with 4-byte PooledStrings an entry is 8 bytes.
class LabelMap
{
public:
    using Entry = std::pair<PooledString, PooledString>;

    LabelMap() = default;

    // Decoders know the label count before inserting: an exact capacity saves the
    // growth slack of one-by-one inserts (~100 bytes per profile at 100k).
    void reserve(qsizetype size) { m_entries.reserve(size); }
    // Inserts or replaces.
    void insert(PooledString key, PooledString value);
    bool contains(QStringView key) const { return find(key) != nullptr; }
    // The value, or an empty string when absent: use contains() to tell an empty label from none.
    QString value(QStringView key) const;
    const PooledString *find(QStringView key) const;
    // find()'s text, for code that handles QStrings; lives as long as the entry.
    const QString *findText(QStringView key) const
    {
        const PooledString *value = find(key);
        return value ? &value->toString() : nullptr;
    }

    bool isEmpty() const { return m_entries.isEmpty(); }
    qsizetype size() const { return m_entries.size(); }
    const QList<Entry> &entries() const { return m_entries; }

    friend bool operator==(const LabelMap &a, const LabelMap &b) { return a.m_entries == b.m_entries; }
    friend bool operator!=(const LabelMap &a, const LabelMap &b) { return !(a == b); }

private:
    QList<Entry> m_entries; // sorted by key
};

} // namespace fleetscope
