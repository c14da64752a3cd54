#pragma once

#include "clusterprofile.h"
#include "objectbytesreader.h"

#include <string>
#include <string_view>
#include <vector>

namespace fleetscope {

// Decodes a ClusterProfile straight from its JSON text, without a DOM: the cold
// sync path, where building and freeing a nlohmann tree per object was half of
// the CPU.
//
// It is the fast path of decodeClusterProfile(), not a second decoder with its
// own opinions: it succeeds only where decodeClusterProfile() would succeed, and
// then yields the identical ClusterProfile (same strings, same interning). On
// anything else (a wrong type, a bad time, an unsupported version, a repeated
// key, an extension body it cannot reproduce byte for byte) it returns false
// without a message, and the caller decodes the object through the DOM, which
// names the problem. Not thread-safe; use one per thread (or per list page).
class ProfileBytesDecoder final : public ObjectBytesReader
{
public:
    explicit ProfileBytesDecoder(StringPool &pool = StringPool::shared());
    ~ProfileBytesDecoder();

    bool decode(std::string_view json, ClusterProfile *out);

private:
    bool decodeSpec(JsonCursor &c, ClusterProfile *out);
    bool decodeStatus(JsonCursor &c, ClusterProfile *out);
    bool decodeCondition(JsonCursor &c, Condition *out);
    bool decodeProperty(JsonCursor &c, Property *out);
    bool decodeAccessProvider(JsonCursor &c, AccessProvider *out);
    bool decodeCluster(JsonCursor &c, KubeconfigCluster *out);
    bool decodeExtensions(JsonCursor &c, PackedList<NamedExtension> *out);

    // Reused between objects, so that lists end up exactly sized (as the DOM path makes them).
    std::vector<Condition> m_conditions;
    std::vector<Property> m_properties;
    std::string m_propertyValue; // a property's value until its name is known
    std::vector<AccessProvider> m_providers;
    std::vector<AccessProvider> m_deprecatedProviders;
    std::vector<NamedExtension> m_extensions; // of the access provider being read
};

} // namespace fleetscope
