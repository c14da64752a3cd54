#include "actionwalker.h"

#include <QHash>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDeadlineTimer>
#include <QDialog>
#include <QFileDialog>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QWidgetAction>
#include <QTreeView>

#include <algorithm>
#include <functional>

namespace fleetscope::testing {
namespace {

QString describe(const QWidget *widget)
{
    if (!widget)
        return QStringLiteral("(none)");
    QString text = QString::fromLatin1(widget->metaObject()->className());
    if (!widget->objectName().isEmpty())
        text += u'#' + widget->objectName();
    if (widget->isWindow() && !widget->windowTitle().isEmpty())
        text += QStringLiteral(" \"%1\"").arg(widget->windowTitle());
    return text;
}

// Dialogs are told apart by name where they have one (two QMessageBoxes are two dialogs).
QString dialogKey(const QWidget *dialog)
{
    return dialog->objectName().isEmpty() ? QString::fromLatin1(dialog->metaObject()->className()) : dialog->objectName();
}

QString plainText(const QAction *action)
{
    QString text = action->text();
    text.remove(u'&');
    return text;
}

// Expanded rows of a tree, as "parent/child" display texts (groups are few).
void expandedRows(const QTreeView *tree, const QModelIndex &parent, const QString &prefix, QStringList *out)
{
    const QAbstractItemModel *model = tree->model();
    const int rows = std::min(model->rowCount(parent), 200);
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        if (!tree->isExpanded(index))
            continue;
        const QString path = prefix + u'/' + index.data().toString();
        out->append(path);
        expandedRows(tree, index, path, out);
    }
}

// A menu entry by its texts from the menu down through submenus, joined by '\x1f'.
QAction *findEntry(const QMenu *menu, const QString &path)
{
    const QStringList parts = path.split(QChar(0x1f));
    const QMenu *level = menu;
    for (int i = 0; level && i < parts.size(); ++i) {
        QAction *found = nullptr;
        for (QAction *action : level->actions()) {
            if (action->text() == parts[i])
                found = action;
        }
        if (!found || i + 1 == parts.size())
            return found;
        level = found->menu();
    }
    return nullptr;
}

void entryPaths(const QMenu *menu, const QString &prefix, QStringList *out)
{
    for (QAction *action : menu->actions()) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        const QString path = prefix.isEmpty() ? action->text() : prefix + QChar(0x1f) + action->text();
        if (action->menu())
            entryPaths(action->menu(), path, out);
        else
            out->append(path);
    }
}

bool isOwnWidget(const QWidget *widget)
{
    return QByteArray(widget->metaObject()->className()).startsWith("fleetscope::");
}

} // namespace

struct ActionWalker::State
{
    QStringList topLevels;
    QString focus;
    QString clipboard;
    QString statusMessage;
    QStringList settings;
    QStringList views;
    QStringList tabs;
    QStringList shown;
    QStringList texts;
    QString windowState;
    QStringList extra;
};

ActionWalker::ActionWalker(QMainWindow *window)
    : m_window(window)
{
}

void ActionWalker::answerDialog(const QString &classOrObjectName, DialogAnswer answer)
{
    m_answers.append({classOrObjectName, std::move(answer)});
}

bool ActionWalker::skipped(const QString &path, const QString &text) const
{
    return m_skipped.contains(path) || m_skipped.contains(text);
}

ActionWalker::State ActionWalker::capture() const
{
    State s;
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (top->isVisible() && !qobject_cast<QMenu *>(top) && top->windowType() != Qt::ToolTip)
            s.topLevels << describe(top);
    }
    s.topLevels.sort();
    s.focus = describe(QApplication::focusWidget());
    s.clipboard = QApplication::clipboard()->text();
    s.statusMessage = m_window->statusBar()->currentMessage();
    QSettings settings;
    for (const QString &key : settings.allKeys()) {
        // The window's own geometry and splitter are saved as it moves: no action's doing.
        if (!key.startsWith(u"window/"))
            s.settings << key + u'=' + settings.value(key).toString();
    }
    for (QAbstractItemView *view : m_window->findChildren<QAbstractItemView *>()) {
        if (!view->isVisible() || !view->model())
            continue;
        const QModelIndex current = view->currentIndex();
        // What the current row says, every column: an action on it (an access
        // check, a rename) shows there.
        QStringList cells;
        for (int column = 0; current.isValid() && column < view->model()->columnCount(current.parent()); ++column)
            cells << current.siblingAtColumn(column).data().toString();
        QString line = describe(view) + QStringLiteral(" [") + cells.join(u'|') + QStringLiteral("]") + QStringLiteral(" current=%1 col=%2 selected=%3")
                                            .arg(current.isValid() ? current.siblingAtColumn(0).data().toString() : QString())
                                            .arg(current.column())
                                            .arg(view->selectionModel() ? view->selectionModel()->selectedRows().size() : 0);
        QHeaderView *header = nullptr;
        if (auto *tree = qobject_cast<QTreeView *>(view)) {
            QStringList expanded;
            expandedRows(tree, {}, QString(), &expanded);
            line += QStringLiteral(" expanded=") + expanded.join(u',');
            header = tree->header();
        } else if (auto *table = qobject_cast<QTableView *>(view)) {
            header = table->horizontalHeader();
        }
        if (header && !header->isHidden()) {
            QStringList hidden;
            for (int i = 0; i < header->count(); ++i) {
                if (header->isSectionHidden(i))
                    hidden << QString::number(i);
            }
            line += QStringLiteral(" columns=%1 hidden=%2 sort=%3%4")
                        .arg(header->count())
                        .arg(hidden.join(u','))
                        .arg(header->sortIndicatorSection())
                        .arg(header->sortIndicatorOrder() == Qt::AscendingOrder ? u'+' : u'-');
        }
        s.views << line;
    }
    for (QTabWidget *tabs : m_window->findChildren<QTabWidget *>()) {
        if (tabs->isVisible())
            s.tabs << describe(tabs) + u'=' + tabs->tabText(tabs->currentIndex());
    }
    for (QWidget *widget : m_window->findChildren<QWidget *>()) {
        // Named widgets that come and go: overlays, progress, banners, panes (the
        // focus ring follows the focus, which is compared on its own).
        if (!widget->objectName().isEmpty() && !widget->objectName().startsWith(u"qt_") && widget->isVisible()
            && widget->objectName() != u"focusRing")
            s.shown << describe(widget);
        if (auto *edit = qobject_cast<QLineEdit *>(widget); edit && edit->isVisible())
            s.texts << describe(edit) + u'=' + edit->text();
    }
    s.windowState = QString::number(int(m_window->windowState()));
    if (m_extra)
        s.extra = m_extra();
    return s;
}

QString ActionWalker::difference(const State &a, const State &b) const
{
    QStringList changes;
    const auto compare = [&changes](const QString &what, const QStringList &x, const QStringList &y) {
        if (x != y)
            changes << what;
    };
    compare(QStringLiteral("windows"), a.topLevels, b.topLevels);
    // Focus that merely leaves the window (a closed dialog deactivates it on some
    // platforms) is not something an action did.
    if (a.focus != b.focus && b.focus != QStringLiteral("(none)"))
        changes << QStringLiteral("focus %1 -> %2").arg(a.focus, b.focus);
    if (a.clipboard != b.clipboard)
        changes << QStringLiteral("clipboard");
    if (a.statusMessage != b.statusMessage)
        changes << QStringLiteral("status message");
    compare(QStringLiteral("settings"), a.settings, b.settings);
    compare(QStringLiteral("views"), a.views, b.views);
    compare(QStringLiteral("tabs"), a.tabs, b.tabs);
    if (a.shown != b.shown) {
        QStringList appeared, gone;
        for (const QString &w : b.shown) {
            if (!a.shown.contains(w))
                appeared << w;
        }
        for (const QString &w : a.shown) {
            if (!b.shown.contains(w))
                gone << w;
        }
        changes << QStringLiteral("shown +[%1] -[%2]").arg(appeared.join(u','), gone.join(u','));
    }
    compare(QStringLiteral("texts"), a.texts, b.texts);
    if (a.windowState != b.windowState)
        changes << QStringLiteral("window state");
    compare(QStringLiteral("engine"), a.extra, b.extra);
    return changes.join(QStringLiteral(", "));
}

bool ActionWalker::answerDefault(QWidget *dialog)
{
    for (const auto &[name, answer] : std::as_const(m_answers)) {
        if (name == dialog->objectName() || name == QLatin1String(dialog->metaObject()->className()))
            return answer(dialog);
    }
    if (auto *box = qobject_cast<QMessageBox *>(dialog)) {
        // The way out a person takes: Cancel, No or Close where there is one.
        if (QAbstractButton *escape = box->escapeButton()) {
            escape->click();
            return true;
        }
    }
    if (auto *asDialog = qobject_cast<QDialog *>(dialog)) {
        asDialog->reject();
        return true;
    }
    dialog->close();
    return true;
}

QStringList ActionWalker::runAnswering(const std::function<void()> &fire, const std::function<bool(QWidget *)> &onDialog)
{
    QStringList seen;
    QList<QPointer<QWidget>> answered;
    const QSet<QWidget *> before = [] {
        QSet<QWidget *> visible;
        for (QWidget *top : QApplication::topLevelWidgets()) {
            if (top->isVisible())
                visible.insert(top);
        }
        return visible;
    }();
    QTimer answerer;
    answerer.setInterval(20);
    QPointer<QWidget> lastPopup;
    int popupTicks = 0;
    QObject::connect(&answerer, &QTimer::timeout, [&] {
        // A popup the action opened (a toolbar button's menu) is closed once it has
        // stayed a while; a context menu the walk opened itself fires at once.
        if (QWidget *popup = QApplication::activePopupWidget()) {
            popupTicks = popup == lastPopup ? popupTicks + 1 : 0;
            lastPopup = popup;
            if (popupTicks >= 5) {
                seen << QStringLiteral("popup ") + describe(popup);
                popup->close();
            }
            return;
        }
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal || answered.contains(modal))
            return;
        answered << modal;
        const QString name = describe(modal);
        seen << QStringLiteral("dialog ") + name;
        if (!m_dialogsSeen.contains(name))
            m_dialogsSeen << name;
        if (!onDialog(modal))
            answerDefault(modal);
    });
    answerer.start();
    fire();
    // Let what the action started show itself (a queued dialog, a window, a
    // state): at least a moment, and up to a second and a half while nothing shows
    // (longer in a sanitized build, which runs several times slower).
    const int slowdown = std::max(1, qEnvironmentVariableIntValue("FLEETSCOPE_TEST_SLOWDOWN"));
    QDeadlineTimer settle(1500 * slowdown);
    QTest::qWait(200 * slowdown);
    while (!settle.hasExpired() && seen.isEmpty() && (!m_changed || !m_changed()))
        QTest::qWait(50);
    answerer.stop();
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (top->isVisible() && !before.contains(top) && !qobject_cast<QMenu *>(top) && top->windowType() != Qt::ToolTip) {
            seen << QStringLiteral("window ") + describe(top);
            if (!m_dialogsSeen.contains(describe(top)))
                m_dialogsSeen << describe(top);
        }
    }
    return seen;
}

void ActionWalker::closeStrayWindows()
{
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (top != m_window && top->isVisible() && !qobject_cast<QMenu *>(top))
            top->close();
    }
    QTest::qWait(20);
}

void ActionWalker::check(const QString &path, QAction *action, const std::function<void()> &fire)
{
    if (!action->isEnabled()) {
        const QString why = action->toolTip() != plainText(action) ? action->toolTip() : action->statusTip();
        if (why.isEmpty() || why == plainText(action))
            m_findings << path + QStringLiteral(": disabled without saying why (no tooltip or status tip)");
        m_walked << path + QStringLiteral(": disabled (") + why + u')';
        return;
    }
    if (m_reset)
        m_reset();
    const State before = capture();
    m_changed = [this, &before] { return !difference(before, capture()).isEmpty(); };
    QString dialogClass;
    const QStringList seen = runAnswering(fire, [&dialogClass](QWidget *dialog) {
        if (dialogClass.isEmpty())
            dialogClass = dialogKey(dialog);
        return false;
    });
    m_changed = nullptr;
    const QString changed = difference(before, capture());
    QStringList effects = seen;
    if (!changed.isEmpty())
        effects << changed;
    m_walked << path + QStringLiteral(": ") + (effects.isEmpty() ? QStringLiteral("nothing") : effects.join(QStringLiteral("; ")));
    if (effects.isEmpty())
        m_findings << path + QStringLiteral(": enabled, but nothing a person can see happened");
    closeStrayWindows();
    if (!dialogClass.isEmpty() && !m_dialogButtonsWalked.contains(dialogClass) && dialogClass != u"QFileDialog")
        walkDialogButtons(path, fire, dialogClass);
}

void ActionWalker::walkDialogButtons(const QString &path, const std::function<void()> &open, const QString &dialogClass)
{
    m_dialogButtonsWalked << dialogClass;
    // The buttons as the dialog first shows them, found in one opening.
    QStringList buttons;
    runAnswering(open, [&](QWidget *dialog) {
        if (dialogKey(dialog) != dialogClass)
            return false;
        for (QAbstractButton *button : dialog->findChildren<QAbstractButton *>()) {
            if (button->isVisible() && !button->text().isEmpty())
                buttons << button->text();
        }
        return false;
    });
    closeStrayWindows();
    for (const QString &text : std::as_const(buttons)) {
        const QString buttonPath = path + QStringLiteral(" > [") + QString(text).remove(u'&') + u']';
        if (skipped(buttonPath, QString(text).remove(u'&')))
            continue;
        if (m_reset)
            m_reset();
        QString outcome;
        const State before = capture();
        const QStringList seen = runAnswering(open, [&](QWidget *dialog) {
            if (dialogKey(dialog) != dialogClass || !outcome.isEmpty())
                return false;
            QAbstractButton *button = nullptr;
            for (QAbstractButton *candidate : dialog->findChildren<QAbstractButton *>()) {
                if (candidate->isVisible() && candidate->text() == text)
                    button = candidate;
            }
            if (!button) {
                outcome = QStringLiteral("gone");
                return false;
            }
            if (!button->isEnabled()) {
                outcome = QStringLiteral("disabled");
                if (button->toolTip().isEmpty() && button->statusTip().isEmpty())
                    m_findings << buttonPath + QStringLiteral(": disabled without saying why");
                return false;
            }
            // What the dialog shows, to tell whether the button changed it.
            const auto look = [dialog = QPointer<QWidget>(dialog)] {
                if (!dialog)
                    return QStringList();
                QStringList parts;
                for (QWidget *child : dialog->findChildren<QWidget *>()) {
                    if (!child->isVisible())
                        continue;
                    parts << describe(child);
                    if (auto *label = qobject_cast<QLabel *>(child))
                        parts << label->text();
                    if (auto *edit = qobject_cast<QLineEdit *>(child))
                        parts << edit->text();
                    if (auto *view = qobject_cast<QAbstractItemView *>(child); view && view->model())
                        parts << QString::number(view->model()->rowCount());
                }
                return parts;
            };
            // Clicked from the event loop, not from inside the walker's answering,
            // so that a dialog the button opens in turn is answered too.
            const QStringList inside = look();
            QPointer<QWidget> guard(dialog);
            QPointer<QAbstractButton> target(button);
            QTimer::singleShot(0, dialog, [&outcome, guard, target, inside, look, this] {
                if (!target)
                    return;
                target->click();
                QTest::qWait(200);
                if (!guard || !guard->isVisible())
                    outcome = QStringLiteral("closed the dialog");
                else if (look() != inside)
                    outcome = QStringLiteral("changed the dialog");
                if (guard && guard->isVisible() && QApplication::activeModalWidget() == guard)
                    answerDefault(guard);
            });
            return true;
        });
        const QString changed = difference(before, capture());
        if (!changed.isEmpty())
            outcome = outcome.isEmpty() ? changed : outcome + QStringLiteral("; ") + changed;
        // The dialog was answered and is gone, but the check inside its event loop did
        // not get to run (a slow, sanitized run): what a person sees is it closing.
        const bool answered = std::any_of(seen.cbegin(), seen.cend(), [&dialogClass](const QString &entry) {
            return entry.startsWith(QLatin1String("dialog ")) && entry.contains(dialogClass);
        });
        if (outcome.isEmpty() && answered) {
            bool stillShown = false;
            for (QWidget *top : QApplication::topLevelWidgets())
                stillShown = stillShown || (top->isVisible() && dialogKey(top) == dialogClass);
            if (!stillShown)
                outcome = QStringLiteral("closed the dialog");
        }
        if (outcome.isEmpty() && seen.size() > 1)
            outcome = seen.mid(1).join(QStringLiteral("; "));
        m_walked << buttonPath + QStringLiteral(": ") + (outcome.isEmpty() ? QStringLiteral("nothing") : outcome);
        if (outcome.isEmpty())
            m_findings << buttonPath + QStringLiteral(": nothing a person can see happened");
        closeStrayWindows();
    }
}

void ActionWalker::collectMenu(QMenu *menu, const QString &path, QList<QPair<QString, QPointer<QAction>>> *out)
{
    // Shown, so that menus built as they open hold what a person sees.
    menu->popup(m_window->mapToGlobal(QPoint(10, 10)));
    QTest::qWait(20);
    const QList<QAction *> actions = menu->actions();
    menu->hide();
    // Alt+letter must reach one item: two items with one mnemonic make the
    // keyboard user press it twice and guess.
    QHash<QChar, QString> mnemonics;
    for (QAction *action : actions) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        const QString text = action->text();
        const qsizetype amp = text.indexOf(u'&');
        if (amp < 0 || amp + 1 >= text.size() || text.at(amp + 1) == u'&')
            continue;
        const QChar key = text.at(amp + 1).toLower();
        if (mnemonics.contains(key))
            m_findings << path + QStringLiteral(": mnemonic '%1' is used by both \"%2\" and \"%3\"")
                                     .arg(key, mnemonics.value(key), plainText(action));
        else
            mnemonics.insert(key, plainText(action));
    }
    for (QAction *action : actions) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        const QString actionPath = path + u'/' + plainText(action);
        if (QMenu *sub = action->menu())
            collectMenu(sub, actionPath, out);
        else
            out->append({actionPath, action});
    }
}

void ActionWalker::collectSpots(const QWidget *within, const QList<QPair<QPointer<QTabWidget>, int>> &tabs,
                                QList<ContextSpot> *out) const
{
    for (QWidget *widget : within->findChildren<QWidget *>()) {
        // Shown and inside the window (offscreen, visibleRegion() is empty).
        const QRect inWindow(widget->mapTo(m_window, QPoint(0, 0)), widget->size());
        if (!widget->isVisible() || !m_window->rect().intersects(inWindow))
            continue;
        const Qt::ContextMenuPolicy policy = widget->contextMenuPolicy();
        if (auto *view = qobject_cast<QAbstractItemView *>(widget)) {
            if (policy != Qt::CustomContextMenu && policy != Qt::DefaultContextMenu)
                continue;
            if (auto *header = qobject_cast<QHeaderView *>(view)) {
                if (policy == Qt::CustomContextMenu)
                    out->append({header->viewport(), QPoint(header->sectionViewportPosition(0) + 5, header->height() / 2),
                                 describe(header), false, tabs});
                continue;
            }
            QWidget *viewport = view->viewport();
            const QModelIndex first = view->model() ? view->model()->index(0, 0) : QModelIndex();
            if (first.isValid())
                out->append({viewport, view->visualRect(first).center(), describe(view) + QStringLiteral(" row"), false, tabs});
            out->append({viewport, QPoint(viewport->width() / 2, viewport->height() - 3),
                         describe(view) + QStringLiteral(" empty"), false, tabs});
            continue;
        }
        // The project's own widgets with a menu of their own (charts, panes).
        if (policy == Qt::CustomContextMenu || (policy == Qt::DefaultContextMenu && isOwnWidget(widget)))
            out->append({widget, widget->rect().center(), describe(widget), policy == Qt::DefaultContextMenu, tabs});
    }
}

QList<ActionWalker::ContextSpot> ActionWalker::contextSpots()
{
    QList<ContextSpot> spots;
    // What shows with every tab on its first page, then each other page.
    const QList<QTabWidget *> tabWidgets = m_window->findChildren<QTabWidget *>();
    for (QTabWidget *tabs : tabWidgets)
        tabs->setCurrentIndex(0);
    QTest::qWait(20);
    collectSpots(m_window, {}, &spots);
    spots.removeIf([&tabWidgets](const ContextSpot &spot) {
        // Pages other than the first are walked below, with their tab chosen.
        for (QTabWidget *tabs : tabWidgets) {
            for (int page = 0; page < tabs->count(); ++page) {
                if (tabs->widget(page)->isAncestorOf(spot.widget))
                    return page != 0;
            }
        }
        return false;
    });
    for (QTabWidget *tabs : tabWidgets) {
        for (int page = 1; page < tabs->count(); ++page) {
            tabs->setCurrentIndex(page);
            QTest::qWait(50);
            collectSpots(tabs->widget(page), {{tabs, page}}, &spots);
        }
        tabs->setCurrentIndex(0);
    }
    return spots;
}

void ActionWalker::showSpot(const ContextSpot &spot)
{
    if (m_reset)
        m_reset();
    for (const auto &[tabs, page] : spot.tabs) {
        if (tabs)
            tabs->setCurrentIndex(page);
    }
    QTest::qWait(20);
}

void ActionWalker::openMenuAt(const ContextSpot &spot, const std::function<void(QMenu *)> &look)
{
    if (!spot.widget)
        return;
    // Once the menu is up (QMenu::exec blocks in the event), look at it and close it.
    QTimer poll;
    poll.setInterval(10);
    int ticks = 0;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
            poll.stop();
            look(menu);
            menu->close();
        } else if (++ticks > 50) {
            poll.stop(); // no menu here
        }
    });
    poll.start();
    QContextMenuEvent event(QContextMenuEvent::Mouse, spot.position, spot.widget->mapToGlobal(spot.position));
    QApplication::sendEvent(spot.widget, &event);
    while (poll.isActive())
        QTest::qWait(10);
}

QStringList ActionWalker::contextMenuTexts(const ContextSpot &spot)
{
    QStringList texts;
    openMenuAt(spot, [&texts](QMenu *menu) { entryPaths(menu, QString(), &texts); });
    return texts;
}

void ActionWalker::walk()
{
    if (m_reset)
        m_reset();
    // Menu bar and toolbars.
    QList<QPair<QString, QPointer<QAction>>> actions;
    for (QAction *top : m_window->menuBar()->actions()) {
        if (QMenu *menu = top->menu())
            collectMenu(menu, QStringLiteral("menu ") + plainText(top), &actions);
    }
    for (QToolBar *bar : m_window->findChildren<QToolBar *>()) {
        for (QAction *action : bar->actions()) {
            // A widget placed in a toolbar (a slider, a date field) is used, not
            // triggered; what it does is in the menus too, walked there.
            if (action->isSeparator() || !action->isVisible() || qobject_cast<QWidgetAction *>(action))
                continue;
            if (QMenu *menu = action->menu())
                collectMenu(menu, QStringLiteral("toolbar ") + plainText(action), &actions);
            else
                actions.append({QStringLiteral("toolbar ") + plainText(action), action});
        }
    }
    // Widgets that carry their actions as their context menu (hub chips). The walk
    // itself can rebuild such a widget (a hub removed, then added back by the
    // reset): its action is then found again, by the widget's place among the
    // widgets alike and the action's text.
    QList<std::function<QAction *()>> findAgain(actions.size());
    const auto actionWidgets = [this](const QString &kind) {
        QList<QWidget *> widgets;
        for (QWidget *widget : m_window->findChildren<QWidget *>()) {
            if (widget->contextMenuPolicy() == Qt::ActionsContextMenu && widget->isVisible() && describe(widget) == kind)
                widgets << widget;
        }
        return widgets;
    };
    QHash<QString, int> placeOfKind;
    for (QWidget *widget : m_window->findChildren<QWidget *>()) {
        if (widget->contextMenuPolicy() != Qt::ActionsContextMenu || !widget->isVisible())
            continue;
        const QString kind = describe(widget);
        const int place = placeOfKind[kind]++;
        for (QAction *action : widget->actions()) {
            if (action->isSeparator())
                continue;
            actions.append({QStringLiteral("context ") + kind + u'/' + plainText(action), action});
            findAgain.append([actionWidgets, kind, place, text = plainText(action)]() -> QAction * {
                const QList<QWidget *> widgets = actionWidgets(kind);
                if (place >= widgets.size())
                    return nullptr;
                for (QAction *candidate : widgets[place]->actions()) {
                    if (plainText(candidate) == text)
                        return candidate;
                }
                return nullptr;
            });
        }
    }
    for (qsizetype i = 0; i < actions.size(); ++i) {
        const QString &path = actions[i].first;
        QPointer<QAction> action = actions[i].second;
        const std::function<QAction *()> again = findAgain[i];
        if (!action && again)
            action = again();
        if (!action || skipped(path, plainText(action)))
            continue;
        check(path, action, [guard = action, again] {
            QAction *target = guard ? guard.data() : (again ? again() : nullptr);
            if (target)
                target->trigger();
        });
    }
    // Context menus built as they open: each action from a fresh opening, since a
    // menu's actions may die with it.
    const QList<ContextSpot> spots = contextSpots();
    QList<QStringList> menusSeen;
    for (const ContextSpot &spot : spots) {
        showSpot(spot);
        const QStringList texts = contextMenuTexts(spot);
        m_walked << QStringLiteral("menu at ") + spot.name + QStringLiteral(": %1 entries").arg(texts.size());
        // A widget that passes the event on shows its parent's menu: walked there already.
        if (spot.propagates && menusSeen.contains(texts))
            continue;
        menusSeen << texts;
        for (const QString &text : texts) {
            const QString shown = QString(text).remove(u'&').replace(QChar(0x1f), u'/');
            const QString path = QStringLiteral("context ") + spot.name + u'/' + shown;
            if (skipped(path, shown))
                continue;
            // Found again in a new opening, so that enabled and tooltip are as the person sees them.
            QPointer<QAction> found;
            bool enabled = false;
            QString why;
            if (!spot.widget)
                break;
            showSpot(spot);
            openMenuAt(spot, [&](QMenu *menu) {
                if (QAction *action = findEntry(menu, text)) {
                    found = action;
                    enabled = action->isEnabled();
                    why = action->toolTip() != plainText(action) ? action->toolTip() : action->statusTip();
                }
            });
            if (!found && !enabled && why.isEmpty()) {
                // The menu changed between openings (a live fleet): nothing to judge.
                continue;
            }
            if (!enabled) {
                if (why.isEmpty())
                    m_findings << path + QStringLiteral(": disabled without saying why (no tooltip or status tip)");
                m_walked << path + QStringLiteral(": disabled (") + why + u')';
                continue;
            }
            const ContextSpot at = spot;
            const auto fire = [at, text] {
                QTimer::singleShot(0, [text] {
                    if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
                        if (QAction *action = findEntry(menu, text)) {
                            // As a click does: the menu closes, then the action fires.
                            menu->hide();
                            action->trigger();
                            return;
                        }
                        menu->close();
                    }
                });
                if (!at.widget)
                    return;
                QContextMenuEvent event(QContextMenuEvent::Mouse, at.position, at.widget->mapToGlobal(at.position));
                QApplication::sendEvent(at.widget, &event);
            };
            showSpot(spot);
            const State before = capture();
            m_changed = [this, &before] { return !difference(before, capture()).isEmpty(); };
            QString dialogClass;
            const QStringList seen = runAnswering(fire, [&dialogClass](QWidget *dialog) {
                if (dialogClass.isEmpty())
                    dialogClass = dialogKey(dialog);
                return false;
            });
            m_changed = nullptr;
            const QString changed = difference(before, capture());
            QStringList effects;
            for (const QString &item : seen) {
                if (!item.startsWith(u"popup "))
                    effects << item;
            }
            if (!changed.isEmpty())
                effects << changed;
            m_walked << path + QStringLiteral(": ") + (effects.isEmpty() ? QStringLiteral("nothing") : effects.join(QStringLiteral("; ")));
            if (effects.isEmpty())
                m_findings << path + QStringLiteral(": enabled, but nothing a person can see happened");
            closeStrayWindows();
            // Qt's own file dialog is answered, not walked.
            if (!dialogClass.isEmpty() && !m_dialogButtonsWalked.contains(dialogClass) && dialogClass != u"QFileDialog")
                walkDialogButtons(path, [this, spot, fire] { showSpot(spot); fire(); }, dialogClass);
        }
    }
}

} // namespace fleetscope::testing
