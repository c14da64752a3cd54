#pragma once

#include <QtGlobal>

#include <random>

namespace fleetscope {

// Reconnect delays like client-go's reflector: 800 ms doubling to a 30 s cap,
// each with up to 100 % jitter (d + rand·d) so that many hubs or informers that
// failed together do not retry together; back to the start after 2 minutes of
// health. A server's Retry-After wins when it asks for longer.
class Backoff final
{
public:
    struct Settings
    {
        qint64 initialMs = 800;
        qint64 capMs = 30'000;
        double jitter = 1.0;
        qint64 resetAfterHealthyMs = 120'000;
    };

    explicit Backoff(Settings settings, quint32 seed = std::random_device{}());

    // The delay before the next attempt. `retryAfterMs` (from a Retry-After
    // header, or -1) is a lower bound. `nowMs` is a monotonic clock reading.
    qint64 next(qint64 nowMs, qint64 retryAfterMs = -1);
    // The connection works again; a failure after a healthy stretch starts over.
    void succeeded(qint64 nowMs);
    // The last attempt made progress (a watch delivered events, or lived long
    // enough): the next failure waits the initial delay again, not the grown one.
    void reset();

private:
    Settings m_settings;
    std::mt19937 m_random;
    qint64 m_currentMs = 0;
    qint64 m_healthySinceMs = -1;
};

} // namespace fleetscope
