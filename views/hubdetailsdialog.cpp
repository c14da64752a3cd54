#include "hubdetailsdialog.h"

#include "fleet/store/fleetstore.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

QString ago(qint64 sinceMs, qint64 nowMs)
{
    if (sinceMs <= 0)
        return QString();
    const qint64 seconds = qMax<qint64>(0, (nowMs - sinceMs) / 1000);
    if (seconds < 120)
        return HubDetailsDialog::tr("%1 s").arg(seconds);
    if (seconds < 7200)
        return HubDetailsDialog::tr("%1 min").arg(seconds / 60);
    return HubDetailsDialog::tr("%1 h").arg(seconds / 3600);
}

QString kindLabel(HubJournal::Kind kind)
{
    switch (kind) {
    case HubJournal::Kind::State:
        return HubDetailsDialog::tr("State");
    case HubJournal::Kind::Request:
        return HubDetailsDialog::tr("Request");
    case HubJournal::Kind::Error:
        return HubDetailsDialog::tr("Error");
    case HubJournal::Kind::Backoff:
        return HubDetailsDialog::tr("Backoff");
    case HubJournal::Kind::Relist:
        return HubDetailsDialog::tr("List");
    case HubJournal::Kind::Credentials:
        return HubDetailsDialog::tr("Credentials");
    }
    return QString();
}

QTableWidget *makeTable(const QStringList &headers, QWidget *parent)
{
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

void setRow(QTableWidget *table, int row, const QStringList &cells)
{
    for (int column = 0; column < cells.size(); ++column) {
        QTableWidgetItem *item = table->item(row, column);
        if (!item) {
            item = new QTableWidgetItem;
            table->setItem(row, column, item);
        }
        if (item->text() != cells[column]) {
            item->setText(cells[column]);
            item->setToolTip(cells[column].size() > 60 ? cells[column] : QString());
        }
    }
}

} // namespace

HubDetailsDialog::HubDetailsDialog(const FleetStore *store, int hub, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_hub(hub)
    , m_summary(new QLabel(this))
    , m_resources(makeTable({tr("Resource"), tr("Phase"), tr("Objects"), tr("Resource version"), tr("Watching for"),
                             tr("Relists"), tr("Last error")},
                            this))
    , m_events(makeTable({tr("Time"), tr("Kind"), tr("What happened")}, this))
    , m_refresh(new QTimer(this))
{
    setObjectName(QStringLiteral("hubDetails"));
    setWindowTitle(tr("Hub details: %1").arg(store->hubName(hub)));
    m_summary->setObjectName(QStringLiteral("hubSummary"));
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_summary->setWordWrap(true);
    m_resources->setObjectName(QStringLiteral("hubResources"));
    m_events->setObjectName(QStringLiteral("hubEvents"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    copy->setToolTip(tr("Copy the state, the resources and the recent history as text"));
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(reportText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(new QLabel(tr("Watched resources"), this));
    layout->addWidget(m_resources, 1);
    layout->addWidget(new QLabel(tr("Recent requests, errors and backoffs (newest first)"), this));
    layout->addWidget(m_events, 3);
    layout->addWidget(buttons);
    resize(900, 560);

    m_refresh->setInterval(1000);
    connect(m_refresh, &QTimer::timeout, this, &HubDetailsDialog::refresh);
    m_refresh->start();
    refresh();
}

void HubDetailsDialog::refresh()
{
    const HubStatus &status = m_store->hubStatus(m_hub);
    const HubJournalPtr journal = m_store->hubJournal(m_hub);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QString summary = tr("<b>%1</b> — %2").arg(status.hub.toHtmlEscaped(), status.summary().toHtmlEscaped());
    if (journal && !journal->server().isEmpty())
        summary += QStringLiteral("<br>") + tr("Server: %1").arg(journal->server().toHtmlEscaped());
    if (!status.apiVersion.isEmpty())
        summary += QStringLiteral("<br>") + tr("API: %1").arg(status.apiVersion.toHtmlEscaped());
    for (const QString &warning : status.warnings)
        summary += QStringLiteral("<br>") + tr("Warning: %1").arg(warning.toHtmlEscaped());
    m_summary->setText(summary);

    const QList<HubJournal::Resource> resources = journal ? journal->resources() : QList<HubJournal::Resource>();
    const QLocale locale;
    m_resources->setRowCount(int(resources.size()));
    for (int row = 0; row < resources.size(); ++row) {
        const HubJournal::Resource &r = resources[row];
        setRow(m_resources, row,
               {r.name, r.phase, locale.toString(r.objects), r.resourceVersion, ago(r.watchSinceMs, now),
                QString::number(r.relists), r.lastError});
    }
    const QList<HubJournal::Entry> entries = journal ? journal->entries() : QList<HubJournal::Entry>();
    m_events->setRowCount(int(entries.size()));
    for (int row = 0; row < entries.size(); ++row) {
        const HubJournal::Entry &e = entries[entries.size() - 1 - row];
        setRow(m_events, row,
               {QDateTime::fromMSecsSinceEpoch(e.atMs).toString(QStringLiteral("HH:mm:ss.zzz")), kindLabel(e.kind), e.text});
    }
    m_resources->resizeColumnsToContents();
    m_events->resizeColumnToContents(0);
    m_events->resizeColumnToContents(1);
}

QString HubDetailsDialog::reportText() const
{
    const HubStatus &status = m_store->hubStatus(m_hub);
    const HubJournalPtr journal = m_store->hubJournal(m_hub);
    QString text = QStringLiteral("hub: %1\nstate: %2\n").arg(status.hub, status.summary());
    if (journal)
        text += QStringLiteral("server: %1\n").arg(journal->server());
    text += QStringLiteral("api: %1\n").arg(status.apiVersion);
    for (const QString &warning : status.warnings)
        text += QStringLiteral("warning: %1\n").arg(warning);
    if (!journal)
        return text;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (const HubJournal::Resource &r : journal->resources()) {
        text += QStringLiteral("resource: %1 phase=%2 objects=%3 rv=%4 watching=%5 relists=%6%7\n")
                    .arg(r.name, r.phase)
                    .arg(r.objects)
                    .arg(r.resourceVersion, ago(r.watchSinceMs, now))
                    .arg(r.relists)
                    .arg(r.lastError.isEmpty() ? QString() : QStringLiteral(" error=") + r.lastError);
    }
    return text + journal->toText();
}

} // namespace fleetscope
