#pragma once

#include "api/kubetime.h"

#include <QMetaType>
#include <QString>

namespace fleetscope {

// Where an access check stopped: the first step that failed.
enum class AccessStep : quint8 {
    None,     // reachable, or not checked
    Provider, // no provider of the file matches, the file is missing, the access provider is unusable
    Plugin,   // plugin not found, non-zero exit, interactive login refused, bad output, too slow
    Tls,      // the member's certificate does not verify against the profile's CA / tls-server-name
    Connect,  // connection refused, host not found, proxy, no answer in time
    Http,     // an answer that is not 200 with a version
};

// What checking one member found. Holds no secret: messages name plugins and
// servers, never tokens or plugin output.
struct AccessResult
{
    QString cluster; // HUB/NAMESPACE/NAME
    QString provider;
    bool checked = false;
    bool reachable = false;
    bool cancelled = false;
    AccessStep step = AccessStep::None;
    QString message;
    QString serverVersion;   // gitVersion served at /version
    QString reportedVersion; // status.version.kubernetes
    bool versionMismatch = false;
    qint64 latencyMs = -1;      // of GET /version
    KubeTime credentialExpiry = 0; // 0: none given by the plugin

    static QString stepName(AccessStep step); // "provider", "plugin", …; empty for None

    // Whether two versions name different releases: "v1.30.4-eks-a737599" and
    // "1.30.4" do not; "v1.29.8" and "v1.30.4" do. Only the numbers count, and
    // only as many as both have ("v1.30" matches "v1.30.4"). Empty never differs.
    static bool versionsDiffer(const QString &served, const QString &reported);
};

} // namespace fleetscope

Q_DECLARE_METATYPE(fleetscope::AccessResult)
