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
// of the data and nothing is cached per cell. Store notifications become
// begin/end insert/remove and dataChanged per contiguous range of rows; live
// data never resets the model. Views sort and filter through ClusterFilterProxy.
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
        FixedColumnCount,
    };
    enum Role {
        // Typed raw values: QString, double (numbers), qint64 (packed versions and
        // times in ms since the epoch), int (condition and health ranks).
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
    int propertyColumn(const QString &name) const;
    int labelColumn(const QString &key) const;
    // A column computed elsewhere (history's flap counts), after the others; it has
    // no spec (saved views do not store it). Call sourceColumnChanged when its values change.
    int addSourceColumn(const ClusterColumnSource *source);
    void sourceColumnChanged(const ClusterColumnSource *source);

    // Changed rows at most this far apart are reported in one dataChanged range:
    // fewer signals for views attached to the table itself. (ClusterFilterProxy
    // places the exact rows of changesAnnounced, whatever the ranges.)
    void setRangeMergeGap(int rows) { m_rangeMergeGap = qMax(1, rows); }
    int rangeMergeGap() const { return m_rangeMergeGap; }

    // Ages are computed against this clock; 0 (the default) means the real time.
    void setNow(qint64 msSinceEpoch) { m_now = msSinceEpoch; }

    // Typed three-way comparison of two rows in one column (what the proxy sorts
    // by): versions by number, node counts as numbers, times as integers, text
    // without collation. Missing values sort first.
    int compare(int column, int leftRow, int rightRow) const;
    // The same order as one integer per row, for the columns that have one
    // (version, conditions, nodes, last transition): false for the others. The
    // proxy caches these so that a 100k-row sort compares integers.
    bool sortKey(int column, int row, qint64 *key) const;
    static bool hasSortKey(int column);
    // The same on row values rather than store rows: the proxy compares its own
    // snapshot of the rows it was told about, since the store changes rows before
    // it announces them, range by range.
    int compare(int column, const FleetProfile &a, const FleetProfile &b) const;
    static bool sortKey(int column, const FleetProfile &row, qint64 *key);
    // The text compare() compares with compareText() in the text columns (name,
    // display name, hub, namespace, clusterset, manager, location); false for the others.
    bool sortText(int column, const FleetProfile &row, QStringView *text) const;
    static bool hasSortText(int column);

    // True while the rows of one store change are being announced (a series of
    // dataChanged ranges, closed by changesAnnounced with the exact rows): the
    // proxy places the rows of the whole change at once, not range by range.
    bool isAnnouncingChanges() const { return m_announcing; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void changesAnnounced(const QList<int> &rows);
    // The store filled deleted rows with rows from its tail: to[i] now holds
    // what was at from[i], and the announcement of the rows `to` follows.
    void rowsRelocated(const QList<int> &from, const QList<int> &to);

private:
    struct ExtraColumn
    {
        bool isLabel = false;
        QString key; // interned
        const ClusterColumnSource *source = nullptr;
    };

    void onProfilesChanged(const QList<int> &rows);
    int addExtraColumn(bool isLabel, const QString &key);
    int extraColumn(bool isLabel, const QString &key) const;
    const QString *extraValue(const ExtraColumn &column, const FleetProfile &row) const;
    QString displayText(int column, const FleetProfile &row) const;
    QVariant sortValue(int column, const FleetProfile &row) const;
    QString toolTip(int column, const FleetProfile &row) const;
    qint64 now() const;

    const FleetStore *m_store;
    std::vector<ExtraColumn> m_extraColumns;
    qint64 m_now = 0;
    int m_rangeMergeGap;
    bool m_announcing = false;
};

} // namespace fleetscope
