#include "rundialog.h"

#include "connect/connectsession.h"
#include "connect/membercommandbatch.h"
#include "connect/memberrunmodel.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

const QString historyKey = QStringLiteral("run/history");
constexpr int historySize = 20;

} // namespace

RunDialog::RunDialog(QList<MemberTarget> members, const QString &providerFile, QWidget *parent)
    : QDialog(parent)
    , m_members(std::move(members))
    , m_providerFile(providerFile)
    , m_summary(new QLabel(this))
    , m_command(new QComboBox(this))
    , m_parallel(new QSpinBox(this))
    , m_runButton(new QPushButton(tr("&Run"), this))
    , m_cancelButton(new QPushButton(tr("&Stop"), this))
    , m_copyButton(new QPushButton(tr("&Copy results"), this))
    , m_exportButton(new QPushButton(tr("&Export…"), this))
    , m_results(new QTableView(this))
    , m_output(new QPlainTextEdit(this))
    , m_model(new MemberRunModel(this))
{
    setObjectName(QStringLiteral("runDialog"));
    setWindowTitle(tr("Run on selected clusters"));
    m_summary->setText(tr("Runs a shell command once per cluster (%n cluster(s)), with KUBECONFIG set to that "
                          "cluster's own kubeconfig, built from your credential provider file.",
                          nullptr, int(m_members.size())));
    m_summary->setWordWrap(true);

    m_command->setObjectName(QStringLiteral("runCommand"));
    m_command->setEditable(true);
    m_command->setInsertPolicy(QComboBox::NoInsert);
    m_command->addItems(history());
    m_command->setCurrentText(m_command->count() > 0 ? m_command->itemText(0) : QStringLiteral("kubectl get nodes"));
    m_command->lineEdit()->setPlaceholderText(tr("kubectl get nodes"));
    m_command->setMinimumContentsLength(40);
    m_parallel->setObjectName(QStringLiteral("runParallel"));
    m_parallel->setRange(1, 64);
    m_parallel->setValue(8);
    m_parallel->setToolTip(tr("How many clusters run the command at the same time"));

    auto *commandRow = new QHBoxLayout;
    commandRow->addWidget(m_command, 1);
    commandRow->addWidget(new QLabel(tr("At a time:"), this));
    commandRow->addWidget(m_parallel);
    commandRow->addWidget(m_runButton);
    commandRow->addWidget(m_cancelButton);
    auto *form = new QFormLayout;
    // The label's mnemonic needs a buddy, which a row given as a layout does not get.
    auto *commandLabel = new QLabel(tr("Co&mmand:"), this);
    commandLabel->setBuddy(m_command);
    form->addRow(commandLabel, commandRow);

    m_results->setObjectName(QStringLiteral("runResults"));
    m_results->setModel(m_model);
    m_results->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_results->setSelectionMode(QAbstractItemView::SingleSelection);
    m_results->verticalHeader()->hide();
    m_results->verticalHeader()->setDefaultSectionSize(m_results->fontMetrics().height() + 6);
    m_results->horizontalHeader()->setStretchLastSection(true);
    m_results->setWordWrap(false);
    m_output->setObjectName(QStringLiteral("runOutput"));
    m_output->setReadOnly(true);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_output->setPlaceholderText(tr("Select a cluster to see its whole output."));
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_results);
    splitter->addWidget(m_output);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_copyButton, QDialogButtonBox::ActionRole);
    buttons->addButton(m_exportButton, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addLayout(form);
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);
    resize(900, 600);

    resetResults();
    m_results->resizeColumnToContents(MemberRunModel::ClusterColumn);

    m_runButton->setDefault(true);
    connect(m_runButton, &QPushButton::clicked, this, &RunDialog::run);
    connect(m_command->lineEdit(), &QLineEdit::returnPressed, this, &RunDialog::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &RunDialog::cancel);
    connect(m_copyButton, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_model->tsv()); });
    connect(m_exportButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export results"), QStringLiteral("results.json"),
                                                          tr("JSON (*.json)"));
        QString error;
        if (!path.isEmpty() && !exportResults(path, &error))
            QMessageBox::warning(this, tr("Export results"), error);
    });
    connect(m_results->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &RunDialog::showOutput);
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &topLeft) {
        if (m_results->currentIndex().row() == topLeft.row())
            showOutput();
    });
    updateButtons();
}

RunDialog::~RunDialog() = default;

void RunDialog::resetResults()
{
    QStringList clusters;
    for (const MemberTarget &m : std::as_const(m_members))
        clusters << m.label();
    m_model->reset(clusters);
}

QStringList RunDialog::history()
{
    return QSettings().value(historyKey).toStringList();
}

void RunDialog::rememberCommand(const QString &command)
{
    QStringList list = history();
    list.removeAll(command);
    list.prepend(command);
    while (list.size() > historySize)
        list.removeLast();
    QSettings().setValue(historyKey, list);
    m_command->clear();
    m_command->addItems(list);
    m_command->setCurrentText(command);
}

bool RunDialog::isRunning() const
{
    return m_batch && m_batch->isRunning();
}

bool RunDialog::run()
{
    const QString command = m_command->currentText().trimmed();
    if (command.isEmpty() || isRunning() || m_members.isEmpty())
        return false;
    rememberCommand(command);

    MemberCommandSettings settings;
    QString error;
    if (!ProviderFile::load(m_providerFile, &settings.providers, &error)) {
        QMessageBox::warning(this, windowTitle(), error);
        return false;
    }
    // The field is a shell command line, as typed in a terminal.
    settings.command = QStringList{QStringLiteral("/bin/sh"), QStringLiteral("-c"), command};
    settings.timeoutMs = 300'000;
    resetResults();
    m_output->clear();

    m_batch = std::make_unique<MemberCommandBatch>(m_members, std::move(settings));
    m_batch->setParallel(m_parallel->value());
    connect(m_batch.get(), &MemberCommandBatch::resultReady, this,
            [this](int index, const MemberCommandResult &result) { m_model->setResult(index, result); });
    connect(m_batch.get(), &MemberCommandBatch::finished, this, [this] {
        m_batch.release()->deleteLater();
        updateButtons();
        emit runFinished();
    });
    connect(m_batch.get(), &MemberCommandBatch::memberStarted, m_model, &MemberRunModel::setRunning);
    m_batch->start();
    updateButtons();
    return true;
}

void RunDialog::cancel()
{
    if (m_batch)
        m_batch->cancel();
}

void RunDialog::reject()
{
    // Closing must not leave commands running on the members behind the user's back.
    cancel();
    QDialog::reject();
}

bool RunDialog::exportResults(const QString &path, QString *error) const
{
    return ConnectSession::writePrivateFile(path, m_model->json(), error);
}

void RunDialog::showOutput()
{
    const int row = m_results->currentIndex().row();
    if (row < 0 || row >= m_model->rowCount()) {
        m_output->clear();
        return;
    }
    const MemberCommandResult &r = m_model->result(row);
    QString text = QString::fromUtf8(r.standardOutput);
    if (!r.standardError.isEmpty())
        text += (text.isEmpty() || text.endsWith(u'\n') ? QString() : QStringLiteral("\n")) + tr("--- stderr ---\n")
            + QString::fromUtf8(r.standardError);
    if (!r.error.isEmpty())
        text += (text.isEmpty() || text.endsWith(u'\n') ? QString() : QStringLiteral("\n")) + tr("--- %1 ---").arg(r.error);
    m_output->setPlainText(text);
}

void RunDialog::updateButtons()
{
    const bool running = isRunning();
    m_runButton->setEnabled(!running && !m_members.isEmpty());
    m_cancelButton->setEnabled(running);
    m_command->setEnabled(!running);
    m_parallel->setEnabled(!running);
}

} // namespace fleetscope
