#include "panecycler.h"

#include <QAction>
#include <QApplication>
#include <QWidget>

namespace fleetscope {

PaneCycler::PaneCycler(QWidget *window)
    : QObject(window)
    , m_next(new QAction(tr("&Next pane"), this))
    , m_previous(new QAction(tr("Pre&vious pane"), this))
{
    setObjectName(QStringLiteral("paneCycler"));
    m_next->setObjectName(QStringLiteral("nextPaneAction"));
    m_previous->setObjectName(QStringLiteral("previousPaneAction"));
    m_next->setShortcuts({QKeySequence(Qt::Key_F6), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    m_previous->setShortcuts({QKeySequence(Qt::SHIFT | Qt::Key_F6), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab),
                              QKeySequence(Qt::CTRL | Qt::Key_Backtab)});
    m_next->setStatusTip(tr("Move the keyboard focus to the next pane"));
    m_previous->setStatusTip(tr("Move the keyboard focus to the previous pane"));
    // Window-wide, so that they work from every widget, item views included.
    for (QAction *action : {m_next, m_previous})
        action->setShortcutContext(Qt::WindowShortcut);
    connect(m_next, &QAction::triggered, this, [this] { cycle(1); });
    connect(m_previous, &QAction::triggered, this, [this] { cycle(-1); });
}

void PaneCycler::addPane(QWidget *area, std::function<void()> focus)
{
    m_panes.append({area, std::move(focus)});
}

void PaneCycler::replaceArea(QWidget *from, QWidget *to)
{
    for (Pane &pane : m_panes) {
        if (pane.area == from)
            pane.area = to;
    }
}

int PaneCycler::currentPane() const
{
    const QWidget *focused = QApplication::focusWidget();
    for (qsizetype i = 0; i < m_panes.size(); ++i) {
        if (focused && (focused == m_panes[i].area || m_panes[i].area->isAncestorOf(focused)))
            return int(i);
    }
    return -1;
}

void PaneCycler::cycle(int step)
{
    const int count = int(m_panes.size());
    if (count == 0)
        return;
    const int current = currentPane();
    int pane = current < 0 ? (step > 0 ? -1 : count) : current;
    for (int tried = 0; tried < count; ++tried) {
        pane = (pane + step + count) % count;
        const Pane &candidate = m_panes[pane];
        if (!candidate.area->isVisible() || candidate.area->width() == 0 || candidate.area->height() == 0)
            continue;
        if (candidate.focus) {
            candidate.focus();
            return;
        }
        // The first widget inside the area that takes Tab focus.
        for (QWidget *w = candidate.area->nextInFocusChain(); w && w != candidate.area; w = w->nextInFocusChain()) {
            if (!candidate.area->isAncestorOf(w))
                continue;
            if (w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus)) {
                w->setFocus(Qt::TabFocusReason);
                return;
            }
        }
    }
}

} // namespace fleetscope
