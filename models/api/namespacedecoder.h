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
    explicit NamespaceDecoder(StringPool &pool = StringPool::shared());
    ~NamespaceDecoder();

    // `json` must be followed by jsonPadding readable bytes (see PaddedJson).
    bool decode(std::string_view json, KubeNamespace *out);
    // An item of a list page: a value in the page's open document.
    bool decode(ondemand::value &object, KubeNamespace *out);

private:
    bool decodeRoot(ondemand::object &root, KubeNamespace *out);
};

} // namespace fleetscope
