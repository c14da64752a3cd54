#pragma once

#include "fleet/savedviews/savedview.h"

#include <QMenu>

#include <functional>

class QActionGroup;

namespace fleetscope {

class SavedViewStore;

// The "Views" menu: every saved view to switch to, "Save current view…" (which
// asks for a name and offers to replace a view of the same name), a notify
// toggle and a delete entry per view. Rebuilt each time it opens, so it always
// matches the store (another window may have changed it).
class SavedViewsMenu final : public QMenu
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SavedViewsMenu)

public:
    using Capture = std::function<SavedView()>;

    // `capture` returns the window's current filter, grouping and columns.
    SavedViewsMenu(SavedViewStore *store, Capture capture, QWidget *parent = nullptr);

    // Saves the current state under `name` (no questions asked): for tests and scripts.
    bool saveCurrentAs(const QString &name);
    // Applies the named view; false when there is none.
    bool applyView(const QString &name);

signals:
    void applyRequested(const fleetscope::SavedView &view);

private:
    void rebuild();
    void scheduleRebuild();
    void askAndSave();

    SavedViewStore *m_store;
    Capture m_capture;
    QObject *m_keep;
    QAction *m_saveAction;
    QActionGroup *m_choices;
    QMenu *m_notifyMenu;
    QMenu *m_removeMenu;
    QString m_active;
    bool m_rebuildPending = false;
};

} // namespace fleetscope
