#pragma once

#include "history/fleethistoryreader.h"

#include <QWidget>

class QDateTimeEdit;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;
class QToolButton;

namespace fleetscope {

class FleetTimeMachine;
class TimeTravel;

// The window's time control: a slider over the recorded range (its right end
// is now, live), a date and time field for an exact moment, Now, and the
// Changes list's button. Moving either asks TimeTravel for that moment; what it
// shows moves them back (a moment asked while another was being read shows
// when it arrives).
class TimeTravelBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimeTravelBar)

public:
    TimeTravelBar(TimeTravel *travel, FleetTimeMachine *machine, QWidget *parent = nullptr);

    QToolButton *changesButton() const { return m_changes; }
    QString rangeText() const;
    // The recorded range the slider spans (0 while nothing is recorded).
    qint64 rangeStart() const { return m_start; }
    // Asks the history for the hubs' recorded range again.
    void refreshRange();
    // The slider's moment for a value, and back.
    qint64 momentOf(int value) const;
    int valueOf(qint64 moment) const;
    // Whether the history holds a past of the window's hubs to go to.
    bool hasPast() const { return m_start > 0; }
    // Shows the moment `ms` after the one shown (now while live), kept within
    // the recorded range; past now is live.
    void moveBy(qint64 ms);
    // The date and time field, focused with its text selected for typing.
    void focusTimeField();

signals:
    // The recorded range changed (or became known, or unavailable).
    void rangeChanged();

private:
    void setRanges(const QList<FleetHistoryReader::HubRange> &ranges, const QString &error);
    void updateSpan();
    void showValue(qint64 moment);
    void askFor(qint64 moment);
    void askForFieldMoment();
    void showInField(qint64 moment);

    TimeTravel *m_travel;
    FleetTimeMachine *m_machine;
    QLabel *m_title;
    QSlider *m_slider;
    QDateTimeEdit *m_time;
    QPushButton *m_now;
    QToolButton *m_changes;
    QLabel *m_range;
    QTimer *m_tick;
    // Arrows, the wheel and typing change the field a step at a time: the moment
    // is read once the steps pause.
    QTimer *m_fieldSettled;
    qint64 m_start = 0; // the oldest recorded moment of the window's hubs
    int m_ticks = 0;
    bool m_updating = false;
};

} // namespace fleetscope
