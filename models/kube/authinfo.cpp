#include "authinfo.h"

#include <QFileInfo>

namespace fleetscope {

QString authMethodsSummary(const AuthInfo &user)
{
    QStringList methods;
    if (!user.tokenFile.isEmpty())
        methods << QStringLiteral("token file");
    if (!user.token.isEmpty())
        methods << QStringLiteral("token");
    if (!user.clientCertificate.isEmpty() || !user.clientCertificateData.isEmpty())
        methods << QStringLiteral("client certificate");
    if (!user.username.isEmpty() || !user.password.isEmpty())
        methods << QStringLiteral("basic auth");
    if (user.exec) // the program name helps people; its arguments may carry secrets
        methods << QStringLiteral("exec (%1)").arg(QFileInfo(user.exec->command).fileName());
    if (user.authProvider)
        methods << QStringLiteral("auth-provider (%1)").arg(user.authProvider->name);
    if (!user.impersonate.isEmpty())
        methods << QStringLiteral("impersonating %1").arg(user.impersonate);
    if (methods.isEmpty())
        return QStringLiteral("no credentials");
    return methods.join(QStringLiteral(", "));
}

} // namespace fleetscope
