#pragma once

#include <QString>

#include <vector>

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
        if (m_slots.empty() || value.isEmpty())
            return -1;
        const QChar *data = value.constData();
        for (size_t i = slotOf(data);; i = (i + 1) & (m_slots.size() - 1)) {
            const Slot &slot = m_slots[i];
            if (slot.text.constData() == data && slot.text.size() == value.size()) {
                ++m_hits;
                return slot.verdict;
            }
            if (slot.text.isNull())
                return -1;
        }
    }

    void insert(const QString &value, bool verdict)
    {
        if (m_gaveUp || value.isEmpty())
            return;
        if (4 * (m_count + 1) > 3 * m_slots.size()) {
            if (m_slots.size() >= maxSlots) {
                // Mostly misses: the values are per row. Else start over.
                m_gaveUp = m_hits < m_count;
                m_slots = std::vector<Slot>(m_gaveUp ? 0 : maxSlots);
                m_count = 0;
                m_hits = 0;
                if (m_gaveUp)
                    return;
            } else {
                std::vector<Slot> old(std::max<size_t>(64, 2 * m_slots.size()));
                old.swap(m_slots);
                for (Slot &slot : old) {
                    if (!slot.text.isNull())
                        place(std::move(slot));
                }
            }
        }
        place(Slot{value, verdict});
        ++m_count;
    }

private:
    struct Slot
    {
        QString text; // null: free
        bool verdict = false;
    };
    static constexpr size_t maxSlots = 4096;

    size_t slotOf(const QChar *data) const
    {
        return size_t((quintptr(data) >> 1) * quint64(0x9E3779B97F4A7C15) >> 32) & (m_slots.size() - 1);
    }
    void place(Slot slot)
    {
        size_t i = slotOf(slot.text.constData());
        while (!m_slots[i].text.isNull())
            i = (i + 1) & (m_slots.size() - 1);
        m_slots[i] = std::move(slot);
    }

    std::vector<Slot> m_slots;
    size_t m_count = 0;
    mutable size_t m_hits = 0;
    bool m_gaveUp = false;
};

} // namespace fleetscope
