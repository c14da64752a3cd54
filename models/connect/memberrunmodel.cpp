#include "memberrunmodel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace fleetscope {

MemberRunModel::MemberRunModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void MemberRunModel::reset(const QStringList &clusters)
{
    beginResetModel();
    m_rows.clear();
    for (const QString &cluster : clusters) {
        Row row;
        row.result.cluster = cluster;
        m_rows << row;
    }
    endResetModel();
}

void MemberRunModel::setRunning(int row)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].state = State::Running;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void MemberRunModel::setResult(int row, const MemberCommandResult &result)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].state = State::Done;
    m_rows[row].result = result;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

QString MemberRunModel::exitText(const Row &row) const
{
    const MemberCommandResult &r = row.result;
    switch (row.state) {
    case State::Waiting:
        return tr("waiting");
    case State::Running:
        return tr("running");
    case State::Done:
        break;
    }
    if (r.skipped)
        return tr("skipped");
    if (r.cancelled)
        return tr("cancelled");
    if (r.timedOut)
        return tr("timed out");
    if (!r.started)
        return tr("not run");
    return QString::number(r.exitCode);
}

int MemberRunModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MemberRunModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MemberRunModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const Row &row = m_rows.at(index.row());
    const MemberCommandResult &r = row.result;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case ClusterColumn:
            return r.cluster;
        case ExitCodeColumn:
            return exitText(row);
        case DurationColumn:
            return row.state == State::Done && r.durationMs >= 0 ? tr("%1 s").arg(r.durationMs / 1000.0, 0, 'f', 1) : QString();
        case FirstLineColumn:
            return row.state == State::Done ? (r.firstLine().isEmpty() ? r.error : r.firstLine()) : QString();
        }
    }
    if (role == Qt::TextAlignmentRole && (index.column() == ExitCodeColumn || index.column() == DurationColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant MemberRunModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterColumn:
        return tr("Cluster");
    case ExitCodeColumn:
        return tr("Exit code");
    case DurationColumn:
        return tr("Duration");
    case FirstLineColumn:
        return tr("First line");
    }
    return {};
}

QString MemberRunModel::tsv() const
{
    QStringList lines{QStringList{headerData(ClusterColumn, Qt::Horizontal).toString(),
                                  headerData(ExitCodeColumn, Qt::Horizontal).toString(),
                                  headerData(DurationColumn, Qt::Horizontal).toString(),
                                  headerData(FirstLineColumn, Qt::Horizontal).toString()}
                          .join(u'\t')};
    for (int row = 0; row < m_rows.size(); ++row) {
        QStringList cells;
        for (int column = 0; column < ColumnCount; ++column)
            cells << data(index(row, column)).toString().replace(u'\t', u' ');
        lines << cells.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

QByteArray MemberRunModel::json() const
{
    QJsonArray items;
    for (const Row &row : m_rows)
        items.append(row.result.toJson());
    return QJsonDocument(QJsonObject{{QStringLiteral("items"), items}}).toJson(QJsonDocument::Indented);
}

} // namespace fleetscope
