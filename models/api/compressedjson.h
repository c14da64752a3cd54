#pragma once

#include "packedlist.h"

#include <QByteArray>

#include <string_view>

namespace fleetscope {

// Compact JSON of one Kubernetes object, compressed (zstd) against a built-in
// dictionary of what ClusterProfiles have in common (field names, API group,
// condition and property names). Small documents barely compress on their own
// because the compressor has nothing to refer back to; with the dictionary a
// ~1.6 KB profile keeps ~0.4 KB instead of ~0.8 KB (plain zlib) — what lets
// the GUI keep every object's raw JSON for the details pane within the
// per-profile memory budget.
//
// A value: made from JSON text (compressed), read back with unpacked()
// (decompressed on each call), or asked isEmpty() for free. Both directions
// cost CPU and are spelled out, so that they stay off the GUI thread where
// they are hot.
class CompressedJson final
{
public:
    CompressedJson() = default;
    explicit CompressedJson(const QByteArray &json) { pack(std::string_view(json.constData(), size_t(json.size()))); }
    // JSON text minified first (the hub's member order stays), through a
    // per-thread buffer: a watch event costs one allocation, the packed bytes.
    static CompressedJson minified(std::string_view json);
    bool isEmpty() const { return m_packed.isEmpty(); }
    qsizetype packedSize() const { return m_packed.size(); }
    QByteArray unpacked() const { return uncompress(QByteArray::fromRawData(m_packed.constData(), m_packed.size())); }

    // Empty on corrupt input (never produced by this class).
    static QByteArray uncompress(const QByteArray &packed);

private:
    void pack(std::string_view json);

    // One pointer in every profile record, kept or not (a QByteArray is three).
    PackedList<char> m_packed;
};

} // namespace fleetscope
