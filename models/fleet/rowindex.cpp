#include "rowindex.h"

#include "kube/linearprobing.h"

#include <QHashFunctions>

namespace fleetscope {

RowIndex::RowIndex(const std::vector<FleetProfile> *rows)
    : m_rows(rows)
    // Seeded like QHash: names come from hubs, and a fixed hash would let one
    // craft names that all probe the same run of slots.
    , m_seed(QHashSeed::globalSeed())
{
}

quint32 RowIndex::hashOf(int hub, QStringView namespaceName, QStringView name) const
{
    const size_t h = qHashMulti(m_seed, hub, namespaceName, name);
    return quint32(h ^ (quint64(h) >> 32));
}

quint32 RowIndex::hashOfRow(int row) const
{
    const FleetProfile &p = (*m_rows)[size_t(row)];
    return hashOf(p.hub, p.profile().metadata.namespaceName.view(), p.profile().metadata.name);
}

bool RowIndex::rowHasKey(int row, int hub, QStringView namespaceName, QStringView name) const
{
    const FleetProfile &p = (*m_rows)[size_t(row)];
    return p.hub == hub && p.profile().metadata.name == name && p.profile().metadata.namespaceName == namespaceName;
}

int RowIndex::find(int hub, QStringView namespaceName, QStringView name) const
{
    if (m_slots.empty())
        return -1;
    const size_t mask = m_slots.size() - 1;
    const quint32 hash = hashOf(hub, namespaceName, name);
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot &slot = m_slots[i];
        if (slot.row < 0)
            return -1;
        if (slot.hash == hash && rowHasKey(slot.row, hub, namespaceName, name))
            return slot.row;
    }
}

void RowIndex::insert(int row)
{
    // Grow at 80 % full: linear probing stays short, and 100k rows fit 2^17 slots.
    if (size_t(m_size + 1) * 5 > m_slots.size() * 4)
        grow();
    const size_t mask = m_slots.size() - 1;
    const quint32 hash = hashOfRow(row);
    size_t i = hash & mask;
    while (m_slots[i].row >= 0)
        i = (i + 1) & mask;
    m_slots[i] = Slot{qint32(row), hash};
    ++m_size;
}

size_t RowIndex::slotOfEntry(int hashRow, int entryRow) const
{
    if (m_slots.empty())
        return notFound;
    const size_t mask = m_slots.size() - 1;
    for (size_t i = hashOfRow(hashRow) & mask; m_slots[i].row >= 0; i = (i + 1) & mask) {
        if (m_slots[i].row == entryRow)
            return i;
    }
    return notFound;
}

void RowIndex::remove(int row)
{
    size_t hole = slotOfEntry(row, row);
    Q_ASSERT(hole != notFound); // callers only remove indexed rows
    if (hole == notFound)
        return;
    const size_t mask = m_slots.size() - 1;
    // Backward-shift deletion: pull later entries of the probe run into the hole
    // when their home slot allows it, so lookups never need tombstones.
    for (size_t j = (hole + 1) & mask; m_slots[j].row >= 0; j = (j + 1) & mask) {
        if (linear_probing::mayMoveBack(m_slots[j].hash & mask, hole, j)) {
            m_slots[hole] = m_slots[j];
            hole = j;
        }
    }
    m_slots[hole] = Slot{};
    --m_size;
}

void RowIndex::grow()
{
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(old.empty() ? 16 : old.size() * 2, Slot{});
    const size_t mask = m_slots.size() - 1;
    // The stored hashes are enough to place every entry again: no row is read.
    for (const Slot &slot : old) {
        if (slot.row < 0)
            continue;
        size_t i = slot.hash & mask;
        while (m_slots[i].row >= 0)
            i = (i + 1) & mask;
        m_slots[i] = slot;
    }
}

} // namespace fleetscope
