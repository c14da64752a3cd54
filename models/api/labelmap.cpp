#include "labelmap.h"

#include <algorithm>

namespace fleetscope {

namespace {
auto keyLess = [](const LabelMap::Entry &e, QStringView key) { return QStringView(e.first) < key; };
}

void LabelMap::insert(const QString &key, const QString &value)
{
    auto it = std::lower_bound(m_entries.begin(), m_entries.end(), QStringView(key), keyLess);
    if (it != m_entries.end() && it->first == key)
        it->second = value;
    else
        m_entries.insert(it, Entry(key, value));
}

const QString *LabelMap::find(QStringView key) const
{
    const auto it = std::lower_bound(m_entries.cbegin(), m_entries.cend(), key, keyLess);
    if (it != m_entries.cend() && it->first == key)
        return &it->second;
    return nullptr;
}

QString LabelMap::value(QStringView key) const
{
    const QString *v = find(key);
    return v ? *v : QString();
}

} // namespace fleetscope
