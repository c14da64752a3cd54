#pragma once

#include <QList>
#include <QtGlobal>

#include <atomic>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <new>
#include <type_traits>
#include <utility>

namespace fleetscope {

// An implicitly shared array of exactly size() items, for the small lists a
// profile holds (conditions, properties, access providers, labels, extensions).
//
// Why not QList: a QList is 24 bytes inline plus a 16-byte header and growth
// slack on the heap, and a profile holds five of them (issue #8: 100k profiles
// must fit in 1.5 KB each). A PackedList is one pointer inline and an 8-byte
// header {references, size} in front of the items; the empty list allocates
// nothing. Appending reallocates (an exact size is the point), so build a list
// with append(first, last) or from a container, not item by item in a hot loop.
//
// Sharing is copy-on-write with an atomic count, as QList: decoded profiles are
// shared read-only between a hub's thread and the GUI thread.
template<typename T>
class PackedList
{
    struct Header
    {
        std::atomic<quint32> refs;
        quint32 size;
    };
    static constexpr size_t itemsOffset = (sizeof(Header) + alignof(T) - 1) / alignof(T) * alignof(T);
    static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__, "items must fit operator new's alignment");

public:
    using value_type = T;
    using size_type = qsizetype;
    using const_iterator = const T *;
    using iterator = T *;
    using const_reference = const T &;
    using reference = T &;

    PackedList() = default;
    PackedList(std::initializer_list<T> items) { append(items.begin(), items.end()); }
    PackedList(const QList<T> &items) { append(items.cbegin(), items.cend()); } // NOLINT: converting on purpose
    template<typename It>
    PackedList(It first, It last)
    {
        append(first, last);
    }
    PackedList(const PackedList &other) noexcept
        : m_d(other.m_d)
    {
        if (m_d)
            m_d->refs.fetch_add(1, std::memory_order_relaxed);
    }
    PackedList(PackedList &&other) noexcept
        : m_d(std::exchange(other.m_d, nullptr))
    {
    }
    PackedList &operator=(const PackedList &other) noexcept
    {
        PackedList copy(other);
        swap(copy);
        return *this;
    }
    PackedList &operator=(PackedList &&other) noexcept
    {
        PackedList moved(std::move(other));
        swap(moved);
        return *this;
    }
    ~PackedList() { release(m_d); }

    void swap(PackedList &other) noexcept { std::swap(m_d, other.m_d); }

    qsizetype size() const { return m_d ? qsizetype(m_d->size) : 0; }
    bool isEmpty() const { return size() == 0; }

    const T *constData() const { return m_d ? items(m_d) : nullptr; }
    const T *begin() const { return constData(); }
    const T *end() const { return constData() + size(); }
    const T *cbegin() const { return begin(); }
    const T *cend() const { return end(); }
    // Non-const access detaches first, as QList's does.
    T *begin()
    {
        detach();
        return m_d ? items(m_d) : nullptr;
    }
    T *end() { return begin() + size(); }

    const T &at(qsizetype i) const
    {
        Q_ASSERT(i >= 0 && i < size());
        return items(m_d)[i];
    }
    const T &operator[](qsizetype i) const { return at(i); }
    T &operator[](qsizetype i)
    {
        Q_ASSERT(i >= 0 && i < size());
        return begin()[i];
    }
    const T &first() const { return at(0); }

    void clear() { PackedList().swap(*this); }

    // Appends [first, last) with one reallocation; pass move iterators to move.
    template<typename It>
    void append(It first, It last)
    {
        insert(size(), first, last);
    }
    void append(const T &item) { insert(size(), &item, &item + 1); }
    void append(T &&item) { insert(size(), std::make_move_iterator(&item), std::make_move_iterator(&item + 1)); }
    PackedList &operator<<(const T &item)
    {
        append(item);
        return *this;
    }
    // Inserts [first, last) before index `at`, with one reallocation.
    template<typename It>
    void insert(qsizetype at, It first, It last)
    {
        Q_ASSERT(at >= 0 && at <= size());
        const size_t added = size_t(std::distance(first, last));
        if (added == 0)
            return;
        const size_t old = size_t(size());
        Header *d = allocate(old + added);
        T *to = items(d);
        // Move the old items over when nobody else holds them, unless the inserted
        // range is made of them (list.append(list.at(0))): those must stay intact
        // until they are copied.
        bool steal = m_d && m_d->refs.load(std::memory_order_acquire) == 1;
        if constexpr (std::is_pointer_v<It>) {
            const std::less<const T *> before;
            const T *from = &*first;
            steal = steal && (before(from, items(m_d)) || !before(from, items(m_d) + old));
        }
        // d->size counts what is built, so that a throwing copy (bad_alloc) unwinds cleanly.
        size_t built = 0;
        try {
            auto take = [&](T &item) {
                if (steal)
                    new (to + built) T(std::move(item));
                else
                    new (to + built) T(item);
                d->size = quint32(++built);
            };
            for (size_t i = 0; i < size_t(at); ++i)
                take(items(m_d)[i]);
            for (; first != last; ++first) {
                new (to + built) T(*first);
                d->size = quint32(++built);
            }
            for (size_t i = size_t(at); i < old; ++i)
                take(items(m_d)[i]);
        } catch (...) {
            release(d); // destroys the `built` items
            throw;
        }
        release(std::exchange(m_d, d));
    }
    void insert(qsizetype at, T item) { insert(at, std::make_move_iterator(&item), std::make_move_iterator(&item + 1)); }

    QList<T> toList() const { return QList<T>(begin(), end()); }

    friend bool operator==(const PackedList &a, const PackedList &b)
    {
        if (a.m_d == b.m_d)
            return true;
        if (a.size() != b.size())
            return false;
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!(a.at(i) == b.at(i)))
                return false;
        }
        return true;
    }
    friend bool operator!=(const PackedList &a, const PackedList &b) { return !(a == b); }

    // Heap bytes this list holds (shared blocks counted by each holder).
    size_t heapBytes() const { return m_d ? itemsOffset + m_d->size * sizeof(T) : 0; }

private:
    static T *items(Header *d) { return reinterpret_cast<T *>(reinterpret_cast<char *>(d) + itemsOffset); }

    static Header *allocate(size_t count)
    {
        void *memory = ::operator new(itemsOffset + count * sizeof(T));
        return new (memory) Header{{1}, 0};
    }

    static void release(Header *d) noexcept
    {
        if (!d || d->refs.fetch_sub(1, std::memory_order_acq_rel) != 1)
            return;
        T *list = items(d);
        for (quint32 i = 0; i < d->size; ++i)
            list[i].~T();
        d->~Header();
        ::operator delete(d);
    }

    void detach()
    {
        if (m_d && m_d->refs.load(std::memory_order_acquire) != 1) {
            const T *from = items(m_d);
            PackedList copy(from, from + size());
            swap(copy);
        }
    }

    Header *m_d = nullptr;
};

} // namespace fleetscope
