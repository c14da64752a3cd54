#pragma once

#include <QObject>
#include <QTimer>

#include <functional>

class QWidget;

namespace fleetscope {

// Runs a function once a window has painted its first frame, so that slow start-up
// work (the demo's hubs) never delays the first sight of the window. A window that
// is shown but never painted (minimised, or a compositor that holds it back) gets
// the work after a deadline all the same. Deletes itself after running, or with
// the window.
class AfterFirstPaint final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AfterFirstPaint)

public:
    static void run(QWidget *window, std::function<void()> then);
    static constexpr int deadlineMs = 1000;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    AfterFirstPaint(QWidget *window, std::function<void()> then);
    void fire();

    std::function<void()> m_then;
    QTimer m_deadline;
    bool m_painted = false;
    bool m_fired = false;
};

} // namespace fleetscope
