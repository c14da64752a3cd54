#pragma once

#include "fleet/output/fleetprinter.h"

#include <QModelIndex>
#include <QObject>

#include <functional>

class QAction;
class QThread;
class QWidget;

class TestDesktopHabits;

namespace fleetscope {

class SortFilterProxy;
class ClusterTableView;
class FleetStore;
class FleetTreeView;

// What a person does with the clusters they see: copy the selected rows (TSV, as
// spreadsheets paste them), copy their names, export the current filtered and
// sorted view as CSV or JSON (the same renderings as `fleetscope list -o csv|json`),
// and the context menus of the table rows and the tree groups. An export renders,
// inflates and writes on its own worker thread (like the fleet cache): the GUI
// thread only copies the shown rows' shared profiles.
class ClusterActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterActions)

public:
    ClusterActions(const FleetStore *store, SortFilterProxy *proxy, ClusterTableView *table, FleetTreeView *tree,
                   QWidget *window);
    // Waits for an export under way, so that its file is complete.
    ~ClusterActions() override;

    QAction *exportAction() const { return m_export; }

    // The selected rows (in view order) with a header line, visible columns in
    // their visual order, tab-separated.
    QString selectedRowsTsv() const;
    // hub/namespace/name of the selected rows, one per line.
    QString selectedNames() const;
    // Store rows of the filtered view, in view order.
    QList<int> shownStoreRows() const;
    // Starts writing the filtered view to `path`; answered by exportFinished().
    void exportShown(const QString &path, FleetPrinter::Format format);

signals:
    // `error` names the file; empty when it was written.
    void exportFinished(const QString &path, const QString &error);

private:
    friend class ::TestDesktopHabits;
    // Test hook: runs on the worker before it renders and writes.
    void setExportProbe(std::function<void()> probe) { m_exportProbe = std::move(probe); }

    // In view order.
    QModelIndexList selectedRows() const;
    void copySelection();
    void askAndExport();
    void addTreeActions();

    const FleetStore *m_store;
    SortFilterProxy *m_proxy;
    ClusterTableView *m_table;
    FleetTreeView *m_tree;
    QWidget *m_window;
    QAction *m_copy;
    QAction *m_copyNames;
    QAction *m_export;
    QThread *m_thread = nullptr; // started with the first export
    QObject *m_worker = nullptr; // lives on m_thread: exports run in the order asked
    std::function<void()> m_exportProbe;
};

} // namespace fleetscope
