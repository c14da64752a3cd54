#include "labelmap.h"

#include <algorithm>

namespace fleetscope {

namespace {
auto keyLess = [](const LabelMap::Entry &e, QStringView key) { return e.first.view() < key; };
}

void LabelMap::insert(PooledString key, PooledString value)
{
    auto it = std::lower_bound(m_entries.begin(), m_entries.end(), key.view(), keyLess);
    if (it != m_entries.end() && it->first == key)
        it->second = std::move(value);
    else
        m_entries.insert(it, Entry(std::move(key), std::move(value)));
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
