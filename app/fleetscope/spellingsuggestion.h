#pragma once

#include <QString>
#include <QStringList>

namespace fleetscope {

// The candidate a mistyped word most likely meant, as kubectl and cobra suggest
// it: the closest by edit distance (at most 2, and less than half the word), or
// the only candidate the word is a prefix of. Empty when nothing is close.
QString closestSpelling(const QString &typed, const QStringList &candidates);

// Levenshtein distance, counting a swap of two neighbours as one edit ("lsit").
int editDistance(const QString &a, const QString &b);

} // namespace fleetscope
