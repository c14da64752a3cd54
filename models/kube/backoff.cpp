#include "backoff.h"

#include <algorithm>

namespace fleetscope {

Backoff::Backoff(Settings settings, quint32 seed)
    : m_settings(settings)
    , m_random(seed)
{
}

qint64 Backoff::next(qint64 nowMs, qint64 retryAfterMs)
{
    if (m_healthySinceMs >= 0 && nowMs - m_healthySinceMs >= m_settings.resetAfterHealthyMs)
        m_currentMs = 0;
    m_healthySinceMs = -1;
    m_currentMs = m_currentMs == 0 ? m_settings.initialMs : std::min(m_currentMs * 2, m_settings.capMs);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const qint64 jittered = m_currentMs + qint64(unit(m_random) * m_settings.jitter * double(m_currentMs));
    return std::max(jittered, retryAfterMs);
}

void Backoff::reset()
{
    m_currentMs = 0;
    m_healthySinceMs = -1;
}

void Backoff::succeeded(qint64 nowMs)
{
    if (m_healthySinceMs < 0)
        m_healthySinceMs = nowMs;
}

} // namespace fleetscope
