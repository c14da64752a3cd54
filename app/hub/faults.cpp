#include "faults.h"

#include <cstdlib>

namespace fleetscope::hub {

const char *faultName(FaultKind kind)
{
    switch (kind) {
    case FaultKind::WatchDrop:
        return "watch-drop";
    case FaultKind::WatchSplit:
        return "watch-split";
    case FaultKind::WatchGone:
        return "watch-gone";
    case FaultKind::WatchGoneHttp:
        return "watch-gone-http";
    case FaultKind::TooManyRequests:
        return "429";
    case FaultKind::InternalError:
        return "500";
    case FaultKind::ServiceUnavailable:
        return "503";
    case FaultKind::Slow:
        return "slow";
    case FaultKind::ExpireContinue:
        return "expire-continue";
    case FaultKind::HugeObject:
        return "huge-object";
    case FaultKind::ManyItems:
        return "many-items";
    case FaultKind::DeepNesting:
        return "deep-nesting";
    case FaultKind::InvalidUtf8:
        return "invalid-utf8";
    case FaultKind::DuplicateKeys:
        return "duplicate-keys";
    case FaultKind::WrongTypes:
        return "wrong-types";
    case FaultKind::BrokenGzip:
        return "broken-gzip";
    case FaultKind::Endless:
        return "endless";
    case FaultKind::WatchDrip:
        return "watch-drip";
    case FaultKind::NoAnswer:
        return "no-answer";
    case FaultKind::HtmlAnswer:
        return "html-answer";
    case FaultKind::Count:
        break;
    }
    return "?";
}

bool parseFaultSpec(const std::string &text, FaultSpec *out)
{
    const auto at = text.find('@');
    const std::string p = text.substr(0, at);
    char *end = nullptr;
    const double probability = std::strtod(p.c_str(), &end);
    if (p.empty() || *end != '\0' || probability < 0 || probability > 1)
        return false;
    std::int64_t count = -1;
    if (at != std::string::npos) {
        const std::string c = text.substr(at + 1);
        const long long n = std::strtoll(c.c_str(), &end, 10);
        if (c.empty() || *end != '\0' || n < 0)
            return false;
        count = n;
    }
    out->probability = probability;
    out->maxCount = count;
    return true;
}

FaultInjector::FaultInjector(const FaultSettings &settings)
    : m_settings(settings)
    , m_random(settings.seed != 0 ? settings.seed : std::random_device{}())
{
}

bool FaultInjector::fire(FaultKind kind)
{
    const std::size_t index = static_cast<std::size_t>(kind);
    std::lock_guard<std::mutex> lock(m_mutex);
    const FaultSpec &spec = m_settings.specs[index];
    if (!spec.enabled())
        return false;
    if (spec.maxCount >= 0 && m_fired[index] >= spec.maxCount)
        return false;
    // 53 random bits → [0,1); probability 1 always fires.
    const double draw = static_cast<double>(m_random() >> 11) / static_cast<double>(1ULL << 53);
    if (draw >= spec.probability)
        return false;
    ++m_fired[index];
    return true;
}

std::size_t FaultInjector::uniform(std::size_t bound)
{
    if (bound == 0)
        return 0;
    std::lock_guard<std::mutex> lock(m_mutex);
    return static_cast<std::size_t>(m_random() % bound);
}

void FaultInjector::set(FaultKind kind, FaultSpec spec)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_settings.specs[static_cast<std::size_t>(kind)] = spec;
    m_fired[static_cast<std::size_t>(kind)] = 0;
}

std::int64_t FaultInjector::firedCount(FaultKind kind) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_fired[static_cast<std::size_t>(kind)];
}

} // namespace fleetscope::hub
