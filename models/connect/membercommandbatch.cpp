#include "membercommandbatch.h"

namespace fleetscope {

MemberCommandBatch::MemberCommandBatch(QList<MemberTarget> members, MemberCommandSettings settings, QObject *parent)
    : QObject(parent)
    , m_members(std::move(members))
    , m_settings(std::move(settings))
{
    for (const MemberTarget &m : std::as_const(m_members)) {
        MemberCommandResult r;
        r.cluster = m.label();
        r.error = QStringLiteral("not run");
        m_results << r;
    }
    m_commands.resize(m_members.size(), nullptr);
    connect(&m_queue, &JobQueue::allDone, this, [this] {
        m_running = false;
        emit finished();
    });
}

MemberCommandBatch::~MemberCommandBatch()
{
    for (MemberCommand *command : std::as_const(m_commands))
        delete command;
}

void MemberCommandBatch::start()
{
    if (m_running)
        return;
    m_running = true;
    m_queue.run(int(m_members.size()), [this](int index) { startCommand(index); });
}

void MemberCommandBatch::startCommand(int index)
{
    auto *command = new MemberCommand(m_members.at(index), m_settings, this);
    m_commands[index] = command;
    connect(command, &MemberCommand::lineReady, this,
            [this, index](bool standardError, const QString &line) { emit lineReady(index, standardError, line); });
    connect(command, &MemberCommand::finished, this, [this, index, command] {
        m_results[index] = command->result();
        m_commands[index] = nullptr;
        command->deleteLater();
        emit resultReady(index, m_results.at(index));
        m_queue.done(index);
    });
    emit memberStarted(index);
    command->start();
}

void MemberCommandBatch::cancel()
{
    if (!m_running)
        return;
    m_queue.stopStarting();
    for (MemberCommand *command : std::as_const(m_commands)) {
        if (command)
            command->cancel();
    }
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
