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
    return open(json, &root) && decodeRoot(root, out);
}

bool NamespaceDecoder::decode(ondemand::value &object, KubeNamespace *out)
{
    ondemand::object root;
    return open(object, &root) && decodeRoot(root, out);
}

bool NamespaceDecoder::decodeRoot(ondemand::object &root, KubeNamespace *out)
{
    const JsonPath at;
    KubeNamespace ns;
    Header header{"Namespace", nullptr, false, &ns.metadata};
    const bool decoded = forEachMember(root, at, [&](std::string_view key, ondemand::value &value) {
        bool handled = false;
        return readHeaderMember(key, value, &header, &handled);
    });
    if (!finish(decoded, header))
        return false;
    *out = std::move(ns);
    return true;
}

} // namespace fleetscope
