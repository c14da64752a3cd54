#pragma once

#include "headerlayout.h"

#include <QRegion>
#include <QSize>
#include <QTableView>

#include <optional>
#include <utility>

class QTimer;

namespace fleetscope {

class SortFilterProxy;
class ClusterTableModel;

// The fleet as a flat, sortable table: one row per cluster. Built for 100k rows
// under churn: rows have one fixed height, so where a row is on screen is
// arithmetic, and rows that change, come or go off screen cost bookkeeping
// only. The header's context menu shows and hides columns and adds any
// property or label as a column.
class ClusterTableView final : public QTableView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterTableView)

public:
    explicit ClusterTableView(SortFilterProxy *proxy, QWidget *parent = nullptr);

    // The column header (QTreeView's name for it, which the rest of the window uses).
    QHeaderView *header() const { return horizontalHeader(); }
    // The store row of the current cluster, or -1.
    int currentStoreRow() const;
    QList<int> selectedStoreRows() const;
    // The dynamic columns as "property:KEY" / "label:KEY", in model order.
    QStringList extraColumns() const;
    // Replaces the dynamic columns; unknown spec forms are ignored.
    void setExtraColumns(const QStringList &specs);
    // The header's layout by column (HeaderLayout), for settings and saved views.
    QByteArray saveLayout() const;
    // False (and nothing changed) for bytes that are no layout. A column that
    // appears later (access, findings, a property) takes its saved place then.
    bool restoreLayout(const QByteArray &bytes);

    // How often live changes repaint the table at most.
    static constexpr int repaintIntervalMs = 250;
    // How often a changing row count reaches the scroll bar at most.
    static constexpr int geometryIntervalMs = 1000;

    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;

signals:
    void currentClusterChanged(int storeRow);

protected:
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) override;
    void rowsInserted(const QModelIndex &parent, int start, int end) override;
    void rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end) override;
    void updateGeometries() override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void paintEvent(QPaintEvent *event) override;
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override;
    void changeEvent(QEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void reportCurrentCluster();
    QString columnKey(int column) const;
    void showHeaderMenu(const QPoint &position);
    void addDynamicColumn(bool label, const QString &key);
    void updateRowHeight();
    void updateRow(const QModelIndex &index);
    // The rows the viewport has room for, from the scroll position: no header lookups.
    std::pair<int, int> shownRows() const;
    // Notes rows first..last for the next rate-limited repaint, clipped to the screen.
    void noteChangedRows(int first, int last);
    void rowsShifted(int first);
    void followRowCount();
    void followRowCountIfPending();
    bool followRowCountQuietly();
    void syncRows();
    void repaintChangedRows();

    SortFilterProxy *m_proxy;
    ClusterTableModel *m_table;
    std::optional<HeaderLayout> m_restoredLayout;
    int m_reportedCluster = -1; // the store row currentClusterChanged() last said
    QTimer *m_repaint;
    QTimer *m_geometry;
    QTimer *m_syncRows; // brings the vertical header to the row count once per turn of the event loop
    // The rows on screen that changed since the last repaint, as rectangles one
    // unit wide and a row high.
    QRegion m_changedRows;
    bool m_geometryPending = false; // the row count changed; the scroll bar follows within geometryIntervalMs
    // What the last full updateGeometries() laid out.
    struct
    {
        int rows = -1;
        QSize viewport;
        int maximum = 0;
    } m_laidOut;
};

} // namespace fleetscope
