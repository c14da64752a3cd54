#include "failedreply.h"

#include <QMetaObject>

namespace fleetscope {

FailedReply::FailedReply(QNetworkAccessManager::Operation operation, const QNetworkRequest &request,
                         QNetworkReply::NetworkError code, const QString &message, QObject *parent)
    : QNetworkReply(parent)
{
    setOperation(operation);
    setRequest(request);
    setUrl(request.url());
    open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    setError(code, message);
    setFinished(true);
    QMetaObject::invokeMethod(
        this,
        [this, code] {
            emit errorOccurred(code);
            emit finished();
        },
        Qt::QueuedConnection);
}

void FailedReply::abort()
{
    // Already finished; aborting a finished reply is a no-op for real replies too.
}

qint64 FailedReply::readData(char *data, qint64 maxSize)
{
    Q_UNUSED(data);
    Q_UNUSED(maxSize);
    return -1;
}

} // namespace fleetscope
