#pragma once

#include <QList>
#include <QPoint>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>

class QAction;
class QMainWindow;
class QMenu;
class QTabWidget;
class QWidget;

namespace fleetscope::testing {

// Finds every action a person can reach in a main window at run time and triggers
// each one as a person would, answering the dialogs it opens:
// - the menu bar's and toolbars' actions (submenus walked as they are shown, so
//   menus built in aboutToShow count);
// - the actions of widgets with an actions context menu (the status bar's hub chips);
// - every context menu of the window's views (item views, their headers, the
//   project's own widgets), opened at a row, on an empty area and on a header;
// - the buttons of every dialog those actions open (each in a fresh opening).
// For each, it checks what a person would notice: an enabled action must change
// something (a dialog or window opens, the selection, filter, focus, clipboard,
// status message, settings, a hub's state, a tab...), a disabled one must say why
// in its tooltip or status tip. New actions are covered without editing the test.
class ActionWalker final
{
public:
    // What the walk does with a dialog: reject it (the default), or fill it in and accept.
    using DialogAnswer = std::function<bool(QWidget *dialog)>; // true: handled (accepted or closed)
    // A snapshot of whatever else a person notices (a hub's state, model sizes...).
    using ExtraState = std::function<QStringList()>;
    // Brings the window back to a known state between actions.
    using Reset = std::function<void()>;

    explicit ActionWalker(QMainWindow *window);

    void answerDialog(const QString &classOrObjectName, DialogAnswer answer);
    void setExtraState(ExtraState extra) { m_extra = std::move(extra); }
    void setReset(Reset reset) { m_reset = std::move(reset); }
    // Actions left out, by path or text (say why where you call it).
    void skip(const QString &pathOrText) { m_skipped << pathOrText; }

    // Walks everything; findings are problems a person would meet.
    void walk();
    QStringList findings() const { return m_findings; }
    // Every action walked, "path: effect" (for the log).
    QStringList walked() const { return m_walked; }
    // Dialog classes and titles seen.
    QStringList dialogsSeen() const { return m_dialogsSeen; }

private:
    struct State;
    struct ContextSpot
    {
        QPointer<QWidget> widget; // receives the context menu event
        QPoint position;          // in its coordinates
        QString name;
        bool propagates = false;  // a widget whose menu may be its parent's
        QList<QPair<QPointer<QTabWidget>, int>> tabs; // the tabs that show it
    };

    State capture() const;
    QString difference(const State &before, const State &after) const;
    void collectMenu(QMenu *menu, const QString &path, QList<QPair<QString, QPointer<QAction>>> *out);
    QList<ContextSpot> contextSpots();
    void collectSpots(const QWidget *within, const QList<QPair<QPointer<QTabWidget>, int>> &tabs, QList<ContextSpot> *out) const;
    void showSpot(const ContextSpot &spot);
    QStringList contextMenuTexts(const ContextSpot &spot);
    // Opens the spot's context menu, hands it to `look`, closes it.
    void openMenuAt(const ContextSpot &spot, const std::function<void(QMenu *)> &look);
    // Runs `fire` (which may block in a nested loop) while dialogs and popups are
    // answered; returns what the person saw (dialogs, windows), empty if nothing.
    QStringList runAnswering(const std::function<void()> &fire, const std::function<bool(QWidget *)> &onDialog);
    void check(const QString &path, QAction *action, const std::function<void()> &fire);
    void walkDialogButtons(const QString &path, const std::function<void()> &open, const QString &dialogClass);
    bool skipped(const QString &path, const QString &text) const;
    bool answerDefault(QWidget *dialog);
    void closeStrayWindows();

    QMainWindow *m_window;
    QList<QPair<QString, DialogAnswer>> m_answers;
    ExtraState m_extra;
    Reset m_reset;
    QStringList m_skipped;
    QStringList m_findings;
    QStringList m_walked;
    QStringList m_dialogsSeen;
    QStringList m_dialogButtonsWalked; // dialog classes whose buttons were walked
    std::function<bool()> m_changed;   // while an action runs: has the window changed yet?
};

} // namespace fleetscope::testing
