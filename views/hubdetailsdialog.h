#pragma once

#include <QDialog>

class QLabel;
class QTableWidget;
class QTimer;

namespace fleetscope {

class FleetStore;

// "Hub details": why a hub is in the state it is. Its state, server and API
// version, each watched resource (objects, resourceVersion, watch age, relists,
// last error) and the hub's last requests, errors and backoffs, newest first,
// refreshed every second while open. "Copy" puts all of it on the clipboard as
// text for a bug report. Nothing in it is secret (see HubJournal).
class HubDetailsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubDetailsDialog)

public:
    HubDetailsDialog(const FleetStore *store, int hub, QWidget *parent = nullptr);

    void refresh();

private:
    // What "Copy" puts on the clipboard.
    QString reportText() const;
    const FleetStore *m_store;
    int m_hub;
    QLabel *m_summary;
    QTableWidget *m_resources;
    QTableWidget *m_events;
    QTimer *m_refresh;
};

} // namespace fleetscope
