#include "clusteritemdelegate.h"

#include "fleet/clustertablemodel.h"
#include "healthstyle.h"

namespace fleetscope {

ClusterItemDelegate::ClusterItemDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

void ClusterItemDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    // The table draws one focus frame around the current row, not one per cell.
    option->state &= ~QStyle::State_HasFocus;
    switch (index.column()) {
    case ClusterTableModel::NameColumn: {
        const QVariant health = index.data(ClusterTableModel::HealthRole);
        if (health.isValid()) {
            option->icon = HealthStyle::icon(Health(health.toInt()));
            option->features |= QStyleOptionViewItem::HasDecoration;
        }
        break;
    }
    case ClusterTableModel::ControlPlaneHealthyColumn:
    case ClusterTableModel::JoinedColumn: {
        const ConditionStatus status = conditionStatusFromString(option->text);
        if (!option->text.isEmpty()) {
            option->icon = HealthStyle::icon(status);
            option->features |= QStyleOptionViewItem::HasDecoration;
        }
        break;
    }
    default:
        break;
    }
}

} // namespace fleetscope
