#include "grouptreeview.h"

#include <QAccessible>
#include <QTimer>

namespace fleetscope {

GroupTreeView::GroupTreeView(QWidget *parent)
    : QTreeView(parent)
    , m_repaint(new QTimer(this))
{
    m_repaint->setSingleShot(true);
    m_repaint->setInterval(repaintIntervalMs);
    // A tree of groups is a screenful at most: repainting all of it is cheaper
    // than working out which rows changed.
    connect(m_repaint, &QTimer::timeout, viewport(), qOverload<>(&QWidget::update));
}

void GroupTreeView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles)
{
    // Assistive technology gets each change as it happens.
    if (QAccessible::isActive() || !uniformRowHeights()) {
        QTreeView::dataChanged(topLeft, bottomRight, roles);
        return;
    }
    if (viewport()->isVisible() && !m_repaint->isActive())
        m_repaint->start();
}

} // namespace fleetscope
