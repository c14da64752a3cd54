#include "membercommandbatch.h"

namespace fleetscope {

MemberCommandBatch::MemberCommandBatch(QList<MemberTarget> members, MemberCommandSettings settings, QObject *parent)
    : QObject(parent)
    , m_members(std::move(members))
    , m_settings(std::move(settings))
    , m_runner(int(m_members.size()), [this](int index) { return create(index); })
{
    for (const MemberTarget &m : std::as_const(m_members)) {
        MemberCommandResult r;
        r.cluster = m.label();
        r.error = QStringLiteral("not run");
        m_results << r;
    }
    connect(&m_runner, &MemberJobRunner::jobStarted, this, &MemberCommandBatch::memberStarted);
    connect(&m_runner, &MemberJobRunner::jobFinished, this, [this](int index, MemberJob *job) {
        m_results[index] = static_cast<MemberCommand *>(job)->result();
        emit resultReady(index, m_results.at(index));
    });
    connect(&m_runner, &MemberJobRunner::finished, this, &MemberCommandBatch::finished);
}

MemberCommand *MemberCommandBatch::create(int index)
{
    auto *command = new MemberCommand(m_members.at(index), m_settings);
    connect(command, &MemberCommand::lineReady, this,
            [this, index](bool standardError, const QString &line) { emit lineReady(index, standardError, line); });
    return command;
}

MemberCommandBatch::Counts MemberCommandBatch::counts() const
{
    Counts c;
    for (const MemberCommandResult &r : m_results) {
        if (r.skipped)
            ++c.skipped;
        else if (r.succeeded())
            ++c.succeeded;
        else
            ++c.failed;
    }
    return c;
}

} // namespace fleetscope
