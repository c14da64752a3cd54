#include "connectdialog.h"

#include "connect/connectsession.h"
#include "connect/connectsettings.h"
#include "connect/kubeconfigbuilder.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

enum Column { ClusterColumn, ProviderColumn, ServerColumn, ContextColumn };

QString quotedList(const QStringList &names)
{
    QStringList quoted;
    for (const QString &n : names)
        quoted << u'"' + n + u'"';
    return quoted.join(QStringLiteral(", "));
}

QString htmlLines(const QString &text)
{
    return text.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"));
}

} // namespace

QString ConnectTarget::label() const
{
    return hub + u'/' + profile.metadata.namespaceName + u'/' + profile.metadata.name;
}

ConnectDialog::ConnectDialog(const QList<ConnectTarget> &targets, QWidget *parent)
    : QDialog(parent)
    , m_targets(targets)
{
    setObjectName(QStringLiteral("connectDialog"));
    setWindowTitle(targets.size() == 1 ? tr("Connect to %1").arg(targets.first().profile.metadata.name)
                                       : tr("Connect to %n clusters", "", int(targets.size())));
    m_preferred = QStringList(int(targets.size()), QString());
    buildUi();

    const ConnectSettings settings = ConnectSettings::load(QSettings());
    m_providerFileEdit->setText(settings.providerFile);
    m_terminalEdit->setText(settings.terminalCommand);
    m_launcher.setTemplate(settings.terminalCommand);
    updateSessionChoices();
    setSessionKind(settings.session);
    updateTerminalHint();
    reloadProviders();
}

ConnectDialog::~ConnectDialog() = default;

void ConnectDialog::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("connectHeading"));
    m_heading->setWordWrap(true);
    if (m_targets.size() == 1) {
        const ConnectTarget &t = m_targets.first();
        m_heading->setText(tr("<b>%1</b> in namespace %2 on hub %3")
                               .arg(t.profile.metadata.name.toHtmlEscaped(), t.profile.metadata.namespaceName.toString().toHtmlEscaped(),
                                    t.hub.toHtmlEscaped()));
    } else {
        m_heading->setText(tr("<b>%n clusters</b>: one kubeconfig with a context each; the first is the current "
                              "context.", "", int(m_targets.size())));
    }
    layout->addWidget(m_heading);

    m_targetsView = new QTreeWidget(this);
    m_targetsView->setObjectName(QStringLiteral("connectTargets"));
    m_targetsView->setRootIsDecorated(false);
    m_targetsView->setSelectionMode(QAbstractItemView::NoSelection);
    m_targetsView->setFocusPolicy(Qt::NoFocus);
    m_targetsView->setHeaderLabels({tr("Cluster"), tr("Credential provider"), tr("Server"), tr("Context")});
    m_targetsView->header()->setStretchLastSection(true);
    m_targetsView->setColumnWidth(ClusterColumn, 250);
    m_targetsView->setColumnWidth(ProviderColumn, 190);
    m_targetsView->setColumnWidth(ServerColumn, 190);
    for (const ConnectTarget &t : std::as_const(m_targets)) {
        auto *item = new QTreeWidgetItem(m_targetsView, {t.label()});
        item->setToolTip(ClusterColumn, t.label());
    }
    // As tall as its rows (up to ten): one cluster should not get a big empty box.
    const int rowHeight = qMax(m_targetsView->sizeHintForRow(0), m_targetsView->fontMetrics().height() + 8);
    m_targetsView->setFixedHeight(m_targetsView->header()->sizeHint().height() + 2 * m_targetsView->frameWidth()
                                  + rowHeight * qMin(int(m_targets.size()), 10) + 4);
    layout->addWidget(m_targetsView);

    m_messages = new QLabel(this);
    m_messages->setObjectName(QStringLiteral("connectMessages"));
    m_messages->setWordWrap(true);
    m_messages->setTextFormat(Qt::RichText);
    m_messages->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_messages);

    auto *form = new QFormLayout;
    m_session = new QComboBox(this);
    m_session->setObjectName(QStringLiteral("sessionChoice"));
    form->addRow(tr("&Run in the terminal:"), m_session);
    layout->addLayout(form);

    auto *settingsBox = new QGroupBox(tr("Settings"), this);
    auto *settingsForm = new QFormLayout(settingsBox);
    auto *providerWidget = new QWidget(settingsBox);
    auto *providerRow = new QHBoxLayout(providerWidget);
    providerRow->setContentsMargins(0, 0, 0, 0);
    m_providerFileEdit = new QLineEdit(providerWidget);
    m_providerFileEdit->setObjectName(QStringLiteral("providerFile"));
    m_providerFileEdit->setPlaceholderText(ProviderFile::defaultPath());
    m_providerFileEdit->setToolTip(tr("Your credential provider file (KEP-5339, JSON or YAML): which exec plugin "
                                      "gets credentials for each access provider name."));
    auto *browse = new QToolButton(providerWidget);
    browse->setObjectName(QStringLiteral("browseProviderFile"));
    browse->setText(tr("Browse…"));
    providerRow->addWidget(m_providerFileEdit, 1);
    providerRow->addWidget(browse);
    auto *providerLabel = new QLabel(tr("&Provider file:"), settingsBox);
    providerLabel->setBuddy(m_providerFileEdit);
    settingsForm->addRow(providerLabel, providerWidget);

    m_terminalEdit = new QLineEdit(settingsBox);
    m_terminalEdit->setObjectName(QStringLiteral("terminalCommand"));
    QString placeholderHelp;
    for (const auto &p : TerminalLauncher::placeholders())
        placeholderHelp += QStringLiteral("<br><tt>%1</tt>: %2").arg(p.first, p.second.toHtmlEscaped());
    m_terminalEdit->setToolTip(tr("The command that opens your terminal; empty: autodetect ($TERMINAL, "
                                  "x-terminal-emulator, konsole, gnome-terminal, xfce4-terminal, xterm). "
                                  "Quoting as in a shell. Placeholders:")
                               + placeholderHelp);
    settingsForm->addRow(tr("&Terminal command:"), m_terminalEdit);
    m_terminalHint = new QLabel(settingsBox);
    m_terminalHint->setObjectName(QStringLiteral("terminalHint"));
    m_terminalHint->setWordWrap(true);
    m_terminalHint->setTextFormat(Qt::PlainText); // paths and templates, never markup
    settingsForm->addRow(QString(), m_terminalHint);
    settingsForm->setVerticalSpacing(4);
    layout->addWidget(settingsBox);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("connectStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    auto *buttons = new QDialogButtonBox(this);
    m_connectButton = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
    m_connectButton->setObjectName(QStringLiteral("connectButton"));
    m_connectButton->setDefault(true);
    m_copyButton = buttons->addButton(tr("Copy &kubectl command"), QDialogButtonBox::ActionRole);
    m_copyButton->setObjectName(QStringLiteral("copyKubectlButton"));
    m_saveButton = buttons->addButton(tr("&Save kubeconfig as…"), QDialogButtonBox::ActionRole);
    m_saveButton->setObjectName(QStringLiteral("saveKubeconfigButton"));
    buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);

    connect(m_connectButton, &QPushButton::clicked, this, &ConnectDialog::connectClicked);
    connect(m_copyButton, &QPushButton::clicked, this, &ConnectDialog::copyKubectlCommand);
    connect(m_saveButton, &QPushButton::clicked, this, &ConnectDialog::saveKubeconfigAs);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QToolButton::clicked, this, &ConnectDialog::browseProviderFile);
    connect(m_providerFileEdit, &QLineEdit::editingFinished, this, [this] {
        saveSettings();
        reloadProviders();
    });
    connect(m_terminalEdit, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_launcher.setTemplate(text);
        updateTerminalHint();
    });
    connect(m_terminalEdit, &QLineEdit::editingFinished, this, &ConnectDialog::saveSettings);
    connect(m_session, &QComboBox::activated, this, &ConnectDialog::saveSettings);
    resize(820, sizeHint().height());
}

QString ConnectDialog::providerFile() const
{
    ConnectSettings s;
    s.providerFile = m_providerFileEdit->text();
    return s.effectiveProviderFile();
}

void ConnectDialog::setProviderFile(const QString &path)
{
    m_providerFileEdit->setText(path);
    saveSettings();
    reloadProviders();
}

void ConnectDialog::setTerminalCommand(const QString &commandTemplate)
{
    m_terminalEdit->setText(commandTemplate); // textChanged updates the launcher
    saveSettings();
}

void ConnectDialog::setLauncherEnvironment(const QProcessEnvironment &environment)
{
    m_launcher.setEnvironment(environment);
    const SessionKind kind = sessionKind();
    updateSessionChoices();
    setSessionKind(kind);
    updateTerminalHint();
}

void ConnectDialog::saveSettings()
{
    ConnectSettings s;
    s.providerFile = m_providerFileEdit->text();
    s.terminalCommand = m_terminalEdit->text();
    s.session = sessionKind();
    QSettings settings;
    s.save(settings);
}

void ConnectDialog::updateSessionChoices()
{
    m_session->clear();
    for (SessionKind kind : m_launcher.availableSessions()) {
        switch (kind) {
        case SessionKind::Shell:
            m_session->addItem(tr("Your shell (%1) with KUBECONFIG set").arg(m_launcher.userShell()),
                               sessionKindKey(kind));
            break;
        case SessionKind::Kubectl:
            m_session->addItem(tr("kubectl: the contexts and the nodes, then your shell"), sessionKindKey(kind));
            break;
        case SessionKind::K9s:
            m_session->addItem(tr("k9s"), sessionKindKey(kind));
            break;
        }
    }
    m_session->setToolTip(m_launcher.findExecutable(QStringLiteral("k9s")).isEmpty()
                              ? tr("k9s is offered when it is on your PATH.")
                              : QString());
}

SessionKind ConnectDialog::sessionKind() const
{
    return sessionKindFromKey(m_session->currentData().toString());
}

void ConnectDialog::setSessionKind(SessionKind kind)
{
    const int index = m_session->findData(sessionKindKey(kind));
    m_session->setCurrentIndex(index >= 0 ? index : 0);
}

void ConnectDialog::updateTerminalHint()
{
    const QString detected = m_launcher.detectedTemplate();
    m_terminalEdit->setPlaceholderText(detected.isEmpty() ? tr("no terminal found: e.g. xterm -e {command}")
                                                          : tr("autodetected: %1").arg(detected));
    // Dry run with a stand-in path: the same checks a launch makes.
    LaunchCommand command;
    QString error;
    m_terminalError.clear();
    if (m_launcher.build(SessionKind::Shell, QStringLiteral("/dev/null"), QString(), &command, &error)) {
        m_terminalHint->setText(tr("Opens %1").arg(command.program));
        m_terminalHint->setStyleSheet(QString());
    } else {
        m_terminalError = error;
        m_terminalHint->setText(error);
        m_terminalHint->setStyleSheet(QStringLiteral("color: #b3261e;"));
    }
    updateConnectButton();
}

void ConnectDialog::updateConnectButton()
{
    // Copy and Save need no terminal; Connect needs both.
    m_connectButton->setEnabled(!m_yaml.isEmpty() && m_terminalError.isEmpty());
    m_connectButton->setToolTip(m_terminalError.isEmpty() ? tr("Open your terminal with KUBECONFIG set")
                                                          : m_terminalError);
}

void ConnectDialog::reloadProviders()
{
    m_providers = ProviderFile();
    m_providerError.clear();
    QString error;
    const QString path = providerFile();
    if (!QFileInfo::exists(path)) {
        m_providerError = tr("The provider file %1 does not exist. It says which exec plugin gets credentials for "
                             "each access provider name (KEP-5339); create it or choose another file below.")
                              .arg(path);
    } else if (!ProviderFile::load(path, &m_providers, &error)) {
        m_providerError = error;
    }
    // Rows keep their order; provider widgets are made anew for the new file.
    for (int i = 0; i < m_targets.size(); ++i) {
        QTreeWidgetItem *item = m_targetsView->topLevelItem(i);
        m_targetsView->removeItemWidget(item, ProviderColumn);
        const ProviderSelection selection = m_providerError.isEmpty()
            ? ProviderSelection::select(m_targets[i].profile, m_providers, m_targets[i].label())
            : ProviderSelection();
        if (!m_preferred[i].isEmpty()) {
            bool stillThere = false;
            for (const ProviderMatch &m : selection.matches)
                stillThere = stillThere || m.name == m_preferred[i];
            if (!stillThere)
                m_preferred[i].clear();
        }
        if (selection.matches.size() > 1) {
            auto *choice = new QComboBox(m_targetsView);
            choice->setObjectName(QStringLiteral("providerChoice"));
            for (const ProviderMatch &m : selection.matches)
                choice->addItem(m.name);
            choice->setToolTip(tr("Several providers of your file match; the first in file order is the default."));
            if (!m_preferred[i].isEmpty())
                choice->setCurrentText(m_preferred[i]);
            connect(choice, &QComboBox::currentTextChanged, this, [this, i](const QString &name) {
                m_preferred[i] = name;
                rebuild();
            });
            item->setText(ProviderColumn, QString());
            m_targetsView->setItemWidget(item, ProviderColumn, choice);
        } else {
            item->setText(ProviderColumn, selection.matches.isEmpty() ? tr("none matches") : selection.matches.first().name);
        }
    }
    rebuild();
}

void ConnectDialog::rebuild()
{
    m_selections.clear();
    m_yaml.clear();
    m_contextNames.clear();
    m_warnings.clear();
    QStringList problems;
    if (!m_providerError.isEmpty())
        problems << m_providerError;
    KubeconfigBuilder builder;
    for (int i = 0; i < m_targets.size(); ++i) {
        const ConnectTarget &t = m_targets[i];
        QTreeWidgetItem *item = m_targetsView->topLevelItem(i);
        item->setText(ContextColumn, QString());
        item->setText(ServerColumn, QString());
        if (!m_providerError.isEmpty()) {
            m_selections << ProviderSelection();
            continue;
        }
        const ProviderSelection selection = ProviderSelection::select(t.profile, m_providers, t.label(), m_preferred[i]);
        m_selections << selection;
        if (selection.matches.isEmpty()) {
            QStringList offered;
            for (const AccessProvider &a : t.profile.accessProviders)
                offered << a.name;
            problems << tr("No provider in your provider file matches %1.\n"
                           "The profile offers: %2.\n"
                           "%3 knows: %4.\n"
                           "Add an entry named after an offered provider, or choose another provider file.")
                            .arg(t.label(), offered.isEmpty() ? tr("no access providers") : quotedList(offered),
                                 m_providers.path,
                                 m_providers.providers.isEmpty() ? tr("no providers") : quotedList(m_providers.names()));
            continue;
        }
        if (!selection.ok()) {
            problems << selection.error;
            continue;
        }
        for (const QString &w : selection.warnings)
            m_warnings << (m_targets.size() > 1 ? t.profile.metadata.name + QStringLiteral(": ") + w : w);
        const ProviderMatch &m = selection.match();
        const KubeconfigCluster &cluster = t.profile.accessProviders.at(m.accessProviderIndex).cluster;
        item->setText(ServerColumn, cluster.server);
        item->setToolTip(ServerColumn, cluster.proxyUrl.isEmpty() ? cluster.server
                                                                  : tr("%1 through proxy %2").arg(cluster.server, cluster.proxyUrl));
        QString name;
        QString error;
        const QString &ns = t.profile.metadata.namespaceName;
        const QString &n = t.profile.metadata.name;
        if (!builder.add({n, ns + u'-' + n, t.hub + u'-' + ns + u'-' + n}, t.profile.accessProviders.at(m.accessProviderIndex),
                         m_providers.providers.at(m.providerIndex), &error, &name)) {
            problems << t.label() + QStringLiteral(": ") + error;
            continue;
        }
        item->setText(ContextColumn, name);
    }
    m_problem = problems.join(QStringLiteral("\n\n"));
    if (m_problem.isEmpty()) {
        m_yaml = builder.yaml();
        m_contextNames = builder.contextNames();
    }
    updateConnectButton();
    m_copyButton->setEnabled(!m_yaml.isEmpty());
    m_saveButton->setEnabled(!m_yaml.isEmpty());
    showMessages();
}

void ConnectDialog::showMessages()
{
    QString html;
    if (!m_problem.isEmpty())
        html += QStringLiteral("<p style=\"color:#b3261e\"><b>%1</b><br>%2</p>").arg(tr("Cannot connect."), htmlLines(m_problem));
    for (const QString &w : std::as_const(m_warnings))
        html += QStringLiteral("<p>%1 %2</p>").arg(tr("Warning:"), htmlLines(w));
    m_messages->setText(html);
    m_messages->setVisible(!html.isEmpty());
}

QStringList ConnectDialog::chosenProviders() const
{
    QStringList names;
    for (const ProviderSelection &s : m_selections)
        names << (s.ok() ? s.match().name : QString());
    return names;
}

bool ConnectDialog::chooseProvider(int index, const QString &name)
{
    if (index < 0 || index >= m_targets.size())
        return false;
    auto *choice = qobject_cast<QComboBox *>(m_targetsView->itemWidget(m_targetsView->topLevelItem(index), ProviderColumn));
    if (!choice || choice->findText(name) < 0)
        return false;
    choice->setCurrentText(name); // currentTextChanged rebuilds
    return true;
}

bool ConnectDialog::saveKubeconfig(const QString &path, QString *error)
{
    if (m_yaml.isEmpty()) {
        *error = m_problem;
        return false;
    }
    // A throwaway session writes nothing but the runtime copy it removes again;
    // saveAs gives the file its 0600 mode before any byte lands in it.
    ConnectSession scratch;
    if (!scratch.write(m_yaml, error) || !scratch.saveAs(path, error))
        return false;
    m_savedPath = path;
    m_savedYaml = m_yaml;
    return true;
}

QString ConnectDialog::kubectlCommand(QString *error)
{
    if (m_yaml.isEmpty()) {
        *error = m_problem;
        return {};
    }
    QString path;
    if (!m_savedPath.isEmpty() && m_savedYaml == m_yaml && QFileInfo::exists(m_savedPath)) {
        path = m_savedPath;
    } else {
        if (!m_copySession) {
            m_sessions.push_back(std::make_unique<ConnectSession>());
            m_copySession = m_sessions.back().get();
        }
        if (!m_copySession->write(m_yaml, error))
            return {};
        path = m_copySession->kubeconfigPath();
    }
    return QStringLiteral("KUBECONFIG=%1 kubectl get nodes").arg(TerminalLauncher::shellQuote(path));
}

bool ConnectDialog::launchTerminal(QString *error)
{
    if (m_yaml.isEmpty()) {
        *error = m_problem;
        return false;
    }
    auto session = std::make_unique<ConnectSession>();
    if (!session->write(m_yaml, error))
        return false;
    LaunchCommand command;
    const QString title = tr("Fleetscope: %1").arg(m_contextNames.join(QStringLiteral(", ")));
    if (!m_launcher.build(sessionKind(), session->kubeconfigPath(), title, &command, error))
        return false;
    qint64 pid = 0;
    if (!TerminalLauncher::startDetached(command, &pid, error))
        return false;
    const QString path = session->kubeconfigPath();
    m_sessions.push_back(std::move(session));
    emit terminalStarted(path, pid);
    return true;
}

std::vector<std::unique_ptr<ConnectSession>> ConnectDialog::takeSessions()
{
    m_copySession = nullptr;
    return std::exchange(m_sessions, {});
}

void ConnectDialog::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b3261e;") : QString());
}

void ConnectDialog::connectClicked()
{
    saveSettings();
    QString error;
    if (launchTerminal(&error))
        accept();
    else
        setStatus(tr("Cannot open the terminal: %1").arg(error), true);
}

void ConnectDialog::copyKubectlCommand()
{
    QString error;
    const QString command = kubectlCommand(&error);
    if (command.isEmpty()) {
        setStatus(error, true);
        return;
    }
    QApplication::clipboard()->setText(command);
    setStatus(m_savedPath.isEmpty() || m_savedYaml != m_yaml
                  ? tr("Copied: %1\nThe file is removed when Fleetscope quits; save the kubeconfig to keep it.").arg(command)
                  : tr("Copied: %1").arg(command),
              false);
}

void ConnectDialog::saveKubeconfigAs()
{
    const QString suggestion = QDir::home().filePath(
        (m_contextNames.size() == 1 ? m_contextNames.first() : QStringLiteral("fleetscope")) + QStringLiteral(".kubeconfig"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save kubeconfig as"), suggestion);
    if (path.isEmpty())
        return;
    QString error;
    if (saveKubeconfig(path, &error))
        setStatus(tr("Saved %1 (readable by you only).").arg(path), false);
    else
        setStatus(error, true);
}

void ConnectDialog::browseProviderFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Credential provider file"), providerFile(),
                                                      tr("Provider files (*.json *.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        setProviderFile(path);
}

} // namespace fleetscope
