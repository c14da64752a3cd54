#include "pacedloop.h"

#include <chrono>
#include <cstdio>
#include <exception>

namespace fleetscope::hub {

PacedLoop::PacedLoop(double perSecond, double forSeconds, Step step, FaultSink onFault)
    : m_rate(perSecond)
    , m_forSeconds(forSeconds)
    , m_step(std::move(step))
    , m_onFault(std::move(onFault))
{
}

PacedLoop::~PacedLoop()
{
    stop();
}

void PacedLoop::start()
{
    if (m_rate <= 0 || m_thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = false;
    }
    m_running = true;
    m_thread = std::thread([this] {
        run();
        m_running = false;
    });
}

void PacedLoop::stop()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void PacedLoop::run()
{
    using clock = std::chrono::steady_clock;
    const auto begin = clock::now();
    const auto end = m_forSeconds > 0 ? begin + std::chrono::milliseconds(static_cast<long long>(m_forSeconds * 1000))
                                      : clock::time_point::max();
    std::uint64_t done = 0;
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stopping) {
        const auto now = clock::now();
        if (now >= end)
            break;
        const double elapsed = std::chrono::duration<double>(now - begin).count();
        const auto due = static_cast<std::uint64_t>(elapsed * m_rate);
        if (done < due) {
            const std::uint64_t batch = due - done;
            lock.unlock();
            for (std::uint64_t i = 0; i < batch; ++i)
                stepOnce();
            lock.lock();
            done = due;
            continue;
        }
        const auto next = begin + std::chrono::microseconds(static_cast<long long>((done + 1) * 1e6 / m_rate));
        m_wake.wait_until(lock, std::min(next, end), [this] { return m_stopping; });
    }
}

void PacedLoop::stepOnce()
{
    std::string fault;
    try {
        m_step();
        return;
    } catch (const std::exception &e) {
        fault = e.what();
    } catch (...) {
        fault = "an exception that is not a std::exception";
    }
    ++m_faults;
    if (m_onFault)
        m_onFault(fault);
    else
        std::fprintf(stderr, "fleetscope-hub: a simulated change failed: %s\n", fault.c_str());
}

} // namespace fleetscope::hub
