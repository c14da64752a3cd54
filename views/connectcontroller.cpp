#include "connectcontroller.h"

#include "accesscontroller.h"
#include "clustertableview.h"
#include "connect/connectsession.h"
#include "connectdialog.h"
#include "fleet/fleetstore.h"

#include <QAction>
#include <QFileInfo>
#include <QIcon>
#include <QItemSelectionModel>
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

ConnectController::ConnectController(const FleetStore *store, ClusterTableView *table, QWidget *window)
    : QObject(window)
    , m_store(store)
    , m_table(table)
    , m_window(window)
    , m_action(new QAction(QIcon::fromTheme(QStringLiteral("utilities-terminal")), tr("&Connect…"), this))
{
    setObjectName(QStringLiteral("connectController"));
    m_action->setObjectName(QStringLiteral("connectAction"));
    m_action->setToolTip(tr("Open a terminal on the selected clusters (Enter)"));
    m_action->setStatusTip(tr("Open your terminal with a kubeconfig for the selected clusters"));
    // Enter on a row connects; only while the table has the focus, so that Enter
    // keeps its meaning in the filter line. A double-click still just selects.
    m_action->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    m_action->setShortcutContext(Qt::WidgetShortcut);
    if (m_table->contextMenuPolicy() != Qt::ActionsContextMenu)
        m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    // First in the row menu: it is what people open it for.
    auto *separator = new QAction(this);
    separator->setSeparator(true);
    const QList<QAction *> existing = m_table->actions();
    if (existing.isEmpty())
        m_table->addActions({m_action, separator});
    else
        m_table->insertActions(existing.first(), {m_action, separator});
    connect(m_action, &QAction::triggered, this, [this] { openDialog(); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ConnectController::updateEnabled);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &ConnectController::updateEnabled);
    updateEnabled();
}

ConnectController::~ConnectController() = default;

void ConnectController::updateEnabled()
{
    m_action->setEnabled(m_table->currentStoreRow() >= 0 || !m_table->selectedStoreRows().isEmpty());
}

ConnectDialog *ConnectController::openDialog()
{
    // The current row first (it becomes the current context), then the rest of the selection.
    QList<int> rows = m_table->selectedStoreRows();
    const int current = m_table->currentStoreRow();
    if (current >= 0 && (rows.isEmpty() || rows.contains(current))) {
        rows.removeAll(current);
        rows.prepend(current);
    }
    const QList<MemberTarget> targets = MemberTarget::fromRows(*m_store, rows);
    if (targets.isEmpty())
        return nullptr;
    pruneEndedSessions();
    auto *dialog = new ConnectDialog(targets, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, [this, dialog] { adoptSessions(dialog); });
    if (const QString &path = AccessController::providerFileOverride(); !path.isEmpty()) {
        const QVariant saved = QSettings().value(providerFileKey);
        dialog->setProviderFile(path);
        restoreSavedProviderFile(saved);
        connect(dialog, &QDialog::finished, this, [saved] { restoreSavedProviderFile(saved); });
    }
    dialog->open();
    return dialog;
}

void ConnectController::adoptSessions(ConnectDialog *dialog)
{
    for (auto &session : dialog->takeSessions())
        m_sessions.push_back(std::move(session));
}

void ConnectController::pruneEndedSessions()
{
    // A terminal's session removes its kubeconfig itself when it ends.
    m_sessions.erase(std::remove_if(m_sessions.begin(), m_sessions.end(),
                                    [](const std::unique_ptr<ConnectSession> &s) {
                                        return !QFileInfo::exists(s->kubeconfigPath());
                                    }),
                     m_sessions.end());
}

int ConnectController::sessionCount()
{
    pruneEndedSessions();
    return int(m_sessions.size());
}

} // namespace fleetscope
