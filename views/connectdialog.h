#pragma once

#include "connect/connectactions.h"
#include "connect/connectplan.h"
#include "connect/membertarget.h"

#include <QDialog>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;

class TestConnectDialog;
class TestDemoConnect;

namespace fleetscope {

class ConnectSession;

// "Take me into this cluster": shows the chosen clusters with the credential
// provider for each (a choice when several in the provider file match, default
// in provider-file order like the reference library; an explanation when none
// does), the warnings about how the cluster is reached, and the session to run.
// Connect opens the user's terminal on a private kubeconfig with a context per
// cluster; "Copy kubectl command" and "Save kubeconfig as…" hand it out instead.
// The provider file and the terminal command are settings (`connect/`), edited here.
// What to show comes from a ConnectPlan (shared with `fleetscope connect`); what
// the buttons do, from ConnectActions: the dialog itself holds only widgets.
// Targets are copies, so that live updates never change what the dialog shows.
class ConnectDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectDialog)

public:
    explicit ConnectDialog(const QList<MemberTarget> &targets, QWidget *parent = nullptr);
    ~ConnectDialog() override; // removes sessions nobody took

    // The terminal side; tests give it their own environment (PATH, SHELL, TERMINAL).
    const TerminalLauncher &launcher() const { return m_actions.launcher(); }
    void setLauncherEnvironment(const QProcessEnvironment &environment);
    void setProviderFile(const QString &path); // also stored in the settings
    QString providerFile() const;

    // The warnings about how the clusters are reached, as shown.
    QStringList warnings() const { return m_plan.warnings(); }
    // The kubeconfig for the current choices (empty when there is a problem).
    QByteArray kubeconfigYaml() const { return m_plan.kubeconfig; }
    QStringList contextNames() const { return m_plan.contextNames; }

    SessionKind sessionKind() const;
    void setSessionKind(SessionKind kind);

    // The actions behind the buttons, without file pickers.
    bool saveKubeconfig(const QString &path, QString *error);
    // `KUBECONFIG=… kubectl get nodes` for the saved file, or a session file kept
    // until the dashboard quits. Empty with `error` when there is no kubeconfig.
    QString kubectlCommand(QString *error);
    bool launchTerminal(QString *error);

    // Sessions whose files must live on (a terminal uses them, a copied command
    // names them): the caller keeps them until they end or the app quits.
    std::vector<std::unique_ptr<ConnectSession>> takeSessions();

signals:
    // A terminal was started on `kubeconfigPath`.
    void terminalStarted(const QString &kubeconfigPath, qint64 pid);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    friend class ::TestConnectDialog;
    friend class ::TestDemoConnect;
    // Why no kubeconfig can be built (empty when one can), as shown.
    QString problemText() const { return m_problem; }
    void setTerminalCommand(const QString &commandTemplate); // also stored in the settings
    // The provider currently chosen for each target ("" when none matches).
    QStringList chosenProviders() const;
    // Chooses provider `name` for target `index` (what the combo box does).
    bool chooseProvider(int index, const QString &name);

    void buildUi();
    void reloadProviders();
    void rebuild();
    void showMessages();
    void updateSessionChoices();
    void updateTerminalHint();
    void updateConnectButton();
    // The settings as the fields show them, and storing them.
    ConnectSettings settings() const;
    void saveSettings() { m_actions.setSettings(settings()); }
    // Whether a kubeconfig can be built; else `error` says why.
    bool planReady(QString *error) const;
    void copyKubectlCommand();
    void saveKubeconfigAs();
    void browseProviderFile();
    void connectClicked();
    void setStatus(const QString &text, bool error);
    // Wrapped labels need more height as their text grows: the dialog follows.
    void fitToContent();
    QString problemFor(const ConnectPlan::Member &member) const;

    QList<MemberTarget> m_targets;
    QStringList m_preferred; // per target: the provider picked in the dialog ("" = default)
    ConnectActions m_actions;
    ConnectPlan m_plan;
    QString m_problem;
    QString m_terminalError; // why the terminal command cannot work, if it cannot

    QLabel *m_heading = nullptr;
    QTreeWidget *m_targetsView = nullptr;
    QLabel *m_messages = nullptr;
    QComboBox *m_session = nullptr;
    QLineEdit *m_providerFileEdit = nullptr;
    QLineEdit *m_terminalEdit = nullptr;
    QLabel *m_terminalHint = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_connectButton = nullptr;
    QPushButton *m_copyButton = nullptr;
    QPushButton *m_saveButton = nullptr;
};

} // namespace fleetscope
