#include "servedkind.h"

#include <QRegularExpression>

namespace fleetscope {

bool resolveServedKind(const QList<ServedKind> &kinds, const QString &query, ServedKind *out)
{
    const QString text = query.trimmed();
    if (text.isEmpty())
        return false;
    QString name = text.section(u'.', 0, 0);
    QString group = text.section(u'.', 1);
    QString version;
    static const QRegularExpression versionPattern(QStringLiteral("^v\\d+((alpha|beta)\\d+)?$"));
    if (const QString first = group.section(u'.', 0, 0); !group.isEmpty() && versionPattern.match(first).hasMatch()) {
        version = first;
        group = group.section(u'.', 1);
    }
    const QString lower = name.toLower();
    const ServedKind *best = nullptr;
    int bestRank = 0;
    for (const ServedKind &kind : kinds) {
        if (!group.isEmpty() && kind.group != group)
            continue;
        if (!version.isEmpty() && kind.version != version)
            continue;
        int rank = 0;
        if (kind.resource == lower)
            rank = 4;
        else if (kind.singular == lower || kind.kind.toLower() == lower)
            rank = 3;
        else if (kind.shortNames.contains(lower))
            rank = 2;
        if (rank == 0)
            continue;
        rank = rank * 2 + (kind.group.isEmpty() ? 1 : 0);
        if (rank > bestRank) {
            best = &kind;
            bestRank = rank;
        }
    }
    if (!best)
        return false;
    *out = *best;
    return true;
}

} // namespace fleetscope
