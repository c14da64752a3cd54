#pragma once

#include <QPointer>
#include <QWidget>

class QAbstractScrollArea;

namespace fleetscope {

// A ring in the highlight colour around the list, table, tree or text that has the
// keyboard focus. Styles mark a focused line edit or button, but not which of
// several item views has the focus (the selected row looks the same in all of
// them, in the dark palette especially), so a person moving with F6 and Tab
// would lose track. One per window; it follows QApplication::focusChanged and
// lies over the focused view without taking mouse events.
class FocusRing final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FocusRing)

public:
    explicit FocusRing(QWidget *window);

    // The view the ring is around, or null.
    QAbstractScrollArea *target() const { return m_target; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void follow(QWidget *focused);

    QWidget *m_window;
    QPointer<QAbstractScrollArea> m_target;
};

} // namespace fleetscope
