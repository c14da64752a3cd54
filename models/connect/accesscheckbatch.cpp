#include "accesscheckbatch.h"

namespace fleetscope {

AccessCheckBatch::AccessCheckBatch(QList<MemberTarget> members, AccessCheckSettings settings, QObject *parent)
    : QObject(parent)
    , m_members(std::move(members))
    , m_settings(std::move(settings))
{
    for (const MemberTarget &m : std::as_const(m_members)) {
        AccessResult r;
        r.cluster = m.label();
        r.reportedVersion = m.profile.kubernetesVersion;
        m_results << r;
    }
    m_checks.resize(m_members.size(), nullptr);
    connect(&m_queue, &JobQueue::allDone, this, [this] {
        m_running = false;
        emit finished();
    });
}

AccessCheckBatch::~AccessCheckBatch()
{
    for (AccessCheck *check : std::as_const(m_checks))
        delete check;
}

void AccessCheckBatch::start()
{
    if (m_running)
        return;
    m_running = true;
    m_queue.run(int(m_members.size()), [this](int index) { startCheck(index); });
}

void AccessCheckBatch::startCheck(int index)
{
    auto *check = new AccessCheck(m_members.at(index), m_settings, this);
    m_checks[index] = check;
    connect(check, &AccessCheck::finished, this, [this, index, check] {
        m_results[index] = check->result();
        m_checks[index] = nullptr;
        check->deleteLater();
        emit resultReady(index, m_results.at(index));
        m_queue.done(index);
    });
    check->start();
}

void AccessCheckBatch::cancel()
{
    if (!m_running)
        return;
    m_queue.stopStarting();
    for (AccessCheck *check : std::as_const(m_checks)) {
        if (check)
            check->cancel();
    }
}

} // namespace fleetscope
