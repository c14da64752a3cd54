#pragma once

#include "pooledstring.h"

#include <QByteArray>

#include <string_view>

namespace fleetscope {

// metadata.resourceVersion: opaque to clients (compared for equality, sent back
// verbatim), but in practice an etcd revision in decimal. Those are kept as a
// number, the rest as text, so that a profile does not spend a 24-byte QByteArray
// and a heap block on a few digits. Either way it prints back as it came.
class ResourceVersion
{
public:
    ResourceVersion() = default;
    ResourceVersion(std::string_view text); // NOLINT: converting on purpose, as a QByteArray would
    ResourceVersion(const QByteArray &text)
        : ResourceVersion(std::string_view(text.constData(), size_t(text.size())))
    {
    }
    ResourceVersion(const char *text)
        : ResourceVersion(std::string_view(text))
    {
    }

    bool isEmpty() const { return m_number == 0 && m_text.isEmpty(); }
    QByteArray toByteArray() const;

    friend bool operator==(const ResourceVersion &a, const ResourceVersion &b)
    {
        return a.m_number == b.m_number && a.m_text == b.m_text;
    }
    friend bool operator!=(const ResourceVersion &a, const ResourceVersion &b) { return !(a == b); }

private:
    quint64 m_number = 0; // the decimal value + 1; 0 when held as text (or empty)
    PooledString m_text;  // anything that is not a canonical decimal number
};

} // namespace fleetscope
