#pragma once

#include "kubenamespace.h"
#include "ondemandreader.h"

#include <string_view>

namespace fleetscope {

// core/v1 Namespaces, of which only the metadata is kept; errors and interning as
// ProfileDecoder's.
class NamespaceDecoder final : public OnDemandReader
{
public:
    // `json` must be followed by jsonPadding readable bytes (see PaddedJson).
    bool decode(std::string_view json, KubeNamespace *out) { return open(json) && decodeRoot(out); }
    // The current object of a list page or watch event, in its open document.
    bool decode(ResponseObjects &objects, KubeNamespace *out) { return open(objects) && decodeRoot(out); }

private:
    bool decodeRoot(KubeNamespace *out)
    {
        KubeNamespace ns;
        // Only the header's members are read.
        if (!readRoot({"Namespace", nullptr, false, &ns.metadata}, [](std::string_view, ondemand::value &) { return true; }))
            return false;
        *out = std::move(ns);
        return true;
    }
};

} // namespace fleetscope
