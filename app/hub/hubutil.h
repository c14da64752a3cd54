#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace fleetscope::hub {

// RFC 3339 UTC with second precision, the way metav1.Time marshals.
std::string formatTimestamp(std::chrono::system_clock::time_point when);
std::string nowTimestamp();
// Parses "2026-07-20T10:00:00Z" (fractions and offsets other than Z are not produced by
// the hub, so they are accepted only as far as the seconds). Returns false when unparsable.
bool parseTimestamp(const std::string &text, std::chrono::system_clock::time_point *out);

// kube's duration.HumanDuration ("5d", "3m20s", "<invalid>"), used for Age cells.
std::string humanDuration(std::chrono::seconds age);

// A random RFC 4122 version 4 UUID, as the apiserver assigns to metadata.uid.
std::string randomUuid();
// Lower-case alphanumerics, for generateName suffixes and tokens.
std::string randomAlnum(std::size_t length);

std::string base64Encode(const std::string &bytes, bool urlSafe = false);
bool base64Decode(const std::string &text, std::string *out);

} // namespace fleetscope::hub
