#pragma once

#include "kube/hubdelta.h"

#include <QFutureWatcher>
#include <QWidget>

class QTextBrowser;
class QUrl;

class TestDetailsPane;

namespace fleetscope {

class FleetFindings;

class FleetStore;

// Everything about the selected cluster: identity and where each fact came
// from, conditions, properties with their age, labels, how to reach it (never
// secrets), the placements that chose it, other profiles of the same member,
// and the object as YAML.
//
// Everything but the YAML is rendered from the decoded profile. The YAML needs
// the raw JSON inflated, parsed and converted, so it is made on demand ("Show as
// YAML") on a pool thread, and again for each update while it is shown.
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
    // Ages are counted to this moment (a recorded one the store shows); 0, the
    // default, is the real clock.
    void setNow(qint64 msSinceEpoch);

    // What "Show as YAML" does: renders the shown object's YAML off the GUI thread.
    void showYaml();

signals:
    // The YAML of the shown object is on screen.
    void yamlShown();

private:
    friend class ::TestDetailsPane;
    bool isRenderingYaml() const { return m_yamlJob.isRunning(); }

    QString render(int storeRow, qint64 now) const;
    QString yamlSection() const;
    // The store row of the shown cluster now, or -1 when it is gone.
    int shownRow() const;
    // Renders the shown cluster again where the reader is.
    void rerender();
    void startYaml();
    void onAnchor(const QUrl &url);
    qint64 now() const;

    const FleetStore *m_store;
    qint64 m_now = 0;
    const FleetFindings *m_findings = nullptr;
    QTextBrowser *m_browser;
    int m_hub = -1;
    ObjectKey m_key;
    ProfilePtr m_shownRecord;
    // The YAML wanted for the shown cluster (kept across its updates), and what
    // it is for the record in m_yamlRecord.
    bool m_yamlWanted = false;
    ProfilePtr m_yamlRecord;
    QString m_yaml;
    QFutureWatcher<QString> m_yamlJob;
};

} // namespace fleetscope
