#include "propertyaliasesdialog.h"

#include "healthstyle.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fleetscope {

PropertyAliasesDialog::PropertyAliasesDialog(const PropertyAliases &aliases, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(0, 2, this))
    , m_problems(new QLabel(this))
{
    setObjectName(QStringLiteral("propertyAliasesDialog"));
    setWindowTitle(tr("Property aliases"));
    auto *intro = new QLabel(tr("Producers name the same fact differently. An alias stands for the first of its "
                                "properties a cluster has, in filters (<tt>region=eu-west-1</tt>), in <i>By "
                                "property…</i> grouping and in property columns. <tt>%1</tt> stands for the "
                                "reported Kubernetes version.")
                                 .arg(PropertyAliases::reportedVersion),
                             this);
    intro->setWordWrap(true);
    m_table->setHorizontalHeaderLabels({tr("Alias"), tr("Properties, in order (comma-separated)")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_problems->setWordWrap(true);
    HealthStyle::setErrorText(m_problems, true);
    m_problems->hide();

    auto *add = new QPushButton(tr("&Add"), this);
    auto *remove = new QPushButton(tr("&Remove"), this);
    auto *reset = new QPushButton(tr("Restore &built-in"), this);
    connect(add, &QPushButton::clicked, this, [this] {
        addRow(QString(), {});
        m_table->setCurrentCell(m_table->rowCount() - 1, 0);
        m_table->editItem(m_table->item(m_table->rowCount() - 1, 0));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_table->currentRow() >= 0)
            m_table->removeRow(m_table->currentRow());
    });
    connect(reset, &QPushButton::clicked, this, [this] { fill(PropertyAliases::builtIn()); });
    // Offered when the table differs from the built-in aliases.
    const auto updateReset = [this, reset] {
        const bool builtIn = rows() == PropertyAliases::builtIn().aliases();
        reset->setEnabled(!builtIn);
        reset->setToolTip(builtIn ? tr("These are the built-in aliases") : tr("Replace the table with the built-in aliases"));
    };
    connect(m_table, &QTableWidget::itemChanged, this, updateReset);
    connect(m_table->model(), &QAbstractItemModel::rowsInserted, this, updateReset);
    connect(m_table->model(), &QAbstractItemModel::rowsRemoved, this, updateReset);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    buttons->addWidget(reset);

    auto *box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(box, &QDialogButtonBox::accepted, this, &PropertyAliasesDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &PropertyAliasesDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_problems);
    layout->addWidget(box);
    fill(aliases);
    updateReset();
    resize(720, 360);
}

void PropertyAliasesDialog::fill(const PropertyAliases &aliases)
{
    m_table->setRowCount(0);
    for (const PropertyAliases::Alias &a : aliases.aliases())
        addRow(a.name, a.properties);
    m_table->resizeColumnToContents(0);
}

void PropertyAliasesDialog::addRow(const QString &name, const QStringList &properties)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(name));
    m_table->setItem(row, 1, new QTableWidgetItem(properties.join(QStringLiteral(", "))));
}

QList<PropertyAliases::Alias> PropertyAliasesDialog::rows() const
{
    QList<PropertyAliases::Alias> out;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString name = m_table->item(row, 0) ? m_table->item(row, 0)->text().trimmed() : QString();
        QStringList properties;
        const QString list = m_table->item(row, 1) ? m_table->item(row, 1)->text() : QString();
        for (const QString &p : list.split(u',', Qt::SkipEmptyParts)) {
            if (!p.trimmed().isEmpty())
                properties << p.trimmed();
        }
        if (name.isEmpty() && properties.isEmpty())
            continue; // an added row left empty
        out.append(PropertyAliases::Alias{name, properties});
    }
    return out;
}

PropertyAliases PropertyAliasesDialog::aliases() const
{
    return PropertyAliases(rows());
}

void PropertyAliasesDialog::accept()
{
    const QStringList problems = PropertyAliases::validate(rows());
    if (!problems.isEmpty()) {
        m_problems->setText(problems.join(u'\n'));
        m_problems->show();
        return;
    }
    QDialog::accept();
}

} // namespace fleetscope
