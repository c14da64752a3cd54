#pragma once

#include "historytypes.h"

#include <QHash>
#include <QString>

class QSqlDatabase;
class QSqlQuery;

namespace fleetscope::history_rows {

// How HistoryDatabase reads transitions back (historyschema.h).

// Columns as read() takes them, then the row's id; and the joins they need.
QString columns();
QString joins();
constexpr int idColumn = 13;

// The same without the joins, for Names to resolve: reading many rows, a
// look-up in memory is cheaper than five joins in SQLite, and equal texts share
// one QString. Then the row's id and `prev` (0 for NULL).
QString rawColumns();
enum RawColumn { rawCluster = 0, rawMember = 1, rawType = 2, rawObservedAt = 8, rawAt = 9, rawId = 11, rawPrev = 12 };

// The interned texts and cluster keys, by id.
struct Names
{
    QHash<qint64, QString> texts;
    QHash<qint64, ClusterId> clusters;

    // Empty `error` with the SQL error when SQLite fails.
    bool load(const QSqlDatabase &db, QString *error);
};

// One (cluster, type)'s names, resolved once for all its rows; its member's
// too, while it stays the same (a hash look-up and a copy saved per name, a
// tenth of reading a million rows).
struct KeyNames
{
    ClusterId cluster;
    QString type;
    qint64 memberId = -1;
    QString member;
};

ConditionTransition read(const QSqlQuery &q);
ConditionTransition readRaw(const QSqlQuery &q, const Names &names);
// A row of the key `key` names.
ConditionTransition readRaw(const QSqlQuery &q, const Names &names, KeyNames *key);

} // namespace fleetscope::history_rows
