#include "tabswitchkeys.h"

#include <QKeyEvent>
#include <QTabWidget>

namespace fleetscope {

TabSwitchKeys::TabSwitchKeys(QTabWidget *tabs)
    : QObject(tabs)
    , m_tabs(tabs)
{
}

void TabSwitchKeys::install(QTabWidget *tabs)
{
    auto *keys = tabs->findChild<TabSwitchKeys *>(QString(), Qt::FindDirectChildrenOnly);
    if (!keys)
        keys = new TabSwitchKeys(tabs);
    for (int page = 0; page < tabs->count(); ++page) {
        QWidget *widget = tabs->widget(page);
        widget->removeEventFilter(keys);
        widget->installEventFilter(keys);
        for (QWidget *child : widget->findChildren<QWidget *>()) {
            if (child->focusPolicy() != Qt::NoFocus) {
                child->removeEventFilter(keys);
                child->installEventFilter(keys);
            }
        }
    }
}

bool TabSwitchKeys::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride)
        return QObject::eventFilter(watched, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    const bool next = key->key() == Qt::Key_PageDown;
    if (key->modifiers() != Qt::ControlModifier || (!next && key->key() != Qt::Key_PageUp) || m_tabs->count() < 2)
        return QObject::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride) {
        event->accept(); // a key press of ours, not a shortcut elsewhere
        return true;
    }
    const int count = m_tabs->count();
    m_tabs->setCurrentIndex((m_tabs->currentIndex() + (next ? 1 : count - 1)) % count);
    return true;
}

} // namespace fleetscope
