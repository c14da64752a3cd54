#include "connectdialog.h"

#include "connect/connectsession.h"
#include "healthstyle.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace fleetscope {
namespace {

enum TargetColumn { TargetClusterColumn, ProviderColumn, ServerColumn, ContextColumn };

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

ConnectDialog::ConnectDialog(const QList<MemberTarget> &targets, QWidget *parent)
    : QDialog(parent)
    , m_targets(targets)
{
    setObjectName(QStringLiteral("connectDialog"));
    setWindowTitle(targets.size() == 1 ? tr("Connect to %1").arg(targets.first().name)
                                       : tr("Connect to %n clusters", "", int(targets.size())));
    m_preferred = QStringList(int(targets.size()), QString());
    buildUi();

    const ConnectSettings &saved = m_actions.settings();
    m_providerFileEdit->setText(saved.providerFile);
    m_terminalEdit->setText(saved.terminalCommand);
    updateSessionChoices();
    setSessionKind(saved.session);
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
        const MemberTarget &t = m_targets.first();
        m_heading->setText(tr("<b>%1</b> in namespace %2 on hub %3")
                               .arg(t.name.toHtmlEscaped(), t.namespaceName.toHtmlEscaped(), t.hub.toHtmlEscaped()));
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
    m_targetsView->setColumnWidth(TargetClusterColumn, 250);
    m_targetsView->setColumnWidth(ProviderColumn, 190);
    m_targetsView->setColumnWidth(ServerColumn, 190);
    for (const MemberTarget &t : std::as_const(m_targets)) {
        auto *item = new QTreeWidgetItem(m_targetsView, {t.label()});
        item->setToolTip(TargetClusterColumn, t.label());
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
    // The hint sits under the form, full width: a wrapped label in a QFormLayout
    // field is not given the height its lines need.
    auto *settingsColumn = new QVBoxLayout(settingsBox);
    auto *settingsForm = new QFormLayout;
    settingsColumn->addLayout(settingsForm);
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
    settingsColumn->addWidget(m_terminalHint);
    settingsColumn->setSpacing(4);
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
        m_actions.tryTerminalCommand(text);
        updateTerminalHint();
    });
    connect(m_terminalEdit, &QLineEdit::editingFinished, this, &ConnectDialog::saveSettings);
    connect(m_session, &QComboBox::activated, this, &ConnectDialog::saveSettings);
    // Wide enough for a server URL and a context per row; as tall as the content.
    layout->setSizeConstraint(QLayout::SetMinimumSize);
    resize(820, sizeHint().height());
}

void ConnectDialog::fitToContent()
{
    QLayout *box = layout();
    box->activate();
    const int needed = box->hasHeightForWidth() ? box->totalHeightForWidth(width()) : box->totalSizeHint().height();
    setMinimumHeight(needed);
    if (height() < needed)
        resize(width(), needed);
}

void ConnectDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    // Narrower means more wrapped lines: never less height than they need.
    if (event->size().width() != event->oldSize().width())
        fitToContent();
}

QString ConnectDialog::providerFile() const
{
    return settings().effectiveProviderFile();
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
    m_actions.setLauncherEnvironment(environment);
    const SessionKind kind = sessionKind();
    updateSessionChoices();
    setSessionKind(kind);
    updateTerminalHint();
}

ConnectSettings ConnectDialog::settings() const
{
    ConnectSettings s;
    s.providerFile = m_providerFileEdit->text();
    s.terminalCommand = m_terminalEdit->text();
    s.session = sessionKind();
    return s;
}

void ConnectDialog::updateSessionChoices()
{
    m_session->clear();
    const TerminalLauncher &launcher = m_actions.launcher();
    for (SessionKind kind : launcher.availableSessions()) {
        switch (kind) {
        case SessionKind::Shell:
            m_session->addItem(tr("Your shell (%1) with KUBECONFIG set").arg(launcher.userShell()),
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
    m_session->setToolTip(launcher.findExecutable(QStringLiteral("k9s")).isEmpty()
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
    const QString detected = m_actions.launcher().detectedTemplate();
    m_terminalEdit->setPlaceholderText(detected.isEmpty() ? tr("no terminal found: e.g. xterm -e {command}")
                                                          : tr("autodetected: %1").arg(detected));
    QString program;
    m_terminalError.clear();
    if (m_actions.checkTerminal(&program, &m_terminalError))
        m_terminalHint->setText(tr("Opens %1").arg(program));
    else
        m_terminalHint->setText(m_terminalError);
    HealthStyle::setErrorText(m_terminalHint, !m_terminalError.isEmpty());
    updateConnectButton();
    fitToContent();
}

void ConnectDialog::updateConnectButton()
{
    // Copy and Save need no terminal; Connect needs both.
    m_connectButton->setEnabled(m_plan.ok() && m_terminalError.isEmpty());
    int connectable = 0;
    for (const ConnectPlan::Member &member : m_plan.members)
        connectable += member.ok() ? 1 : 0;
    m_connectButton->setText(m_plan.ok() && !m_plan.complete()
                                 ? tr("&Connect %1 of %2").arg(connectable).arg(m_plan.members.size())
                                 : tr("&Connect"));
    m_connectButton->setToolTip(!m_terminalError.isEmpty() ? m_terminalError
                                : !m_plan.ok()              ? m_problem
                                                            : tr("Open your terminal with KUBECONFIG set"));
}

void ConnectDialog::reloadProviders()
{
    m_plan = ConnectPlan::load(m_targets, providerFile());
    // Rows keep their order; provider widgets are made anew for the new file.
    for (int i = 0; i < m_targets.size(); ++i) {
        QTreeWidgetItem *item = m_targetsView->topLevelItem(i);
        m_targetsView->removeItemWidget(item, ProviderColumn);
        const ProviderSelection &selection = m_plan.members[i].selection;
        const auto preferred = [this, i](const ProviderMatch &m) { return m.name == m_preferred[i]; };
        if (std::none_of(selection.matches.cbegin(), selection.matches.cend(), preferred))
            m_preferred[i].clear();
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

QString ConnectDialog::problemFor(const ConnectPlan::Member &member) const
{
    if (!member.noProviderMatches())
        return member.error;
    const QStringList offered = member.offeredProviders();
    return tr("No provider in your provider file matches %1.\n"
              "The profile offers: %2.\n"
              "%3 knows: %4.\n"
              "Add an entry named after an offered provider, or choose another provider file.")
        .arg(member.target.label(), offered.isEmpty() ? tr("no access providers") : quotedList(offered),
             m_plan.providers.path,
             m_plan.providers.providers.isEmpty() ? tr("no providers") : quotedList(m_plan.providers.names()));
}

void ConnectDialog::rebuild()
{
    if (m_plan.providerFileError.isEmpty())
        m_plan = ConnectPlan::make(m_targets, m_plan.providers, m_preferred);
    QStringList problems;
    if (m_plan.providerFileMissing)
        problems << tr("The provider file %1 does not exist. It says which exec plugin gets credentials for "
                       "each access provider name (KEP-5339); create it or choose another file below.")
                        .arg(m_plan.providers.path);
    else if (!m_plan.providerFileError.isEmpty())
        problems << m_plan.providerFileError;
    for (int i = 0; i < m_plan.members.size(); ++i) {
        const ConnectPlan::Member &member = m_plan.members[i];
        QTreeWidgetItem *item = m_targetsView->topLevelItem(i);
        item->setText(ContextColumn, member.contextName);
        const AccessProvider *access = member.access();
        item->setText(ServerColumn, access ? access->cluster.server.toString() : QString());
        item->setToolTip(ServerColumn, !access ? QString()
                                       : access->cluster.proxyUrl.isEmpty()
                                           ? access->cluster.server.toString()
                                           : tr("%1 through proxy %2").arg(access->cluster.server, access->cluster.proxyUrl));
        if (!member.ok() && m_plan.providerFileError.isEmpty())
            problems << problemFor(member);
    }
    m_problem = problems.join(QStringLiteral("\n\n"));
    updateConnectButton();
    // What can be connected is, the rest is named with its reason.
    const QString &why = m_problem;
    m_copyButton->setEnabled(m_plan.ok());
    m_copyButton->setToolTip(m_plan.ok() ? tr("Copy a kubectl command that uses this kubeconfig") : why);
    m_saveButton->setEnabled(m_plan.ok());
    m_saveButton->setToolTip(m_plan.ok() ? tr("Save the kubeconfig (0600) to reuse it later") : why);
    showMessages();
}

void ConnectDialog::showMessages()
{
    QString html;
    if (!m_problem.isEmpty())
        html += QStringLiteral("<p style=\"color:%1\"><b>%2</b><br>%3</p>")
                    .arg(HealthStyle::errorText().name(),
                         m_plan.ok() ? tr("These are left out; the others are connected:") : tr("Cannot connect."),
                         htmlLines(m_problem));
    for (const QString &w : m_plan.warnings())
        html += QStringLiteral("<p>%1 %2</p>").arg(tr("Warning:"), htmlLines(w));
    m_messages->setText(html);
    m_messages->setVisible(!html.isEmpty());
    fitToContent();
}

QStringList ConnectDialog::chosenProviders() const
{
    QStringList names;
    for (const ConnectPlan::Member &m : m_plan.members)
        names << m.providerName();
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

bool ConnectDialog::planReady(QString *error) const
{
    if (!m_plan.ok())
        *error = m_problem;
    return m_plan.ok();
}

bool ConnectDialog::saveKubeconfig(const QString &path, QString *error)
{
    return planReady(error) && m_actions.saveKubeconfig(m_plan.kubeconfig, path, error);
}

QString ConnectDialog::kubectlCommand(QString *error)
{
    return planReady(error) ? m_actions.kubectlCommand(m_plan.kubeconfig, error) : QString();
}

bool ConnectDialog::launchTerminal(QString *error)
{
    if (!planReady(error))
        return false;
    QString path;
    qint64 pid = 0;
    const QString title = tr("Fleetscope: %1").arg(m_plan.contextNames.join(QStringLiteral(", ")));
    if (!m_actions.launchTerminal(m_plan.kubeconfig, sessionKind(), title, &path, &pid, error))
        return false;
    emit terminalStarted(path, pid);
    return true;
}

std::vector<std::unique_ptr<ConnectSession>> ConnectDialog::takeSessions()
{
    return m_actions.takeSessions();
}

void ConnectDialog::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    HealthStyle::setErrorText(m_status, error);
    fitToContent();
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
    setStatus(!m_actions.isSaved(m_plan.kubeconfig)
                  ? tr("Copied: %1\nThe file is removed when Fleetscope quits; save the kubeconfig to keep it.").arg(command)
                  : tr("Copied: %1").arg(command),
              false);
}

void ConnectDialog::saveKubeconfigAs()
{
    const QString suggestion = QDir::home().filePath(
        (m_plan.contextNames.size() == 1 ? m_plan.contextNames.first() : QStringLiteral("fleetscope")) + QStringLiteral(".kubeconfig"));
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
