#include "labelmap.h"

#include <algorithm>

namespace fleetscope {

namespace {
auto keyLess = [](const LabelMap::Entry &e, QStringView key) { return e.first.view() < key; };
}

void LabelMap::insert(PooledString key, PooledString value)
{
    std::vector<Entry> entries(m_entries.cbegin(), m_entries.cend());
    entries.emplace_back(std::move(key), std::move(value));
    assign(&entries);
}

void LabelMap::assign(std::vector<Entry> *entries)
{
    auto keyOrder = [](const Entry &a, const Entry &b) { return a.first.view() < b.first.view(); };
    std::stable_sort(entries->begin(), entries->end(), keyOrder);
    // Of equal keys keep the last (stable sort kept their order): drop each entry
    // whose successor has the same key.
    auto kept = entries->begin();
    for (auto it = entries->begin(); it != entries->end(); ++it) {
        if (std::next(it) != entries->end() && std::next(it)->first == it->first)
            continue;
        if (kept != it)
            *kept = std::move(*it);
        ++kept;
    }
    m_entries = PackedList<Entry>(std::make_move_iterator(entries->begin()), std::make_move_iterator(kept));
    entries->clear();
}

void LabelMap::adoptText(FinishedText *text, bool hold)
{
    for (const Entry &entry : m_entries)
        hold = hold || entry.second.isInBlock();
    if (hold)
        m_text = text->share();
}

const LabelMap::Entry *LabelMap::findEntry(QStringView key) const
{
    const auto it = std::lower_bound(m_entries.cbegin(), m_entries.cend(), key, keyLess);
    if (it != m_entries.cend() && it->first == key)
        return it;
    return nullptr;
}

QString LabelMap::value(QStringView key) const
{
    return findText(key).toString();
}

PooledString LabelMap::pooledValue(QStringView key) const
{
    const Entry *entry = findEntry(key);
    if (!entry)
        return PooledString();
    if (!entry->second.isInBlock())
        return entry->second.pooled();
    return PooledString(text(*entry).toString());
}

BlockString LabelMap::blockValue(QStringView key) const
{
    const Entry *entry = findEntry(key);
    if (!entry)
        return BlockString();
    const FieldText value = text(*entry);
    if (!entry->second.isInBlock())
        return BlockString(*value.pooled());
    // A share of the block: no copy of the text.
    const QUtf8StringView bytes = value.utf8();
    return m_text.mid(quint32(bytes.data() - m_text.bytes().data()), quint32(bytes.size()));
}

bool operator==(const LabelMap &a, const LabelMap &b)
{
    return std::equal(a.m_entries.begin(), a.m_entries.end(), b.m_entries.begin(), b.m_entries.end(),
                      [&](const LabelMap::Entry &x, const LabelMap::Entry &y) {
                          return x.first == y.first && a.text(x) == b.text(y);
                      });
}

} // namespace fleetscope
