#pragma once

#include <QNetworkReply>

namespace fleetscope {

// A reply that never touches the network: HubTransport hands it out when policy
// forbids a request (setup error, credentials not ready, a URL that is not the
// hub's), so that callers see one error path, the same as for a refused
// connection. errorOccurred() and finished() are emitted from the event loop, as
// real replies do, so callers can connect after get() returns.
class FailedReply final : public QNetworkReply
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailedReply)

public:
    FailedReply(QNetworkAccessManager::Operation operation, const QNetworkRequest &request,
                QNetworkReply::NetworkError code, const QString &message, QObject *parent = nullptr);

    void abort() override {} // already finished, a no-op as for real replies
    qint64 bytesAvailable() const override { return 0; }

protected:
    qint64 readData(char *, qint64) override { return -1; }
};

} // namespace fleetscope
