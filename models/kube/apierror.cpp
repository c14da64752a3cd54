#include "apierror.h"

#include <QDateTime>
#include <QLocale>
#include <QNetworkReply>

namespace fleetscope {
namespace {

QString textOf(const nlohmann::json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string())
        return QString();
    const auto &s = it->get_ref<const std::string &>();
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QString reasonForStatus(int status)
{
    switch (status) {
    case 400: return QStringLiteral("BadRequest");
    case 401: return QStringLiteral("Unauthorized");
    case 403: return QStringLiteral("Forbidden");
    case 404: return QStringLiteral("NotFound");
    case 409: return QStringLiteral("Conflict");
    case 410: return QStringLiteral("Gone");
    case 422: return QStringLiteral("Invalid");
    case 429: return QStringLiteral("TooManyRequests");
    case 500: return QStringLiteral("InternalError");
    case 503: return QStringLiteral("ServiceUnavailable");
    case 504: return QStringLiteral("Timeout");
    default: return QString();
    }
}

// Bodies can be anything (an HTML error page from a proxy, megabytes of junk):
// keep a short printable excerpt.
QString excerpt(const QByteArray &body)
{
    QString text = QString::fromUtf8(body.left(300)).simplified();
    if (body.size() > 300)
        text += QStringLiteral("…");
    return text;
}

// Retry-After as kube sends it: delta seconds (HTTP dates are accepted too).
qint64 parseRetryAfterMs(const QByteArray &header)
{
    const QByteArray value = header.trimmed();
    if (value.isEmpty())
        return -1;
    bool ok = false;
    const qint64 seconds = value.toLongLong(&ok);
    if (ok)
        return seconds < 0 ? -1 : std::min<qint64>(seconds, 3600) * 1000;
    // IMF-fixdate (RFC 9110): "Wed, 21 Oct 2015 07:28:00 GMT".
    QDateTime when = QLocale::c().toDateTime(QString::fromLatin1(value), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    when.setTimeSpec(Qt::UTC);
    if (!when.isValid())
        return -1;
    return std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(when));
}

} // namespace

bool ApiError::isExpired() const
{
    return httpStatus == 410 || reason == u"Expired" || reason == u"Gone";
}

QString ApiError::toString() const
{
    if (kind == Kind::Transport || kind == Kind::BadResponse)
        return message;
    QString head = reason.isEmpty() ? QStringLiteral("HTTP %1").arg(httpStatus)
                                    : QStringLiteral("%1 (%2)").arg(reason).arg(httpStatus);
    return message.isEmpty() ? head : head + QStringLiteral(": ") + message;
}

bool ApiError::isResourceVersionTooLarge() const
{
    // kube-apiserver's storage/errors.go; the Status cause (ResourceVersionTooLarge)
    // says the same, and its message is what every release sends.
    return httpStatus == 504 && message.contains(u"Too large resource version");
}

ApiError ApiError::fromHttp(int httpStatus, const QByteArray &body, const QByteArray &retryAfterHeader)
{
    ApiError error;
    error.kind = Kind::Http;
    error.httpStatus = httpStatus;
    error.retryAfterMs = parseRetryAfterMs(retryAfterHeader);
    const nlohmann::json status = nlohmann::json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    if (status.is_object() && textOf(status, "kind") == u"Status") {
        error.reason = textOf(status, "reason");
        error.message = textOf(status, "message");
        const auto details = status.find("details");
        if (error.retryAfterMs < 0 && details != status.end() && details->is_object()) {
            const auto seconds = details->find("retryAfterSeconds");
            if (seconds != details->end() && seconds->is_number_integer())
                error.retryAfterMs = seconds->get<qint64>() * 1000;
        }
    } else {
        error.message = excerpt(body);
    }
    if (error.reason.isEmpty())
        error.reason = reasonForStatus(httpStatus);
    if (httpStatus == 429 && error.message.isEmpty())
        error.message = QStringLiteral("the server has received too many requests and has asked us to try again later");
    return error;
}

ApiError ApiError::fromReply(QNetworkReply *reply, const QByteArray &body)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    // A success status with a network error is a body cut short: the transport failed.
    if (status != 0 && (reply->error() == QNetworkReply::NoError || status >= 400))
        return fromHttp(status, body, reply->rawHeader("Retry-After"));
    ApiError error = transport(reply->errorString());
    error.tlsHandshake = reply->error() == QNetworkReply::SslHandshakeFailedError;
    error.connectionRefused = reply->error() == QNetworkReply::ConnectionRefusedError;
    return error;
}

ApiError ApiError::fromStatusObject(const nlohmann::json &status)
{
    ApiError error;
    error.kind = Kind::WatchError;
    if (status.is_object()) {
        error.reason = textOf(status, "reason");
        error.message = textOf(status, "message");
        const auto code = status.find("code");
        if (code != status.end() && code->is_number_integer())
            error.httpStatus = code->get<int>();
    }
    if (error.message.isEmpty())
        error.message = QStringLiteral("the server sent an ERROR event without a Status");
    return error;
}

ApiError ApiError::transport(const QString &message)
{
    ApiError error;
    error.kind = Kind::Transport;
    error.message = message;
    return error;
}

ApiError ApiError::badResponse(const QString &message)
{
    ApiError error;
    error.kind = Kind::BadResponse;
    error.message = message;
    return error;
}

} // namespace fleetscope
