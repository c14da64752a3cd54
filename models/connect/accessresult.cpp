#include "accessresult.h"

#include <QRegularExpression>

namespace fleetscope {
namespace {

QList<int> versionParts(const QString &version)
{
    static const QRegularExpression pattern(QStringLiteral("^v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?"));
    const QRegularExpressionMatch m = pattern.match(version.trimmed());
    QList<int> numbers;
    for (int i = 1; m.hasMatch() && i <= 3 && m.hasCaptured(i); ++i)
        numbers << m.captured(i).toInt();
    return numbers;
}

} // namespace

QString AccessResult::stepName(AccessStep step)
{
    switch (step) {
    case AccessStep::None:
        break;
    case AccessStep::Provider:
        return QStringLiteral("provider");
    case AccessStep::Plugin:
        return QStringLiteral("plugin");
    case AccessStep::Tls:
        return QStringLiteral("tls");
    case AccessStep::Connect:
        return QStringLiteral("connect");
    case AccessStep::Http:
        return QStringLiteral("http");
    }
    return {};
}

bool AccessResult::versionsDiffer(const QString &served, const QString &reported)
{
    if (served.trimmed().isEmpty() || reported.trimmed().isEmpty())
        return false;
    const QList<int> a = versionParts(served);
    const QList<int> b = versionParts(reported);
    if (a.isEmpty() || b.isEmpty())
        return served.trimmed() != reported.trimmed(); // not versions we understand: compare as text
    const int n = int(std::min(a.size(), b.size()));
    return a.mid(0, n) != b.mid(0, n);
}

} // namespace fleetscope
