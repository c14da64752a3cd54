#pragma once

#include "fleet/fleetprinter.h"

#include <QObject>

class QAction;
class QWidget;

namespace fleetscope {

class ClusterFilterProxy;
class ClusterTableView;
class FleetStore;
class FleetTreeView;

// What a person does with the clusters they see: copy the selected rows (TSV, as
// spreadsheets paste them), copy their names, export the current filtered and
// sorted view as CSV or JSON (the same renderings as `fleetscope list -o csv|json`),
// and the context menus of the table rows and the tree groups.
class ClusterActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterActions)

public:
    ClusterActions(const FleetStore *store, ClusterFilterProxy *proxy, ClusterTableView *table, FleetTreeView *tree,
                   QWidget *window);

    QAction *copyAction() const { return m_copy; }
    QAction *copyNamesAction() const { return m_copyNames; }
    QAction *exportAction() const { return m_export; }

    // The selected rows (in view order) with a header line, visible columns in
    // their visual order, tab-separated.
    QString selectedRowsTsv() const;
    // hub/namespace/name of the selected rows, one per line.
    QString selectedNames() const;
    // Store rows of the filtered view, in view order.
    QList<int> shownStoreRows() const;
    // Writes the filtered view to `path`; false with `error` naming the file.
    bool exportShown(const QString &path, FleetPrinter::Format format, QString *error) const;

private:
    void copySelection();
    void askAndExport();
    void addTreeActions();

    const FleetStore *m_store;
    ClusterFilterProxy *m_proxy;
    ClusterTableView *m_table;
    FleetTreeView *m_tree;
    QWidget *m_window;
    QAction *m_copy;
    QAction *m_copyNames;
    QAction *m_export;
};

} // namespace fleetscope
