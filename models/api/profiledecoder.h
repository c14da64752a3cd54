#pragma once

#include "clusterprofile.h"
#include "ondemandreader.h"

#include <string_view>
#include <vector>

namespace fleetscope {

// The one ClusterProfile decoder: list items and watch events alike, straight
// from their JSON text with simdjson On-Demand (~2 µs for a 1.6 KB profile).
//
// A value of the wrong type fails the whole object with "JSON.PATH: expected
// string, got number" in error(): the caller skips that object and reports it,
// the rest of the fleet goes on. A failed decode leaves *out as it was. Nothing
// throws. Repeated strings are interned in the StringPool.
//
// Versions as served: v1alpha1 merges the deprecated credentialProviders behind
// accessProviders (accessProviders win on a name); v1alpha2 has neither
// credentialProviders nor a CA file path, so both are ignored there, as an apiserver
// prunes them. More than 64 providers in one list fail the object (v1alpha2's limit).
// Other v1alpha2 rules (server required, proxy schemes) are not enforced here: the
// apiserver does not re-validate stored objects it serves, so Connect checks them.
class ProfileDecoder final : public OnDemandReader
{
public:
    ProfileDecoder() { m_labelValuesInBlock = true; }

    // `json` must be followed by jsonPadding readable bytes (see PaddedJson).
    bool decode(std::string_view json, ClusterProfile *out) { return open(json) && decodeRoot(out); }
    // The current object of a list page or watch event, in its open document.
    bool decode(ResponseObjects &objects, ClusterProfile *out) { return open(objects) && decodeRoot(out); }

private:
    bool decodeRoot(ClusterProfile *out);
    bool decodeSpec(ondemand::value &value, const JsonPath &at, ClusterProfile *out);
    bool decodeStatus(ondemand::value &value, const JsonPath &at, ClusterProfile *out);
    bool decodeCondition(ondemand::value &value, const JsonPath &at, Condition *out);
    bool decodeProperty(ondemand::value &value, const JsonPath &at, Property *out);
    bool decodeAccessProviders(ondemand::value &value, const JsonPath &at, std::vector<AccessProvider> *out);
    bool decodeCluster(ondemand::value &value, const JsonPath &at, KubeconfigCluster *out);
    void applyVersionRules(ClusterProfile *out);
    bool decodeExtensions(ondemand::value &value, const JsonPath &at, PackedList<NamedExtension> *out);
    bool readBlockBase64(ondemand::value &value, const JsonPath &at, BlockText *out);
    bool readBlockJson(ondemand::value &value, const JsonPath &at, BlockText *out);

    // Reused between objects, so that lists end up exactly sized.
    std::vector<Condition> m_conditions;
    std::vector<Property> m_properties;
    std::vector<AccessProvider> m_providers;
    std::vector<AccessProvider> m_deprecatedProviders;
    std::vector<NamedExtension> m_extensions; // of the access provider being read
};

} // namespace fleetscope
