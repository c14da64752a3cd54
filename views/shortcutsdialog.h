#pragma once

#include <QDialog>

class QTreeWidget;

namespace fleetscope {

// Help → Keyboard shortcuts: every action of the window that has a shortcut,
// found at the moment the dialog opens (menus, the table's and the tree's
// context actions), so the list never falls behind the code.
class ShortcutsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutsDialog)

public:
    explicit ShortcutsDialog(QWidget *window, QWidget *parent = nullptr);

    // "Ctrl+F\tFilter clusters" lines, in display order (for tests and copying).
    QStringList entries() const;

private:
    QTreeWidget *m_list;
};

} // namespace fleetscope
