#include "connectsettings.h"

#include "providerfile.h"

#include <QSettings>

namespace fleetscope {
namespace {

const QString providerFileKey = QStringLiteral("connect/providerFile");
const QString terminalCommandKey = QStringLiteral("connect/terminalCommand");
const QString sessionCommandKey = QStringLiteral("connect/sessionCommand");

} // namespace

QString ConnectSettings::effectiveProviderFile() const
{
    return providerFile.trimmed().isEmpty() ? ProviderFile::defaultPath() : providerFile.trimmed();
}

ConnectSettings ConnectSettings::load(const QSettings &settings)
{
    ConnectSettings s;
    s.providerFile = settings.value(providerFileKey).toString();
    s.terminalCommand = settings.value(terminalCommandKey).toString();
    s.session = sessionKindFromKey(settings.value(sessionCommandKey).toString());
    return s;
}

void ConnectSettings::save(QSettings &settings) const
{
    // Empty values are removed rather than stored, so that a changed default applies.
    const auto store = [&settings](const QString &key, const QString &value) {
        if (value.trimmed().isEmpty())
            settings.remove(key);
        else
            settings.setValue(key, value.trimmed());
    };
    store(providerFileKey, providerFile);
    store(terminalCommandKey, terminalCommand);
    settings.setValue(sessionCommandKey, sessionKindKey(session));
}

} // namespace fleetscope
