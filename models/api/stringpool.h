#pragma once

#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringView>

#include <atomic>
#include <string_view>
#include <vector>

namespace fleetscope {

class PooledString;

// The process-wide table behind PooledString. It deduplicates repeated strings
// (managers, clustersets, property names and values, condition types, reasons)
// so that 100k profiles share one copy of each, and a 4-byte slot number stands
// in for a 24-byte QString.
//
// Each string lives in a numbered slot with a count of the handles naming it.
// Slots live in fixed chunks that never move or go away, so a handle reads its
// text without a lock. Thread-safe, because hubs decode on their own threads. A
// slot whose count drops to zero stays until purgeUnused() frees it, so a value
// that comes and goes (a condition flapping) is not re-created each time, and
// churning values (messages, versions) do not pile up forever; the fleet store
// purges as hubs settle and on a timer.
class StringPool final
{
    Q_DISABLE_COPY_MOVE(StringPool)

public:
    static StringPool &shared();

    PooledString pooled(QStringView text);
    PooledString pooled(const QString &text); // a new slot shares the buffer of `text`
    PooledString pooledUtf8(std::string_view text);
    // The slot's own QString, for code that keeps QStrings (filter keys, extra columns).
    QString intern(QStringView text);

    // Distinct strings held, in use or not yet purged.
    qsizetype size() const;
    // Frees strings no handle names any more; returns how many.
    qsizetype purgeUnused();

    // What the handles (PooledString, FieldValue) do with the slot they name.
    static const QString &text(quint32 id) noexcept { return slot(id).text; }
    static void retain(quint32 id) noexcept { slot(id).refs.fetch_add(1, std::memory_order_relaxed); }
    // Only purgeUnused() frees a slot: the last handle going leaves it for the next lookup.
    static void release(quint32 id) noexcept { slot(id).refs.fetch_sub(1, std::memory_order_release); }

private:
    StringPool() = default;
    PooledString pooled(QStringView text, const QString *buffer);

    struct Slot
    {
        QString text;
        std::atomic<quint32> refs{0};
    };
    static constexpr int chunkBits = 12;
    static constexpr quint32 chunkSize = 1u << chunkBits;
    static constexpr quint32 chunkCount = 1u << 15; // 128M slots; the chunk table itself is 256 KiB of address space

    static Slot &slot(quint32 id) noexcept
    {
        return s_chunks[id >> chunkBits].load(std::memory_order_acquire)[id & (chunkSize - 1)];
    }

    static std::atomic<Slot *> s_chunks[chunkCount];

    mutable QMutex m_mutex;
    // Views into the slots' texts, which stay put while the slot is pooled.
    QHash<QStringView, quint32> m_ids;
    std::vector<quint32> m_freeIds; // purged slots, reused first
    quint32 m_nextId = 1;           // slot 0 is never used: id 0 is the empty string
};

} // namespace fleetscope
