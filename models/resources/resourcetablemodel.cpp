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
    connect(engine, &ResourceEngine::memberDelta, this, &ResourceTableModel::queueDelta);
    m_applyTimer.setSingleShot(true);
    m_applyTimer.setInterval(applyIntervalMs);
    connect(&m_applyTimer, &QTimer::timeout, this, &ResourceTableModel::applyQueued);
    connect(engine, &ResourceEngine::kindResolved, this, [this] {
        applyQueued(); // what arrived before stays in order
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
        // look; a live member's count moving (every delta) changes nothing here.
        const MemberState &state = m_engine->state(member);
        const bool stale = state.phase != MemberState::Phase::Live && state.phase != MemberState::Phase::Listed;
        if (m_stale.value(member, false) == stale)
            return;
        applyQueued(); // the rows it had when it stopped are the ones to mark
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

void ResourceTableModel::queueDelta(int member, const ResourceDelta &delta)
{
    m_queued.emplace_back(member, delta);
    if (!m_applyTimer.isActive())
        m_applyTimer.start();
}

void ResourceTableModel::applyQueued()
{
    m_applyTimer.stop();
    // Taken first: a slot reacting to the model's signals may queue more.
    std::vector<std::pair<int, ResourceDelta>> queued;
    queued.swap(m_queued);
    if (queued.empty())
        return;
    // Columns first, in arrival order (rare: a member's first list, a server update).
    for (const auto &[member, delta] : queued) {
        if (delta.columnsChanged)
            applyColumns(member, delta.columns);
    }
    // What each key ends as after the whole batch: a row, or gone (null).
    struct Outcome
    {
        int member;
        std::shared_ptr<const ResourceRow> row;
    };
    QHash<int, QHash<QString, std::shared_ptr<const ResourceRow>>> outcome;
    QList<std::pair<int, QString>> order; // first mention, so that new rows append in arrival order
    for (const auto &[member, delta] : queued) {
        QHash<QString, std::shared_ptr<const ResourceRow>> &keys = outcome[member];
        for (const QString &key : delta.removed) {
            if (!keys.contains(key))
                order.append({member, key});
            keys.insert(key, nullptr);
        }
        for (const auto &row : delta.upserted) {
            const QString key = row->key();
            if (!keys.contains(key))
                order.append({member, key});
            keys.insert(key, row);
        }
    }

    std::vector<Entry *> freed;       // entries whose object went
    std::vector<Outcome> arrivals;     // objects with no entry yet
    std::vector<int> changedRows;
    for (const auto &[member, key] : std::as_const(order)) {
        const std::shared_ptr<const ResourceRow> &row = outcome[member][key];
        QHash<QString, Entry *> &entries = m_byKey[member];
        const auto it = entries.find(key);
        if (it != entries.end()) {
            if (row) {
                (*it)->row = row;
                changedRows.push_back((*it)->index);
            } else {
                freed.push_back(*it);
                entries.erase(it);
            }
        } else if (row) {
            arrivals.push_back({member, row});
        }
    }
    // A pod replaced by another of the same member takes the place of the one that
    // went: a changed row, not a removal and an insertion, each of which costs the
    // view (its header) a pass over all rows.
    std::vector<Entry *> unused;
    std::vector<Outcome> stillNew;
    {
        QHash<int, std::vector<Entry *>> freeByMember;
        for (Entry *entry : freed)
            freeByMember[entry->member].push_back(entry);
        for (Outcome &arrival : arrivals) {
            std::vector<Entry *> &places = freeByMember[arrival.member];
            if (places.empty()) {
                stillNew.push_back(std::move(arrival));
                continue;
            }
            Entry *entry = places.back();
            places.pop_back();
            entry->row = std::move(arrival.row);
            m_byKey[entry->member].insert(entry->row->key(), entry);
            changedRows.push_back(entry->index);
        }
        for (auto it = freeByMember.begin(); it != freeByMember.end(); ++it)
            unused.insert(unused.end(), it.value().begin(), it.value().end());
    }
    for (const int row : changedRows)
        emit dataChanged(index(row, 0), index(row, columnCount() - 1));

    // The rest: removed rows back to front in runs, then one renumbering pass.
    if (!unused.empty()) {
        std::vector<int> removed;
        removed.reserve(unused.size());
        for (const Entry *entry : unused)
            removed.push_back(entry->index);
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
    // New ones appended in one go.
    if (!stillNew.empty()) {
        const int first = rowCount();
        beginInsertRows(QModelIndex(), first, first + int(stillNew.size()) - 1);
        for (Outcome &arrival : stillNew) {
            auto entry = std::make_unique<Entry>();
            entry->member = arrival.member;
            entry->index = int(m_rows.size());
            entry->row = std::move(arrival.row);
            m_byKey[arrival.member].insert(entry->row->key(), entry.get());
            m_rows.push_back(std::move(entry));
        }
        endInsertRows();
    }
}

void ResourceTableModel::applyColumns(int member, const QList<TableColumn> &columns)
{
    const int before = columnCount();
    ColumnUnion next = m_columns;
    const bool grew = next.setMemberColumns(member, columns);
    if (grew) {
        beginInsertColumns(QModelIndex(), before, firstServerColumn() + next.count() - 1);
        m_columns = next;
        endInsertColumns();
    } else {
        m_columns = next;
    }
    if (rowsOf(member) > 0 && !m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void ResourceTableModel::reset()
{
    m_applyTimer.stop();
    m_queued.clear(); // the previous query's
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

} // namespace fleetscope
