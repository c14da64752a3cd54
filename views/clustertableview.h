#pragma once

#include <QTreeView>

#include <utility>

class QTimer;

namespace fleetscope {

class ClusterFilterProxy;
class ClusterTableModel;

// The fleet as a flat, sortable table: one row per cluster. Built for 100k rows
// (uniform row heights, no resize-to-contents). The header's context menu shows
// and hides columns and adds any property or label as a column.
class ClusterTableView final : public QTreeView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterTableView)

public:
    explicit ClusterTableView(ClusterFilterProxy *proxy, QWidget *parent = nullptr);

    // The store row of the current cluster, or -1.
    int currentStoreRow() const;
    QList<int> selectedStoreRows() const;
    // The dynamic columns as "property:KEY" / "label:KEY", in model order.
    QStringList extraColumns() const;
    // Replaces the dynamic columns; unknown spec forms are ignored.
    void setExtraColumns(const QStringList &specs);

    // How often live changes repaint the table at most.
    static constexpr int repaintIntervalMs = 250;

signals:
    void currentClusterChanged(int storeRow);

protected:
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) override;

private:
    void showHeaderMenu(const QPoint &position);
    void addDynamicColumn(bool label, const QString &key);
    void repaintChangedRows();

    ClusterFilterProxy *m_proxy;
    ClusterTableModel *m_table;
    QTimer *m_repaint;
    std::pair<int, int> m_changedRows{-1, -1}; // the rows on screen that changed since the last repaint
};

} // namespace fleetscope
