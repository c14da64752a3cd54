#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace fleetscope {

class TimeTravel;

// Across the top of the window while it shows a recorded moment: when, how
// long ago, that it is not live (live changes keep being recorded), what the
// history said of each hub then, and a way back to now. Whoever places it
// hides it while live (TimeTravelUi).
class TimeTravelBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimeTravelBanner)

public:
    explicit TimeTravelBanner(TimeTravel *travel, QWidget *parent = nullptr);

    QString text() const;
    // As high as the text needs at the width the banner is given (in a toolbar
    // a wrapping label would ask for the height of a narrow guess).
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void update(qint64 at);

    TimeTravel *m_travel;
    QLabel *m_text;
    QPushButton *m_back;
};

} // namespace fleetscope
