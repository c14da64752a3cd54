#include "rowindex.h"

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
    return ProbingTable<Slot>::hashOf(m_seed, hub, namespaceName, name);
}

quint32 RowIndex::hashOfRow(int row) const
{
    const FleetProfile &p = (*m_rows)[size_t(row)];
    return hashOf(p.hub, p.profile().metadata.namespaceName.view(), p.profile().metadata.name);
}

int RowIndex::find(int hub, QStringView namespaceName, QStringView name) const
{
    const Slot *slot = m_table.find(hashOf(hub, namespaceName, name), [&](const Slot &candidate) {
        const FleetProfile &p = (*m_rows)[size_t(candidate.row)];
        return p.hub == hub && p.profile().metadata.name == name && p.profile().metadata.namespaceName == namespaceName;
    });
    return slot ? slot->row : -1;
}

void RowIndex::insert(int row)
{
    m_table.emplace(hashOfRow(row)).row = qint32(row);
}

void RowIndex::remove(int row)
{
    Slot *slot = m_table.find(hashOfRow(row), [row](const Slot &candidate) { return candidate.row == row; });
    Q_ASSERT(slot); // callers only remove indexed rows
    if (slot)
        m_table.erase(slot);
}

} // namespace fleetscope
