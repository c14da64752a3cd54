#pragma once

#include <QStyledItemDelegate>

namespace fleetscope {

// Adds the health shape to the Name column and to condition columns of the
// cluster table; the model stays free of widgets and icons.
class ClusterItemDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterItemDelegate)

public:
    explicit ClusterItemDelegate(QObject *parent = nullptr);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace fleetscope
