#pragma once

#include "fleet/itemmodels/clustercolumnsource.h"
#include "historytypes.h"

#include <QHash>
#include <QList>

#include <vector>

namespace fleetscope {

class FleetStore;

// The table's "Flaps" column: status changes per cluster within the flap
// window, as HistoryStore::fetchFlapCounts reports them; empty for none.
class FlapColumn final : public ClusterColumnSource
{
public:
    FlapColumn(const FleetStore *store, int threshold, int windowHours);

    // Replaces the counts. Returns the store rows whose cell changed, in
    // ascending order: under churn a refresh moves a few counts of thousands,
    // and only those rows need to be told (a whole-column change repaints
    // every row on screen).
    QList<int> setCounts(const QHash<ClusterId, int> &counts);
    // Applies the counts that changed (HistoryStore::fetchFlapChanges: 0 for
    // none left); returns the rows whose cell changed, ascending.
    QList<int> applyChanges(const QHash<ClusterId, int> &changes);
    int count(const ClusterId &cluster) const;

    QString key() const override { return QStringLiteral("flaps"); }

    QString header() const override;
    QString toolTip() const override;
    const QString *value(const FleetProfile &row) const override;

private:
    struct Cell
    {
        int count = 0;
        QString text; // what value() points at
    };
    // Sets each count (0 removes it): the clusters whose cell changed.
    QList<ClusterId> apply(const QHash<ClusterId, int> &counts);
    QList<int> rowsOf(const QList<ClusterId> &clusters) const;
    // Set `cell` to `count` with its text, shared between all cells of one count.
    void setCell(Cell *cell, int count);

    const FleetStore *m_store;
    int m_threshold;
    int m_windowHours;
    // Under churn every cluster flaps within a window: one entry per cluster,
    // and the texts of small counts shared, so the column costs the fleet ~100 B
    // per cluster instead of a hash per count and per text.
    QHash<ClusterId, Cell> m_cells;
    std::vector<QString> m_numbers; // index: the count, up to sharedTextLimit
    static constexpr int sharedTextLimit = 1024;
};

} // namespace fleetscope
