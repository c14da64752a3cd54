#include "apistatus.h"

#include "resourcetypes.h"

namespace fleetscope::hub {

nlohmann::json ApiError::toStatus() const
{
    nlohmann::json status = {{"kind", "Status"},
                             {"apiVersion", "v1"},
                             {"metadata", nlohmann::json::object()},
                             {"status", "Failure"},
                             {"message", message},
                             {"reason", reason},
                             {"code", code}};
    nlohmann::json d = details.is_object() ? details : nlohmann::json::object();
    if (retryAfterSeconds > 0)
        d["retryAfterSeconds"] = retryAfterSeconds;
    if (!d.empty())
        status["details"] = d;
    if (reason.empty())
        status.erase("reason");
    return status;
}

namespace errors {
namespace {
nlohmann::json detailsFor(const ResourceType &type, const std::string &name)
{
    nlohmann::json d = {{"name", name}, {"kind", type.plural}};
    if (!type.group.empty())
        d["group"] = type.group;
    return d;
}
} // namespace

ApiError notFound(const ResourceType &type, const std::string &name)
{
    return {404, "NotFound", type.qualifiedResource() + " \"" + name + "\" not found", detailsFor(type, name), 0};
}

ApiError alreadyExists(const ResourceType &type, const std::string &name)
{
    return {409, "AlreadyExists", type.qualifiedResource() + " \"" + name + "\" already exists",
            detailsFor(type, name), 0};
}

ApiError conflict(const ResourceType &type, const std::string &name, const std::string &why)
{
    return {409, "Conflict",
            "Operation cannot be fulfilled on " + type.qualifiedResource() + " \"" + name + "\": " + why,
            detailsFor(type, name), 0};
}

ApiError staleObject(const ResourceType &type, const std::string &name)
{
    return conflict(type, name,
                    "the object has been modified; please apply your changes to the latest version and try again");
}

ApiError invalid(const std::string &qualifiedKind, const std::string &name, const std::vector<FieldError> &fields)
{
    // field.ErrorList.ToAggregate: one error is printed bare, several as "[a, b]".
    std::string joined;
    nlohmann::json causes = nlohmann::json::array();
    for (const FieldError &f : fields) {
        if (!joined.empty())
            joined += ", ";
        joined += f.field + ": " + f.message;
        causes.push_back({{"reason", f.reason}, {"message", f.message}, {"field", f.field}});
    }
    if (fields.size() > 1)
        joined = "[" + joined + "]";
    const auto dot = qualifiedKind.find('.');
    nlohmann::json d = {{"name", name},
                        {"kind", dot == std::string::npos ? qualifiedKind : qualifiedKind.substr(0, dot)},
                        {"causes", causes}};
    if (dot != std::string::npos)
        d["group"] = qualifiedKind.substr(dot + 1);
    return {422, "Invalid", qualifiedKind + " \"" + name + "\" is invalid: " + joined, d, 0};
}

ApiError badRequest(const std::string &message)
{
    return {400, "BadRequest", message, nullptr, 0};
}

ApiError unauthorized()
{
    return {401, "Unauthorized", "Unauthorized", nullptr, 0};
}

ApiError forbidden(const std::string &user, const std::string &verb, const ResourceType &type,
                   const std::string &namespaceName)
{
    // responsewriters/errors.go: `<res> is forbidden: User "u" cannot <verb> resource "<plural>"
    // in API group "<g>" at the cluster scope` (or `in the namespace "ns"`).
    std::string message = type.qualifiedResource() + " is forbidden: User \"" + user + "\" cannot " + verb
        + " resource \"" + type.plural + "\" in API group \"" + type.group + "\"";
    message += namespaceName.empty() ? " at the cluster scope" : " in the namespace \"" + namespaceName + "\"";
    nlohmann::json d = {{"kind", type.plural}};
    if (!type.group.empty())
        d["group"] = type.group;
    return {403, "Forbidden", message, d, 0};
}

ApiError gone(const std::string &message)
{
    return {410, "Gone", message, nullptr, 0};
}

ApiError expired(const std::string &message)
{
    return {410, "Expired", message, nullptr, 0};
}

ApiError internalError(const std::string &message)
{
    nlohmann::json d = {{"causes", nlohmann::json::array({{{"message", message}}})}};
    return {500, "InternalError", "Internal error occurred: " + message, d, 0};
}

ApiError serviceUnavailable(const std::string &message, int retryAfterSeconds)
{
    return {503, "ServiceUnavailable", message, nullptr, retryAfterSeconds};
}

ApiError tooLargeResourceVersion(unsigned long long requested, unsigned long long current)
{
    // apiserver:pkg/storage/errors.go NewTooLargeResourceVersionError.
    nlohmann::json d = {{"causes", nlohmann::json::array({{{"reason", "ResourceVersionTooLarge"},
                                                            {"message", "Too large resource version"}}})}};
    return {504, "Timeout",
            "Too large resource version: " + std::to_string(requested) + ", current: " + std::to_string(current), d,
            1};
}

ApiError methodNotAllowed()
{
    return {405, "MethodNotAllowed", "the server does not allow this method on the requested resource", nullptr,
            0};
}

ApiError unsupportedMediaType()
{
    return {415, "UnsupportedMediaType",
            "the body of the request was in an unknown format - accepted media types include: "
            "application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml",
            nullptr, 0};
}

ApiError pathNotFound()
{
    return {404, "NotFound", "the server could not find the requested resource", nullptr, 0};
}

} // namespace errors
} // namespace fleetscope::hub
