#include "inventorydiscovery.h"

#include "api/jsontext.h"

#include <algorithm>

namespace fleetscope::inventory_discovery {
namespace {

QString versionRank(const QString &version)
{
    // v1alpha2 is preferred over v1alpha1; unknown versions last.
    if (version == u"v1alpha2")
        return QStringLiteral("0");
    if (version == u"v1alpha1")
        return QStringLiteral("1");
    return QStringLiteral("2") + version;
}

} // namespace

QString notServedMessage()
{
    return QStringLiteral("the hub does not serve the multicluster.x-k8s.io API group (is the ClusterProfile CRD "
                          "installed?)");
}

bool parseGroupVersions(const QByteArray &body, const QString &source, QStringList *versions, QString *error)
{
    versions->clear();
    nlohmann::json apiGroup;
    QString parseError;
    if (!parseJson(body, source, &apiGroup, &parseError) || !apiGroup.is_object() || !apiGroup.contains("versions")
        || !apiGroup["versions"].is_array()) {
        *error = parseError.isEmpty() ? QStringLiteral("discovery: not an APIGroup") : parseError;
        return false;
    }
    for (const nlohmann::json &v : apiGroup["versions"]) {
        if (v.is_object() && v.contains("version") && v["version"].is_string())
            versions->append(QString::fromStdString(v["version"].get<std::string>()));
    }
    std::sort(versions->begin(), versions->end(),
              [](const QString &a, const QString &b) { return versionRank(a) < versionRank(b); });
    return true;
}

ServedResources parseServedResources(const QByteArray &body)
{
    ServedResources served;
    nlohmann::json resources;
    if (!parseJson(body, QString(), &resources, nullptr) || !resources.is_object() || !resources.contains("resources")
        || !resources["resources"].is_array())
        return served;
    for (const nlohmann::json &r : resources["resources"]) {
        if (!r.is_object() || !r.contains("name") || !r["name"].is_string())
            continue;
        const std::string &name = r["name"].get_ref<const std::string &>();
        served.profiles = served.profiles || name == "clusterprofiles";
        served.placements = served.placements || name == "placementdecisions";
    }
    return served;
}

} // namespace fleetscope::inventory_discovery
