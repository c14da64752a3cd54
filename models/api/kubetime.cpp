#include "kubetime.h"

#include <QDate>
#include <QDateTime>

namespace fleetscope {
namespace {

bool digits(std::string_view s, size_t pos, size_t count, int *value)
{
    if (pos + count > s.size())
        return false;
    int v = 0;
    for (size_t i = pos; i < pos + count; ++i) {
        const char c = s[i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    *value = v;
    return true;
}

constexpr qint64 unixEpochJulianDay = 2440588; // 1970-01-01

} // namespace

bool parseKubeTime(std::string_view s, KubeTime *out)
{
    // Hand-written: this runs for every condition and property of every profile.
    int year, month, day, hour, minute, second;
    if (!digits(s, 0, 4, &year) || s.size() < 20 || s[4] != '-' || !digits(s, 5, 2, &month) || s[7] != '-'
        || !digits(s, 8, 2, &day) || (s[10] != 'T' && s[10] != 't') || !digits(s, 11, 2, &hour) || s[13] != ':'
        || !digits(s, 14, 2, &minute) || s[16] != ':' || !digits(s, 17, 2, &second))
        return false;
    const QDate date(year, month, day);
    if (!date.isValid() || hour > 23 || minute > 59 || second > 60)
        return false;
    size_t pos = 19;
    int millis = 0;
    if (pos < s.size() && s[pos] == '.') {
        ++pos;
        int scale = 100;
        const size_t start = pos;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
            millis += (s[pos] - '0') * scale;
            scale /= 10;
            ++pos;
        }
        if (pos == start)
            return false;
    }
    if (pos >= s.size())
        return false;
    int offsetMinutes = 0;
    if (s[pos] == 'Z' || s[pos] == 'z') {
        ++pos;
    } else if (s[pos] == '+' || s[pos] == '-') {
        int oh, om;
        if (!digits(s, pos + 1, 2, &oh) || pos + 3 >= s.size() || s[pos + 3] != ':' || !digits(s, pos + 4, 2, &om)
            || oh > 23 || om > 59)
            return false;
        offsetMinutes = (oh * 60 + om) * (s[pos] == '-' ? -1 : 1);
        pos += 6;
    } else {
        return false;
    }
    if (pos != s.size())
        return false;
    const qint64 seconds = (date.toJulianDay() - unixEpochJulianDay) * 86400 + hour * 3600 + minute * 60 + second
        - offsetMinutes * 60;
    *out = seconds * 1000 + millis;
    return true;
}

QString formatKubeTime(KubeTime time)
{
    if (time == 0)
        return QString();
    return QDateTime::fromMSecsSinceEpoch(time, Qt::UTC).toString(Qt::ISODate);
}

QString humanDuration(qint64 ms)
{
    // Mirrors apimachinery's duration.HumanDuration closely enough for ages.
    if (ms < 0)
        return QStringLiteral("0s");
    const qint64 s = ms / 1000;
    if (s < 120)
        return QStringLiteral("%1s").arg(s);
    const qint64 m = s / 60;
    if (m < 10)
        return s % 60 ? QStringLiteral("%1m%2s").arg(m).arg(s % 60) : QStringLiteral("%1m").arg(m);
    if (m < 180)
        return QStringLiteral("%1m").arg(m);
    const qint64 h = m / 60;
    if (h < 8)
        return m % 60 ? QStringLiteral("%1h%2m").arg(h).arg(m % 60) : QStringLiteral("%1h").arg(h);
    if (h < 48)
        return QStringLiteral("%1h").arg(h);
    const qint64 d = h / 24;
    if (d < 8)
        return h % 24 ? QStringLiteral("%1d%2h").arg(d).arg(h % 24) : QStringLiteral("%1d").arg(d);
    if (d < 365 * 2)
        return QStringLiteral("%1d").arg(d);
    if (d < 365 * 8)
        return d % 365 ? QStringLiteral("%1y%2d").arg(d / 365).arg(d % 365) : QStringLiteral("%1y").arg(d / 365);
    return QStringLiteral("%1y").arg(d / 365);
}

} // namespace fleetscope
