#pragma once

#include "kube/hubdelta.h"

#include <QWidget>

class QTextBrowser;

namespace fleetscope {

class FleetFindings;

class FleetStore;

// Everything about the selected cluster: identity and where each fact came
// from, conditions, properties with their age, labels, how to reach it (never
// secrets), the placements that chose it, other profiles of the same member,
// and the object as YAML.
class DetailsPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DetailsPane)

public:
    explicit DetailsPane(const FleetStore *store, QWidget *parent = nullptr);

    // Shows the cluster at this store row (-1: nothing selected).
    void showCluster(int storeRow);
    // Follows the shown cluster after a store update: re-renders it when it
    // changed, says so when it was deleted.
    void refresh();
    QString plainText() const;
    // The inventory lint's findings, shown for the cluster (not owned; may be null).
    void setFindings(const FleetFindings *findings);

private:
    QString render(int storeRow, qint64 now) const;

    const FleetStore *m_store;
    const FleetFindings *m_findings = nullptr;
    QTextBrowser *m_browser;
    int m_row = -1;
    int m_hub = -1;
    ObjectKey m_key;
    const void *m_shownRecord = nullptr;
};

} // namespace fleetscope
