#pragma once

#include "fleetprofile.h"
#include "kube/probingtable.h"

#include <QStringView>

#include <vector>

namespace fleetscope {

// The fleet store's (hub, namespace, name) → row lookup in 8 bytes per slot: an
// open-addressing table (linear probing, at most 80 % full) that keeps only row
// numbers and 32 bits of each key's hash, and reads the keys themselves from the
// rows. A QHash<key, row> kept a second copy of every key: ~75 bytes per profile,
// against ~10 here at 100k.
//
// The rows are the store's vector; the index never owns them. Each call says which
// row holds the key it works on, so callers order their edits accordingly (see
// the member comments).
class RowIndex
{
public:
    explicit RowIndex(const std::vector<FleetProfile> *rows);

    // The row of that profile, or -1.
    int find(int hub, QStringView namespaceName, QStringView name) const;
    // Indexes `row`, which already holds its profile and is not indexed yet.
    void insert(int row);
    // Forgets `row`, which still holds the profile it was indexed with.
    void remove(int row);
    // Replaces every indexed row r with renumber(r) (the rows vector was
    // compacted). One pass over the table, no key is read.
    template<typename Renumber>
    void remapRows(Renumber renumber)
    {
        for (Slot &slot : m_table.slotArray()) {
            if (slot.occupied())
                slot.row = renumber(slot.row);
        }
    }

    qsizetype size() const { return m_table.size(); }
    // Bytes held by the table itself (for benchmarks and tests).
    size_t memoryBytes() const { return m_table.memoryBytes(); }

private:
    struct Slot
    {
        qint32 row = -1; // -1: empty
        quint32 hash = 0;
        bool occupied() const { return row >= 0; }
    };

    quint32 hashOf(int hub, QStringView namespaceName, QStringView name) const;
    quint32 hashOfRow(int row) const;

    const std::vector<FleetProfile> *m_rows;
    ProbingTable<Slot> m_table;
    size_t m_seed;
};

} // namespace fleetscope
