#pragma once

#include "membercommand.h"

#include <QAbstractTableModel>
#include <QList>

namespace fleetscope {

// The members of one "Run on selected…" as a table: cluster, exit code (or what
// happened instead), duration and the first line of output. Rows are the members
// in the order given; a row changes as its result arrives.
class MemberRunModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberRunModel)

public:
    enum Column { ClusterColumn, ExitCodeColumn, DurationColumn, FirstLineColumn, ColumnCount };

    explicit MemberRunModel(QObject *parent = nullptr);

    // Starts over with these members, none run yet.
    void reset(const QStringList &clusters);
    void setRunning(int row);
    void setResult(int row, const MemberCommandResult &result);
    const MemberCommandResult &result(int row) const { return m_rows.at(row).result; }

    // Every row as tab-separated text with a header line (copy), or as JSON
    // ({"items":[…]} as `fleetscope exec -o json` prints it).
    QString tsv() const;
    QByteArray json() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    enum class State { Waiting, Running, Done };
    struct Row
    {
        State state = State::Waiting;
        MemberCommandResult result;
    };
    QString exitText(const Row &row) const;

    QList<Row> m_rows;
};

} // namespace fleetscope
