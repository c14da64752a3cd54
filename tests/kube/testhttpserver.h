#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSslConfiguration>
#include <QString>
#include <QStringList>

class QTcpServer;
class QTcpSocket;

namespace fleetscope::testing {

// What arrived at TestHttpServer.
struct RecordedRequest
{
    QByteArray method;
    QByteArray target; // path and query as sent
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QString clientCertificateCn; // empty without a client certificate

    QByteArray header(const char *name) const { return headers.value(QByteArray(name)); }
    bool hasHeader(const char *name) const { return headers.contains(QByteArray(name)); }
};

// A tiny HTTP/1.1 server on 127.0.0.1 (plain, or TLS with QSslServer) that
// records each request and answers 200 with a small JSON body, then closes.
// No ALPN is offered, so Qt's client talks HTTP/1.1 even with HTTP/2 allowed.
class TestHttpServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TestHttpServer)

public:
    explicit TestHttpServer(QObject *parent = nullptr);
    ~TestHttpServer() override;

    bool listenPlain();
    bool listenTls(const QSslConfiguration &configuration);
    quint16 port() const;

    QList<RecordedRequest> requests;
    QStringList tlsErrors; // server-side handshake failures

signals:
    void requestReceived();

private:
    void accept();
    void readFrom(QTcpSocket *socket);

    QTcpServer *m_server = nullptr;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

} // namespace fleetscope::testing
