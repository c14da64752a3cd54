#pragma once

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

class QNetworkReply;

namespace fleetscope {

// A failed API call as the engine reasons about it: an HTTP status (or a
// transport failure), the metav1.Status reason and message when the server sent
// one, and how long the server asked us to wait.
struct ApiError
{
    enum class Kind : quint8 {
        None,
        Transport,    // no HTTP answer: refused, TLS, timeout, proxy, cut connection
        Http,         // an HTTP error status
        WatchError,   // an ERROR event inside a 200 watch stream
        BadResponse,  // 2xx but unusable: not JSON, wrong shape, too large
    };

    Kind kind = Kind::None;
    int httpStatus = 0;    // 0 for transport errors; Status.code for watch ERROR events
    QString reason;        // metav1.Status reason: "Expired", "Forbidden", ...
    QString message;       // what a person reads; never contains credentials
    qint64 retryAfterMs = -1;
    bool tlsHandshake = false; // Transport: the TLS handshake failed (unknown CA, wrong name...)
    bool connectionRefused = false; // Transport: nothing listens at the server's address (now)

    bool isError() const { return kind != Kind::None; }
    // 410 Gone / reason Expired (or Gone on old servers): the resource version or
    // continue token is too old, a relist is needed.
    bool isExpired() const;
    // 504 "Too large resource version: N, current: M": the server has not reached
    // the resourceVersion asked for, and waited 3 s for it in vain.
    bool isResourceVersionTooLarge() const;
    bool isUnauthorized() const { return httpStatus == 401; }
    bool isForbidden() const { return httpStatus == 403; }

    // "Forbidden (403): clusterprofiles... is forbidden: ..." or the transport message.
    QString toString() const;

    // From an HTTP response: the body may be a Status, plain text (API Priority and
    // Fairness answers 429 in text) or anything else a proxy made up.
    static ApiError fromHttp(int httpStatus, const QByteArray &body, const QByteArray &retryAfterHeader);
    // From a finished reply that is not a 200 and its body: fromHttp(), or
    // transport() when no HTTP status came back or the body broke off.
    static ApiError fromReply(QNetworkReply *reply, const QByteArray &body);
    // From the object of a watch ERROR event (a metav1.Status).
    static ApiError fromStatusObject(const nlohmann::json &status);
    static ApiError transport(const QString &message);
    static ApiError badResponse(const QString &message);
};

} // namespace fleetscope
