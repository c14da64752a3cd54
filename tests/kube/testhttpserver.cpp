#include "testhttpserver.h"

#include <QHostAddress>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>

namespace fleetscope::testing {

TestHttpServer::TestHttpServer(QObject *parent)
    : QObject(parent)
{
}

TestHttpServer::~TestHttpServer() = default;

bool TestHttpServer::listenPlain()
{
    m_server = new QTcpServer(this);
    connect(m_server, &QTcpServer::pendingConnectionAvailable, this, &TestHttpServer::accept);
    return m_server->listen(QHostAddress::LocalHost);
}

bool TestHttpServer::listenTls(const QSslConfiguration &configuration)
{
    auto *server = new QSslServer(this);
    server->setSslConfiguration(configuration);
    connect(server, &QSslServer::sslErrors, this, [this](QSslSocket *, const QList<QSslError> &errors) {
        for (const QSslError &e : errors)
            tlsErrors << e.errorString();
    });
    connect(server, &QSslServer::errorOccurred, this, [this](QSslSocket *socket, QAbstractSocket::SocketError) {
        tlsErrors << socket->errorString();
    });
    // QSslServer queues a connection only once its handshake has succeeded.
    connect(server, &QTcpServer::pendingConnectionAvailable, this, &TestHttpServer::accept);
    m_server = server;
    return m_server->listen(QHostAddress::LocalHost);
}

quint16 TestHttpServer::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

void TestHttpServer::accept()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readFrom(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
        if (socket->bytesAvailable() > 0)
            readFrom(socket);
    }
}

void TestHttpServer::readFrom(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return;
    const QList<QByteArray> lines = buffer.left(end).split('\n');
    buffer.clear();
    RecordedRequest request;
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.method = requestLine.value(0);
    request.target = requestLine.value(1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            request.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
    }
    if (auto *ssl = qobject_cast<QSslSocket *>(socket)) {
        const QStringList cn = ssl->peerCertificate().subjectInfo(QSslCertificate::CommonName);
        request.clientCertificateCn = cn.value(0);
    }
    requests.append(request);

    const QByteArray body = R"({"kind":"Status","apiVersion":"v1","status":"Success"})";
    socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                  + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    socket->disconnectFromHost();
    emit requestReceived();
}

} // namespace fleetscope::testing
