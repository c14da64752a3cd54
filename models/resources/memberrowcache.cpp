#include "memberrowcache.h"

#include "api/responseobjects.h"

namespace fleetscope {
namespace {

// A server that prints no Tables: the columns kubectl prints for plain objects.
QList<TableColumn> metadataColumns()
{
    return {{QStringLiteral("Name"), QStringLiteral("string"), QStringLiteral("name"), 0},
            {QStringLiteral("Age"), QStringLiteral("date"), QString(), 0}};
}

bool inScope(const ResourceSpec &spec, const ResourceRow &row)
{
    return spec.namespaceName.isEmpty() || row.metadata.namespaceName == spec.namespaceName;
}

} // namespace

MemberRowCache::MemberRowCache(bool keepJson, std::function<void()> changed)
    : m_keepJson(keepJson)
    , m_changed(std::move(changed))
{
}

void MemberRowCache::listStarted(const ResourceSpec &spec)
{
    m_listing[spec.namespaceName].clear();
}

void MemberRowCache::setColumns(const QList<TableColumn> &columns)
{
    if (columns == m_columns)
        return;
    m_columns = columns;
    m_columnsChanged = true;
}

void MemberRowCache::columns(const ResourceSpec &, ResponseObjects &definitions)
{
    QList<TableColumn> columns;
    if (m_decoder.decodeColumns(definitions, &columns)) {
        m_tableSeen = true;
        setColumns(columns);
    } else {
        decodeFailed(QStringLiteral("the columns: ") + m_decoder.error());
    }
}

void MemberRowCache::decodeFailed(const QString &where)
{
    ++m_errorCount;
    if (m_errors.size() < maxReportedErrors)
        m_errors << where;
}

void MemberRowCache::objects(const ResourceSpec &spec, ObjectChange change, ResponseObjects &objects)
{
    while (objects.next()) {
        auto row = std::make_shared<ResourceRow>();
        bool ok = false;
        if (change == ObjectChange::Listed) {
            ok = m_decoder.decodeItem(objects, row.get(), m_keepJson);
        } else {
            QList<TableColumn> columns;
            bool hasColumns = false;
            ok = m_decoder.decodeEvent(objects, row.get(), &columns, &hasColumns, m_keepJson);
            if (ok && hasColumns) {
                m_tableSeen = true;
                setColumns(columns);
            }
        }
        if (!ok) {
            const QString name = m_decoder.failedName().isEmpty()
                ? QStringLiteral("object %1").arg(objects.count())
                : (m_decoder.failedNamespace().isEmpty() ? QString() : m_decoder.failedNamespace() + u'/') + m_decoder.failedName();
            decodeFailed(QStringLiteral("%1: %2").arg(name, m_decoder.error()));
            if (objects.abandoned())
                break;
            continue;
        }
        if (row->cells.isEmpty() && !m_tableSeen && !m_keepJson)
            setColumns(metadataColumns());
        if (change == ObjectChange::Deleted)
            remove(row->key());
        else
            upsert(std::move(row), spec, change == ObjectChange::Listed);
    }
    m_changed();
}

void MemberRowCache::upsert(std::shared_ptr<const ResourceRow> row, const ResourceSpec &spec, bool listed)
{
    const QString key = row->key();
    if (listed)
        m_listing[spec.namespaceName].insert(key);
    auto it = m_rows.find(key);
    if (it != m_rows.end() && (*it)->metadata.resourceVersion == row->metadata.resourceVersion
        && !row->metadata.resourceVersion.isEmpty())
        return; // a replay: the same version
    if (it != m_rows.end())
        *it = row;
    else
        m_rows.insert(key, row);
    m_pending.insert(key, std::move(row));
}

void MemberRowCache::remove(const QString &key)
{
    if (m_rows.remove(key) == 0)
        return;
    m_pending.insert(key, nullptr);
}

void MemberRowCache::listFinished(const ResourceSpec &spec)
{
    const QSet<QString> seen = m_listing.take(spec.namespaceName);
    QStringList gone;
    for (auto it = m_rows.cbegin(); it != m_rows.cend(); ++it) {
        if (inScope(spec, **it) && !seen.contains(it.key()))
            gone << it.key();
    }
    for (const QString &key : std::as_const(gone))
        remove(key);
    m_changed();
}

bool MemberRowCache::hasPendingChanges() const
{
    return !m_pending.isEmpty() || m_columnsChanged || m_errorCount > 0;
}

ResourceDelta MemberRowCache::takeDelta()
{
    ResourceDelta delta;
    // Columns first in the delta's meaning: its rows are in these columns.
    delta.columnsChanged = m_columnsChanged;
    delta.columns = m_columns;
    m_columnsChanged = false;
    delta.upserted.reserve(m_pending.size());
    for (auto it = m_pending.begin(); it != m_pending.end(); ++it) {
        if (it.value())
            delta.upserted.append(std::move(it.value()));
        else
            delta.removed.append(it.key());
    }
    m_pending.clear();
    delta.decodeErrors = std::move(m_errors);
    delta.decodeErrorCount = m_errorCount;
    m_errors.clear();
    m_errorCount = 0;
    return delta;
}

} // namespace fleetscope
