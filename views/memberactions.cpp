#include "memberactions.h"

#include "accesscontroller.h"
#include "clusteractions.h"
#include "clustertableview.h"
#include "connectdialog.h"
#include "rundialog.h"

#include "connect/connectsession.h"
#include "connect/kubeconfigbuilder.h"
#include "connect/memberkubeconfig.h"
#include "fleet/store/fleetstore.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QItemSelectionModel>
#include <QMessageBox>
#include <QSettings>

namespace fleetscope {
namespace {

const QString providerFileKey = QStringLiteral("connect/providerFile");

// The dialog stores its provider file as the person's choice; an override is not one.
void restoreSavedProviderFile(const QVariant &saved)
{
    QSettings settings;
    if (saved.isValid())
        settings.setValue(providerFileKey, saved);
    else
        settings.remove(providerFileKey);
}

} // namespace

MemberActions::MemberActions(const FleetStore *store, ClusterTableView *table, ClusterActions *actions, QWidget *window)
    : QObject(window)
    , m_store(store)
    , m_table(table)
    , m_actions(actions)
    , m_window(window)
    , m_connect(new QAction(QIcon::fromTheme(QStringLiteral("utilities-terminal")), tr("&Connect…"), this))
    , m_run(new QAction(QIcon::fromTheme(QStringLiteral("system-run")), tr("&Run on selected…"), this))
    , m_export(new QAction(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("Export &kubeconfig…"), this))
{
    setObjectName(QStringLiteral("memberActions"));
    m_connect->setObjectName(QStringLiteral("connectAction"));
    m_connect->setStatusTip(tr("Open your terminal with a kubeconfig for the selected clusters"));
    // Enter on a row connects; only while the table has the focus, so that Enter
    // keeps its meaning in the filter line. A double-click still just selects.
    m_connect->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    m_connect->setShortcutContext(Qt::WidgetShortcut);
    m_run->setObjectName(QStringLiteral("runOnSelectedAction"));
    m_run->setToolTip(tr("Run a command on each selected cluster (all shown clusters when none is selected)"));
    m_export->setObjectName(QStringLiteral("exportKubeconfigAction"));
    m_export->setToolTip(tr("Write a kubeconfig with a context per selected cluster, for kubectl, k9s and other tools"));
    // Connect first in the row menu: it is what people open it for.
    auto *separator = new QAction(this);
    separator->setSeparator(true);
    m_table->insertActions(m_table->actions().value(0), {m_connect, separator});
    m_table->addActions({m_run, m_export});
    connect(m_connect, &QAction::triggered, this, [this] { openConnectDialog(); });
    connect(m_run, &QAction::triggered, this, [this] { openRunDialog(); });
    connect(m_export, &QAction::triggered, this, &MemberActions::askAndExport);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MemberActions::updateConnectEnabled);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &MemberActions::updateConnectEnabled);
    updateConnectEnabled();
}

MemberActions::~MemberActions() = default;

void MemberActions::updateConnectEnabled()
{
    // The selection is what a person sees highlighted: a current row left without
    // a selection (Ctrl+click) is not a choice of cluster.
    const bool any = !m_table->selectedStoreRows().isEmpty();
    m_connect->setEnabled(any);
    m_connect->setToolTip(any ? tr("Open a terminal on the selected clusters (Enter)")
                              : tr("Select a cluster to connect to"));
}

ConnectDialog *MemberActions::openConnectDialog()
{
    // The current row first (it becomes the current context), then the rest of the selection.
    QList<int> rows = m_table->selectedStoreRows();
    const int current = m_table->currentStoreRow();
    if (current >= 0 && rows.contains(current)) {
        rows.removeAll(current);
        rows.prepend(current);
    }
    const QList<MemberTarget> targets = MemberTarget::fromRows(*m_store, rows);
    if (targets.isEmpty())
        return nullptr;
    pruneEndedSessions();
    auto *dialog = new ConnectDialog(targets, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, [this, dialog] {
        for (auto &session : dialog->takeSessions())
            m_sessions.push_back(std::move(session));
    });
    if (const QString &path = AccessController::providerFileOverride(); !path.isEmpty()) {
        const QVariant saved = QSettings().value(providerFileKey);
        dialog->setProviderFile(path);
        restoreSavedProviderFile(saved);
        connect(dialog, &QDialog::finished, this, [saved] { restoreSavedProviderFile(saved); });
    }
    dialog->open();
    return dialog;
}

void MemberActions::pruneEndedSessions()
{
    // A terminal's session removes its kubeconfig itself when it ends.
    m_sessions.erase(std::remove_if(m_sessions.begin(), m_sessions.end(),
                                    [](const std::unique_ptr<ConnectSession> &s) {
                                        return !QFileInfo::exists(s->kubeconfigPath());
                                    }),
                     m_sessions.end());
}

int MemberActions::sessionCount()
{
    pruneEndedSessions();
    return int(m_sessions.size());
}

QList<MemberTarget> MemberActions::targets() const
{
    QList<int> rows = m_table->selectedStoreRows();
    if (rows.isEmpty())
        rows = m_actions->shownStoreRows();
    return MemberTarget::fromRows(*m_store, rows);
}

RunDialog *MemberActions::openRunDialog()
{
    const QList<MemberTarget> members = targets();
    if (members.isEmpty())
        return nullptr;
    if (m_dialog && !m_dialog->isRunning())
        m_dialog->close();
    auto *dialog = new RunDialog(members, AccessController::providerFile(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    m_dialog = dialog;
    return dialog;
}

int MemberActions::exportKubeconfig(const QString &path, QString *message) const
{
    ProviderFile providers;
    QString error;
    if (!ProviderFile::load(AccessController::providerFile(), &providers, &error)) {
        *message = error;
        return 0;
    }
    KubeconfigBuilder builder;
    QStringList problems;
    int skipped = 0;
    for (const MemberTarget &t : targets()) {
        const MemberKubeconfig added = MemberKubeconfig::add(&builder, t, providers, QString(), {t.label()});
        if (added.noProvider)
            ++skipped;
        else if (!added.ok)
            problems << added.error;
    }
    const int exported = int(builder.contextNames().size());
    if (exported > 0 && !ConnectSession::writePrivateFile(path, builder.yaml(), &error)) {
        *message = error;
        return 0;
    }
    *message = tr("%n context(s) written to %1.", nullptr, exported).arg(QDir::toNativeSeparators(path));
    if (skipped > 0)
        *message += u' ' + tr("%n cluster(s) skipped: no provider of your file matches.", nullptr, skipped);
    if (!problems.isEmpty())
        *message += u'\n' + problems.join(u'\n');
    return exported;
}

void MemberActions::askAndExport()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export kubeconfig"),
                                                      QDir::home().filePath(QStringLiteral("fleet.kubeconfig")));
    if (path.isEmpty())
        return;
    QString message;
    if (exportKubeconfig(path, &message) > 0)
        QMessageBox::information(m_window, tr("Export kubeconfig"), message);
    else
        QMessageBox::warning(m_window, tr("Export kubeconfig"), message);
}

} // namespace fleetscope
