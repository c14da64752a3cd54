#pragma once

#include <QExplicitlySharedDataPointer>
#include <QList>
#include <QSharedData>
#include <QtGlobal>

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
// slack on the heap, and a profile holds five of them (100k profiles must fit
// in 1.5 KB each). A PackedList is one pointer inline and an 8-byte
// header {references, size} in front of the items; the empty list allocates
// nothing. Appending reallocates (an exact size is the point), so build a list
// with append(first, last) or from a container, not item by item in a hot loop.
//
// Sharing is copy-on-write with an atomic count, as QList: decoded profiles are
// shared read-only between a hub's thread and the GUI thread.
template<typename T>
class PackedList
{
    // The items follow the header in one allocation.
    struct Header : QSharedData
    {
        quint32 size = 0; // items built
        ~Header()
        {
            for (quint32 i = 0; i < size; ++i)
                items(this)[i].~T();
        }
        static void operator delete(void *d) { ::operator delete(d); }
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
    qsizetype size() const { return m_d ? qsizetype(m_d->size) : 0; }
    bool isEmpty() const { return size() == 0; }

    const T *constData() const { return m_d ? items(m_d.data()) : nullptr; }
    const T *begin() const { return constData(); }
    const T *end() const { return constData() + size(); }
    const T *cbegin() const { return begin(); }
    const T *cend() const { return end(); }
    // Non-const access detaches first, as QList's does.
    T *begin()
    {
        detach();
        return m_d ? items(m_d.data()) : nullptr;
    }
    T *end() { return begin() + size(); }

    const T &at(qsizetype i) const
    {
        Q_ASSERT(i >= 0 && i < size());
        return constData()[i];
    }
    const T &operator[](qsizetype i) const { return at(i); }
    T &operator[](qsizetype i)
    {
        Q_ASSERT(i >= 0 && i < size());
        return begin()[i];
    }
    const T &first() const { return at(0); }

    void clear() { m_d.reset(); }

    // Appends [first, last) with one reallocation; pass move iterators to move.
    template<typename It>
    void append(It first, It last)
    {
        const size_t added = size_t(std::distance(first, last));
        if (added == 0)
            return;
        const size_t old = size_t(size());
        // Its size counts what is built, so that a throwing copy (bad_alloc) unwinds cleanly.
        QExplicitlySharedDataPointer<Header> d(new (::operator new(itemsOffset + (old + added) * sizeof(T))) Header);
        T *to = items(d.data());
        // Move the old items over when nobody else holds them, unless the appended
        // range is made of them (list.append(list.at(0))): those must stay intact
        // until they are copied.
        bool steal = m_d && m_d->ref.loadAcquire() == 1;
        if constexpr (std::is_pointer_v<It>) {
            const std::less<const T *> before;
            const T *from = &*first;
            steal = steal && (before(from, constData()) || !before(from, constData() + old));
        }
        for (size_t i = 0; i < old; ++i, ++d->size) {
            T &item = items(m_d.data())[i];
            if (steal)
                new (to + i) T(std::move(item));
            else
                new (to + i) T(item);
        }
        for (; first != last; ++first, ++d->size)
            new (to + d->size) T(*first);
        m_d = std::move(d);
    }
    void append(const T &item) { append(&item, &item + 1); }
    void append(T &&item) { append(std::make_move_iterator(&item), std::make_move_iterator(&item + 1)); }
    PackedList &operator<<(const T &item)
    {
        append(item);
        return *this;
    }

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

    void detach()
    {
        if (m_d && m_d->ref.loadAcquire() != 1)
            *this = PackedList(constData(), constData() + size());
    }

    QExplicitlySharedDataPointer<Header> m_d;
};

} // namespace fleetscope
