#include "elidedtooltips.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QStyle>
#include <QToolTip>

namespace fleetscope {

ElidedTextToolTips::ElidedTextToolTips(QAbstractItemView *view)
    : QObject(view)
    , m_view(view)
{
}

void ElidedTextToolTips::install(QAbstractItemView *view)
{
    view->viewport()->installEventFilter(new ElidedTextToolTips(view));
}

bool ElidedTextToolTips::isElided(const QAbstractItemView *view, const QModelIndex &index)
{
    const QString text = index.data(Qt::DisplayRole).toString();
    if (text.isEmpty())
        return false;
    QStyleOptionViewItem option;
    option.initFrom(view->viewport());
    option.rect = view->visualRect(index);
    option.font = view->font();
    option.features = index.data(Qt::DecorationRole).isValid() ? QStyleOptionViewItem::HasDecoration
                                                               : QStyleOptionViewItem::None;
    option.decorationSize = view->iconSize().isValid() ? view->iconSize() : QSize(16, 16);
    // What the item's text gets after margins and the icon, as the style lays it out.
    const QRect textRect = view->style()->subElementRect(QStyle::SE_ItemViewItemText, &option, view);
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    const int width = (textRect.isValid() ? textRect.width() : option.rect.width()) - 2 * margin;
    return QFontMetrics(option.font).horizontalAdvance(text.section(u'\n', 0, 0)) > width || text.contains(u'\n');
}

bool ElidedTextToolTips::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return QObject::eventFilter(watched, event);
    auto *help = static_cast<QHelpEvent *>(event);
    const QModelIndex index = m_view->indexAt(help->pos());
    if (!index.isValid() || !index.data(Qt::ToolTipRole).toString().isEmpty() || !isElided(m_view, index))
        return QObject::eventFilter(watched, event); // the cell's own tooltip, or none
    QToolTip::showText(help->globalPos(), index.data(Qt::DisplayRole).toString(), m_view->viewport(),
                       m_view->visualRect(index));
    return true;
}

} // namespace fleetscope
