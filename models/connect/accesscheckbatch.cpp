#include "accesscheckbatch.h"

namespace fleetscope {

AccessCheckBatch::AccessCheckBatch(QList<MemberTarget> members, AccessCheckSettings settings, QObject *parent)
    : QObject(parent)
    , m_members(std::move(members))
    , m_settings(std::move(settings))
    , m_runner(int(m_members.size()), [this](int index) { return new AccessCheck(m_members.at(index), m_settings); })
{
    for (const MemberTarget &m : std::as_const(m_members)) {
        AccessResult r;
        r.cluster = m.label();
        r.reportedVersion = m.profile.kubernetesVersion;
        m_results << r;
    }
    connect(&m_runner, &MemberJobRunner::jobFinished, this, [this](int index, MemberJob *job) {
        m_results[index] = static_cast<AccessCheck *>(job)->result();
        emit resultReady(index, m_results.at(index));
    });
    connect(&m_runner, &MemberJobRunner::finished, this, &AccessCheckBatch::finished);
}

} // namespace fleetscope
