#include "labelmap.h"

#include <algorithm>

namespace fleetscope {

namespace {
auto keyLess = [](const LabelMap::Entry &e, QStringView key) { return e.first.view() < key; };
}

void LabelMap::insert(PooledString key, PooledString value)
{
    const auto it = std::lower_bound(m_entries.cbegin(), m_entries.cend(), key.view(), keyLess);
    const qsizetype at = it - m_entries.cbegin();
    if (it != m_entries.cend() && it->first == key)
        m_entries[at].second = std::move(value);
    else
        m_entries.insert(at, Entry(std::move(key), std::move(value)));
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

const PooledString *LabelMap::find(QStringView key) const
{
    const auto it = std::lower_bound(m_entries.cbegin(), m_entries.cend(), key, keyLess);
    if (it != m_entries.cend() && it->first == key)
        return &it->second;
    return nullptr;
}

QString LabelMap::value(QStringView key) const
{
    const PooledString *v = find(key);
    return v ? v->toString() : QString();
}

} // namespace fleetscope
