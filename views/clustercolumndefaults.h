#pragma once

#include <QObject>
#include <QHash>
#include <QSet>
#include <QString>

#include <utility>

class QHeaderView;

namespace fleetscope {

class FleetStore;

// The cluster table's first-run columns, in the order, widths and visibility the
// fleet's fields declare (fleetfields.h), chosen so that a 1400 px window with the
// details pane open shows what a person scans for: Name, ControlPlaneHealthy
// (icon and word), Manager, Version and Hub, then ClusterSet, Nodes and the rest.
// Display name starts hidden and appears once the fleet shows that it says more
// than the name (in many fleets it only repeats it); the columns of facts some
// producers do not write hide when no cluster fills them and appear when one
// does; Namespace appears when two clusters of a hub share a name.
//
// Saved layouts win: once a layout is restored (window settings, a saved view),
// keepUserLayout() stops any further change. The one change after start, showing
// Display name, comes with the first clusters, within a second or two.
class ClusterColumnDefaults final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterColumnDefaults)

public:
    ClusterColumnDefaults(QHeaderView *header, const FleetStore *store, QObject *parent = nullptr);

    // Applies the default order, widths and hidden columns.
    void apply();
    void keepUserLayout();
    bool keepsUserLayout() const { return m_userLayout; }

    // Whether the display names of the fleet say more than the names (checked on
    // a bounded sample: the first rows show the pattern of a fleet).
    static bool displayNamesAddInformation(const FleetStore &store);
    // Whether some cluster has a value in `column` (first and newest rows).
    static bool anyFills(const FleetStore &store, int column);
    // Whether two clusters of one hub share a name (in different namespaces).
    static bool namesCollide(const FleetStore &store);
    // namesCollide() over the rows from *checkedRows on, remembering what it saw.
    static bool findNameCollision(const FleetStore &store, QHash<QString, std::pair<int, QString>> *seen,
                                  int *checkedRows);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void checkDisplayNames();
    void checkFilledColumns();
    void fitHubColumn();

    QHeaderView *m_header;
    const FleetStore *m_store;
    bool m_userLayout = false;
    bool m_displayNameDecided = false;
    bool m_fillDecided = false;
    bool m_namespaceShown = false;
    QSet<int> m_hiddenUntilFilled;
    QHash<QString, std::pair<int, QString>> m_namespaceOfName; // name → hub, namespace
    int m_namesChecked = 0;
};

} // namespace fleetscope
