#include "fleetprinter.h"

#include "api/yamljson.h"
#include "fleet/itemmodels/fleetfields.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace fleetscope {
namespace {

QString orNone(const QString &text)
{
    return text.isEmpty() ? QStringLiteral("<none>") : text;
}

// The fields in print order: FleetPrinter::columns()[i] prints fleetField(printedFields()[i]).
const std::vector<int> &printedFields()
{
    static const std::vector<int> order = fleetFieldsBy(&FleetField::printRank);
    return order;
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

const QList<PrintColumn> &FleetPrinter::columns()
{
    static const QList<PrintColumn> all = [] {
        QList<PrintColumn> columns;
        for (const int index : printedFields()) {
            const FleetField &field = fleetField(index);
            columns.append({QString::fromUtf16(field.key), QString::fromLatin1(field.printHeader), field.printPriority,
                            field.alias ? QStringList{QString::fromUtf16(field.alias)} : QStringList()});
        }
        return columns;
    }();
    return all;
}

FleetPrinter::FleetPrinter(const FleetStore &store, Format format, qint64 nowMs)
    : m_store(&store)
    , m_format(format)
    , m_nowMs(nowMs)
    , m_table(columns())
{
    m_table.setStyle(format == Format::Wide ? TablePrinter::Style::Wide
                     : format == Format::Csv ? TablePrinter::Style::Csv
                                             : TablePrinter::Style::Table);
    for (int hub = 0; hub < store.hubCount(); ++hub)
        m_hubNames.append(store.hubName(hub));
}

void FleetPrinter::setTable(const TablePrinter &table)
{
    m_table = table;
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

QString FleetPrinter::cell(const FleetProfile &p, int column) const
{
    // The cluster table's cells, so that a column reads the same on screen and in
    // print; CSV keeps empty cells empty and times exact, a table says <none>.
    const FleetField &field = fleetField(printedFields()[size_t(column)]);
    if (m_table.style() == TablePrinter::Style::Csv)
        return field.exactText ? field.exactText(p) : field.text(p, hubName(p.hub), m_nowMs);
    return orNone(field.text(p, hubName(p.hub), m_nowMs));
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
    case Format::Csv:
    case Format::Table:
    case Format::Wide:
        return m_table.render(qsizetype(profiles.size()),
                              [&](qsizetype row, int column) { return cell(profiles[size_t(row)], column); });
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
    default:
        return m_table.renderLine([&](int column) { return cell(p, column); },
                                  deleted && m_format != Format::Csv ? QStringLiteral("   (deleted)") : QString());
    }
}

} // namespace fleetscope
