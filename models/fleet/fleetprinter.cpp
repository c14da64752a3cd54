#include "fleetprinter.h"

#include "api/yamljson.h"
#include "clustercolumns.h"
#include "clustertablemodel.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace fleetscope {
namespace {

QString orNone(const QString &text)
{
    return text.isEmpty() ? QStringLiteral("<none>") : text;
}

QString csvField(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n') && !text.contains(u'\r'))
        return text;
    QString quoted = text;
    quoted.replace(u'"', QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QString csvLine(QStringList fields)
{
    for (QString &f : fields)
        f = csvField(f);
    return fields.join(u',') + u'\n';
}

// Each cell but the last padded to its column's width (0 when unknown) plus three spaces.
QString alignedLine(const QStringList &cells, const QList<qsizetype> &widths)
{
    QString text;
    for (qsizetype i = 0; i < cells.size(); ++i)
        text += i + 1 < cells.size() ? cells[i].leftJustified(widths.value(i) + 3) : cells[i];
    return text;
}

const std::pair<const char16_t *, FleetPrinter::Format> formatTable[] = {
    {u"table", FleetPrinter::Format::Table}, {u"wide", FleetPrinter::Format::Wide},
    {u"name", FleetPrinter::Format::Name},   {u"json", FleetPrinter::Format::Json},
    {u"yaml", FleetPrinter::Format::Yaml},   {u"csv", FleetPrinter::Format::Csv},
};

} // namespace

QStringList FleetPrinter::formatNames()
{
    QStringList names;
    for (const auto &entry : formatTable)
        names << QString::fromUtf16(entry.first);
    return names;
}

bool FleetPrinter::parseFormat(const QString &text, Format *format)
{
    for (const auto &[name, value] : formatTable) {
        if (text == QStringView(name)) {
            *format = value;
            return true;
        }
    }
    return false;
}

FleetPrinter::FleetPrinter(const FleetStore &store, Format format, qint64 nowMs)
    : m_store(&store)
    , m_format(format)
    , m_nowMs(nowMs)
{
    for (int hub = 0; hub < store.hubCount(); ++hub)
        m_hubNames.append(store.hubName(hub));
}

QString FleetPrinter::qualifiedName(const FleetProfile &p) const
{
    return hubName(p.hub) + u'/' + p.profile().metadata.namespaceName + u'/' + p.profile().metadata.name;
}

QList<int> FleetPrinter::sortedRows() const
{
    // By hub name, namespace, name. Sorting compact entries rather than row
    // numbers keeps a 100k-fleet sort from chasing three pointers per comparison.
    // Rows come hub by hub in each server's list order, which is usually already
    // (namespace, name): entries are grouped by hub in one pass, and only a group
    // out of order is sorted (sorting them all costs ~3 % of a 100k `list -o name`).
    const int hubs = m_store->hubCount();
    QList<int> hubRank(hubs);
    std::iota(hubRank.begin(), hubRank.end(), 0);
    std::sort(hubRank.begin(), hubRank.end(), [this](int a, int b) { return hubName(a) < hubName(b); });
    QList<int> rankOf(hubs);
    for (int i = 0; i < hubRank.size(); ++i)
        rankOf[hubRank[i]] = i;
    struct Entry
    {
        int row;
        QStringView namespaceName;
        QStringView name;
    };
    std::vector<size_t> groupEnd(size_t(hubs) + 1, 0); // counts, then where each hub's group starts
    for (int row = 0; row < m_store->profileCount(); ++row)
        ++groupEnd[size_t(rankOf[m_store->profileAt(row).hub]) + 1];
    std::partial_sum(groupEnd.begin(), groupEnd.end(), groupEnd.begin());
    const std::vector<size_t> groupStart = groupEnd;
    std::vector<Entry> entries(groupEnd.back());
    for (int row = 0; row < m_store->profileCount(); ++row) {
        const FleetProfile &p = m_store->profileAt(row);
        entries[groupEnd[size_t(rankOf[p.hub])]++] = {row, p.profile().metadata.namespaceName.view(),
                                                       p.profile().metadata.name};
    }
    const auto before = [](const Entry &a, const Entry &b) {
        if (const int c = a.namespaceName.compare(b.namespaceName))
            return c < 0;
        return a.name.compare(b.name) < 0;
    };
    for (size_t rank = 0; rank < size_t(hubs); ++rank) {
        const auto first = entries.begin() + qsizetype(groupStart[rank]);
        const auto last = entries.begin() + qsizetype(groupStart[rank + 1]);
        if (!std::is_sorted(first, last, before))
            std::sort(first, last, before);
    }
    QList<int> rows;
    rows.reserve(qsizetype(entries.size()));
    for (const Entry &entry : entries)
        rows.append(entry.row);
    return rows;
}

QStringList FleetPrinter::headers() const
{
    QStringList h{QStringLiteral("HUB"),     QStringLiteral("NAMESPACE"), QStringLiteral("NAME"),
                  QStringLiteral("CLUSTERSET"), QStringLiteral("MANAGER"), QStringLiteral("VERSION"),
                  QStringLiteral("HEALTH")};
    if (m_format == Format::Wide || m_format == Format::Csv) {
        h << QStringLiteral("DISPLAY NAME") << QStringLiteral("CONTROLPLANE") << QStringLiteral("JOINED")
          << QStringLiteral("LOCATION") << QStringLiteral("NODES") << QStringLiteral("MEMBER ID") << QStringLiteral("AGE");
    }
    return h;
}

QStringList FleetPrinter::cells(const FleetProfile &p) const
{
    using T = ClusterTableModel;
    const bool csv = m_format == Format::Csv;
    // The table's own cells (clustercolumns.h), so that a column reads the same
    // on screen and in print.
    const auto cell = [&](int column) {
        const QString text = clusterColumn(column).text(p, hubName(p.hub), m_nowMs);
        return csv ? text : orNone(text);
    };
    QStringList c{cell(T::HubColumn), cell(T::NamespaceColumn), cell(T::NameColumn), cell(T::ClusterSetColumn),
                  cell(T::ManagerColumn), cell(T::VersionColumn), healthName(p.health)};
    if (m_format == Format::Wide || m_format == Format::Csv) {
        const KubeTime created = p.profile().metadata.creationTimestamp;
        c << cell(T::DisplayNameColumn) << cell(T::ControlPlaneHealthyColumn) << cell(T::JoinedColumn)
          << cell(T::LocationColumn) << cell(T::NodesColumn) << (csv ? QString(p.memberId) : orNone(p.memberId))
          << (csv ? formatKubeTime(created) : (created ? humanDuration(m_nowMs - created) : QStringLiteral("<unknown>")));
    }
    return c;
}

nlohmann::json FleetPrinter::item(const FleetProfile &p) const
{
    // The object exactly as the hub sent it (or as recorded), when it was kept.
    const QByteArray raw = p.record->hasJson() ? p.record->json() : QByteArrayLiteral("null");
    return {{"hub", hubName(p.hub).toStdString()},
            {"object", nlohmann::json::parse(raw.constData(), raw.constData() + raw.size(), nullptr, false)}};
}

QByteArray FleetPrinter::render(const QList<int> &rows) const
{
    std::vector<FleetProfile> profiles;
    profiles.reserve(size_t(rows.size()));
    for (const int row : rows)
        profiles.push_back(m_store->profileAt(row));
    return render(profiles);
}

QByteArray FleetPrinter::render(const std::vector<FleetProfile> &profiles) const
{
    switch (m_format) {
    case Format::Name: {
        QByteArray out;
        for (const FleetProfile &p : profiles)
            out += qualifiedName(p).toUtf8() + '\n';
        return out;
    }
    case Format::Json:
    case Format::Yaml: {
        nlohmann::json items = nlohmann::json::array();
        for (const FleetProfile &p : profiles)
            items.push_back(item(p));
        const nlohmann::json document{{"items", std::move(items)}};
        if (m_format == Format::Yaml)
            return jsonToYaml(document);
        const std::string text = document.dump(4, ' ', false, nlohmann::json::error_handler_t::replace);
        return QByteArray(text.data(), qsizetype(text.size())) + '\n';
    }
    case Format::Csv: {
        QString out = csvLine(headers());
        for (const FleetProfile &p : profiles)
            out += csvLine(cells(p));
        return out.toUtf8();
    }
    case Format::Table:
    case Format::Wide: {
        QList<QStringList> table{headers()};
        for (const FleetProfile &p : profiles)
            table.append(cells(p));
        return alignedTable(table, &m_widths);
    }
    }
    return QByteArray();
}

QByteArray FleetPrinter::renderChange(const FleetProfile &p, bool deleted) const
{
    switch (m_format) {
    case Format::Json: {
        nlohmann::json event = item(p);
        event["type"] = deleted ? "DELETED" : "MODIFIED";
        const std::string text = event.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        return QByteArray(text.data(), qsizetype(text.size())) + '\n';
    }
    case Format::Name:
        return (qualifiedName(p) + (deleted ? QStringLiteral(" deleted") : QString())).toUtf8() + '\n';
    default: {
        if (m_format == Format::Csv)
            return csvLine(cells(p)).toUtf8();
        QString text = alignedLine(cells(p), m_widths);
        if (deleted)
            text += QStringLiteral("   (deleted)");
        return (text + u'\n').toUtf8();
    }
    }
}

QByteArray FleetPrinter::alignedTable(const QList<QStringList> &table, QList<qsizetype> *widthsOut)
{
    QList<qsizetype> widths(table.isEmpty() ? 0 : table.first().size(), 0);
    for (const QStringList &line : table) {
        for (qsizetype i = 0; i < line.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], line[i].size());
    }
    QString out;
    for (const QStringList &line : table)
        out += alignedLine(line, widths) + u'\n';
    if (widthsOut)
        *widthsOut = widths;
    return out.toUtf8();
}

} // namespace fleetscope
