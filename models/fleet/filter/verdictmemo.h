#pragma once

#include "kube/probingtable.h"

#include <QString>

namespace fleetscope {

// One filter term's verdicts by the text buffer of the value it tested: the
// values a term reads (versions, property and label values, namespaces) are
// pooled, so 100k rows share a few hundred buffers and each is judged once.
// An entry holds a reference to its buffer, so the buffer cannot be freed and
// its address reused for other text while the entry lives: the same address
// and size always mean the same text. Values unique to a row (cluster ids)
// fill the table without hits; it then gives up and stays empty.
class VerdictMemo
{
public:
    // 1 or 0, or -1 when `value` was not judged yet (or is empty: judging an
    // empty text is as cheap as looking it up).
    int find(const QString &value) const
    {
        if (m_table.isEmpty() || value.isEmpty())
            return -1;
        const Slot *slot = m_table.find(hashOf(value), [&value](const Slot &candidate) {
            return candidate.text.constData() == value.constData() && candidate.text.size() == value.size();
        });
        if (!slot)
            return -1;
        ++m_hits;
        return slot->verdict;
    }

    void insert(const QString &value, bool verdict)
    {
        if (m_gaveUp || value.isEmpty())
            return;
        if (m_table.fullForNext() && m_table.capacity() >= maxSlots) {
            // Mostly misses: the values are per row. Else start over.
            m_gaveUp = m_hits < size_t(m_table.size());
            m_table.reset(m_gaveUp ? 0 : maxSlots);
            m_hits = 0;
            if (m_gaveUp)
                return;
        }
        Slot &slot = m_table.emplace(hashOf(value));
        slot.text = value;
        slot.verdict = verdict;
    }

private:
    struct Slot
    {
        QString text; // null: free
        quint32 hash = 0;
        bool verdict = false;
        bool occupied() const { return !text.isNull(); }
    };
    static constexpr size_t maxSlots = 4096;

    static quint32 hashOf(const QString &value)
    {
        return quint32((quintptr(value.constData()) >> 1) * quint64(0x9E3779B97F4A7C15) >> 32);
    }

    ProbingTable<Slot> m_table;
    mutable size_t m_hits = 0;
    bool m_gaveUp = false;
};

} // namespace fleetscope
