#include "memberactions.h"

#include "accesscontroller.h"
#include "clusteractions.h"
#include "clustertableview.h"
#include "rundialog.h"

#include "connect/connectsession.h"
#include "connect/kubeconfigbuilder.h"
#include "connect/memberkubeconfig.h"
#include "fleet/fleetstore.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QIcon>
#include <QMessageBox>

namespace fleetscope {

MemberActions::MemberActions(const FleetStore *store, ClusterTableView *table, ClusterActions *actions, QWidget *window)
    : QObject(window)
    , m_store(store)
    , m_table(table)
    , m_actions(actions)
    , m_window(window)
    , m_run(new QAction(QIcon::fromTheme(QStringLiteral("system-run")), tr("&Run on selected…"), this))
    , m_export(new QAction(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("Export &kubeconfig…"), this))
{
    setObjectName(QStringLiteral("memberActions"));
    m_run->setObjectName(QStringLiteral("runOnSelectedAction"));
    m_run->setToolTip(tr("Run a command on each selected cluster (all shown clusters when none is selected)"));
    m_export->setObjectName(QStringLiteral("exportKubeconfigAction"));
    m_export->setToolTip(tr("Write a kubeconfig with a context per selected cluster, for kubectl, k9s and other tools"));
    m_table->addActions({m_run, m_export});
    connect(m_run, &QAction::triggered, this, [this] { openRunDialog(); });
    connect(m_export, &QAction::triggered, this, &MemberActions::askAndExport);
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
