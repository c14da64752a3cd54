#include "historyrows.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace fleetscope::history_rows {
namespace {

ConditionStatus statusFrom(const QVariant &value)
{
    const int v = value.toInt();
    return v >= 0 && v <= 3 ? ConditionStatus(v) : ConditionStatus::Unknown;
}

} // namespace

QString columns()
{
    return QStringLiteral("c.hub, c.namespace, c.name, m.text, ty.text, t.old_status, t.new_status, r.text, g.text, "
                          "t.transition_time, t.observed_at, t.at, t.seeded, t.id");
}

QString joins()
{
    return QStringLiteral(" JOIN clusters c ON c.id = t.cluster JOIN texts ty ON ty.id = t.type JOIN texts m ON "
                          "m.id = t.member JOIN texts r ON r.id = t.reason JOIN texts g ON g.id = t.message ");
}

QString rawColumns()
{
    return QStringLiteral("t.cluster, t.member, t.type, t.old_status, t.new_status, t.reason, t.message, "
                          "t.transition_time, t.observed_at, t.at, t.seeded, t.id, t.prev");
}

bool Names::load(const QSqlDatabase &db, QString *error)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    const auto failed = [&] {
        const QString text = q.lastError().databaseText();
        *error = text.isEmpty() ? q.lastError().text() : text;
        return false;
    };
    if (!q.exec(QStringLiteral("SELECT id, text FROM texts")))
        return failed();
    while (q.next())
        texts.insert(q.value(0).toLongLong(), q.value(1).toString());
    if (!q.exec(QStringLiteral("SELECT id, hub, namespace, name FROM clusters")))
        return failed();
    while (q.next())
        clusters.insert(q.value(0).toLongLong(), {q.value(1).toString(), q.value(2).toString(), q.value(3).toString()});
    return true;
}

ConditionTransition read(const QSqlQuery &q)
{
    ConditionTransition t;
    t.cluster = {q.value(0).toString(), q.value(1).toString(), q.value(2).toString()};
    t.memberId = q.value(3).toString();
    t.type = q.value(4).toString();
    t.from = statusFrom(q.value(5));
    t.to = statusFrom(q.value(6));
    t.reason = q.value(7).toString();
    t.message = q.value(8).toString();
    t.lastTransitionTime = q.value(9).toLongLong();
    t.observedAt = q.value(10).toLongLong();
    t.at = q.value(11).toLongLong();
    t.seeded = q.value(12).toBool();
    return t;
}

ConditionTransition readRaw(const QSqlQuery &q, const Names &names)
{
    KeyNames key;
    key.cluster = names.clusters.value(q.value(rawCluster).toLongLong());
    key.type = names.texts.value(q.value(rawType).toLongLong());
    return readRaw(q, names, &key);
}

ConditionTransition readRaw(const QSqlQuery &q, const Names &names, KeyNames *key)
{
    ConditionTransition t;
    t.cluster = key->cluster;
    const qint64 member = q.value(rawMember).toLongLong();
    if (member != key->memberId) {
        key->memberId = member;
        key->member = names.texts.value(member);
    }
    t.memberId = key->member;
    t.type = key->type;
    t.from = statusFrom(q.value(3));
    t.to = statusFrom(q.value(4));
    t.reason = names.texts.value(q.value(5).toLongLong());
    t.message = names.texts.value(q.value(6).toLongLong());
    t.lastTransitionTime = q.value(7).toLongLong();
    t.observedAt = q.value(rawObservedAt).toLongLong();
    t.at = q.value(rawAt).toLongLong();
    t.seeded = q.value(10).toBool();
    return t;
}

} // namespace fleetscope::history_rows
