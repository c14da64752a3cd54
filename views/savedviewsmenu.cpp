#include "savedviewsmenu.h"

#include "fleet/savedviews/savedviewstore.h"

#include <QActionGroup>
#include <QInputDialog>
#include <QMessageBox>

#include <utility>

namespace fleetscope {

SavedViewsMenu::SavedViewsMenu(SavedViewStore *store, Capture capture, QWidget *parent)
    : QMenu(tr("Vie&ws"), parent)
    , m_store(store)
    , m_capture(std::move(capture))
    // Owned by a plain child object, not the menu: QMenu::clear() deletes the
    // actions the menu owns, and these two outlive every rebuild.
    , m_keep(new QObject(this))
    , m_saveAction(new QAction(tr("&Save current view…"), m_keep))
    , m_choices(new QActionGroup(m_keep))
    , m_notifyMenu(new QMenu(tr("&Notify on health changes"), this))
    , m_removeMenu(new QMenu(tr("&Delete view"), this))
{
    setObjectName(QStringLiteral("savedViewsMenu"));
    m_saveAction->setObjectName(QStringLiteral("saveViewAction"));
    m_saveAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_saveAction->setToolTip(tr("Save the filter, grouping, chosen group and columns as a named view"));
    // Not connected to the menu itself: a QMenu drops every connection of an action
    // to it when the action is removed, which rebuild() does each time it opens.
    connect(m_saveAction, &QAction::triggered, m_keep, [this] { askAndSave(); });
    connect(this, &QMenu::aboutToShow, this, &SavedViewsMenu::rebuild);
    // Later, never inside the signal of an action the rebuild deletes (a view's
    // notify toggle or delete entry changes the store).
    connect(m_store, &SavedViewStore::changed, this, &SavedViewsMenu::scheduleRebuild);
    rebuild();
}

void SavedViewsMenu::scheduleRebuild()
{
    if (!std::exchange(m_rebuildPending, true))
        QMetaObject::invokeMethod(this, &SavedViewsMenu::rebuild, Qt::QueuedConnection);
}

void SavedViewsMenu::rebuild()
{
    m_rebuildPending = false;
    clear();
    m_notifyMenu->clear();
    m_removeMenu->clear();
    for (const SavedView &view : m_store->views()) {
        const QString name = view.name;
        QAction *choose = addAction(name);
        choose->setCheckable(true);
        choose->setChecked(name == m_active);
        QString what = view.filter.isEmpty() ? tr("All clusters") : view.filter;
        if (!view.group.isEmpty())
            what += u'\n' + tr("In the group %1").arg(view.group.join(QStringLiteral(" › ")));
        choose->setToolTip(what);
        choose->setStatusTip(choose->toolTip());
        m_choices->addAction(choose);
        connect(choose, &QAction::triggered, this, [this, name] { applyView(name); });
        QAction *toggle = m_notifyMenu->addAction(name);
        toggle->setCheckable(true);
        toggle->setChecked(view.notify);
        connect(toggle, &QAction::toggled, this, [this, name](bool on) {
            if (std::optional<SavedView> stored = m_store->find(name)) {
                stored->notify = on;
                m_store->save(*stored);
            }
        });
        m_removeMenu->addAction(name, this, [this, name] {
            if (m_active == name)
                m_active.clear();
            m_store->remove(name);
        });
    }
    if (m_store->views().isEmpty()) {
        QAction *none = addAction(tr("No saved views yet"));
        none->setEnabled(false);
    }
    addSeparator();
    addAction(m_saveAction);
    addMenu(m_notifyMenu);
    addMenu(m_removeMenu);
    m_notifyMenu->setEnabled(!m_store->views().isEmpty());
    m_removeMenu->setEnabled(!m_store->views().isEmpty());
}

bool SavedViewsMenu::saveCurrentAs(const QString &name)
{
    SavedView view = m_capture();
    view.name = name.trimmed();
    // Keep the notify choice of a view being replaced: saving is about layout.
    if (std::optional<SavedView> previous = m_store->find(view.name))
        view.notify = previous->notify;
    if (!m_store->save(view))
        return false;
    m_active = view.name;
    scheduleRebuild();
    return true;
}

bool SavedViewsMenu::applyView(const QString &name)
{
    const std::optional<SavedView> view = m_store->find(name);
    if (!view)
        return false;
    m_active = name;
    emit applyRequested(*view);
    scheduleRebuild(); // this runs inside the chosen action's signal
    return true;
}

void SavedViewsMenu::askAndSave()
{
    QWidget *owner = parentWidget() ? parentWidget() : this;
    bool ok = false;
    const QString name = QInputDialog::getText(owner, tr("Save view"), tr("Name of the view (filter, grouping, chosen group and columns):"),
                                               QLineEdit::Normal, m_active, &ok)
                             .trimmed();
    if (!ok || name.isEmpty())
        return;
    if (m_store->find(name) && name != m_active) {
        const auto answer = QMessageBox::question(owner, tr("Replace view"),
                                                  tr("A view named \"%1\" exists. Replace it?").arg(name));
        if (answer != QMessageBox::Yes)
            return;
    }
    saveCurrentAs(name);
}

} // namespace fleetscope
