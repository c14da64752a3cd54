#pragma once

#include "blocktext.h"
#include "pooledstring.h"

#include <QAnyStringView>
#include <QString>
#include <QStringView>

#include <utility>

namespace fleetscope {

// A field's text as a reader gets it: a pooled QString (shared buffer, which
// filter memos key on), UTF-8 in a TextBlock, or null (no such field).
class FieldText
{
public:
    FieldText() noexcept = default;
    explicit FieldText(const QString *pooled) noexcept
        : m_pooled(pooled)
    {
    }
    FieldText(const char *utf8, qsizetype size) noexcept
        : m_utf8(utf8)
        , m_size(size)
    {
    }

    bool isNull() const noexcept { return !m_pooled && !m_utf8; }
    explicit operator bool() const noexcept { return !isNull(); }
    bool isEmpty() const noexcept { return m_pooled ? m_pooled->isEmpty() : m_size == 0; }
    // The pooled text, or null when the text is UTF-8 (or absent).
    const QString *pooled() const noexcept { return m_pooled; }
    // The UTF-8 text in a block (empty when pooled).
    QUtf8StringView utf8() const noexcept { return QUtf8StringView(m_utf8, m_size); }
    QAnyStringView view() const noexcept
    {
        return m_pooled ? QAnyStringView(*m_pooled) : QAnyStringView(QUtf8StringView(m_utf8, m_size));
    }
    QString toString() const { return m_pooled ? *m_pooled : QString::fromUtf8(m_utf8, m_size); }
    // The pooled text, or UTF-8 text converted into *scratch; null when absent.
    const QString *text(QString *scratch) const
    {
        if (m_pooled || !m_utf8)
            return m_pooled;
        *scratch = QString::fromUtf8(m_utf8, m_size);
        return scratch;
    }

    friend bool operator==(const FieldText &a, QStringView b) noexcept
    {
        return !a.isNull() && QAnyStringView::equal(a.view(), b);
    }
    friend bool operator!=(const FieldText &a, QStringView b) noexcept { return !(a == b); }
    friend bool operator==(const FieldText &a, const FieldText &b) noexcept
    {
        return a.isNull() == b.isNull() && QAnyStringView::equal(a.view(), b.view());
    }
    friend bool operator!=(const FieldText &a, const FieldText &b) noexcept { return !(a == b); }

private:
    const QString *m_pooled = nullptr;
    const char *m_utf8 = nullptr;
    qsizetype m_size = 0;
};

// A 4-byte label or property value: a PooledString's slot (repeated values:
// locations, node types, clustersets), or the offset of UTF-8 text in the
// owner's TextBlock (values that identify one cluster: member ids, cluster ids,
// endpoints). Such a value cannot be read alone: its owner reads it
// (ClusterProfile::valueText(), LabelMap::text()), which keeps the handle as
// small as the PooledString it replaces and the text out of a slot and a
// UTF-16 QString of its own (~270 bytes for a member id and an endpoint list).
class FieldValue
{
public:
    FieldValue() noexcept = default;
    FieldValue(PooledString text) noexcept // NOLINT: a pooled value converts
        : m_bits(std::exchange(text.m_id, 0))
    {
    }
    // Pooled in StringPool::shared(), as a PooledString field takes a QString.
    FieldValue(const QString &text) // NOLINT
        : FieldValue(PooledString(text))
    {
    }
    // UTF-8 text behind its length at `offset` of the owner's block (TextBlockBuilder::addCounted()).
    static FieldValue inBlock(quint32 offset) noexcept
    {
        FieldValue value;
        value.m_bits = blockBit | offset;
        return value;
    }
    FieldValue(const FieldValue &other) noexcept
        : m_bits(other.m_bits)
    {
        if (isPooled())
            StringPool::retain(m_bits);
    }
    FieldValue(FieldValue &&other) noexcept
        : m_bits(std::exchange(other.m_bits, 0))
    {
    }
    FieldValue &operator=(FieldValue other) noexcept
    {
        std::swap(m_bits, other.m_bits);
        return *this;
    }
    ~FieldValue()
    {
        if (isPooled())
            StringPool::release(m_bits);
    }

    bool isEmpty() const noexcept { return m_bits == 0; }
    bool isInBlock() const noexcept { return m_bits & blockBit; }
    // The text, given the owner's block (only read for values in it).
    FieldText text(const TextBlock *block) const noexcept
    {
        if (!isInBlock())
            return FieldText(isPooled() ? &StringPool::text(m_bits) : &emptyString());
        const unsigned char *at = reinterpret_cast<const unsigned char *>(block->data()) + (m_bits & ~blockBit);
        quint32 size = 0;
        for (int shift = 0;; shift += 7) {
            const unsigned char byte = *at++;
            size |= quint32(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                break;
        }
        return FieldText(reinterpret_cast<const char *>(at), qsizetype(size));
    }
    // The pooled handle (empty for values in a block).
    PooledString pooled() const noexcept
    {
        if (!isPooled())
            return PooledString();
        StringPool::retain(m_bits);
        return PooledString(m_bits);
    }

    // Same pooled slot or same place in a block: owners compare text through their blocks.
    bool sameHandle(const FieldValue &other) const noexcept { return m_bits == other.m_bits; }

private:
    static constexpr quint32 blockBit = 0x80000000u; // slot ids stay below 2^27
    bool isPooled() const noexcept { return m_bits && !(m_bits & blockBit); }
    static const QString &emptyString() noexcept
    {
        static const QString empty;
        return empty;
    }

    quint32 m_bits = 0;
};

} // namespace fleetscope
