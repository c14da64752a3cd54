#pragma once

#include <QObject>

class QAbstractItemView;

namespace fleetscope {

// Gives every cell of an item view whose text does not fit its column a tooltip
// with the whole text (cells with a tooltip of their own keep it). Installed on
// the view's viewport; the view stays the owner.
class ElidedTextToolTips final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElidedTextToolTips)

public:
    static void install(QAbstractItemView *view);
    // Whether the cell's display text is cut at its current width.
    static bool isElided(const QAbstractItemView *view, const QModelIndex &index);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit ElidedTextToolTips(QAbstractItemView *view);
    QAbstractItemView *m_view;
};

} // namespace fleetscope
