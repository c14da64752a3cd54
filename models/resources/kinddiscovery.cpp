#include "kinddiscovery.h"

#include "kube/hubtransport.h"

#include <QNetworkReply>

#include <nlohmann/json.hpp>

namespace fleetscope {
namespace {

QString text(const nlohmann::json &object, const char *key)
{
    return object.is_object() && object.contains(key) && object[key].is_string()
        ? QString::fromStdString(object[key].get<std::string>())
        : QString();
}

QStringList texts(const nlohmann::json &object, const char *key)
{
    QStringList out;
    if (object.is_object() && object.contains(key) && object[key].is_array()) {
        for (const nlohmann::json &item : object[key]) {
            if (item.is_string())
                out << QString::fromStdString(item.get<std::string>());
        }
    }
    return out;
}

bool parseObject(const QByteArray &json, const char *kind, nlohmann::json *out, QString *error)
{
    *out = nlohmann::json::parse(json.constData(), json.constData() + json.size(), nullptr, false);
    if (out->is_discarded() || !out->is_object()) {
        *error = QStringLiteral("not a JSON %1").arg(QLatin1String(kind));
        return false;
    }
    return true;
}

} // namespace

KindDiscovery::KindDiscovery(HubTransport *transport, QObject *parent)
    : QObject(parent)
    , m_transport(transport)
{
}

KindDiscovery::~KindDiscovery()
{
    for (const QPointer<QNetworkReply> &reply : std::as_const(m_replies)) {
        if (reply) {
            reply->disconnect(this);
            reply->abort();
            reply->deleteLater();
        }
    }
}

bool KindDiscovery::parseApiVersions(const QByteArray &json, QStringList *versions, QString *error)
{
    nlohmann::json doc;
    if (!parseObject(json, "APIVersions", &doc, error))
        return false;
    *versions = texts(doc, "versions");
    return true;
}

bool KindDiscovery::parseGroupList(const QByteArray &json, QStringList *groupVersions, QString *error)
{
    nlohmann::json doc;
    if (!parseObject(json, "APIGroupList", &doc, error))
        return false;
    if (!doc.contains("groups") || !doc["groups"].is_array()) {
        *error = QStringLiteral("the APIGroupList has no groups");
        return false;
    }
    for (const nlohmann::json &group : doc["groups"]) {
        QString preferred = group.is_object() && group.contains("preferredVersion")
            ? text(group["preferredVersion"], "groupVersion")
            : QString();
        if (preferred.isEmpty() && group.is_object() && group.contains("versions") && group["versions"].is_array()
            && !group["versions"].empty())
            preferred = text(group["versions"][0], "groupVersion");
        if (!preferred.isEmpty())
            groupVersions->append(preferred);
    }
    return true;
}

bool KindDiscovery::parseResourceList(const QByteArray &json, const QString &groupVersion, QList<ServedKind> *out,
                                      QString *error)
{
    nlohmann::json doc;
    if (!parseObject(json, "APIResourceList", &doc, error))
        return false;
    if (!doc.contains("resources") || !doc["resources"].is_array()) {
        *error = QStringLiteral("the APIResourceList has no resources");
        return false;
    }
    const QString group = groupVersion.contains(u'/') ? groupVersion.section(u'/', 0, 0) : QString();
    const QString version = groupVersion.section(u'/', -1);
    for (const nlohmann::json &r : doc["resources"]) {
        ServedKind kind;
        kind.resource = text(r, "name");
        if (kind.resource.isEmpty() || kind.resource.contains(u'/'))
            continue; // a subresource (pods/log)
        kind.group = group;
        kind.version = version;
        kind.singular = text(r, "singularName");
        kind.kind = text(r, "kind");
        if (kind.singular.isEmpty())
            kind.singular = kind.kind.toLower();
        kind.shortNames = texts(r, "shortNames");
        kind.verbs = texts(r, "verbs");
        kind.namespaced = r.is_object() && r.value("namespaced", true);
        if (kind.canList())
            out->append(kind);
    }
    return true;
}

QNetworkReply *KindDiscovery::get(const QString &path)
{
    QNetworkRequest request(m_transport->url(path));
    request.setTransferTimeout(30'000);
    QNetworkReply *reply = m_transport->get(request);
    m_replies.append(reply);
    connect(reply, &QNetworkReply::downloadProgress, this, [reply](qint64 received, qint64) {
        if (received > maxDocumentBytes)
            reply->abort();
    });
    return reply;
}

bool KindDiscovery::readReply(QNetworkReply *reply, const QString &path, QByteArray *body, ApiError *error)
{
    reply->deleteLater();
    *body = reply->readAll();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->error() == QNetworkReply::OperationCanceledError && body->size() >= maxDocumentBytes) {
        *error = ApiError::badResponse(QStringLiteral("GET %1: larger than %2 MiB, refused").arg(path).arg(maxDocumentBytes >> 20));
        return false;
    }
    if (reply->error() != QNetworkReply::NoError || status != 200) {
        *error = ApiError::fromReply(reply, *body);
        if (error->kind == ApiError::Kind::Transport || error->kind == ApiError::Kind::BadResponse)
            error->message = QStringLiteral("GET %1: %2").arg(path, error->message);
        return false;
    }
    const QByteArray type = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray().toLower();
    if (!type.isEmpty() && !type.contains("json")) {
        *error = ApiError::badResponse(QStringLiteral("GET %1: the server answered with %2, not JSON (a proxy or login "
                                                      "page instead of the API?)")
                                           .arg(path, QString::fromLatin1(type.left(60))));
        return false;
    }
    return true;
}

void KindDiscovery::start()
{
    m_done = false;
    m_error = ApiError();
    m_kinds.clear();
    m_warnings.clear();
    m_byGroupVersion.clear();
    m_rootsPending = 2;
    m_pending = 0;
    for (const QString &path : {QStringLiteral("/api"), QStringLiteral("/apis")}) {
        QNetworkReply *reply = get(path);
        connect(reply, &QNetworkReply::finished, this, [this, reply, path] {
            QByteArray body;
            ApiError error;
            if (!readReply(reply, path, &body, &error)) {
                // A 404 on /api is tolerated (kubectl): servers without the core group.
                if (!(path == u"/api" && error.httpStatus == 404) && !m_error.isError())
                    m_error = error;
            } else {
                (path == u"/api" ? m_api : m_apis) = body;
            }
            if (--m_rootsPending == 0)
                onRootsFinished();
        });
    }
}

void KindDiscovery::onRootsFinished()
{
    if (m_error.isError()) {
        finishIfDone();
        return;
    }
    QString error;
    QStringList groupVersions;
    QStringList coreVersions;
    if (!m_api.isEmpty() && !parseApiVersions(m_api, &coreVersions, &error)) {
        m_error = ApiError::badResponse(QStringLiteral("GET /api: ") + error);
        finishIfDone();
        return;
    }
    if (coreVersions.contains(QStringLiteral("v1")))
        groupVersions << QStringLiteral("v1");
    if (!parseGroupList(m_apis, &groupVersions, &error)) {
        m_error = ApiError::badResponse(QStringLiteral("GET /apis: ") + error);
        finishIfDone();
        return;
    }
    for (const QString &groupVersion : std::as_const(groupVersions))
        fetchGroupVersion(groupVersion);
    finishIfDone();
}

void KindDiscovery::fetchGroupVersion(const QString &groupVersion)
{
    const QString path = groupVersion.contains(u'/') ? QStringLiteral("/apis/") + groupVersion : QStringLiteral("/api/") + groupVersion;
    ++m_pending;
    m_byGroupVersion.append({groupVersion, {}});
    const qsizetype slot = m_byGroupVersion.size() - 1;
    QNetworkReply *reply = get(path);
    connect(reply, &QNetworkReply::finished, this, [this, reply, path, groupVersion, slot] {
        QByteArray body;
        ApiError error;
        QString problem;
        if (!readReply(reply, path, &body, &error))
            m_warnings << QStringLiteral("%1: %2").arg(groupVersion, error.toString());
        else if (!parseResourceList(body, groupVersion, &m_byGroupVersion[slot].second, &problem))
            m_warnings << QStringLiteral("GET %1: %2").arg(path, problem);
        --m_pending;
        finishIfDone();
    });
}

void KindDiscovery::finishIfDone()
{
    if (m_done || m_rootsPending > 0 || m_pending > 0)
        return;
    m_done = true;
    for (const auto &entry : std::as_const(m_byGroupVersion))
        m_kinds += entry.second;
    m_replies.clear();
    emit finished();
}

} // namespace fleetscope
