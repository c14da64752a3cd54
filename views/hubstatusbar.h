#pragma once

#include <QList>
#include <QWidget>

class QAbstractItemModel;
class QAction;
class QLabel;
class QTimer;

namespace fleetscope {

class FleetStore;
class HubChipLabel;
class HubStatusModel;

// The bottom line of the main window: a chip per hub (state shape, name and
// sync progress; the last error and warnings on hover) and the fleet counts
// (total / healthy / unhealthy / unknown / shown by the current filter).
// Clicking a chip asks for the hub's details.
class HubStatusBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubStatusBar)

public:
    HubStatusBar(const FleetStore *store, HubStatusModel *hubs, QAbstractItemModel *shown, QWidget *parent = nullptr);

    void updateCounts();
    // How often a churning fleet recounts at most: once a second, what a count
    // may lag (the fleet walked, the label's text re-laid out and repainted
    // each time).
    static constexpr int countsIntervalMs = 1000;

signals:
    void reconnectRequested(const QString &hub);
    void removeRequested(const QString &hub);
    // A click (or Enter/Space with focus) on a hub's chip, or "Hub details…" in its
    // menu: show why it is as it is.
    void hubDetailsRequested(int hub);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuildChips();
    // The actions a chip's context menu offers for `hub`, in order.
    QList<QAction *> chipActions(const QString &hub, QObject *parent);
    void removeChips(int first, int last);
    void updateChip(int row);
    void scheduleCounts();
    void countIfPending();
    // The row of the chip `widget` belongs to, or -1.
    int chipRow(const QObject *widget) const;

    const FleetStore *m_store;
    HubStatusModel *m_hubs;
    QAbstractItemModel *m_shown;
    struct Chip
    {
        QLabel *icon = nullptr;
        HubChipLabel *text = nullptr;
    };
    QList<Chip> m_chips;
    QLabel *m_counts;
    QTimer *m_countsTimer;
    bool m_countsPending = false; // a change arrived since the last count
    bool m_settled = false; // every hub had synced at the last status change
};

} // namespace fleetscope
