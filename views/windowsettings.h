#pragma once

#include <QObject>

class QMainWindow;
class QSplitter;

namespace fleetscope {

class ClusterTableView;

// Remembers how the person left the window: geometry and toolbar/dock state
// (`window/geometry`, `window/state`), the splitter between groups, table and
// details (`window/splitter`) and the table's column order, widths, hidden
// columns and sort by column (`table/columns`, a HeaderLayout). Saved when the window closes, restored by
// restore(); explicit command-line choices (--geometry) are applied after it.
class WindowSettings final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WindowSettings)

public:
    WindowSettings(QMainWindow *window, QSplitter *splitter, ClusterTableView *table);

    // False when nothing was saved yet (first start): the built-in layout stays.
    bool restore();
    void save() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QMainWindow *m_window;
    QSplitter *m_splitter;
    ClusterTableView *m_table;
};

} // namespace fleetscope
