#pragma once

#include "connect/providerfile.h"

#include <QString>
#include <QStringList>

namespace fleetscope {

// What to watch on each member: a kind as a person names it, where, and how.
struct ResourceQuery
{
    QString kind;           // "pods", "deploy", "certificates.cert-manager.io"
    QString name;           // one object (a field selector on metadata.name), or all
    QStringList namespaces; // empty: all namespaces (ignored for cluster-scoped kinds)
    QString labelSelector;
    bool objects = false;   // whole objects (-o json/yaml), not the server's Tables
    bool watch = true;      // after the first list, follow changes
    int timeoutMs = 30'000; // per member: credential, discovery and first list
    // Up to this many chosen namespaces are listed and watched one by one (each a
    // request of its own, which a member forbidding some namespaces answers
    // namespace by namespace); more are read cluster-wide and picked by the client.
    static constexpr int maxNamespaceWatches = 4;
};

// How to reach the members (the provider file, as connect reads it).
struct ResourceAccessSettings
{
    ProviderFile providers;
    QString providerFileError;
    QString preferredProvider;
};

} // namespace fleetscope
