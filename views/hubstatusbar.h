#pragma once

#include <QList>
#include <QWidget>

class QAbstractItemModel;
class QLabel;

namespace fleetscope {

class FleetStore;
class HubStatusModel;

// The bottom line of the main window: a chip per hub (state shape, name and
// sync progress; the last error and warnings on hover) and the fleet counts
// (total / healthy / unhealthy / unknown / shown by the current filter).
class HubStatusBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubStatusBar)

public:
    HubStatusBar(const FleetStore *store, HubStatusModel *hubs, QAbstractItemModel *shown, QWidget *parent = nullptr);

    QString countsText() const;
    QStringList chipTexts() const;

    void updateCounts();

private:
    void rebuildChips();
    void removeChips(int first, int last);
    void updateChip(int row);
    void scheduleCounts();

    const FleetStore *m_store;
    HubStatusModel *m_hubs;
    QAbstractItemModel *m_shown;
    struct Chip
    {
        QLabel *icon = nullptr;
        QLabel *text = nullptr;
    };
    QList<Chip> m_chips;
    QLabel *m_counts;
    bool m_countsScheduled = false;
};

} // namespace fleetscope
