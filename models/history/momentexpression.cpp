#include "momentexpression.h"

#include "api/kubetime.h"

#include <QCoreApplication>
#include <QDateTime>

#include <limits>

namespace fleetscope {

bool parseMoment(QStringView text, qint64 now, qint64 *at, QString *error)
{
    const QStringView trimmed = text.trimmed();
    const auto invalid = [&] {
        *error = QCoreApplication::translate(
                     "History", "\"%1\" is neither a time (RFC 3339, e.g. 2026-05-01T03:00:00Z) nor one before now "
                                "(e.g. -2h, -30m, -1d12h)")
                     .arg(text.toString());
        return false;
    };
    if (trimmed == u"now") {
        *at = now;
        return true;
    }
    if (trimmed.startsWith(u'-')) {
        qint64 total = 0;
        qint64 number = -1;
        bool any = false;
        for (const QChar c : trimmed.mid(1)) {
            if (c.isDigit()) {
                const qint64 digit = c.digitValue();
                if (number > (std::numeric_limits<qint64>::max() - digit) / 10)
                    return invalid();
                number = (number < 0 ? 0 : number * 10) + digit;
                continue;
            }
            qint64 unit = 0;
            switch (c.unicode()) {
            case u's':
                unit = 1000;
                break;
            case u'm':
                unit = 60 * 1000;
                break;
            case u'h':
                unit = 3600 * 1000;
                break;
            case u'd':
                unit = 24 * 3600 * 1000;
                break;
            case u'w':
                unit = 7 * 24 * 3600 * 1000;
                break;
            default:
                return invalid();
            }
            // Ten years back is as far as anyone records.
            if (number < 0 || number > 10 * 366 * 24 * 3600 * 1000LL / unit)
                return invalid();
            total += number * unit;
            number = -1;
            any = true;
        }
        if (!any || number >= 0 || total > 10 * 366 * 24 * 3600 * 1000LL)
            return invalid();
        *at = now - total;
        return true;
    }
    KubeTime parsed = 0;
    const QByteArray utf8 = trimmed.toUtf8();
    if (!parseKubeTime(std::string_view(utf8.constData(), size_t(utf8.size())), &parsed))
        return invalid();
    *at = parsed;
    return true;
}

QString formatMoment(qint64 at)
{
    return QDateTime::fromMSecsSinceEpoch(at, Qt::UTC).toString(Qt::ISODate);
}

} // namespace fleetscope
