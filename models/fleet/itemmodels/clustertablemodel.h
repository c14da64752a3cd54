#pragma once

#include "api/clusterfacts.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace fleetscope {

class ClusterColumnSource;
class FleetStore;
struct FleetProfile;

// The fleet as a table: row = store row, so the store's vector is the only copy
// of the data and nothing is cached per cell. The store's row notifications are
// already model-shaped (see FleetStore) and pass through as begin/end insert and
// remove and ranged dataChanged; live data never resets the model. The fixed
// columns are the fleet's fields, described once in fleetfields.h. Views sort and filter
// through SortFilterProxy and FleetRowFilter, sorted by SortRole.
class ClusterTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterTableModel)

public:
    enum Column {
        NameColumn,
        DisplayNameColumn,
        HubColumn,
        NamespaceColumn,
        ClusterSetColumn,
        ManagerColumn,
        VersionColumn,
        ControlPlaneHealthyColumn,
        JoinedColumn,
        LocationColumn,
        NodesColumn,
        LastTransitionColumn,
        HealthColumn,
    };
    // The fixed columns are the fields of fleetfields.h, in order; the columns
    // named above are those the views treat specially.
    static int fixedColumnCount();
    enum Role {
        // What the column sorts by: qint64 for the fixed columns with an integer
        // order (packed versions, condition ranks, node counts in thousandths,
        // times in ms since the epoch), else the text; in property and label
        // columns a double for numbers, a packed version for versions, else the
        // text, and no value for an absent key.
        SortRole = Qt::UserRole + 1,
        // fleetscope::Health as an int, on every column: views pick icons and colours.
        HealthRole,
    };

    explicit ClusterTableModel(const FleetStore *store, QObject *parent = nullptr);
    ~ClusterTableModel() override;

    const FleetStore &store() const { return *m_store; }
    const FleetProfile &profileAt(int row) const;

    // Dynamic columns after the fixed ones. Adding an existing one returns its column.
    int addPropertyColumn(const QString &name);
    int addLabelColumn(const QString &key);
    // Only dynamic columns can go; false for a fixed or unknown column.
    bool removeColumnAt(int column);
    // "property:KEY" or "label:KEY" for a dynamic column, empty for the others
    // (how saved views remember the table's extra columns).
    QString extraColumnSpec(int column) const;
    // What names a column in saved layouts, in any language and whichever columns
    // came before it: "field:name", "property:KEY", "label:KEY", "source:access";
    // empty for a column that does not exist.
    QString columnKey(int column) const;
    // A column computed elsewhere (history's flap counts), after the others; it has
    // no spec (saved views do not store it). Call sourceColumnChanged when its values change.
    int addSourceColumn(const ClusterColumnSource *source);
    void sourceColumnChanged(const ClusterColumnSource *source);
    // Only these rows' values changed (sorted, unique): one dataChanged per run of adjacent rows.
    void sourceColumnChanged(const ClusterColumnSource *source, const QList<int> &rows);
    // The column showing `source`, -1 if none (columns before it come and go).
    int columnOf(const ClusterColumnSource *source) const;

    // Ages are computed against this clock; 0 (the default) means the real time.
    void setNow(qint64 msSinceEpoch) { m_now = msSinceEpoch; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct ExtraColumn
    {
        bool isLabel = false;
        QString key; // interned
        const ClusterColumnSource *source = nullptr;
    };

    int addExtraColumn(bool isLabel, const QString &key);
    int extraColumn(bool isLabel, const QString &key) const;
    // A value kept as UTF-8 (identifiers) is converted into *scratch.
    const QString *extraValue(const ExtraColumn &column, const FleetProfile &row, QString *scratch) const;
    qint64 now() const;

    const FleetStore *m_store;
    std::vector<ExtraColumn> m_extraColumns;
    qint64 m_now = 0;
};

} // namespace fleetscope
