#pragma once

#include "history/fleetchanges.h"

#include <QWidget>

class QDateTimeEdit;
class QLabel;
class QPushButton;
class QTableView;

namespace fleetscope {

class FleetChangeModel;
class FleetTimeMachine;
class TimeTravel;

// "What changed between T1 and T2": clusters that appeared or left, health
// verdicts that changed (from → to, when, why), placements that chose other
// clusters. Choosing a change shows the fleet at its moment (for a cluster
// that left, just before) and selects that cluster (changeChosen).
class FleetChangesView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetChangesView)

public:
    FleetChangesView(TimeTravel *travel, FleetTimeMachine *machine, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    FleetChangeModel *model() const { return m_model; }
    QString summary() const;
    // Lists the changes from `from` to `to` (0: now).
    void compare(qint64 from, qint64 to);

signals:
    void changeChosen(const fleetscope::FleetChange &change);
    // Every answer, once the list shows it.
    void listed();

private:
    TimeTravel *m_travel;
    FleetTimeMachine *m_machine;
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
    QPushButton *m_show;
    QTableView *m_table;
    FleetChangeModel *m_model;
    QLabel *m_summary;
};

} // namespace fleetscope
