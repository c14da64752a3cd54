#pragma once

#include "fleet/filter/clusterscope.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QTreeView;

namespace fleetscope {

class FleetStore;
class FleetTreeModel;

// The left pane: the fleet's groups (hub → clusterset → manager by default, or
// another grouping chosen above the tree) with counts and health roll-ups.
// Selecting a group scopes the cluster table; selecting nothing shows all.
class FleetTreeView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetTreeView)

public:
    explicit FleetTreeView(const FleetStore *store, QWidget *parent = nullptr);

    FleetTreeModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    void focusTree();
    // The grouping as FleetTreeModel::levelsToSpec text; setting an unknown but
    // valid spec adds it to the choices. False for a spec that does not parse.
    QString groupingSpec() const;
    bool setGroupingSpec(const QString &spec);
    // The chosen group as its values from the top level down, {} for none; and
    // choosing one by them (a saved view's scope). A group that is not there yet
    // (its hub still syncing) is chosen when it appears, unless the person chose
    // another meanwhile.
    QStringList currentGroup() const;
    void chooseGroup(const QStringList &values);
    // How often changed counts repaint the tree at most: once a second, what a
    // count may lag (each repaint re-shapes every group's text).
    static constexpr int repaintIntervalMs = 1000;

signals:
    void scopeChanged(const fleetscope::ClusterScope &scope);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The width group names keep before count columns give way.
    static constexpr int minimumGroupWidth = 120;
    // Modes and widths of the columns: the group name stretches, counts are fixed.
    void setUpColumns();
    static int countColumnWidth(int column);
    void fitCountColumns();
    void followNotReported();
    void applyGrouping(int choice);
    void askForPropertyGrouping(bool underHub);
    int addCustomGrouping(const QString &spec);
    void choosePendingGroup();

    const FleetStore *m_store;
    FleetTreeModel *m_model;
    bool m_notReportedShown = false;
    QComboBox *m_grouping;
    QTreeView *m_tree;
    std::optional<QStringList> m_pendingGroup;
    bool m_choosingGroup = false;
    int m_appliedChoice = 0;
};

} // namespace fleetscope
