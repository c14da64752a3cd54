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

} // namespace fleetscope
