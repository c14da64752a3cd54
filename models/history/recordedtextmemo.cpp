#include "recordedtextmemo.h"

namespace fleetscope {

PooledString RecordedTextMemo::pooled(const QString &text)
{
    if (text.isEmpty())
        return PooledString();
    // Raw data has no buffer of its own that would stay put while it is known by it.
    if (!const_cast<QString &>(text).data_ptr().isMutable())
        return PooledString(text);
    auto it = m_entries.find(text.constData());
    if (it == m_entries.end())
        it = m_entries.insert(text.constData(), {text, PooledString(text), m_moment - 1});
    if (it->moment != m_moment) {
        it->moment = m_moment;
        ++m_used;
    }
    return it->pooled;
}

void RecordedTextMemo::nextMoment()
{
    const qsizetype usedLastMoment = m_used;
    m_used = 0;
    // Texts of frames long past are forgotten once they outnumber the ones in use.
    if (m_entries.size() > 2 * usedLastMoment + 4096) {
        for (auto it = m_entries.begin(); it != m_entries.end();)
            it = it->moment == m_moment ? std::next(it) : m_entries.erase(it);
    }
    ++m_moment;
}

} // namespace fleetscope
