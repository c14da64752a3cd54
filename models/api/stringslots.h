#pragma once

#include <QString>

#include <atomic>

namespace fleetscope {

// The process-wide table behind PooledString: numbered slots that each hold one
// string and a count of the handles naming it. A 4-byte slot number in place of a
// 24-byte QString is what makes 100k profiles' conditions, properties and labels
// small (issue #8).
//
// Slots live in fixed chunks that never move or go away, so a handle reads its text
// without a lock. Slots come in two kinds:
//  - pooled: found by text through a StringPool; a pooled slot whose count drops to
//    zero stays until that pool's purgeUnused() frees it, so a value that comes and
//    goes (a condition flapping) is not re-created each time;
//  - unique: never looked up (member ids, endpoints); freed by the last handle.
class StringSlots
{
public:
    StringSlots() = delete;

    // A slot holding `text` (not empty) with one reference.
    static quint32 allocate(QString text, bool pooled);
    static const QString &text(quint32 id) noexcept { return slot(id).text; }

    static void retain(quint32 id) noexcept { slot(id).refs.fetch_add(1, std::memory_order_relaxed); }
    static void release(quint32 id) noexcept
    {
        Slot &s = slot(id);
        if (s.refs.fetch_sub(1, std::memory_order_acq_rel) == 1 && !s.pooled.load(std::memory_order_acquire))
            freeIfUnused(id);
    }
    static quint32 referenceCount(quint32 id) noexcept { return slot(id).refs.load(std::memory_order_acquire); }

    // Frees the slot if no handle names it (true), whatever its kind.
    static bool freeIfUnused(quint32 id) noexcept;
    // A pool going away: its slots still in use become unique ones, freed by their last handle.
    static void disown(quint32 id) noexcept;

    // Slots in use, pooled and unique (benchmarks and tests).
    static qsizetype liveCount() noexcept;

private:
    struct Slot
    {
        QString text;
        std::atomic<quint32> refs{0};
        std::atomic<bool> pooled{false};
    };
    static constexpr int chunkBits = 12;
    static constexpr quint32 chunkSize = 1u << chunkBits;
    static constexpr quint32 chunkCount = 1u << 15; // 128M slots; the chunk table itself is 256 KiB of address space

    static Slot &slot(quint32 id) noexcept
    {
        return s_chunks[id >> chunkBits].load(std::memory_order_acquire)[id & (chunkSize - 1)];
    }

    static std::atomic<Slot *> s_chunks[chunkCount];
};

} // namespace fleetscope
