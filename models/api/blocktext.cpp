#include "blocktext.h"

#include <cstring>
#include <new>

namespace fleetscope {

QExplicitlySharedDataPointer<TextBlock> TextBlock::create(std::string_view bytes)
{
    if (bytes.empty())
        return {};
    void *memory = ::operator new(sizeof(TextBlock) + bytes.size());
    auto *block = new (memory) TextBlock(quint32(bytes.size()));
    std::memcpy(reinterpret_cast<char *>(block + 1), bytes.data(), bytes.size());
    return QExplicitlySharedDataPointer<TextBlock>(block);
}

void BlockText::readWhilePending() noexcept
{
    qFatal("BlockText read before FinishedText::adopt() gave it its block: a decoder forgot a field");
}

BlockString::BlockString(const QString &text)
    : BlockString(QStringView(text))
{
}

BlockString::BlockString(QStringView text)
{
    if (text.isEmpty())
        return;
    const QByteArray utf8 = text.toUtf8();
    BlockText::operator=(own(std::string_view(utf8.constData(), size_t(utf8.size()))));
}

BlockText TextBlockBuilder::add(std::string_view bytes)
{
    if (bytes.empty())
        return BlockText();
    const auto offset = quint32(m_bytes.size());
    m_bytes.append(bytes);
    return BlockText(nullptr, offset, quint32(bytes.size()));
}

quint32 TextBlockBuilder::addCounted(std::string_view bytes)
{
    Q_ASSERT(!bytes.empty());
    const auto offset = quint32(m_bytes.size());
    // The length as a little-endian base-128 varint: one byte up to 127.
    auto size = quint32(bytes.size());
    for (; size >= 0x80; size >>= 7)
        m_bytes.push_back(char(0x80 | (size & 0x7f)));
    m_bytes.push_back(char(size));
    m_bytes.append(bytes);
    return offset;
}

FinishedText TextBlockBuilder::finish()
{
    FinishedText finished(TextBlock::create(m_bytes));
    m_bytes.clear();
    return finished;
}

} // namespace fleetscope
