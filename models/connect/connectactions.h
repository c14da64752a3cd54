#pragma once

#include "connectsettings.h"
#include "terminallauncher.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace fleetscope {

class ConnectSession;

// What Connect does besides showing a plan: its settings (ConnectSettings, under
// `connect/`), the private session files it hands out, and the terminal it
// opens. The dialog holds one and keeps only widgets.
class ConnectActions final
{
    Q_DISABLE_COPY_MOVE(ConnectActions)

public:
    ConnectActions(); // reads the settings
    ~ConnectActions(); // removes sessions nobody took

    const ConnectSettings &settings() const { return m_settings; }
    // Stores them (QSettings) and gives the launcher the terminal command.
    void setSettings(const ConnectSettings &settings);
    // Tries a terminal command template (while it is typed) without storing it.
    void tryTerminalCommand(const QString &commandTemplate) { m_launcher.setTemplate(commandTemplate); }

    // The terminal side; tests give it their own environment (PATH, SHELL, TERMINAL).
    const TerminalLauncher &launcher() const { return m_launcher; }
    void setLauncherEnvironment(const QProcessEnvironment &environment) { m_launcher.setEnvironment(environment); }
    // Dry run of a launch with a stand-in path: the terminal it would open, or
    // false with why it cannot.
    bool checkTerminal(QString *program, QString *error) const;

    // "Save kubeconfig as…": `yaml` at `path`, readable by the user only.
    bool saveKubeconfig(const QByteArray &yaml, const QString &path, QString *error);
    // Whether the last saved file still holds `yaml`.
    bool isSaved(const QByteArray &yaml) const;
    // `KUBECONFIG=… kubectl get nodes` for the saved file, or for a session file
    // kept until the dashboard quits.
    QString kubectlCommand(const QByteArray &yaml, QString *error);
    // Opens the terminal on a new session file; `kubeconfigPath` and `pid` say
    // which, for whoever tracks the session.
    bool launchTerminal(const QByteArray &yaml, SessionKind kind, const QString &title, QString *kubeconfigPath,
                        qint64 *pid, QString *error);

    // Sessions whose files must live on (a terminal uses them, a copied command
    // names them): the caller keeps them until they end or the app quits.
    std::vector<std::unique_ptr<ConnectSession>> takeSessions();

private:
    ConnectSettings m_settings;
    TerminalLauncher m_launcher;
    QString m_savedPath;    // the last "Save kubeconfig as…"
    QByteArray m_savedYaml; // what it holds
    ConnectSession *m_copySession = nullptr; // in m_sessions
    std::vector<std::unique_ptr<ConnectSession>> m_sessions;
};

} // namespace fleetscope
