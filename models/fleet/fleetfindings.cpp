#include "fleetfindings.h"

#include "fleetstore.h"

#include <QCoreApplication>
#include <QDateTime>

namespace fleetscope {
namespace {

// The lint walks the whole fleet on the GUI thread: at most once per interval, so
// that a churning fleet costs one pass every two seconds, not one per delta.
constexpr int relintDelayMs = 2000;

ClusterRef refOf(const FleetProfile &row)
{
    const ObjectMeta &meta = row.profile().metadata;
    return ClusterRef{row.hub, ObjectKey{meta.namespaceName, meta.name}};
}

} // namespace

FleetFindings::FleetFindings(const FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(relintDelayMs);
    connect(&m_debounce, &QTimer::timeout, this, [this] { relint(); });
    const auto later = [this] {
        if (!m_debounce.isActive())
            m_debounce.start();
    };
    connect(store, &FleetStore::profilesChanged, this, later);
    connect(store, &FleetStore::profilesRemoved, this, later);
    connect(store, &FleetStore::profilesInserted, this, later);
    connect(store, &FleetStore::placementsChanged, this, later);
    // Once every hub has synced, at once: a fleet that just arrived is checked
    // before anyone looks (and before a --screenshot is taken).
    connect(store, &FleetStore::hubStatusChanged, this, [this] {
        if (m_store->allHubsSettled() && !m_settled) {
            m_settled = true;
            m_debounce.stop();
            relint();
        } else if (!m_store->allHubsSettled()) {
            m_settled = false;
        }
    });
}

void FleetFindings::relint(qint64 nowMs)
{
    m_options.nowMs = nowMs ? nowMs : QDateTime::currentMSecsSinceEpoch();
    QList<LintFinding> findings = InventoryLint::run(*m_store, m_options);
    QHash<ClusterRef, QString> rules;
    QHash<ClusterRef, QList<int>> indexes;
    for (int i = 0; i < findings.size(); ++i) {
        for (const ClusterRef &ref : findings[i].profiles) {
            QString &text = rules[ref];
            if (!text.split(u',', Qt::SkipEmptyParts).contains(findings[i].rule))
                text += (text.isEmpty() ? QString() : QStringLiteral(",")) + findings[i].rule;
            indexes[ref].append(i);
        }
    }
    const bool same = rules == m_rules;
    m_findings = std::move(findings);
    m_rules = std::move(rules);
    m_indexes = std::move(indexes);
    if (!same)
        emit changed();
}

QList<LintFinding> FleetFindings::findingsOf(const FleetProfile &row) const
{
    QList<LintFinding> out;
    for (int i : m_indexes.value(refOf(row)))
        out << m_findings[i];
    return out;
}

const QString *FleetFindings::rulesOf(const FleetProfile &row) const
{
    const auto it = m_rules.constFind(refOf(row));
    return it == m_rules.cend() ? nullptr : &it.value();
}

const QString *FleetFindings::fact(QStringView key, const FleetProfile &row) const
{
    if (key != filterKey)
        return nullptr;
    static const QString none;
    const QString *rules = rulesOf(row);
    return rules ? rules : &none; // every cluster has the key: `findings!=""` means "has findings"
}

QString FleetFindings::header() const
{
    return QCoreApplication::translate("FleetFindings", "Findings");
}

QString FleetFindings::toolTip() const
{
    return QCoreApplication::translate("FleetFindings",
                                       "Inventory lint: the rules this cluster's ClusterProfile trips (fleetscope lint)");
}

const QString *FleetFindings::value(const FleetProfile &row) const
{
    return rulesOf(row);
}

} // namespace fleetscope
