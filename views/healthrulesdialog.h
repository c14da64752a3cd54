#pragma once

#include "fleet/filter/healthrules.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace fleetscope {

// View → Health rules…: edits which conditions decide each manager's health
// (HealthRules). One row per `x-k8s.io/cluster-manager` (the row without one is the
// default), and when a cluster is unhealthy, unknown and healthy, each in the filter
// language's condition terms. Problems are shown as the user types; OK takes only
// rules that compile.
class HealthRulesDialog final : public QDialog
{
    Q_OBJECT

public:
    HealthRulesDialog(const HealthRules &rules, QWidget *parent = nullptr);

    // The edited rules; valid once accept() went through.
    HealthRules rules() const { return m_rules; }

    void accept() override;

private:
    void fill(const QList<HealthRules::Rule> &rules);
    void addRow(const HealthRules::Rule &rule);
    QList<HealthRules::Rule> rows() const;
    // Compiles the table into m_rules; shows the problems, if any.
    bool check();

    QTableWidget *m_table;
    QLabel *m_problems;
    HealthRules m_rules;
};

} // namespace fleetscope
