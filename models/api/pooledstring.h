#pragma once

#include "stringpool.h"

#include <QHashFunctions>
#include <QStringBuilder>
#include <QString>
#include <QStringView>

#include <utility>

namespace fleetscope {

// A 4-byte handle to an immutable string in the StringPool, used for the values a
// profile holds many of (conditions, properties, labels): a QString is 24 bytes
// before its text. Deduplicated: 100k profiles share one "ControlPlaneHealthy",
// and equal handles name the same slot.
//
// Reads are as cheap as a QString's: toString() returns a reference into the slot,
// valid as long as some handle to the same string lives. Copies count references
// atomically, so handles cross threads like QStrings do.
class PooledString
{
public:
    PooledString() noexcept = default;
    PooledString(const PooledString &other) noexcept
        : m_id(other.m_id)
    {
        if (m_id)
            StringPool::retain(m_id);
    }
    PooledString(PooledString &&other) noexcept
        : m_id(std::exchange(other.m_id, 0))
    {
    }
    PooledString &operator=(const PooledString &other) noexcept
    {
        PooledString copy(other);
        std::swap(m_id, copy.m_id);
        return *this;
    }
    PooledString &operator=(PooledString &&other) noexcept
    {
        PooledString moved(std::move(other));
        std::swap(m_id, moved.m_id);
        return *this;
    }
    ~PooledString()
    {
        if (m_id)
            StringPool::release(m_id);
    }
    // Pools `text`, so that a PooledString field takes a QString as a QString field would.
    PooledString(const QString &text);
    PooledString(QStringView text);

    const QString &toString() const noexcept { return m_id ? StringPool::text(m_id) : emptyString(); }
    // A PooledString field passes where a QString is taken, as a QString field would
    // (also to QString::arg()); functions taking a QStringView get view(). A second
    // conversion, to QStringView, would make every call overloaded on both ambiguous.
    operator const QString &() const noexcept { return toString(); }
    QStringView view() const noexcept { return toString(); }

    // Empty and null are the same: slots never hold an empty string.
    bool isEmpty() const noexcept { return m_id == 0; }
    qsizetype size() const noexcept { return toString().size(); }
    void clear() noexcept { *this = PooledString(); }

    // One pool, deduplicated: equal text is the same slot.
    friend bool operator==(const PooledString &a, const PooledString &b) noexcept { return a.m_id == b.m_id; }
    friend bool operator!=(const PooledString &a, const PooledString &b) noexcept { return !(a == b); }
    // Keys from StringPool::intern() share the slot's buffer (filter keys, extra
    // columns): most lookups by such a key end at the pointer comparison.
    friend bool operator==(const PooledString &a, QStringView b) noexcept
    {
        const QStringView text = a.view();
        return text.size() == b.size() && (text.data() == b.data() || text == b);
    }
    friend bool operator!=(const PooledString &a, QStringView b) noexcept { return !(a == b); }
    friend bool operator==(QStringView a, const PooledString &b) noexcept { return b == a; }
    friend bool operator!=(QStringView a, const PooledString &b) noexcept { return !(b == a); }
    friend bool operator==(const PooledString &a, const QString &b) noexcept { return a == QStringView(b); }
    friend bool operator!=(const PooledString &a, const QString &b) noexcept { return !(a == QStringView(b)); }
    friend bool operator==(const QString &a, const PooledString &b) noexcept { return b == QStringView(a); }
    friend bool operator!=(const QString &a, const PooledString &b) noexcept { return !(b == QStringView(a)); }
    friend bool operator<(const PooledString &a, const PooledString &b) noexcept { return a.toString() < b.toString(); }

    friend size_t qHash(const PooledString &s, size_t seed = 0) noexcept { return qHash(s.toString(), seed); }

private:
    friend class StringPool;
    friend class FieldValue;
    // Takes over one reference to slot `id`.
    explicit PooledString(quint32 id) noexcept
        : m_id(id)
    {
    }
    static const QString &emptyString() noexcept
    {
        static const QString empty; // constant-initialized: no guard on the read path
        return empty;
    }

    quint32 m_id = 0;
};

inline PooledString::PooledString(const QString &text)
    : PooledString(StringPool::shared().pooled(text))
{
}

inline PooledString::PooledString(QStringView text)
    : PooledString(StringPool::shared().pooled(text))
{
}

} // namespace fleetscope

// PooledStrings join QStringBuilder expressions (`a + u'/' + b`) like QStrings.
template<>
struct QConcatenable<fleetscope::PooledString> : private QAbstractConcatenable
{
    using type = fleetscope::PooledString;
    using ConvertTo = QString;
    enum { ExactSize = true };
    static qsizetype size(const type &s) { return s.size(); }
    static void appendTo(const type &s, QChar *&out) { QConcatenable<QString>::appendTo(s.toString(), out); }
};
