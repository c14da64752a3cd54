#include "sortsnapshot.h"

#include "clustertablemodel.h"
#include "valueorder.h"

#include <algorithm>

namespace fleetscope {
namespace {

// What breaks ties between rows with equal sort values: name, namespace, hub,
// then the table row (only identical rows get that far).
struct RowIdentity
{
    QStringView name;
    QStringView namespaceName;
    int hub;
    int row;
};

RowIdentity identityOf(const FleetProfile &p, int row)
{
    return {p.profile().metadata.name, p.profile().metadata.namespaceName.view(), p.hub, row};
}

int compareIdentity(const RowIdentity &a, const RowIdentity &b)
{
    // Kubernetes names are lower-case DNS labels: an exact compare orders them
    // like people do, at a fraction of the case-folding compare's cost (most
    // rows tie on a version).
    if (const int c = a.name.compare(b.name))
        return c;
    if (const int c = a.namespaceName.compare(b.namespaceName))
        return c;
    if (a.hub != b.hub)
        return a.hub < b.hub ? -1 : 1;
    return a.row == b.row ? 0 : (a.row < b.row ? -1 : 1);
}

} // namespace

SortSnapshot::SortSnapshot(const ClusterTableModel *table)
    : m_table(table)
{
}

void SortSnapshot::reset(int column, Qt::SortOrder order)
{
    m_rows.clear();
    m_keys.clear();
    m_prefixes.clear();
    if (column < 0 || column >= m_table->columnCount()) {
        m_column = -1;
        m_rows.shrink_to_fit();
        m_keys.shrink_to_fit();
        m_prefixes.shrink_to_fit();
        return;
    }
    m_column = column;
    m_order = order;
    const int rows = m_table->rowCount();
    m_rows.resize(size_t(rows));
    if (ClusterTableModel::hasSortKey(column))
        m_keys.resize(size_t(rows));
    else if (ClusterTableModel::hasSortText(column))
        m_prefixes.resize(size_t(rows));
    for (int row = 0; row < rows; ++row)
        update(row);
}

void SortSnapshot::update(int row)
{
    if (m_column < 0)
        return;
    const FleetProfile &profile = m_table->profileAt(row);
    m_rows[size_t(row)] = profile;
    if (!m_keys.empty()) {
        ClusterTableModel::sortKey(m_column, profile, &m_keys[size_t(row)]);
    } else if (!m_prefixes.empty()) {
        QStringView text;
        m_table->sortText(m_column, profile, &text);
        m_prefixes[size_t(row)] = TextSortPrefix::of(text);
    }
}

void SortSnapshot::insertRows(int first, int count)
{
    if (m_column < 0)
        return;
    m_rows.insert(m_rows.begin() + first, size_t(count), FleetProfile());
    if (!m_keys.empty())
        m_keys.insert(m_keys.begin() + first, size_t(count), 0);
    if (!m_prefixes.empty())
        m_prefixes.insert(m_prefixes.begin() + first, size_t(count), TextSortPrefix());
    for (int row = first; row < first + count; ++row)
        update(row);
}

void SortSnapshot::removeRows(int first, int count)
{
    if (m_column < 0)
        return;
    m_rows.erase(m_rows.begin() + first, m_rows.begin() + first + count);
    if (!m_keys.empty())
        m_keys.erase(m_keys.begin() + first, m_keys.begin() + first + count);
    if (!m_prefixes.empty())
        m_prefixes.erase(m_prefixes.begin() + first, m_prefixes.begin() + first + count);
}

void SortSnapshot::sortRows(std::vector<int> *rows) const
{
    const bool byText = !m_prefixes.empty();
    if (m_column < 0 || (m_keys.empty() && !byText)) {
        std::sort(rows->begin(), rows->end(), [this](int a, int b) { return less(a, b); });
        return;
    }
    // The same order as compare(), from one contiguous entry per row.
    struct Entry
    {
        qint64 key;
        TextSortPrefix prefix;
        RowIdentity identity;
    };
    std::vector<Entry> entries;
    entries.reserve(rows->size());
    for (const int row : *rows) {
        const size_t r = size_t(row);
        entries.push_back({byText ? 0 : m_keys[r], byText ? m_prefixes[r] : TextSortPrefix(),
                           identityOf(m_rows[r], row)});
    }
    const auto threeWay = [this, byText](const Entry &a, const Entry &b) {
        if (byText) {
            if (const int c = a.prefix.decide(b.prefix))
                return c;
            if (const int c = m_table->compare(m_column, m_rows[size_t(a.identity.row)], m_rows[size_t(b.identity.row)]))
                return c;
        } else if (a.key != b.key) {
            return a.key < b.key ? -1 : 1;
        }
        return compareIdentity(a.identity, b.identity);
    };
    const bool ascending = m_order == Qt::AscendingOrder;
    std::sort(entries.begin(), entries.end(), [&](const Entry &a, const Entry &b) {
        const int c = threeWay(a, b);
        return ascending ? c < 0 : c > 0;
    });
    for (size_t i = 0; i < entries.size(); ++i)
        (*rows)[i] = entries[i].identity.row;
}

int SortSnapshot::compare(int left, int right) const
{
    const size_t l = size_t(left);
    const size_t r = size_t(right);
    if (!m_keys.empty()) {
        if (m_keys[l] != m_keys[r])
            return m_keys[l] < m_keys[r] ? -1 : 1;
    } else if (const int c = !m_prefixes.empty() ? m_prefixes[l].decide(m_prefixes[r]) : 0) {
        return c;
    } else if (const int c = m_table->compare(m_column, m_rows[l], m_rows[r])) {
        return c;
    }
    return compareIdentity(identityOf(m_rows[l], left), identityOf(m_rows[r], right));
}

} // namespace fleetscope
