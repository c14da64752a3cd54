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
    // An item of a list page: a value in the page's open document.
    bool decode(ondemand::value &object, KubeNamespace *out) { return open(object) && decodeRoot(out); }

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
