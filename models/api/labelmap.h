#pragma once

#include "packedlist.h"
#include "pooledstring.h"

#include <QList>
#include <QString>
#include <QStringView>

#include <utility>
#include <vector>

namespace fleetscope {

// metadata.labels: a small sorted vector of key/value pairs. Profiles carry a
// handful of labels, so a flat sorted array beats a hash in both memory and lookup
// time; with 4-byte PooledStrings an entry is 8 bytes, in one exact-size block.
class LabelMap
{
public:
    using Entry = std::pair<PooledString, PooledString>;

    LabelMap() = default;

    // Inserts or replaces. Each insert reallocates the exact-size entry array:
    // decoders use assign().
    void insert(PooledString key, PooledString value);
    // Replaces every entry with `entries` (any order; of a repeated key the last
    // wins, as in insert()). Leaves `entries` empty, for reuse as scratch.
    void assign(std::vector<Entry> *entries);
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
    const PackedList<Entry> &entries() const { return m_entries; }

    friend bool operator==(const LabelMap &a, const LabelMap &b) { return a.m_entries == b.m_entries; }
    friend bool operator!=(const LabelMap &a, const LabelMap &b) { return !(a == b); }

private:
    PackedList<Entry> m_entries; // sorted by key
};

} // namespace fleetscope
