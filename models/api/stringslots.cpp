#include "stringslots.h"

#include <QMutex>
#include <QMutexLocker>

#include <vector>

namespace fleetscope {

std::atomic<StringSlots::Slot *> StringSlots::s_chunks[StringSlots::chunkCount];

namespace {

// Marks a freed slot: a count no handle can reach, so that two parties racing to
// free the same slot (a pool going away, its last handle going away) free it once.
constexpr quint32 freedMark = 0xffffffffu;

struct FreeList
{
    QMutex mutex;
    std::vector<quint32> ids;
    quint32 next = 1; // slot 0 is never used: id 0 is the empty string
    qsizetype live = 0;
};

// Never destroyed: handles in other statics may be released during exit, after
// any function-local static here would have gone.
FreeList &freeList()
{
    static FreeList *const list = new FreeList;
    return *list;
}

} // namespace

quint32 StringSlots::allocate(QString text, bool pooled)
{
    Q_ASSERT(!text.isEmpty());
    FreeList &list = freeList();
    QMutexLocker lock(&list.mutex);
    quint32 id = 0;
    if (!list.ids.empty()) {
        id = list.ids.back();
        list.ids.pop_back();
    } else {
        // 128M distinct live strings would be 4 GiB of slots alone: no fleet gets there.
        if (list.next >= chunkSize * chunkCount)
            qFatal("fleetscope: the string table is full (%u strings)", list.next);
        id = list.next++;
        std::atomic<Slot *> &chunk = s_chunks[id >> chunkBits];
        if (!chunk.load(std::memory_order_relaxed))
            chunk.store(new Slot[chunkSize], std::memory_order_release);
    }
    Slot &s = slot(id);
    // Only when there is slack: squeeze() also copies a buffer the caller still
    // shares, which is no waste (decoders drop their copy at once).
    if (text.capacity() > text.size())
        text.squeeze();
    s.text = std::move(text);
    s.pooled.store(pooled, std::memory_order_relaxed);
    s.refs.store(1, std::memory_order_release);
    ++list.live;
    return id;
}

bool StringSlots::freeIfUnused(quint32 id) noexcept
{
    Slot &s = slot(id);
    quint32 expected = 0;
    if (!s.refs.compare_exchange_strong(expected, freedMark, std::memory_order_acq_rel))
        return false;
    FreeList &list = freeList();
    QMutexLocker lock(&list.mutex);
    s.text = QString();
    list.ids.push_back(id);
    --list.live;
    return true;
}

void StringSlots::disown(quint32 id) noexcept
{
    slot(id).pooled.store(false, std::memory_order_release);
    freeIfUnused(id);
}

qsizetype StringSlots::liveCount() noexcept
{
    FreeList &list = freeList();
    QMutexLocker lock(&list.mutex);
    return list.live;
}

} // namespace fleetscope
