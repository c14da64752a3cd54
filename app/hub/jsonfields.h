#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace fleetscope::hub {

// Reads of objects the simulator did not shape itself (what a client sent, what
// a producer shape or an earlier write left): a missing key or a value of
// another type reads as null or the fallback. nlohmann's const operator[] on a
// missing key is undefined behaviour, and value() throws on a non-object, so
// neither is used on such objects.
const nlohmann::json &memberOf(const nlohmann::json &object, const char *key);
std::string stringMemberOf(const nlohmann::json &object, const char *key, const std::string &fallback = {});
// metadata.KEY as a string, empty when absent or not a string.
std::string metadataString(const nlohmann::json &object, const char *key);
// A copy of an array member, or an empty array.
nlohmann::json arrayMemberOf(const nlohmann::json &object, const char *key);

} // namespace fleetscope::hub
