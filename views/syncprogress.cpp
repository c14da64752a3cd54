#include "syncprogress.h"

#include "fleet/store/fleetstore.h"

#include <QLocale>

namespace fleetscope {

SyncProgress::SyncProgress(const FleetStore *store, QWidget *parent)
    : QProgressBar(parent)
    , m_store(store)
{
    setObjectName(QStringLiteral("syncProgress"));
    setMaximumWidth(260);
    setTextVisible(true);
    connect(store, &FleetStore::hubStatusChanged, this, &SyncProgress::refresh);
    refresh();
}

void SyncProgress::refresh()
{
    qint64 received = 0;
    qint64 estimated = 0;
    int syncing = 0;
    bool unknownTotal = false;
    for (int hub = 0; hub < m_store->hubCount(); ++hub) {
        const HubStatus &status = m_store->hubStatus(hub);
        if (status.synced || status.state != HubStatus::State::Syncing)
            continue;
        ++syncing;
        received += status.received;
        if (status.estimatedTotal > 0)
            estimated += std::max(status.estimatedTotal, status.received);
        else
            unknownTotal = true;
    }
    setVisible(syncing > 0);
    if (syncing == 0)
        return;
    const QLocale locale;
    if (unknownTotal || estimated <= 0) {
        setRange(0, 0); // busy: the server gave no estimate
        setFormat(tr("Syncing %1").arg(locale.toString(received)));
    } else {
        // QProgressBar counts in int: scale to per-mille for fleets beyond 2^31 objects.
        setRange(0, 1000);
        setValue(int(received * 1000 / estimated));
        setFormat(tr("Syncing %1 of ~%2").arg(locale.toString(received), locale.toString(estimated)));
    }
    setToolTip(tr("%n hub(s) syncing", nullptr, syncing));
}

} // namespace fleetscope
