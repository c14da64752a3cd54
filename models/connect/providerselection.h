#pragma once

#include "api/clusterprofile.h"
#include "providerfile.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

// A provider-file entry paired with the access provider of the same name.
struct ProviderMatch
{
    int providerIndex = -1;       // into ProviderFile::providers
    int accessProviderIndex = -1; // into ClusterProfile::accessProviders
    QString name;
};

// Which exec plugin connects to a member, chosen like the reference library
// (cluster-inventory-api pkg/access BuildConfigFromCP): walk the provider file in
// its own order and take the first name the profile offers; the profile's order
// does not matter. Every match is kept so that a dialog can offer the others.
struct ProviderSelection
{
    QList<ProviderMatch> matches; // provider-file order; matches.first() is the default
    int chosen = -1;              // index into matches; -1 when there is an error
    QString error;                // set when nothing usable was found
    QStringList warnings;         // for the chosen match: http://, insecure TLS, missing exec extension

    bool ok() const { return chosen >= 0; }
    const ProviderMatch &match() const { return matches.at(chosen); }

    // `preferredName` (--provider, the dialog's choice) picks among the matches; empty
    // takes the first. `profileLabel` names the profile in messages ("hub/ns/name").
    static ProviderSelection select(const ClusterProfile &profile, const ProviderFile &file,
                                    const QString &profileLabel, const QString &preferredName = {});

    // Warnings for connecting through `access` with `provider`; refuses (returns false
    // with `error`) an access provider without a server.
    static bool check(const AccessProvider &access, const CredentialProvider &provider, QStringList *warnings,
                      QString *error);
};

} // namespace fleetscope
