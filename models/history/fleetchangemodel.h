#pragma once

#include "fleetchanges.h"

#include <QAbstractTableModel>

namespace fleetscope {

// What changed in the recorded fleet between two moments, one row per change
// (FleetHistoryReader::changes()), oldest first: the "Changes" list of the
// time travel. A new answer replaces the list (a reset: it is another list,
// not a live one changing).
class FleetChangeModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetChangeModel)

public:
    enum Column { TimeColumn, HubColumn, ClusterColumn, ChangeColumn, DetailColumn, ColumnCount };
    // The moment that shows a change: a cluster that left is shown just before.
    enum Role { MomentRole = Qt::UserRole + 1 };

    explicit FleetChangeModel(QObject *parent = nullptr);

    void setChanges(const QList<FleetChange> &changes);
    const FleetChange &changeAt(int row) const { return m_changes.at(row); }
    // When the change is best seen: the moment after it, or for a cluster that
    // left, the moment before.
    static qint64 momentOf(const FleetChange &change);
    static QString kindName(FleetChange::Kind kind);
    static QString detail(const FleetChange &change);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<FleetChange> m_changes;
};

} // namespace fleetscope
