#include "hubsdialog.h"

#include "fleet/itemmodels/hubchoicemodel.h"
#include "fleet/itemmodels/sortfilterproxy.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace fleetscope {

HubsDialog::HubsDialog(const KubeconfigLoadOptions &defaultKubeconfig, const QStringList &files,
                       const QList<WatchedHub> &watched, bool preselect, QWidget *parent)
    : QDialog(parent)
    , m_model(new HubChoiceModel(this))
    , m_sorted(new SortFilterProxy(m_model, this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_errors(new QLabel(this))
{
    setObjectName(QStringLiteral("hubsDialog"));
    setWindowTitle(tr("Hubs"));
    m_model->setDefaultKubeconfig(defaultKubeconfig);
    m_model->setPreselectInventory(preselect);

    auto *intro = new QLabel(tr("Choose the kubeconfig contexts Fleetscope watches as hubs. Each context is asked "
                                "whether it serves the Cluster Inventory API (multicluster.x-k8s.io); those that "
                                "do are listed first."),
                             this);
    intro->setWordWrap(true);

    m_sorted->setSortRole(HubChoiceModel::SortRole);
    m_sorted->sort(HubChoiceModel::ContextColumn);
    m_view->setObjectName(QStringLiteral("hubChoices"));
    m_view->setModel(m_sorted);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->setWordWrap(false);
    m_view->setAlternatingRowColors(true);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(HubChoiceModel::ProblemColumn, QHeaderView::Stretch);

    m_errors->setObjectName(QStringLiteral("hubsDialogErrors"));
    m_errors->setWordWrap(true);
    m_errors->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errors->hide();
    m_status->setObjectName(QStringLiteral("hubsDialogStatus"));

    auto *addFile = new QPushButton(tr("Add kubeconfig file…"), this);
    addFile->setObjectName(QStringLiteral("addKubeconfigFile"));
    connect(addFile, &QPushButton::clicked, this, &HubsDialog::chooseKubeconfigFile);
    m_removeFile = new QPushButton(tr("Remove file"), this);
    m_removeFile->setObjectName(QStringLiteral("removeKubeconfigFile"));
    m_removeFile->setToolTip(tr("Forget the kubeconfig file of the selected context (the default one stays)"));
    connect(m_removeFile, &QPushButton::clicked, this, &HubsDialog::removeSelectedFile);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Apply"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *row = new QHBoxLayout;
    row->addWidget(addFile);
    row->addWidget(m_removeFile);
    row->addStretch(1);
    row->addWidget(m_status);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_errors);
    layout->addLayout(row);
    layout->addWidget(buttons);

    connect(m_model, &QAbstractItemModel::dataChanged, this, &HubsDialog::updateStatus);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &HubsDialog::updateStatus);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &HubsDialog::updateStatus);
    connect(m_model, &HubChoiceModel::probesFinished, this, &HubsDialog::updateStatus);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &HubsDialog::updateStatus);

    QStringList errors;
    QString error;
    QStringList unreadable;
    const auto add = [&](const QString &file, bool quiet) {
        if (unreadable.contains(file) || m_model->kubeconfigs().contains(file))
            return;
        if (!m_model->addKubeconfig(file, &error)) {
            unreadable << file;
            if (!quiet)
                errors << error;
        }
    };
    QList<HubChoice> chosen;
    for (const WatchedHub &hub : watched) {
        if (hub.watched)
            chosen << hub.choice;
    }
    m_watched = chosen;
    // A default kubeconfig the program chose itself (the demo's private one, gone
    // once read) is no news when it cannot be read: its hubs are listed below anyway.
    const bool defaultIsPrivate = defaultKubeconfig.explicitPath.isEmpty() && defaultKubeconfig.kubeconfigEnv.has_value();
    add(QString(), defaultIsPrivate);
    for (const QString &file : files)
        add(file, false);
    // Files of watched hubs that were not remembered (a --kubeconfig run) are read too.
    for (const WatchedHub &hub : watched)
        add(hub.choice.kubeconfig, hub.choice.kubeconfig.isEmpty() && defaultIsPrivate);
    // Hubs that no file read here lists (the demo's, a file gone since) still show.
    m_model->addWatchedHubs(watched);
    // On a first run the probes add the contexts that serve the API to these.
    m_model->setChosen(chosen);
    if (!errors.isEmpty()) {
        m_errors->setText(errors.join(u'\n'));
        m_errors->show();
    }
    updateStatus();
    resize(960, 420);
}

HubsDialog::~HubsDialog() = default;

QList<HubChoice> HubsDialog::removedHubs() const
{
    const QList<HubChoice> chosen = m_model->chosen();
    QList<HubChoice> removed;
    for (const HubChoice &hub : m_watched) {
        if (!chosen.contains(hub))
            removed << hub;
    }
    return removed;
}

QList<HubChoice> HubsDialog::addedHubs() const
{
    QList<HubChoice> added;
    for (const HubChoice &hub : m_model->chosen()) {
        if (!m_watched.contains(hub))
            added << hub;
    }
    return added;
}

HubSelection HubsDialog::selection() const
{
    HubSelection selection;
    selection.files = m_model->addedKubeconfigs();
    selection.hubs = m_model->chosen();
    selection.saved = true;
    return selection;
}

bool HubsDialog::addKubeconfigFile(const QString &path)
{
    QString error;
    if (!m_model->addKubeconfig(path, &error)) {
        m_errors->setText(error);
        m_errors->show();
        return false;
    }
    m_errors->hide();
    return true;
}

void HubsDialog::chooseKubeconfigFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Add kubeconfig file"), QString(),
                                                      tr("Kubeconfig files (*.yaml *.yml *.kubeconfig *config);;"
                                                         "All files (*)"));
    if (!path.isEmpty())
        addKubeconfigFile(path);
}

void HubsDialog::removeSelectedFile()
{
    const QModelIndex current = m_sorted->mapToSource(m_view->currentIndex());
    if (!current.isValid())
        return;
    const QString file = current.data(HubChoiceModel::KubeconfigRole).toString();
    if (!file.isEmpty())
        m_model->removeKubeconfig(file);
}

QString HubsDialog::statusText() const
{
    return m_status->text();
}

void HubsDialog::updateStatus()
{
    const QModelIndex current = m_sorted->mapToSource(m_view->currentIndex());
    m_removeFile->setEnabled(current.isValid() && !current.data(HubChoiceModel::KubeconfigRole).toString().isEmpty());
    int serving = 0;
    for (int row = 0; row < m_model->rowCount(); ++row)
        serving += m_model->resultAt(row).inventory ? 1 : 0;
    const int chosen = int(m_model->chosen().size());
    if (m_model->probesRunning() > 0)
        m_status->setText(tr("Asking %n context(s)…", nullptr, m_model->probesRunning()));
    else
        m_status->setText(tr("%n context(s) serve the Cluster Inventory API", nullptr, serving) + QStringLiteral(" · ")
                          + tr("%n hub(s) chosen", nullptr, chosen));
    // Hubs are known by their context name: the same name twice cannot be told apart.
    QStringList names;
    QStringList duplicates;
    for (const HubChoice &hub : m_model->chosen()) {
        if (names.contains(hub.context))
            duplicates << hub.context;
        names << hub.context;
    }
    m_ok->setEnabled(duplicates.isEmpty());
    m_ok->setToolTip(duplicates.isEmpty() ? QString()
                                          : tr("Contexts chosen twice from different files: %1")
                                                .arg(duplicates.join(QStringLiteral(", "))));
}

} // namespace fleetscope
