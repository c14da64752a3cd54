#include "offlinebadge.h"

#include "fleet/store/fleetcache.h"
#include "fleet/store/fleetstore.h"

#include <QDateTime>
#include <QLocale>

namespace fleetscope {

OfflineBadge::OfflineBadge(const FleetStore *store, const FleetCache *cache, QWidget *parent)
    : QLabel(parent)
    , m_store(store)
    , m_cache(cache)
{
    setObjectName(QStringLiteral("offlineBadge"));
    // Framed like a chip, in the palette's own colours (readable light and dark).
    setFrameShape(QFrame::StyledPanel);
    setMargin(2);
    connect(cache, &FleetCache::staleChanged, this, &OfflineBadge::refresh);
    connect(store, &FleetStore::hubStatusChanged, this, &OfflineBadge::refresh);
    refresh();
}

void OfflineBadge::refresh()
{
    const QList<int> stale = m_cache->staleHubs();
    setVisible(!stale.isEmpty());
    if (stale.isEmpty())
        return;
    const QLocale locale;
    QStringList parts;
    QStringList tips;
    for (int hub : stale) {
        const QString when = locale.toString(m_cache->lastSeen(hub).toLocalTime(), QLocale::ShortFormat);
        parts << tr("%1 last seen %2").arg(m_store->hubName(hub), when);
        const QString why = m_store->hubStatus(hub).summary();
        tips << tr("%1: showing the fleet cached at %2 until the hub answers (%3)").arg(m_store->hubName(hub), when, why);
    }
    setText(tr("⏸ Offline · %1 · read-only").arg(parts.join(QStringLiteral(", "))));
    setToolTip(tips.join(u'\n'));
}

} // namespace fleetscope
