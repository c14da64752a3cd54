#pragma once

#include "connect/membertarget.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace fleetscope {

class MemberCommandBatch;
class MemberRunModel;

// "Run on selected…": one shell command run on each chosen member, in parallel,
// with KUBECONFIG set to that member's own kubeconfig (as `fleetscope exec`
// runs it). A results table (cluster, exit code, duration, first line), the full
// output of the selected member below it, copy and export of the results. The
// command history is kept in the settings (`run/history`).
class RunDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunDialog)

public:
    RunDialog(QList<MemberTarget> members, const QString &providerFile, QWidget *parent = nullptr);
    ~RunDialog() override;

    QComboBox *commandField() const { return m_command; }
    QTableView *resultsView() const { return m_results; }
    MemberRunModel *model() const { return m_model; }
    bool isRunning() const;

    // Runs the command in the field; false when it is empty or a run is going on.
    bool run();
    void cancel();
    // Writes the results as JSON (`fleetscope exec -o json`); false with `error`.
    bool exportResults(const QString &path, QString *error) const;

    static QStringList history();

signals:
    void runFinished();

protected:
    void reject() override;

private:
    void resetResults();
    void showOutput();
    void updateButtons();
    void rememberCommand(const QString &command);

    QList<MemberTarget> m_members;
    QString m_providerFile;
    QLabel *m_summary;
    QComboBox *m_command;
    QSpinBox *m_parallel;
    QPushButton *m_runButton;
    QPushButton *m_cancelButton;
    QPushButton *m_copyButton;
    QPushButton *m_exportButton;
    QTableView *m_results;
    QPlainTextEdit *m_output;
    MemberRunModel *m_model;
    std::unique_ptr<MemberCommandBatch> m_batch;
};

} // namespace fleetscope
