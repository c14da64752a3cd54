#include "connectactions.h"

#include "connectsession.h"

#include <QFileInfo>
#include <QSettings>

namespace fleetscope {

ConnectActions::ConnectActions()
    : m_settings(ConnectSettings::load(QSettings()))
{
    m_launcher.setTemplate(m_settings.terminalCommand);
}

ConnectActions::~ConnectActions() = default;

void ConnectActions::setSettings(const ConnectSettings &settings)
{
    m_settings = settings;
    m_launcher.setTemplate(settings.terminalCommand);
    QSettings stored;
    settings.save(stored);
}

bool ConnectActions::checkTerminal(QString *program, QString *error) const
{
    LaunchCommand command;
    if (!m_launcher.build(SessionKind::Shell, QStringLiteral("/dev/null"), QString(), &command, error))
        return false;
    *program = command.program;
    return true;
}

bool ConnectActions::saveKubeconfig(const QByteArray &yaml, const QString &path, QString *error)
{
    // A throwaway session writes nothing but the runtime copy it removes again;
    // saveAs gives the file its 0600 mode before any byte lands in it.
    ConnectSession scratch;
    if (!scratch.write(yaml, error) || !scratch.saveAs(path, error))
        return false;
    m_savedPath = path;
    m_savedYaml = yaml;
    return true;
}

bool ConnectActions::isSaved(const QByteArray &yaml) const
{
    return !m_savedPath.isEmpty() && m_savedYaml == yaml && QFileInfo::exists(m_savedPath);
}

QString ConnectActions::kubectlCommand(const QByteArray &yaml, QString *error)
{
    QString path;
    if (isSaved(yaml)) {
        path = m_savedPath;
    } else {
        if (!m_copySession) {
            m_sessions.push_back(std::make_unique<ConnectSession>());
            m_copySession = m_sessions.back().get();
        }
        if (!m_copySession->write(yaml, error))
            return {};
        path = m_copySession->kubeconfigPath();
    }
    return QStringLiteral("KUBECONFIG=%1 kubectl get nodes").arg(TerminalLauncher::shellQuote(path));
}

bool ConnectActions::launchTerminal(const QByteArray &yaml, SessionKind kind, const QString &title,
                                    QString *kubeconfigPath, qint64 *pid, QString *error)
{
    auto session = std::make_unique<ConnectSession>();
    if (!session->write(yaml, error))
        return false;
    LaunchCommand command;
    if (!m_launcher.build(kind, session->kubeconfigPath(), title, &command, error))
        return false;
    if (!TerminalLauncher::startDetached(command, pid, error))
        return false;
    *kubeconfigPath = session->kubeconfigPath();
    m_sessions.push_back(std::move(session));
    return true;
}

std::vector<std::unique_ptr<ConnectSession>> ConnectActions::takeSessions()
{
    m_copySession = nullptr;
    return std::exchange(m_sessions, {});
}

} // namespace fleetscope
