#include "healthrulesdialog.h"

#include "healthstyle.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

enum RuleColumn { ManagerColumn, UnhealthyColumn, UnknownColumn, HealthyColumn, RuleColumnCount };

} // namespace

HealthRulesDialog::HealthRulesDialog(const HealthRules &rules, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(0, RuleColumnCount, this))
    , m_problems(new QLabel(this))
    , m_rules(rules)
{
    setObjectName(QStringLiteral("healthRulesDialog"));
    setWindowTitle(tr("Health rules"));
    auto *intro = new QLabel(tr("Producers report health through different conditions: OCM writes "
                                "<tt>ControlPlaneHealthy</tt> and <tt>Joined</tt>, KubeFleet only "
                                "<tt>ControlPlaneHealthy</tt>, GKE Fleet only <tt>Joined</tt>. A rule says, for the "
                                "clusters of one manager (<tt>x-k8s.io/cluster-manager</tt>; the rule without a "
                                "manager is for all others), when a cluster is unhealthy, unknown and healthy, tried "
                                "in that order, in filter terms such as <tt>Joined=False || ControlPlaneHealthy=False</tt>. "
                                "A cluster none of them matches does not report its health."),
                             this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::RichText);
    m_table->setObjectName(QStringLiteral("healthRulesTable"));
    m_table->setHorizontalHeaderLabels({tr("Manager"), tr("Unhealthy when"), tr("Unknown when"), tr("Healthy when")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ManagerColumn, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_problems->setObjectName(QStringLiteral("healthRuleProblems"));
    m_problems->setWordWrap(true);
    HealthStyle::setErrorText(m_problems, true);
    m_problems->hide();

    auto *add = new QPushButton(tr("&Add"), this);
    auto *remove = new QPushButton(tr("&Remove"), this);
    auto *reset = new QPushButton(tr("Restore &built-in"), this);
    reset->setObjectName(QStringLiteral("restoreBuiltInRules"));
    connect(add, &QPushButton::clicked, this, [this] {
        addRow({});
        m_table->setCurrentCell(m_table->rowCount() - 1, ManagerColumn);
        m_table->editItem(m_table->item(m_table->rowCount() - 1, ManagerColumn));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_table->currentRow() >= 0)
            m_table->removeRow(m_table->currentRow());
    });
    connect(reset, &QPushButton::clicked, this, [this] { fill(HealthRules::builtInRules()); });
    auto *box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    // Offered when the table differs from the built-in rules; problems show as one types.
    const auto update = [this, reset, box] {
        const bool builtIn = rows() == HealthRules::builtInRules();
        reset->setEnabled(!builtIn);
        reset->setToolTip(builtIn ? tr("These are the built-in rules") : tr("Replace the table with the built-in rules"));
        box->button(QDialogButtonBox::Ok)->setEnabled(check());
    };
    connect(m_table, &QTableWidget::itemChanged, this, update);
    connect(m_table->model(), &QAbstractItemModel::rowsInserted, this, update);
    connect(m_table->model(), &QAbstractItemModel::rowsRemoved, this, update);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    buttons->addWidget(reset);

    connect(box, &QDialogButtonBox::accepted, this, &HealthRulesDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &HealthRulesDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_problems);
    layout->addWidget(box);
    fill(rules.rules());
    update();
    resize(900, 380);
}

void HealthRulesDialog::fill(const QList<HealthRules::Rule> &rules)
{
    m_table->setRowCount(0);
    for (const HealthRules::Rule &rule : rules)
        addRow(rule);
}

void HealthRulesDialog::addRow(const HealthRules::Rule &rule)
{
    const int row = m_table->rowCount();
    // One signal for the whole row, not four half-filled ones.
    const QSignalBlocker blocker(m_table);
    m_table->insertRow(row);
    auto *manager = new QTableWidgetItem(rule.manager);
    manager->setToolTip(tr("x-k8s.io/cluster-manager; empty: every manager without a rule of its own"));
    m_table->setItem(row, ManagerColumn, manager);
    m_table->setItem(row, UnhealthyColumn, new QTableWidgetItem(rule.unhealthy));
    m_table->setItem(row, UnknownColumn, new QTableWidgetItem(rule.unknown));
    m_table->setItem(row, HealthyColumn, new QTableWidgetItem(rule.healthy));
}

QList<HealthRules::Rule> HealthRulesDialog::rows() const
{
    QList<HealthRules::Rule> out;
    const auto text = [this](int row, int column) {
        const QTableWidgetItem *item = m_table->item(row, column);
        return item ? item->text().trimmed() : QString();
    };
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const HealthRules::Rule rule{text(row, ManagerColumn), text(row, UnhealthyColumn), text(row, UnknownColumn),
                                     text(row, HealthyColumn)};
        if (rule == HealthRules::Rule{} && row == m_table->rowCount() - 1 && row > 0)
            continue; // an added row left empty
        out.append(rule);
    }
    return out;
}

bool HealthRulesDialog::check()
{
    QStringList problems;
    HealthRules compiled;
    const bool ok = HealthRules::compile(rows(), &compiled, &problems);
    if (ok)
        m_rules = compiled;
    m_problems->setText(problems.join(u'\n'));
    m_problems->setVisible(!ok);
    return ok;
}

void HealthRulesDialog::accept()
{
    if (check())
        QDialog::accept();
}

} // namespace fleetscope
