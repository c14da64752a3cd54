#include "resourcetablemodel.h"

#include "resourceengine.h"

#include "api/kubetime.h"

#include <QDateTime>
#include <QRegularExpression>

#include <algorithm>

namespace fleetscope {
namespace {

// "5d3h", "45s", "2y": what Age and Last Seen cells hold, in seconds; -1 if not one.
qint64 durationSeconds(QStringView text)
{
    if (text.isEmpty())
        return -1;
    qint64 total = 0;
    qint64 number = -1;
    for (const QChar c : text) {
        if (c.isDigit()) {
            number = (number < 0 ? 0 : number * 10) + c.digitValue();
            continue;
        }
        if (number < 0)
            return -1;
        switch (c.unicode()) {
        case 'y':
            total += number * 365 * 86400;
            break;
        case 'd':
            total += number * 86400;
            break;
        case 'h':
            total += number * 3600;
            break;
        case 'm':
            total += number * 60;
            break;
        case 's':
            total += number;
            break;
        default:
            return -1;
        }
        number = -1;
    }
    return number < 0 ? total : -1;
}

// "3 (5m ago)", "12": a count that leads the cell.
bool leadingInteger(QStringView text, qint64 *out)
{
    qsizetype digits = 0;
    while (digits < text.size() && digits < 18 && text[digits].isDigit())
        ++digits;
    if (digits == 0 || (digits < text.size() && text[digits] != u' '))
        return false;
    *out = text.left(digits).toLongLong();
    return true;
}

// A key that sorts as the value would, inside a cluster's group: numbers before
// text, numbers by value (as fixed-width digits).
QString groupedKey(const QString &cluster, const QVariant &value)
{
    QString key = cluster + QChar(0x1f);
    if (value.typeId() == QMetaType::LongLong || value.typeId() == QMetaType::Double) {
        const double number = value.toDouble();
        return key + u'0' + QString::number(qint64(number) + (qint64(1) << 62)).rightJustified(20, u'0');
    }
    return key + u'1' + value.toString();
}

} // namespace

ResourceTableModel::ResourceTableModel(ResourceEngine *engine, QObject *parent)
    : QAbstractTableModel(parent)
    , m_engine(engine)
{
    connect(engine, &ResourceEngine::started, this, &ResourceTableModel::reset);
    connect(engine, &ResourceEngine::memberDelta, this, &ResourceTableModel::applyDelta);
    connect(engine, &ResourceEngine::kindResolved, this, [this] {
        const bool namespaced = m_engine->namespaced();
        if (namespaced == m_showNamespace)
            return;
        // Before any row: the kind is known before its first list arrives.
        beginResetModel();
        m_showNamespace = namespaced;
        endResetModel();
    });
    connect(engine, &ResourceEngine::memberStateChanged, this, [this](int member) {
        // Rows of a member that stopped (or started again) being live change their
        // look; a live member's count moving changes nothing here.
        const MemberState &state = m_engine->state(member);
        const bool stale = state.phase != MemberState::Phase::Live && state.phase != MemberState::Phase::Listed;
        if (m_stale.value(member, false) == stale)
            return;
        m_stale.insert(member, stale);
        const auto keys = m_byKey.value(member);
        if (keys.isEmpty())
            return;
        int first = rowCount();
        int last = -1;
        for (const Entry *entry : keys) {
            first = qMin(first, entry->index);
            last = qMax(last, entry->index);
        }
        emit dataChanged(index(first, 0), index(last, columnCount() - 1), {Qt::ForegroundRole, StaleRole});
    });
    // Ages grow: repaint them (their sort keys, creation times, stay put).
    m_ageTimer.setInterval(30'000);
    connect(&m_ageTimer, &QTimer::timeout, this, &ResourceTableModel::refreshAges);
    m_ageTimer.start();
}

ResourceTableModel::~ResourceTableModel() = default;

void ResourceTableModel::reset()
{
    beginResetModel();
    m_rows.clear();
    m_byKey.clear();
    m_stale.clear();
    m_columns = ColumnUnion();
    m_showNamespace = true;
    endResetModel();
}

int ResourceTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResourceTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : firstServerColumn() + m_columns.count();
}

bool ResourceTableModel::isWideColumn(int section) const
{
    const int column = section - firstServerColumn();
    return column >= 0 && column < m_columns.count() && m_columns.columns()[column].priority != 0;
}

bool ResourceTableModel::isAgeColumn(int unionColumn) const
{
    const TableColumn &column = m_columns.columns()[unionColumn];
    return column.name.compare(QLatin1String("Age"), Qt::CaseInsensitive) == 0;
}

QString ResourceTableModel::cellText(const Entry &entry, int column) const
{
    if (column == ClusterColumn)
        return m_engine->member(entry.member).label();
    if (m_showNamespace && column == 1)
        return entry.row->metadata.namespaceName.toString();
    const int unionColumn = column - firstServerColumn();
    if (isAgeColumn(unionColumn) && entry.row->metadata.creationTimestamp)
        return humanDuration(QDateTime::currentMSecsSinceEpoch() - entry.row->metadata.creationTimestamp);
    return m_columns.cell(entry.member, *entry.row, unionColumn, QDateTime::currentMSecsSinceEpoch());
}

QVariant ResourceTableModel::sortValue(const Entry &entry, int column) const
{
    QVariant value;
    const int unionColumn = column - firstServerColumn();
    if (unionColumn >= 0 && isAgeColumn(unionColumn) && entry.row->metadata.creationTimestamp) {
        // By creation time, younger first: the key never changes as the age grows.
        value = QVariant(qint64(-entry.row->metadata.creationTimestamp / 1000));
    } else {
        const QString text = cellText(entry, column);
        qint64 number = 0;
        const qint64 seconds = column >= firstServerColumn() ? durationSeconds(text) : -1;
        if (seconds >= 0)
            value = QVariant(seconds);
        else if (column >= firstServerColumn() && leadingInteger(text, &number))
            value = QVariant(number);
        else
            value = text;
    }
    if (!m_group)
        return value;
    return groupedKey(m_engine->member(entry.member).label(), value);
}

QVariant ResourceTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return QVariant();
    const Entry &entry = *m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return cellText(entry, index.column());
    case SortRole:
        return sortValue(entry, index.column());
    case MemberRole:
        return entry.member;
    case NamespaceRole:
        return entry.row->metadata.namespaceName.toString();
    case NameRole:
        return entry.row->metadata.name;
    case StaleRole: {
        const MemberState &state = m_engine->state(entry.member);
        return state.phase != MemberState::Phase::Live && state.phase != MemberState::Phase::Listed;
    }
    case Qt::ToolTipRole:
        if (index.column() == ClusterColumn)
            return m_engine->state(entry.member).summary();
        return QVariant();
    default:
        return QVariant();
    }
}

QVariant ResourceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        if (section == ClusterColumn)
            return tr("Cluster");
        if (m_showNamespace && section == 1)
            return tr("Namespace");
        return m_columns.columns()[section - firstServerColumn()].name;
    }
    if (role == Qt::ToolTipRole && section >= firstServerColumn())
        return m_columns.columns()[section - firstServerColumn()].name;
    return QVariant();
}

void ResourceTableModel::setGroupByCluster(bool group)
{
    if (group == m_group)
        return;
    m_group = group;
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {SortRole});
}

bool ResourceTableModel::rowContains(int row, const QString &text) const
{
    const Entry &entry = *m_rows[size_t(row)];
    if (entry.row->metadata.name.contains(text, Qt::CaseInsensitive))
        return true;
    for (int column = 0; column < columnCount(); ++column) {
        if (cellText(entry, column).contains(text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

void ResourceTableModel::refreshAges()
{
    if (m_rows.empty())
        return;
    for (int c = 0; c < m_columns.count(); ++c) {
        if (isAgeColumn(c)) {
            const int column = c + firstServerColumn();
            emit dataChanged(index(0, column), index(rowCount() - 1, column), {Qt::DisplayRole});
        }
    }
}

void ResourceTableModel::applyDelta(int member, const ResourceDelta &delta)
{
    if (delta.columnsChanged) {
        const int before = columnCount();
        ColumnUnion next = m_columns;
        const bool grew = next.setMemberColumns(member, delta.columns);
        if (grew) {
            beginInsertColumns(QModelIndex(), before, firstServerColumn() + next.count() - 1);
            m_columns = next;
            endInsertColumns();
        } else {
            m_columns = next;
        }
        const int rows = rowsOf(member);
        if (rows > 0 && !m_rows.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    }
    QHash<QString, Entry *> &keys = m_byKey[member];

    // Removed rows, back to front in runs; then one renumbering pass.
    std::vector<int> removed;
    removed.reserve(size_t(delta.removed.size()));
    for (const QString &key : delta.removed) {
        const auto it = keys.find(key);
        if (it == keys.end())
            continue;
        removed.push_back((*it)->index);
        keys.erase(it);
    }
    if (!removed.empty()) {
        std::sort(removed.begin(), removed.end());
        size_t end = removed.size();
        while (end > 0) {
            size_t start = end - 1;
            while (start > 0 && removed[start - 1] + 1 == removed[start])
                --start;
            beginRemoveRows(QModelIndex(), removed[start], removed[end - 1]);
            m_rows.erase(m_rows.begin() + removed[start], m_rows.begin() + removed[end - 1] + 1);
            endRemoveRows();
            end = start;
        }
        for (int row = removed.front(); row < int(m_rows.size()); ++row)
            m_rows[size_t(row)]->index = row;
    }

    // Changed rows in place; new ones appended in one go.
    std::vector<std::shared_ptr<const ResourceRow>> added;
    for (const auto &row : delta.upserted) {
        const auto it = keys.constFind(row->key());
        if (it == keys.cend()) {
            added.push_back(row);
            continue;
        }
        Entry *entry = *it;
        entry->row = row;
        emit dataChanged(index(entry->index, 0), index(entry->index, columnCount() - 1));
    }
    if (!added.empty()) {
        const int first = rowCount();
        beginInsertRows(QModelIndex(), first, first + int(added.size()) - 1);
        for (auto &row : added) {
            auto entry = std::make_unique<Entry>();
            entry->member = member;
            entry->index = int(m_rows.size());
            entry->row = std::move(row);
            keys.insert(entry->row->key(), entry.get());
            m_rows.push_back(std::move(entry));
        }
        endInsertRows();
    }
}

} // namespace fleetscope
