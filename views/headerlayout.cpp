#include "headerlayout.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace fleetscope {
namespace {

constexpr int layoutVersion = 1;

} // namespace

HeaderLayout HeaderLayout::of(const QHeaderView *header, const KeyOf &keyOf)
{
    HeaderLayout layout;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        const QString key = keyOf(logical);
        if (!key.isEmpty())
            layout.m_columns.append({key, header->sectionSize(logical), header->isSectionHidden(logical)});
    }
    if (header->isSortIndicatorShown() && header->sortIndicatorSection() >= 0) {
        layout.m_sortKey = keyOf(header->sortIndicatorSection());
        layout.m_descending = header->sortIndicatorOrder() == Qt::DescendingOrder;
    }
    return layout;
}

std::optional<HeaderLayout> HeaderLayout::fromBytes(const QByteArray &bytes)
{
    const QJsonDocument document = QJsonDocument::fromJson(bytes);
    const QJsonObject root = document.object();
    if (root.value(u"version").toInt() != layoutVersion || !root.value(u"columns").isArray())
        return std::nullopt;
    HeaderLayout layout;
    for (const QJsonValue &value : root.value(u"columns").toArray()) {
        const QJsonObject column = value.toObject();
        const QString key = column.value(u"key").toString();
        const int width = column.value(u"width").toInt();
        const bool hidden = column.value(u"hidden").toBool();
        // A hand-edited or damaged entry is left out, not applied half. A hidden
        // column has no width to tell (Qt gives 0): it keeps its own when shown.
        if (key.isEmpty() || width < 0 || width > 10000 || (width == 0 && !hidden))
            continue;
        layout.m_columns.append({key, width, hidden});
    }
    const QJsonObject sort = root.value(u"sort").toObject();
    layout.m_sortKey = sort.value(u"key").toString();
    layout.m_descending = sort.value(u"order").toString() == u"descending";
    return layout;
}

QByteArray HeaderLayout::toBytes() const
{
    QJsonArray columns;
    for (const Column &column : m_columns)
        columns.append(QJsonObject{{QStringLiteral("key"), column.key}, {QStringLiteral("width"), column.width},
                                   {QStringLiteral("hidden"), column.hidden}});
    QJsonObject root{{QStringLiteral("version"), layoutVersion}, {QStringLiteral("columns"), columns}};
    if (!m_sortKey.isEmpty())
        root.insert(QStringLiteral("sort"),
                    QJsonObject{{QStringLiteral("key"), m_sortKey},
                                {QStringLiteral("order"), m_descending ? QStringLiteral("descending") : QStringLiteral("ascending")}});
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

int HeaderLayout::logicalOf(const QHeaderView *header, const KeyOf &keyOf, const QString &key)
{
    for (int logical = 0; logical < header->count(); ++logical) {
        if (keyOf(logical) == key)
            return logical;
    }
    return -1;
}

void HeaderLayout::applyTo(QHeaderView *header, const KeyOf &keyOf) const
{
    int visual = 0;
    for (const Column &column : m_columns) {
        const int logical = logicalOf(header, keyOf, column.key);
        if (logical < 0)
            continue;
        header->moveSection(header->visualIndex(logical), visual++);
        header->setSectionHidden(logical, column.hidden);
        if (column.width > 0)
            header->resizeSection(logical, column.width);
    }
    if (const int sorted = m_sortKey.isEmpty() ? -1 : logicalOf(header, keyOf, m_sortKey); sorted >= 0)
        header->setSortIndicator(sorted, m_descending ? Qt::DescendingOrder : Qt::AscendingOrder);
}

void HeaderLayout::applyToColumn(QHeaderView *header, const KeyOf &keyOf, int logical) const
{
    const QString key = keyOf(logical);
    const auto saved = std::find_if(m_columns.cbegin(), m_columns.cend(), [&key](const Column &c) { return c.key == key; });
    if (key.isEmpty() || saved == m_columns.cend())
        return;
    int place = 0;
    for (auto before = saved; before != m_columns.cbegin();) {
        --before;
        if (const int other = logicalOf(header, keyOf, before->key); other >= 0) {
            place = header->visualIndex(other) + 1;
            break;
        }
    }
    const int from = header->visualIndex(logical);
    header->moveSection(from, from < place ? place - 1 : place);
    header->setSectionHidden(logical, saved->hidden);
    if (saved->width > 0)
        header->resizeSection(logical, saved->width);
}

} // namespace fleetscope
