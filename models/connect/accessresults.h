#pragma once

#include "accessresult.h"

#include "fleet/itemmodels/clustercolumnsource.h"
#include "fleet/filter/filterfacts.h"

#include <QHash>
#include <QObject>

namespace fleetscope {

class FleetStore;

// The access checks of this session, by HUB/NAMESPACE/NAME: the dashboard's
// Access column ("✓ v1.31.2, 12 ms", "✗ tls: …", "not checked") and the filter
// keys `access` (ok, failed, unchecked) and `versionMismatch` (true, false).
// Kept for the session only: a check says how things were, not how they are.
class AccessResults final : public QObject, public ClusterColumnSource, public FilterFacts
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AccessResults)

public:
    explicit AccessResults(const FleetStore *store, QObject *parent = nullptr);

    void set(const AccessResult &result);
    const AccessResult *result(const QString &cluster) const;
    int count() const { return int(m_results.size()); }

    // One line for a result, as the column shows it.
    static QString summary(const AccessResult &result);

    QString key() const override { return QStringLiteral("access"); }

    QString header() const override;
    QString toolTip() const override;
    const QString *value(const FleetProfile &row) const override;
    const QString *fact(QStringView key, const FleetProfile &row) const override;

signals:
    void changed();

private:
    struct Entry
    {
        AccessResult result;
        QString summary;
        QString access;   // "ok" / "failed"
        QString mismatch; // "true" / "false"
    };
    const Entry *entry(const FleetProfile &row) const;

    const FleetStore *m_store;
    QHash<QString, Entry> m_results;
    QString m_notChecked;
    QString m_unchecked = QStringLiteral("unchecked");
};

} // namespace fleetscope
