#include "clusteractions.h"

#include "clustertableview.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/store/fleetstore.h"
#include "fleettreeview.h"

#include <QAction>
#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QThread>
#include <QTreeView>

#include <algorithm>

namespace fleetscope {
namespace {

constexpr auto ExportDirKey = "window/exportDirectory";

// A cell must stay one TSV cell: tabs and line breaks would split it.
QString tsvCell(QString text)
{
    for (QChar &c : text) {
        if (c == u'\t' || c == u'\n' || c == u'\r')
            c = u' ';
    }
    return text;
}

} // namespace

ClusterActions::ClusterActions(const FleetStore *store, SortFilterProxy *proxy, ClusterTableView *table,
                               FleetTreeView *tree, QWidget *window)
    : QObject(window)
    , m_store(store)
    , m_proxy(proxy)
    , m_table(table)
    , m_tree(tree)
    , m_window(window)
{
    setObjectName(QStringLiteral("clusterActions"));
    m_copy = new QAction(QIcon::fromTheme(QStringLiteral("edit-copy")), tr("&Copy rows"), table);
    m_copy->setObjectName(QStringLiteral("copyRows"));
    m_copy->setShortcut(QKeySequence::Copy);
    // Only while the table has focus: Ctrl+C in the filter line copies its text.
    m_copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_copy->setToolTip(tr("Copy the selected rows as tab-separated text"));
    connect(m_copy, &QAction::triggered, this, &ClusterActions::copySelection);

    m_copyNames = new QAction(tr("Copy &names"), table);
    m_copyNames->setObjectName(QStringLiteral("copyNames"));
    m_copyNames->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copyNames->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_copyNames, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(selectedNames()); });

    m_export = new QAction(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("&Export shown clusters…"), window);
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setToolTip(tr("Save the clusters the filter shows as CSV or JSON"));
    connect(m_export, &QAction::triggered, this, &ClusterActions::askAndExport);
    connect(this, &ClusterActions::exportFinished, this, [this](const QString &, const QString &error) {
        if (error.isEmpty())
            return;
        // Not modal-blocking: the export finished on its own time, whatever the user does now.
        auto *box =
            new QMessageBox(QMessageBox::Warning, tr("Export shown clusters"), error, QMessageBox::Ok, m_window);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });

    table->setAccessibleName(tr("Cluster table"));
    table->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *separator = new QAction(table);
    separator->setSeparator(true);
    table->addActions({m_copy, m_copyNames, separator, m_export});
    addTreeActions();
}

void ClusterActions::addTreeActions()
{
    QTreeView *view = m_tree->tree();
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    view->setAccessibleName(tr("Fleet groups"));
    auto *copyGroup = new QAction(tr("&Copy group name"), view);
    copyGroup->setShortcut(QKeySequence::Copy);
    copyGroup->setShortcutContext(Qt::WidgetShortcut);
    connect(copyGroup, &QAction::triggered, this, [view] {
        const QModelIndex current = view->currentIndex();
        if (current.isValid())
            QGuiApplication::clipboard()->setText(current.siblingAtColumn(0).data().toString());
    });
    auto *expand = new QAction(tr("&Expand all"), view);
    connect(expand, &QAction::triggered, view, &QTreeView::expandAll);
    auto *collapse = new QAction(tr("C&ollapse all"), view);
    connect(collapse, &QAction::triggered, view, &QTreeView::collapseAll);
    // Offered only when they would change something, saying so otherwise.
    const auto updateExpandActions = [view, expand, collapse] {
        bool anyCollapsed = false;
        bool anyExpanded = false;
        QList<QModelIndex> pending{QModelIndex()};
        const QAbstractItemModel *model = view->model();
        while (!pending.isEmpty() && !(anyCollapsed && anyExpanded)) {
            const QModelIndex parent = pending.takeLast();
            for (int row = 0; model && row < model->rowCount(parent); ++row) {
                const QModelIndex index = model->index(row, 0, parent);
                if (!model->hasChildren(index))
                    continue;
                const bool expanded = view->isExpanded(index);
                anyExpanded = anyExpanded || expanded;
                anyCollapsed = anyCollapsed || !expanded;
                if (expanded)
                    pending.append(index);
            }
        }
        expand->setEnabled(anyCollapsed);
        expand->setToolTip(anyCollapsed ? tr("Open every group") : tr("Every group is open"));
        collapse->setEnabled(anyExpanded);
        collapse->setToolTip(anyExpanded ? tr("Close every group") : tr("Every group is closed"));
    };
    connect(view, &QTreeView::expanded, this, updateExpandActions);
    connect(view, &QTreeView::collapsed, this, updateExpandActions);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(view->model(), signal, this, updateExpandActions);
    connect(view->model(), &QAbstractItemModel::modelReset, this, updateExpandActions);
    connect(view->model(), &QAbstractItemModel::layoutChanged, this, updateExpandActions);
    updateExpandActions();
    auto *separator = new QAction(view);
    separator->setSeparator(true);
    view->addActions({copyGroup, expand, collapse, separator, m_export});
}

QModelIndexList ClusterActions::selectedRows() const
{
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    return rows;
}

QString ClusterActions::selectedRowsTsv() const
{
    const QHeaderView *header = m_table->header();
    QList<int> columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            columns.append(logical);
    }
    QStringList lines;
    QStringList cells;
    for (int column : columns)
        cells << tsvCell(m_proxy->headerData(column, Qt::Horizontal).toString());
    lines << cells.join(u'\t');
    for (const QModelIndex &row : selectedRows()) {
        cells.clear();
        for (int column : columns)
            cells << tsvCell(row.siblingAtColumn(column).data().toString());
        lines << cells.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

QString ClusterActions::selectedNames() const
{
    QStringList names;
    for (const QModelIndex &index : selectedRows())
        names << m_store->qualifiedName(m_store->profileAt(m_proxy->mapToSource(index).row()));
    return names.join(u'\n');
}

void ClusterActions::copySelection()
{
    if (m_table->selectionModel()->hasSelection())
        QGuiApplication::clipboard()->setText(selectedRowsTsv());
}

QList<int> ClusterActions::shownStoreRows() const
{
    QList<int> rows;
    rows.reserve(m_proxy->rowCount());
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        rows.append(m_proxy->mapToSource(m_proxy->index(row, 0)).row());
    return rows;
}

ClusterActions::~ClusterActions()
{
    if (!m_thread)
        return;
    // Jobs run in order: once this empty one has run, the exports before it have.
    QMetaObject::invokeMethod(m_worker, [] {}, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
    delete m_thread;
}

void ClusterActions::exportShown(const QString &path, FleetPrinter::Format format)
{
    if (!m_thread) {
        m_thread = new QThread;
        m_thread->setObjectName(QStringLiteral("export"));
        m_worker = new QObject;
        m_worker->moveToThread(m_thread);
        m_thread->start(QThread::LowPriority);
    }
    // The snapshot: shared profiles and hub names, no text yet.
    FleetPrinter printer(*m_store, format, QDateTime::currentMSecsSinceEpoch());
    std::vector<FleetProfile> profiles;
    profiles.reserve(size_t(m_proxy->rowCount()));
    for (const int row : shownStoreRows())
        profiles.push_back(m_store->profileAt(row));
    QMetaObject::invokeMethod(m_worker, [this, path, printer, profiles = std::move(profiles), probe = m_exportProbe] {
        if (probe)
            probe();
        const QByteArray bytes = printer.render(profiles);
        QSaveFile file(path);
        QString error;
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
            error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        QMetaObject::invokeMethod(this, [this, path, error] { emit exportFinished(path, error); });
    });
}

void ClusterActions::askAndExport()
{
    QSettings settings;
    const QString csvFilter = tr("CSV (*.csv)");
    const QString jsonFilter = tr("JSON (*.json)");
    QString chosenFilter = csvFilter;
    const QString dir = settings.value(QLatin1String(ExportDirKey), QDir::homePath()).toString();
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export shown clusters"),
                                                QDir(dir).filePath(QStringLiteral("fleet.csv")),
                                                csvFilter + QStringLiteral(";;") + jsonFilter, &chosenFilter);
    if (path.isEmpty())
        return;
    const bool json = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)
        || (!path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) && chosenFilter == jsonFilter);
    settings.setValue(QLatin1String(ExportDirKey), QFileInfo(path).absolutePath());
    exportShown(path, json ? FleetPrinter::Format::Json : FleetPrinter::Format::Csv);
}

} // namespace fleetscope
