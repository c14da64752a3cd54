#include "accessresults.h"

#include "fleet/store/fleetstore.h"

#include <QCoreApplication>

namespace fleetscope {

AccessResults::AccessResults(const FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_notChecked(tr("not checked"))
{
}

QString AccessResults::summary(const AccessResult &r)
{
    if (r.reachable) {
        QString text = tr("✓ %1, %2 ms").arg(r.serverVersion).arg(r.latencyMs);
        if (r.versionMismatch)
            text += tr(" (profile says %1)").arg(r.reportedVersion);
        return text;
    }
    if (!r.checked)
        return tr("not checked");
    return tr("✗ %1: %2").arg(AccessResult::stepName(r.step), r.message);
}

void AccessResults::set(const AccessResult &result)
{
    Entry e;
    e.result = result;
    e.summary = summary(result);
    e.access = result.reachable ? QStringLiteral("ok") : result.checked ? QStringLiteral("failed") : m_unchecked;
    e.mismatch = result.versionMismatch ? QStringLiteral("true") : QStringLiteral("false");
    m_results.insert(result.cluster, std::move(e));
    emit changed();
}

const AccessResult *AccessResults::result(const QString &cluster) const
{
    const auto it = m_results.constFind(cluster);
    return it == m_results.constEnd() ? nullptr : &it->result;
}

const AccessResults::Entry *AccessResults::entry(const FleetProfile &row) const
{
    if (m_results.isEmpty() || !m_store || row.hub < 0 || row.hub >= m_store->hubCount())
        return nullptr;
    const auto it = m_results.constFind(m_store->qualifiedName(row));
    return it == m_results.constEnd() ? nullptr : &*it;
}

QString AccessResults::header() const
{
    return tr("Access");
}

QString AccessResults::toolTip() const
{
    return tr("Whether this session reached the member with your credential provider file (Check access): "
              "the version it serves and how long /version took, or the step that failed");
}

const QString *AccessResults::value(const FleetProfile &row) const
{
    const Entry *e = entry(row);
    return e ? &e->summary : &m_notChecked;
}

const QString *AccessResults::fact(QStringView key, const FleetProfile &row) const
{
    const bool access = key.compare(u"access", Qt::CaseInsensitive) == 0;
    const bool mismatch = key.compare(u"versionMismatch", Qt::CaseInsensitive) == 0;
    if (!access && !mismatch)
        return nullptr;
    const Entry *e = entry(row);
    if (!e)
        return access ? &m_unchecked : nullptr;
    return access ? &e->access : &e->mismatch;
}

} // namespace fleetscope
