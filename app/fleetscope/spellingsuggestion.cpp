#include "spellingsuggestion.h"

#include <QList>

#include <algorithm>

namespace fleetscope {

int editDistance(const QString &a, const QString &b)
{
    // Optimal string alignment distance over three rolling rows.
    const qsizetype n = b.size();
    QList<int> before(n + 1), previous(n + 1), current(n + 1);
    for (qsizetype j = 0; j <= n; ++j)
        previous[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        current[0] = int(i);
        for (qsizetype j = 1; j <= n; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[n];
}

QString closestSpelling(const QString &typed, const QStringList &candidates)
{
    if (typed.isEmpty())
        return {};
    QString best;
    // Two edits make "cnnect" a "connect", but any two-letter word an "-o".
    int bestDistance = std::min(2, int(typed.size() + 1) / 2) + 1;
    QStringList prefixed;
    for (const QString &candidate : candidates) {
        if (candidate == typed)
            return {};
        const int distance = editDistance(typed.toLower(), candidate.toLower());
        if (distance < bestDistance) {
            bestDistance = distance;
            best = candidate;
        }
        if (candidate.startsWith(typed) && !prefixed.contains(candidate))
            prefixed << candidate;
    }
    if (best.isEmpty() && prefixed.size() == 1)
        return prefixed.first();
    return best;
}

} // namespace fleetscope
