#pragma once

#include <QTreeView>

class QTimer;

namespace fleetscope {

// The group tree beside the cluster table. Under churn every batch of changes
// moves the counts of most groups; a plain QTreeView repaints those rows at
// once, batch after batch (the largest painting cost of a dashboard on a busy
// hub). This one repaints its changed rows at most twice a second.
// Groups that come or go are laid out at once, as in any tree.
class GroupTreeView final : public QTreeView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GroupTreeView)

public:
    explicit GroupTreeView(QWidget *parent = nullptr);

    // How often changed counts repaint the tree at most.
    static constexpr int repaintIntervalMs = 500;

protected:
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) override;

private:
    QTimer *m_repaint;
};

} // namespace fleetscope
