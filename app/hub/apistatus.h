#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace fleetscope::hub {

struct ResourceType;

// A failed API call as the apiserver reports it: HTTP code plus a metav1.Status body.
// code == 0 means success. Messages use kube-apiserver's wording so that kubectl
// prints exactly what it prints against a real cluster.
struct ApiError
{
    int code = 0;
    std::string reason;
    std::string message;
    nlohmann::json details; // null or a StatusDetails object
    int retryAfterSeconds = 0;

    bool ok() const { return code == 0; }
    nlohmann::json toStatus() const;
};

namespace errors {
ApiError notFound(const ResourceType &type, const std::string &name);
ApiError alreadyExists(const ResourceType &type, const std::string &name);
ApiError conflict(const ResourceType &type, const std::string &name, const std::string &why);
ApiError staleObject(const ResourceType &type, const std::string &name);
// field errors: {"field": "spec.x", "type": "Required value", "reason": "FieldValueRequired", "detail": "..."}
struct FieldError
{
    std::string field;
    std::string reason;  // FieldValueRequired, FieldValueInvalid, FieldValueTooMany, FieldValueForbidden...
    std::string message; // "Required value", "Too many: 101: must have at most 100 items"...
};
ApiError invalid(const std::string &qualifiedKind, const std::string &name, const std::vector<FieldError> &fields);
ApiError badRequest(const std::string &message);
ApiError unauthorized();
ApiError forbidden(const std::string &user, const std::string &verb, const ResourceType &type,
                   const std::string &namespaceName);
ApiError gone(const std::string &message);
ApiError expired(const std::string &message);
ApiError internalError(const std::string &message);
ApiError serviceUnavailable(const std::string &message, int retryAfterSeconds);
ApiError tooLargeResourceVersion(unsigned long long requested, unsigned long long current);
ApiError methodNotAllowed();
ApiError unsupportedMediaType();
ApiError pathNotFound();
} // namespace errors

} // namespace fleetscope::hub
