#pragma once

#include <QObject>

namespace fleetscope {

class MainWindow;

// Remembers how the person left the window: geometry and toolbar/dock state
// (`window/geometry`, `window/state`), the splitter between groups, table and
// details (`window/splitter`), the table's column order, widths, hidden
// columns and sort by column (`table/columns`, a HeaderLayout), the tree's
// grouping (`tree/grouping`) and which of Groups and Placements is in front
// (`window/leftTab`). Saved when the window closes, restored by restore();
// explicit command-line choices (--geometry, --filter) are applied after it.
class WindowSettings final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WindowSettings)

public:
    explicit WindowSettings(MainWindow *window);

    // False when nothing was saved yet (first start): the built-in layout stays.
    bool restore();
    void save() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    MainWindow *m_window;
};

} // namespace fleetscope
