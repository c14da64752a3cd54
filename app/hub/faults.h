#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <random>
#include <string>

namespace fleetscope::hub {

// Misbehaviours clients must survive. New kinds (such as the hostile hubs) are added here,
// to kFaultNames, and at the one place that acts on them.
enum class FaultKind : int {
    WatchDrop,          // cut a watch connection in the middle of an event
    WatchSplit,         // write a batch in several chunks split at random byte offsets
    WatchGone,          // 200 + ERROR event 410 Expired on watch start, then end
    WatchGoneHttp,      // HTTP 410 Gone on watch start (as proxies send it)
    TooManyRequests,    // 429 plain text + Retry-After, as API Priority and Fairness sends
    InternalError,      // 500 Status InternalError
    ServiceUnavailable, // 503 Status with Retry-After
    Slow,               // delay the response by slowDelayMs
    ExpireContinue,     // 410 Expired for a continue token that would still be valid
    // Hostile hubs (hostilefaults.h): lists, then watches, then any request.
    HugeObject,         // a list item with a 10 MB annotation
    ManyItems,          // a list of 1 000 000 items, streamed
    DeepNesting,        // a list item nested 100 000 arrays deep
    InvalidUtf8,        // a string that is not UTF-8
    DuplicateKeys,      // a JSON object with the same key twice
    WrongTypes,         // spec a number, labels a string, conditions a string
    BrokenGzip,         // a gzip list body cut in half (when the client asked for gzip)
    Endless,            // a list body that never ends
    WatchDrip,          // a watch that drips one byte per second and never finishes an event
    NoAnswer,           // accept the request and never answer
    HtmlAnswer,         // every API request (discovery too) answered 200 with an HTML login page
    Count
};
constexpr std::size_t kFaultKindCount = static_cast<std::size_t>(FaultKind::Count);

// "--fault-<name>" flag names, indexed by FaultKind.
const char *faultName(FaultKind kind);

// Fires with `probability`, at most `maxCount` times (-1 = unlimited). "1@3" fails the
// first three chances; "0.2" one chance in five forever.
struct FaultSpec
{
    double probability = 0;
    std::int64_t maxCount = -1;

    bool enabled() const { return probability > 0 && maxCount != 0; }
};
// Parses "P" or "P@N". Returns false on garbage.
bool parseFaultSpec(const std::string &text, FaultSpec *out);

struct FaultSettings
{
    std::array<FaultSpec, kFaultKindCount> specs{};
    int slowDelayMs = 2000;
    int retryAfterSeconds = 1;
    std::uint64_t seed = 0; // 0 = random

    FaultSpec &operator[](FaultKind kind) { return specs[static_cast<std::size_t>(kind)]; }
    const FaultSpec &operator[](FaultKind kind) const { return specs[static_cast<std::size_t>(kind)]; }
};

class FaultInjector final
{
public:
    explicit FaultInjector(const FaultSettings &settings);
    FaultInjector(const FaultInjector &) = delete;
    FaultInjector &operator=(const FaultInjector &) = delete;

    // One chance of `kind`; true means "misbehave now". Thread-safe.
    bool fire(FaultKind kind);
    // A uniform integer in [0, bound), from the same seeded generator (split offsets).
    std::size_t uniform(std::size_t bound);
    std::int64_t firedCount(FaultKind kind) const;
    // Changes one fault while the hub serves (a test taking a hub down and up);
    // its fired count starts again. Thread-safe.
    void set(FaultKind kind, FaultSpec spec);
    const FaultSettings &settings() const { return m_settings; }

private:
    FaultSettings m_settings;
    mutable std::mutex m_mutex;
    std::mt19937_64 m_random;
    std::array<std::int64_t, kFaultKindCount> m_fired{};
};

} // namespace fleetscope::hub
