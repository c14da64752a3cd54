#pragma once

#include <QAnyStringView>
#include <QByteArray>
#include <QByteArrayView>
#include <QExplicitlySharedDataPointer>
#include <QSharedData>
#include <QString>
#include <QStringBuilder>
#include <QStringView>
#include <QUtf8StringView>

#include <string>
#include <string_view>
#include <utility>

namespace fleetscope {

// An exact-size, shared, immutable run of bytes holding the per-cluster text of
// one decoded profile (server URLs, display name, CA data, extension JSON), as
// UTF-8. One block per profile instead of one QString per field saves
// a 16-byte header, a malloc header and half the text's bytes per field; views
// convert to QString for the ~50 rows they show at a time.
class TextBlock : public QSharedData
{
public:
    // A block holding a copy of `bytes` (null when empty).
    static QExplicitlySharedDataPointer<TextBlock> create(std::string_view bytes);

    const char *data() const noexcept { return reinterpret_cast<const char *>(this + 1); }
    quint32 size() const noexcept { return m_size; }

    // The bytes follow the header in create()'s one allocation.
    static void operator delete(void *block) { ::operator delete(block); }

private:
    explicit TextBlock(quint32 size) noexcept
        : m_size(size)
    {
    }

    quint32 m_size;
};

// A handle to text in a TextBlock: {block, offset, length}, 16 bytes where a
// QString or QByteArray is 24 plus its own heap block. Copies share the block
// (atomic count), so handles cross threads like QStrings do; a handle built from
// a QString or bytes gets a block of its own (kubeconfig files, tests).
//
// Decoders build all of a profile's text in one TextBlockBuilder: its handles are
// "pending" (an offset into the builder) until the FinishedText that finish()
// returns gives them the block. A pending handle knows its size but cannot be
// read: reading one stops the program with a message, so that a field a decoder
// forgot to hand the block shows up in the first test that reads it, instead of
// reading as empty.
class BlockText
{
public:
    BlockText() noexcept = default;

    std::string_view bytes() const noexcept
    {
        if (Q_LIKELY(m_block))
            return std::string_view(m_block->data() + m_offset, m_size);
        if (m_size)
            readWhilePending();
        return std::string_view();
    }
    bool isEmpty() const noexcept { return m_size == 0; }
    // Filled by a decoder, not yet given its block (FinishedText::adopt()).
    bool isPending() const noexcept { return !m_block && m_size; }
    qsizetype byteSize() const noexcept { return m_size; }
    void clear() noexcept { *this = BlockText(); }
    // The block holding the text (null while pending or empty): tests check sharing.
    const TextBlock *block() const noexcept { return m_block.data(); }

    // A handle to all of `block`: what holds a block whose text has no handles
    // of its own (FieldValue), and hands out mid() of it.
    static BlockText share(TextBlock *block) noexcept { return BlockText(block, 0, block ? block->size() : 0); }
    // A handle to `size` bytes at `offset` of this one's, sharing its block.
    BlockText mid(quint32 offset, quint32 size) const noexcept
    {
        return m_block && size ? BlockText(m_block.data(), m_offset + offset, size) : BlockText();
    }

    friend bool operator==(const BlockText &a, const BlockText &b) noexcept { return a.bytes() == b.bytes(); }
    friend bool operator!=(const BlockText &a, const BlockText &b) noexcept { return !(a == b); }

protected:
    // A handle to a block of its own holding a copy of `bytes`.
    static BlockText own(std::string_view bytes)
    {
        return BlockText(TextBlock::create(bytes).data(), 0, quint32(bytes.size()));
    }

private:
    friend class TextBlockBuilder;
    friend class FinishedText;
    [[noreturn]] static void readWhilePending() noexcept;
    BlockText(TextBlock *block, quint32 offset, quint32 size) noexcept
        : m_block(block)
        , m_offset(offset)
        , m_size(size)
    {
    }

    QExplicitlySharedDataPointer<TextBlock> m_block;
    quint32 m_offset = 0;
    quint32 m_size = 0;
};

// Text fields (server URL, display name): UTF-8 inside, a QString where asked.
class BlockString : public BlockText
{
public:
    BlockString() noexcept = default;
    BlockString(const BlockText &text) noexcept // NOLINT: the builder hands out BlockText
        : BlockText(text)
    {
    }
    BlockString(BlockText &&text) noexcept // NOLINT
        : BlockText(std::move(text))
    {
    }
    // Converting, so that a BlockString field is assigned from a QString as a QString field would be.
    BlockString(const QString &text); // NOLINT
    BlockString(QStringView text); // NOLINT
    static BlockString fromUtf8(std::string_view text) { return BlockString(own(text)); }

    QUtf8StringView utf8() const noexcept
    {
        const std::string_view b = bytes();
        return QUtf8StringView(b.data(), qsizetype(b.size()));
    }
    QString toString() const
    {
        const std::string_view b = bytes();
        return QString::fromUtf8(b.data(), qsizetype(b.size()));
    }
    // Where a QString is taken (also QString::arg()); compare without converting.
    operator QString() const { return toString(); }

    friend bool operator==(const BlockString &a, const BlockString &b) noexcept { return a.bytes() == b.bytes(); }
    friend bool operator!=(const BlockString &a, const BlockString &b) noexcept { return !(a == b); }
    friend bool operator==(const BlockString &a, QStringView b) noexcept
    {
        return QAnyStringView::equal(a.utf8(), b);
    }
    friend bool operator!=(const BlockString &a, QStringView b) noexcept { return !(a == b); }
    friend bool operator==(QStringView a, const BlockString &b) noexcept { return b == a; }
    friend bool operator!=(QStringView a, const BlockString &b) noexcept { return !(b == a); }
    friend bool operator==(const BlockString &a, const QString &b) noexcept { return a == QStringView(b); }
    friend bool operator!=(const BlockString &a, const QString &b) noexcept { return !(a == QStringView(b)); }
    friend bool operator==(const QString &a, const BlockString &b) noexcept { return b == QStringView(a); }
    friend bool operator!=(const QString &a, const BlockString &b) noexcept { return !(b == QStringView(a)); }
};

// Byte fields (CA data, extension JSON): a QByteArray where asked.
class BlockBytes : public BlockText
{
public:
    BlockBytes() noexcept = default;
    BlockBytes(const BlockText &text) noexcept // NOLINT
        : BlockText(text)
    {
    }
    BlockBytes(BlockText &&text) noexcept // NOLINT
        : BlockText(std::move(text))
    {
    }
    BlockBytes(const QByteArray &bytes) // NOLINT: assigned from a QByteArray as a QByteArray field would be
        : BlockText(own(std::string_view(bytes.constData(), size_t(bytes.size()))))
    {
    }

    QByteArrayView view() const noexcept
    {
        const std::string_view b = bytes();
        return QByteArrayView(b.data(), qsizetype(b.size()));
    }
    const char *constData() const noexcept { return bytes().data(); }
    qsizetype size() const noexcept { return byteSize(); }
    QByteArray toByteArray() const { return view().toByteArray(); }
    operator QByteArray() const { return toByteArray(); }

    friend bool operator==(const BlockBytes &a, const BlockBytes &b) noexcept { return a.bytes() == b.bytes(); }
    friend bool operator!=(const BlockBytes &a, const BlockBytes &b) noexcept { return !(a == b); }
    friend bool operator==(const BlockBytes &a, QByteArrayView b) noexcept { return a.view() == b; }
    friend bool operator!=(const BlockBytes &a, QByteArrayView b) noexcept { return !(a.view() == b); }
    friend bool operator==(const BlockBytes &a, const QByteArray &b) noexcept { return a.view() == b; }
    friend bool operator!=(const BlockBytes &a, const QByteArray &b) noexcept { return !(a.view() == b); }
};

class FinishedText;

// Collects one profile's text while a decoder reads it; finish() makes the one
// exact-size block.
class TextBlockBuilder
{
public:
    void clear() { m_bytes.clear(); }
    // A pending handle to a copy of `bytes`.
    BlockText add(std::string_view bytes);
    // A copy of `bytes` (not empty) behind its length, for FieldValue::inBlock():
    // the offset of the length.
    quint32 addCounted(std::string_view bytes);
    // The block of everything added, for the pending handles; clears the builder.
    FinishedText finish();

private:
    std::string m_bytes;
};

// The block of one finished profile: the one way a pending handle gets it.
class FinishedText
{
public:
    // Gives a pending handle its place in the block (no effect on others).
    void adopt(BlockText *text) noexcept
    {
        if (text->isPending())
            text->m_block = m_block;
    }
    // A handle to the whole block (null when there is none): what holds it for
    // the values addCounted() wrote (FieldValue reads them through it).
    BlockText share() const noexcept { return BlockText::share(m_block.data()); }
    const TextBlock *block() const noexcept { return m_block.data(); }

private:
    friend class TextBlockBuilder;
    explicit FinishedText(QExplicitlySharedDataPointer<TextBlock> block) noexcept
        : m_block(std::move(block))
    {
    }

    QExplicitlySharedDataPointer<TextBlock> m_block;
};

} // namespace fleetscope

// BlockStrings join QStringBuilder expressions (`a + u'/' + b`) like QStrings.
template<>
struct QConcatenable<fleetscope::BlockString> : private QAbstractConcatenable
{
    using type = fleetscope::BlockString;
    using ConvertTo = QString;
    enum { ExactSize = false };
    static qsizetype size(const type &s) { return s.byteSize(); } // UTF-16 is never longer
    static void appendTo(const type &s, QChar *&out)
    {
        const std::string_view b = s.bytes();
        QAbstractConcatenable::convertFromUtf8(QByteArrayView(b.data(), qsizetype(b.size())), out);
    }
};
