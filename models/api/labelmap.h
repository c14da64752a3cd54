#pragma once

#include "fieldvalue.h"
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
// time; with 4-byte handles an entry is 8 bytes, in one exact-size block. Values
// that identify one cluster (the member id) are UTF-8 in the profile's TextBlock,
// which the map holds while it has such values.
class LabelMap
{
public:
    using Entry = std::pair<PooledString, FieldValue>;

    LabelMap() = default;

    // Inserts or replaces. Each insert copies the entries: decoders use assign().
    void insert(PooledString key, PooledString value);
    // Replaces every entry with `entries` (any order; of a repeated key the last
    // wins, as in insert()). Leaves `entries` empty, for reuse as scratch. Values
    // in a block are read once adoptText() gave the map that block.
    void assign(std::vector<Entry> *entries);
    // Holds the finished block if some value is in it, or if `hold` (the
    // profile's property values are read through it): decoders, after
    // TextBlockBuilder::finish().
    void adoptText(FinishedText *text, bool hold = false);
    const TextBlock *textBlock() const { return m_text.block(); }
    bool contains(QStringView key) const { return findEntry(key) != nullptr; }
    // The value, or an empty string when absent: use contains() to tell an empty label from none.
    QString value(QStringView key) const;
    // The value's text, null when absent; it lives as long as the map.
    FieldText findText(QStringView key) const
    {
        const Entry *entry = findEntry(key);
        return entry ? text(*entry) : FieldText();
    }
    FieldText text(const Entry &entry) const { return entry.second.text(m_text.block()); }
    // The value as a handle of its own (a pooled one, or a share of the block).
    PooledString pooledValue(QStringView key) const;
    BlockString blockValue(QStringView key) const;

    bool isEmpty() const { return m_entries.isEmpty(); }
    qsizetype size() const { return m_entries.size(); }
    const PackedList<Entry> &entries() const { return m_entries; }

    friend bool operator==(const LabelMap &a, const LabelMap &b);
    friend bool operator!=(const LabelMap &a, const LabelMap &b) { return !(a == b); }

private:
    const Entry *findEntry(QStringView key) const;

    PackedList<Entry> m_entries; // sorted by key
    BlockText m_text; // all of the block values are in, if some are
};

} // namespace fleetscope
