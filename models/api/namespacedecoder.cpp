#include "namespacedecoder.h"

namespace fleetscope {

NamespaceDecoder::NamespaceDecoder(StringPool &pool)
    : OnDemandReader(pool)
{
}

NamespaceDecoder::~NamespaceDecoder() = default;

bool NamespaceDecoder::decode(std::string_view json, KubeNamespace *out)
{
    ondemand::object root;
    if (!open(json, &root))
        return false;
    const JsonPath at;
    KubeNamespace ns;
    Header header{"Namespace", nullptr, false, &ns.metadata};
    const bool decoded = forEachMember(root, at, [&](std::string_view key, ondemand::value &value) {
        bool handled = false;
        return readHeaderMember(key, value, &header, &handled);
    });
    if (!decoded || !finishHeader(header))
        return false;
    *out = std::move(ns);
    return true;
}

} // namespace fleetscope
