#pragma once

#include "clustercolumnsource.h"
#include "filterfacts.h"
#include "inventorylint.h"

#include <QHash>
#include <QObject>
#include <QTimer>

namespace fleetscope {

class FleetStore;

// The inventory lint kept current for the dashboard: the "Findings" column (the
// rules a cluster trips, errors first) and the filter key `findings` (those rule
// names joined by commas, "" for none: `findings!=""` shows every cluster with
// a finding, `findings~stale` those with a stale property). Relints a moment
// after the fleet changes, not on every delta.
class FleetFindings final : public QObject, public FilterFacts, public ClusterColumnSource
{
    Q_OBJECT

public:
    static inline const QString filterKey = QStringLiteral("findings");

    explicit FleetFindings(const FleetStore *store, QObject *parent = nullptr);

    // Lints now; `nowMs` 0 takes the clock.
    void relint(qint64 nowMs = 0);
    void setStaleAfterMs(qint64 ms) { m_options.staleAfterMs = ms; }

    const QList<LintFinding> &findings() const { return m_findings; }
    // The findings that name this cluster.
    QList<LintFinding> findingsOf(const FleetProfile &row) const;

    const QString *fact(QStringView key, const FleetProfile &row) const override;
    QString header() const override;
    QString toolTip() const override;
    const QString *value(const FleetProfile &row) const override;

signals:
    void changed();

private:
    const QString *rulesOf(const FleetProfile &row) const;

    const FleetStore *m_store;
    LintOptions m_options;
    QList<LintFinding> m_findings;
    QHash<ClusterRef, QString> m_rules; // "manager-mismatch,stale-property"
    QHash<ClusterRef, QList<int>> m_indexes; // into m_findings
    QTimer m_debounce;
    bool m_settled = false; // every hub had synced at the last status change
};

} // namespace fleetscope
