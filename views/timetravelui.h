#pragma once

#include <QObject>
#include <QStringList>
#include <QPointer>

#include <memory>

class QAction;
class QModelIndex;
class QDockWidget;
class QMenu;
class QTimer;
class QToolBar;

namespace fleetscope {

class ClusterTableModel;
class FleetChangesView;
class FleetTimeMachine;
class GoneNowColumn;
class MainWindow;
class TimeTravel;
class TimeTravelBanner;
class TimeTravelBar;
struct FleetChange;

// Time travel in the main window, around it rather than in it: the time
// control as a toolbar at the bottom, the banner across the top while a
// moment is shown, the Changes list as a dock, a Time menu (before Help) with
// the same moves from the keyboard, the table's "Now" column for clusters that
// are gone since, ages counted from the moment shown, and the window's title
// saying which moment it is. Deleting it takes all of that out of the window.
class TimeTravelUi final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimeTravelUi)

public:
    TimeTravelUi(MainWindow *window, TimeTravel *travel, FleetTimeMachine *machine);
    ~TimeTravelUi() override;

    QMenu *menu() const { return m_menu; }

    TimeTravelBar *bar() const { return m_bar; }

signals:
    // A change chosen in the list is shown: its moment, its cluster selected.
    void changeShown();

private:
    // The table column of "gone now", or -1 before the first moment shown.
    int goneColumn() const;
    void onMomentShown(qint64 at);
    void onLiveShown();
    void showChange(const FleetChange &change);
    void createMenu();
    // The group tree's chosen group (the table's scope) goes when a moment
    // lacks it; it is chosen again when a moment or the live fleet has it.
    void rememberGroup(const QModelIndex &current);
    void restoreGroup();
    // Enabled as the recorded range and the moment shown allow, each saying why not.
    void updateActions();

    MainWindow *m_window;
    // Gone first when the window goes with this inside it.
    QPointer<ClusterTableModel> m_model;
    TimeTravel *m_travel;
    TimeTravelBar *m_bar;
    TimeTravelBanner *m_banner;
    FleetChangesView *m_changes;
    QDockWidget *m_dock;
    QToolBar *m_barTools;
    QToolBar *m_bannerTools;
    QMenu *m_menu = nullptr;
    QAction *m_goTo = nullptr;
    QAction *m_earlier = nullptr;
    QAction *m_later = nullptr;
    QAction *m_now = nullptr;
    QAction *m_showChanges = nullptr;
    std::unique_ptr<GoneNowColumn> m_gone;
    QTimer *m_goneRefresh;
    QString m_liveTitle;
    QStringList m_groupPath; // names from the tree's root down to the chosen group
    bool m_changingFleet = false; // between TimeTravel::aboutToShow and what it shows
    // The change whose cluster to select once its moment is shown.
    std::unique_ptr<FleetChange> m_pendingChange;
};

} // namespace fleetscope
