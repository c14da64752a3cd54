#pragma once

#include <QList>
#include <QObject>

#include <functional>

class QAction;
class QWidget;

namespace fleetscope {

// Moves the keyboard focus from pane to pane of a window, as desktop applications
// do with F6 (and, as people coming from browsers and IDEs expect, Ctrl+Tab):
// "Next pane" and "Previous pane" actions for the window's View menu, so that
// the Keyboard shortcuts dialog lists them too. A pane whose area is hidden or
// collapsed by its splitter is skipped. Tabs inside a pane still switch with
// Ctrl+PgUp / Ctrl+PgDown.
class PaneCycler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PaneCycler)

public:
    explicit PaneCycler(QWidget *window);

    // `area` holds the pane's widgets; `focus` puts the focus where typing makes
    // sense in it (null: the area's first widget that takes Tab focus).
    void addPane(QWidget *area, std::function<void()> focus = {});
    // The window put another widget in a pane's place (the details into tabs).
    void replaceArea(QWidget *from, QWidget *to);

    QAction *nextAction() const { return m_next; }
    QAction *previousAction() const { return m_previous; }
    void cycle(int step);

private:
    // The pane holding the focus, or -1.
    int currentPane() const;
    struct Pane
    {
        QWidget *area;
        std::function<void()> focus;
    };

    QList<Pane> m_panes;
    QAction *m_next;
    QAction *m_previous;
};

} // namespace fleetscope
