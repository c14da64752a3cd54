#include "fleetchangesview.h"

#include "history/fleetchangemodel.h"
#include "history/fleettimemachine.h"
#include "history/timetravel.h"

#include <QDateTime>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace fleetscope {

FleetChangesView::FleetChangesView(TimeTravel *travel, FleetTimeMachine *machine, QWidget *parent)
    : QWidget(parent)
    , m_travel(travel)
    , m_machine(machine)
    , m_from(new QDateTimeEdit(this))
    , m_to(new QDateTimeEdit(this))
    , m_show(new QPushButton(tr("&Show changes"), this))
    , m_table(new QTableView(this))
    , m_model(new FleetChangeModel(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("fleetChanges"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *row = new QHBoxLayout;
    auto *fromLabel = new QLabel(tr("&From"), this);
    auto *toLabel = new QLabel(tr("&To"), this);
    fromLabel->setBuddy(m_from);
    toLabel->setBuddy(m_to);
    for (QDateTimeEdit *field : {m_from, m_to}) {
        field->setCalendarPopup(true);
        field->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    }
    m_from->setObjectName(QStringLiteral("changesFrom"));
    m_to->setObjectName(QStringLiteral("changesTo"));
    m_show->setObjectName(QStringLiteral("changesShow"));
    m_summary->setObjectName(QStringLiteral("changesSummary"));
    // A long summary (hubs not recorded) is cut, not allowed to squeeze the fields; its tooltip has it whole.
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    row->addWidget(fromLabel);
    row->addWidget(m_from);
    row->addWidget(toLabel);
    row->addWidget(m_to);
    row->addWidget(m_show);
    row->addWidget(m_summary, 1);
    layout->addLayout(row);
    m_table->setObjectName(QStringLiteral("changesTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    layout->addWidget(m_table, 1);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_from->setDateTime(QDateTime::fromMSecsSinceEpoch(now - 3600 * 1000));
    m_to->setDateTime(QDateTime::fromMSecsSinceEpoch(now));

    connect(m_show, &QPushButton::clicked, this, [this] {
        compare(m_from->dateTime().toMSecsSinceEpoch(), m_to->dateTime().toMSecsSinceEpoch());
    });
    // A row chosen (clicked, or reached with the arrow keys), not merely made
    // current when the list takes the focus.
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (rows.size() == 1)
            Q_EMIT changeChosen(m_model->changeAt(rows.first().row()));
    });
    connect(machine, &FleetTimeMachine::changesReady, this,
            [this](qint64 from, qint64 to, const QList<FleetChange> &changes, const QStringList &outside,
                   const QString &error) {
                Q_UNUSED(from);
                Q_UNUSED(to);
                m_model->setChanges(changes);
                m_table->resizeColumnsToContents();
                QString text = error.isEmpty() ? tr("%n change(s)", nullptr, int(changes.size())) : error;
                if (!outside.isEmpty())
                    text += u' ' + tr("(not recorded at both times: %1)").arg(outside.join(QStringLiteral(", ")));
                m_summary->setText(text);
                m_summary->setToolTip(text);
                m_show->setEnabled(true);
                Q_EMIT listed();
            });
}

QString FleetChangesView::summary() const
{
    return m_summary->text();
}

void FleetChangesView::compare(qint64 from, qint64 to)
{
    if (to == 0)
        to = QDateTime::currentMSecsSinceEpoch();
    m_from->setDateTime(QDateTime::fromMSecsSinceEpoch(from));
    m_to->setDateTime(QDateTime::fromMSecsSinceEpoch(to));
    m_summary->setText(tr("Reading the history…"));
    m_show->setEnabled(false);
    m_machine->requestChanges(m_travel->hubs(), from, to);
}

} // namespace fleetscope
