#pragma once

#include "packedlist.h"

#include <QByteArray>

namespace fleetscope {

// Compact JSON of one Kubernetes object, deflated against a built-in dictionary
// of what ClusterProfiles have in common (field names, API group, condition and
// property names). Small documents barely compress on their own because deflate
// has nothing to refer back to; with the dictionary a ~1.6 KB profile keeps
// ~0.4 KB instead of ~0.8 KB (plain zlib) — what lets the GUI keep every
// object's raw JSON for the details pane within the per-profile memory budget.
//
// A value: made from JSON text (deflated), read back with unpacked() (inflated
// on each call), or asked isEmpty() for free. Both directions cost zlib time and
// are spelled out, so that they stay off the GUI thread where they are hot.
class CompressedJson final
{
public:
    CompressedJson() = default;
    explicit CompressedJson(const QByteArray &json)
    {
        const QByteArray packed = compress(json);
        m_packed = PackedList<char>(packed.cbegin(), packed.cend());
    }
    bool isEmpty() const { return m_packed.isEmpty(); }
    qsizetype packedSize() const { return m_packed.size(); }
    QByteArray unpacked() const { return uncompress(QByteArray::fromRawData(m_packed.constData(), m_packed.size())); }

    static QByteArray compress(const QByteArray &json);
    // Empty on corrupt input (never produced by compress()).
    static QByteArray uncompress(const QByteArray &packed);

private:
    // One pointer in every profile record, kept or not (a QByteArray is three).
    PackedList<char> m_packed;
};

} // namespace fleetscope
