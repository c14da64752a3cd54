#pragma once

#include "servedkind.h"

#include "kube/apierror.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

class QNetworkReply;

namespace fleetscope {

class HubTransport;

// The kinds one member serves, from legacy discovery as kubectl reads it when
// no aggregated document comes back: GET /api and /apis, then /api/v1 and each
// group's preferred version. A group version that fails is left out with a
// warning (kubectl does the same); /api or /apis failing fails the discovery.
// Asynchronous on the member's transport; finished() once per start().
class KindDiscovery final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KindDiscovery)

public:
    explicit KindDiscovery(HubTransport *transport, QObject *parent = nullptr);
    ~KindDiscovery() override;

    void start();
    const QList<ServedKind> &kinds() const { return m_kinds; }
    const ApiError &error() const { return m_error; }
    const QStringList &warnings() const { return m_warnings; }

    // The documents' readers, for tests and the fuzzer: false with `error` when the
    // text is not the document it should be.
    static bool parseApiVersions(const QByteArray &json, QStringList *versions, QString *error);
    // Group name → preferred group version ("apps/v1").
    static bool parseGroupList(const QByteArray &json, QStringList *groupVersions, QString *error);
    static bool parseResourceList(const QByteArray &json, const QString &groupVersion, QList<ServedKind> *out,
                                  QString *error);

    static constexpr qint64 maxDocumentBytes = 16 * 1024 * 1024;

signals:
    void finished();

private:
    QNetworkReply *get(const QString &path);
    bool readReply(QNetworkReply *reply, const QString &path, QByteArray *body, ApiError *error);
    void onRootsFinished();
    void fetchGroupVersion(const QString &groupVersion);
    void finishIfDone();

    HubTransport *m_transport;
    QList<QPointer<QNetworkReply>> m_replies;
    QByteArray m_api;
    QByteArray m_apis;
    int m_rootsPending = 0;
    int m_pending = 0;
    QList<QPair<QString, QList<ServedKind>>> m_byGroupVersion; // in request order
    QList<ServedKind> m_kinds;
    ApiError m_error;
    QStringList m_warnings;
    bool m_done = false;
};

} // namespace fleetscope
