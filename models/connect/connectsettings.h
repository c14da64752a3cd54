#pragma once

#include "terminallauncher.h"

#include <QString>

class QSettings;

namespace fleetscope {

// The dashboard's connect choices, under the settings prefix `connect/`:
//   connect/providerFile     the credential provider file (empty: ProviderFile::defaultPath())
//   connect/terminalCommand  the terminal command template (empty: autodetect; see TerminalLauncher)
//   connect/sessionCommand   "shell", "kubectl" or "k9s"
struct ConnectSettings
{
    QString providerFile;
    QString terminalCommand;
    SessionKind session = SessionKind::Shell;

    // The provider file to read: the configured one or the default.
    QString effectiveProviderFile() const;

    static ConnectSettings load(const QSettings &settings);
    void save(QSettings &settings) const;
};

} // namespace fleetscope
