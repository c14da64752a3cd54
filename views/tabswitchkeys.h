#pragma once

#include <QObject>

class QTabWidget;

namespace fleetscope {

// Ctrl+PgDown / Ctrl+PgUp switch the tabs of a tab widget from anywhere inside it,
// as in every tabbed application: item views and text views inside the pages
// would otherwise take the keys as page moves of their own.
class TabSwitchKeys final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TabSwitchKeys)

public:
    // Covers the widgets in the pages now; call again after pages change.
    static void install(QTabWidget *tabs);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit TabSwitchKeys(QTabWidget *tabs);
    QTabWidget *m_tabs;
};

} // namespace fleetscope
