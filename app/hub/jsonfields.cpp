#include "jsonfields.h"

namespace fleetscope::hub {

const nlohmann::json &memberOf(const nlohmann::json &object, const char *key)
{
    static const nlohmann::json null;
    if (!object.is_object())
        return null;
    const auto it = object.find(key);
    return it == object.end() ? null : *it;
}

std::string stringMemberOf(const nlohmann::json &object, const char *key, const std::string &fallback)
{
    const nlohmann::json &value = memberOf(object, key);
    return value.is_string() ? value.get<std::string>() : fallback;
}

std::string metadataString(const nlohmann::json &object, const char *key)
{
    return stringMemberOf(memberOf(object, "metadata"), key);
}

nlohmann::json arrayMemberOf(const nlohmann::json &object, const char *key)
{
    const nlohmann::json &value = memberOf(object, key);
    return value.is_array() ? value : nlohmann::json::array();
}

} // namespace fleetscope::hub
