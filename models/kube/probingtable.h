#pragma once

#include <QHash>
#include <QtGlobal>

#include <utility>
#include <vector>

namespace fleetscope {

// The one open-addressing hash table of the code base: linear probing over a
// power-of-two array, at most 80 % full, with backward-shift deletion so that
// lookups need no tombstones. Its users keep their keys elsewhere (in the
// objects or rows a slot points to) and store only what a slot needs, which is
// what makes it smaller than a QHash that would copy every key.
//
// A Slot is default-constructible as "empty", says whether it holds an entry
// (`bool occupied() const`), and carries its entry's 32-bit hash (`quint32 hash`):
// growing and deleting place entries by that hash and never read a key.
template<typename Slot>
class ProbingTable
{
public:
    // A slot hash of a key made of `parts`: Qt's hash with the process's random
    // seed (so that a hub cannot craft names that all probe one run of slots),
    // folded to 32 bits.
    template<typename... Parts>
    static quint32 hashOf(size_t seed, const Parts &...parts)
    {
        const size_t h = qHashMulti(seed, parts...);
        return quint32(h ^ (quint64(h) >> 32));
    }

    qsizetype size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    // Slots allocated, and the bytes they take (for benchmarks and tests).
    size_t capacity() const { return m_slots.size(); }
    size_t memoryBytes() const { return m_slots.capacity() * sizeof(Slot); }
    // Whether the next emplace() allocates a larger array.
    bool fullForNext() const { return size_t(m_size + 1) * 5 > m_slots.size() * 4; }

    // The slot of the entry with `hash` that `matches(slot)` accepts, or null.
    template<typename Matches>
    Slot *find(quint32 hash, Matches matches)
    {
        if (m_slots.empty())
            return nullptr;
        const size_t mask = m_slots.size() - 1;
        for (size_t i = hash & mask; m_slots[i].occupied(); i = (i + 1) & mask) {
            if (m_slots[i].hash == hash && matches(m_slots[i]))
                return &m_slots[i];
        }
        return nullptr;
    }
    template<typename Matches>
    const Slot *find(quint32 hash, Matches matches) const
    {
        return const_cast<ProbingTable *>(this)->find(hash, matches);
    }

    // A free slot for a new entry, its hash set; the caller fills the rest (the
    // slot must be occupied() when the next call on the table comes).
    Slot &emplace(quint32 hash)
    {
        if (fullForNext())
            grow();
        const size_t mask = m_slots.size() - 1;
        size_t i = hash & mask;
        while (m_slots[i].occupied())
            i = (i + 1) & mask;
        m_slots[i].hash = hash;
        ++m_size;
        return m_slots[i];
    }

    // Removes the entry of `slot` (one find() returned).
    void erase(Slot *slot)
    {
        const size_t mask = m_slots.size() - 1;
        size_t hole = size_t(slot - m_slots.data());
        // Later entries of the probe run move back into the hole unless their home
        // slot lies cyclically in (hole, j]: moved there, lookups would miss them.
        for (size_t j = (hole + 1) & mask; m_slots[j].occupied(); j = (j + 1) & mask) {
            const size_t home = m_slots[j].hash & mask;
            const bool homeInHoleToJ = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
            if (!homeInHoleToJ) {
                m_slots[hole] = std::move(m_slots[j]);
                hole = j;
            }
        }
        m_slots[hole] = Slot{};
        --m_size;
    }

    // Empties the table; keeps `slots` allocated (0: frees the array).
    void reset(size_t slots = 0)
    {
        m_slots = std::vector<Slot>(slots);
        m_size = 0;
    }

    // Every slot, occupied or not, for passes over all entries.
    std::vector<Slot> &slotArray() { return m_slots; }
    const std::vector<Slot> &slotArray() const { return m_slots; }

private:
    void grow()
    {
        std::vector<Slot> old = std::move(m_slots);
        m_slots = std::vector<Slot>(old.empty() ? 16 : old.size() * 2);
        const size_t mask = m_slots.size() - 1;
        for (Slot &slot : old) {
            if (!slot.occupied())
                continue;
            size_t i = slot.hash & mask;
            while (m_slots[i].occupied())
                i = (i + 1) & mask;
            m_slots[i] = std::move(slot);
        }
    }

    std::vector<Slot> m_slots; // empty, or a power of two
    qsizetype m_size = 0;
};

} // namespace fleetscope
