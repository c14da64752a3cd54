#include "historycsv.h"

#include "api/kubetime.h"

#include <QIODevice>

namespace fleetscope {
namespace {

QByteArray field(const QString &text, bool guardFormula)
{
    QString value = text;
    if (guardFormula && !value.isEmpty()
        && (value.front() == u'=' || value.front() == u'+' || value.front() == u'-' || value.front() == u'@'))
        value.prepend(u'\'');
    QByteArray bytes = value.toUtf8();
    if (bytes.contains(',') || bytes.contains('"') || bytes.contains('\n') || bytes.contains('\r')) {
        bytes.replace('"', "\"\"");
        bytes = '"' + bytes + '"';
    }
    return bytes;
}

QByteArray time(qint64 ms)
{
    return ms > 0 ? formatKubeTime(ms).toLatin1() : QByteArray();
}

} // namespace

QByteArray transitionsCsvHeader()
{
    return QByteArrayLiteral("at,observed_at,hub,namespace,name,member_id,type,from,to,reason,message,"
                             "last_transition_time,first_sight\r\n");
}

QByteArray transitionCsvLine(const ConditionTransition &t)
{
    QByteArray line;
    line += time(t.at) + ',' + time(t.observedAt) + ',';
    line += field(t.cluster.hub, true) + ',' + field(t.cluster.namespaceName, true) + ',' + field(t.cluster.name, true)
        + ',';
    line += field(t.memberId, true) + ',' + field(t.type, true) + ',';
    line += conditionStatusName(t.from).toLatin1() + ',' + conditionStatusName(t.to).toLatin1() + ',';
    line += field(t.reason, true) + ',' + field(t.message, true) + ',';
    line += time(t.lastTransitionTime) + ',' + (t.seeded ? QByteArrayLiteral("true") : QByteArrayLiteral("false"));
    line += "\r\n";
    return line;
}

bool writeTransitionsCsv(QIODevice *device, const QList<ConditionTransition> &transitions)
{
    if (device->write(transitionsCsvHeader()) < 0)
        return false;
    QByteArray chunk;
    for (const ConditionTransition &t : transitions) {
        chunk += transitionCsvLine(t);
        if (chunk.size() > (1 << 16)) {
            if (device->write(chunk) != chunk.size())
                return false;
            chunk.clear();
        }
    }
    return device->write(chunk) == chunk.size();
}

} // namespace fleetscope
