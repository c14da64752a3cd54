#include "inventorylint.h"

#include "api/clusterfacts.h"
#include "fleet/store/fleetstore.h"
#include "fleet/filter/valueorder.h"

#include <QCoreApplication>
#include <QHash>
#include <QUrl>

#include <algorithm>

namespace fleetscope {
namespace {

using Severity = LintFinding::Severity;

const QString managerMismatch = QStringLiteral("manager-mismatch");
const QString memberDisagreement = QStringLiteral("member-disagreement");
const QString placementMissingProfile = QStringLiteral("placement-missing-profile");
const QString clusterSetContradiction = QStringLiteral("clusterset-contradiction");
const QString staleProperty = QStringLiteral("stale-property");
const QString noAccessProviders = QStringLiteral("no-access-providers");
const QString credentialProvidersOnly = QStringLiteral("credential-providers-only");
const QString missingManagerLabel = QStringLiteral("missing-manager-label");
const QString invalidManagerName = QStringLiteral("invalid-manager-name");
const QString invalidServer = QStringLiteral("invalid-server");
const QString insecureTls = QStringLiteral("insecure-tls");
const QString noConditions = QStringLiteral("no-conditions");

// The manager of GoogleCloudPlatform/gke-fleet-management's experimental
// syncer, which writes profiles without any status.
const QString gkeScriptManager = QStringLiteral("fleet-memberships-to-clusterprofile-script");

LintFinding finding(const QString &rule, const QString &message, const QString &hint = {})
{
    LintFinding f;
    f.rule = rule;
    f.severity = InventoryLint::severityOf(rule);
    f.message = message;
    f.hint = hint.isEmpty() ? InventoryLint::hintOf(rule) : hint;
    return f;
}

// A Kubernetes label value (v1alpha2 holds spec.clusterManager.name to it, so
// that the manager label can equal it): at most 63 characters, alphanumerics
// at both ends, '-', '_' and '.' between.
bool isLabelValue(QStringView value)
{
    const auto alphanumeric = [](QChar c) {
        return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9');
    };
    if (value.isEmpty() || value.size() > 63 || !alphanumeric(value.front()) || !alphanumeric(value.back()))
        return false;
    return std::all_of(value.begin(), value.end(),
                       [&](QChar c) { return alphanumeric(c) || c == u'-' || c == u'_' || c == u'.'; });
}

// What v1alpha2's CEL rule accepts as cluster.server: an absolute URL with a host.
// A path is fine (OCM's cluster proxy, GKE's Connect Gateway).
bool isUrlWithHost(const QString &server)
{
    const QUrl url(server, QUrl::StrictMode);
    return url.isValid() && !url.scheme().isEmpty() && !url.host().isEmpty();
}

void addProfile(LintFinding *f, const FleetStore &store, const FleetProfile &row)
{
    f->objects << store.qualifiedName(row);
    f->profiles << ClusterRef::of(row);
}

QString ageText(qint64 ms)
{
    const qint64 hours = ms / (3600 * 1000);
    return hours >= 48 ? QStringLiteral("%1 d").arg(hours / 24) : QStringLiteral("%1 h").arg(hours);
}

// Versions agree when their numbers do: "v1.30.4-eks-…" and "1.30.4" are the same.
QString versionNumbers(const QString &version)
{
    const VersionKey key = VersionKey::parse(version);
    if (!key.isValid())
        return version;
    QStringList parts;
    for (int i = 0; i < key.count; ++i)
        parts << QString::number(key.parts[i]);
    return parts.join(u'.');
}

// When the age ageText() shows for `ageMs` next changes: on the hour, past two
// days on the day.
qint64 nextAgeTick(qint64 ageMs)
{
    constexpr qint64 hour = 3600 * 1000;
    const qint64 hours = ageMs / hour;
    return hours >= 48 ? (hours / 24 + 1) * 24 * hour : (hours + 1) * hour;
}

void keepEarliest(qint64 *next, qint64 when)
{
    if (next && (*next == 0 || when < *next))
        *next = when;
}

} // namespace

QString LintFinding::severityName(Severity severity)
{
    return severity == Severity::Error ? QStringLiteral("error") : QStringLiteral("warning");
}

const QStringList &InventoryLint::rules()
{
    static const QStringList all{managerMismatch,   missingManagerLabel,     invalidManagerName, memberDisagreement,
                                 placementMissingProfile, clusterSetContradiction, invalidServer,
                                 staleProperty,     noAccessProviders,       credentialProvidersOnly, insecureTls,
                                 noConditions};
    return all;
}

LintFinding::Severity InventoryLint::severityOf(const QString &rule)
{
    static const QStringList errors{managerMismatch,         missingManagerLabel,     invalidManagerName, memberDisagreement,
                                    placementMissingProfile, clusterSetContradiction, invalidServer};
    return errors.contains(rule) ? Severity::Error : Severity::Warning;
}

QString InventoryLint::hintOf(const QString &rule)
{
    if (rule == managerMismatch)
        return QCoreApplication::translate("fleetscope::InventoryLint", "set the label x-k8s.io/cluster-manager to spec.clusterManager.name (the spec is immutable)");
    if (rule == missingManagerLabel)
        return QCoreApplication::translate("fleetscope::InventoryLint", "label the profile x-k8s.io/cluster-manager=<spec.clusterManager.name>: consumers select profiles "
                  "by it, and the conformance suite requires it");
    if (rule == invalidManagerName)
        return QCoreApplication::translate("fleetscope::InventoryLint", "recreate the profile with a spec.clusterManager.name of 1-63 label characters (the field is "
                  "immutable), the same value as its x-k8s.io/cluster-manager label");
    if (rule == memberDisagreement)
        return QCoreApplication::translate("fleetscope::InventoryLint", "one of the managers reports an old state of the cluster: check the one whose health or version "
                  "is out of date, or drop its inventory-member-id label if they are different clusters");
    if (rule == placementMissingProfile)
        return QCoreApplication::translate("fleetscope::InventoryLint", "delete the decision or have its scheduler place it again; the ClusterProfile it names is gone");
    if (rule == clusterSetContradiction)
        return QCoreApplication::translate("fleetscope::InventoryLint", "make the profile's multicluster.x-k8s.io/clusterset label equal its namespace's, or remove one");
    if (rule == invalidServer)
        return QCoreApplication::translate("fleetscope::InventoryLint", "have the producer publish the member's API server URL (https://host[:port][/path]); connect "
                  "and every consumer refuse this provider");
    if (rule == staleProperty)
        return QCoreApplication::translate("fleetscope::InventoryLint", "the producer stopped refreshing these properties: check its agent on the member, or raise "
                  "--stale-after if they change rarely");
    if (rule == noAccessProviders)
        return QCoreApplication::translate("fleetscope::InventoryLint", "have the producer publish status.accessProviders (a server and, unless a public CA signs it, "
                  "its CA), or connect to this member another way");
    if (rule == credentialProvidersOnly)
        return QCoreApplication::translate("fleetscope::InventoryLint", "publish the same entries under status.accessProviders: v1alpha2 and cluster-inventory-api "
                  "v0.2.0 no longer read credentialProviders");
    if (rule == insecureTls)
        return QCoreApplication::translate("fleetscope::InventoryLint", "publish certificate-authority-data (or rely on system roots) and drop insecure-skip-tls-verify; "
                  "pkg/access ignores the flag, so its consumers verify anyway and fail");
    if (rule == noConditions)
        return QCoreApplication::translate("fleetscope::InventoryLint", "check that the producer's controller runs and may write status: nothing says whether this "
                  "cluster is joined or healthy");
    return {};
}

bool InventoryLint::before(const LintFinding &a, const LintFinding &b)
{
    if (a.severity != b.severity)
        return a.severity == Severity::Error;
    const qsizetype ra = rules().indexOf(a.rule);
    const qsizetype rb = rules().indexOf(b.rule);
    if (ra != rb)
        return ra < rb;
    static const QString none;
    return (a.objects.isEmpty() ? none : a.objects.constFirst()) < (b.objects.isEmpty() ? none : b.objects.constFirst());
}

std::optional<QString> InventoryLint::namespaceClusterSet(const FleetStore &store, int hub, const QString &namespaceName)
{
    const LabelMap *nsLabels = store.namespaceLabels(hub, namespaceName);
    if (!nsLabels)
        return std::nullopt;
    FieldText value = nsLabels->findText(well_known::clusterSetLabel);
    if (!value)
        value = nsLabels->findText(well_known::clusterSetNamespaceLabelKep);
    return value ? std::optional<QString>(value.toString()) : std::nullopt;
}

bool InventoryLint::hasClusterSetLabel(const FleetProfile &row)
{
    return row.profile().metadata.labels.contains(well_known::clusterSetLabel);
}

void InventoryLint::appendProfileFindings(const FleetStore &store, const FleetProfile &row, const LintOptions &options,
                                          QList<LintFinding> *out, qint64 *nextChangeMs)
{
    const auto add = [&](const QString &rule, const QString &message, const QString &hint = {}) {
        LintFinding f = finding(rule, message, hint);
        addProfile(&f, store, row);
        out->append(std::move(f));
    };
    if (nextChangeMs)
        *nextChangeMs = 0;
    const ClusterProfile &p = row.profile();
    // A profile without a creation time (never from an apiserver) counts as settled.
    const qint64 created = p.metadata.creationTimestamp;
    const bool settling = created > 0 && options.nowMs - created < options.settleMs;
    if (settling)
        keepEarliest(nextChangeMs, created + options.settleMs);
    const ManagerFact manager = managerOf(p);
    if (row.managerMismatch) {
        add(managerMismatch, QCoreApplication::translate("fleetscope::InventoryLint", "label x-k8s.io/cluster-manager=%1 but spec.clusterManager.name=%2")
                                 .arg(manager.labelValue.toString(), manager.specValue.toString()));
    }
    if (manager.labelValue.isEmpty() && !settling) {
        const bool present = p.metadata.labels.contains(well_known::clusterManagerLabel);
        const QString message = manager.specValue.isEmpty()
            ? (present ? QCoreApplication::translate("fleetscope::InventoryLint", "the label x-k8s.io/cluster-manager is empty") : QCoreApplication::translate("fleetscope::InventoryLint", "no label x-k8s.io/cluster-manager"))
            : (present ? QCoreApplication::translate("fleetscope::InventoryLint", "the label x-k8s.io/cluster-manager is empty (spec.clusterManager.name=%1)")
                       : QCoreApplication::translate("fleetscope::InventoryLint", "no label x-k8s.io/cluster-manager (spec.clusterManager.name=%1)"))
                  .arg(manager.specValue.toString());
        const QString hint = isLabelValue(manager.specValue.view())
            ? QCoreApplication::translate("fleetscope::InventoryLint", "label the profile x-k8s.io/cluster-manager=%1: consumers select profiles by it, and the "
                 "conformance suite requires it")
                  .arg(manager.specValue.toString())
            : QString();
        add(missingManagerLabel, message, hint);
    }
    if (manager.specValue.isEmpty())
        add(invalidManagerName, QCoreApplication::translate("fleetscope::InventoryLint", "spec.clusterManager.name is empty"));
    else if (!isLabelValue(manager.specValue.view()))
        add(invalidManagerName, QCoreApplication::translate("fleetscope::InventoryLint", "spec.clusterManager.name \"%1\" is not a label value (1-63 characters: letters, "
                                   "digits, '-', '_', '.'), which v1alpha2 requires")
                                    .arg(manager.specValue.toString()));
    if (const FieldText label = p.metadata.labels.findText(well_known::clusterSetLabel); label && !label.isEmpty()) {
        // An empty label claims no clusterset (OCM writes "" for a cluster in none).
        const std::optional<QString> nsValue = namespaceClusterSet(store, row.hub, p.metadata.namespaceName);
        if (nsValue && label != QStringView(*nsValue))
            add(clusterSetContradiction, QCoreApplication::translate("fleetscope::InventoryLint", "clusterset label %1 on the profile, %2 on its namespace %3")
                                             .arg(label.toString(), *nsValue, p.metadata.namespaceName.toString()));
    }
    QStringList badServers;
    QStringList insecure;
    for (const AccessProvider &provider : p.accessProviders) {
        const QString server = provider.cluster.server.toString();
        if (server.trimmed().isEmpty())
            badServers << QCoreApplication::translate("fleetscope::InventoryLint", "%1 has an empty cluster.server").arg(provider.name.toString());
        else if (!isUrlWithHost(server))
            badServers << QCoreApplication::translate("fleetscope::InventoryLint", "%1's cluster.server \"%2\" is not an absolute URL with a host").arg(provider.name.toString(), server);
        if (provider.cluster.insecureSkipTlsVerify)
            insecure << provider.name.toString();
    }
    if (!badServers.isEmpty())
        add(invalidServer, QCoreApplication::translate("fleetscope::InventoryLint", "access provider %1").arg(badServers.join(QStringLiteral("; "))));
    QStringList stale;
    for (const Property &property : p.properties) {
        if (property.lastObservedTime <= 0)
            continue;
        const qint64 age = options.nowMs - property.lastObservedTime;
        if (age > options.staleAfterMs) {
            stale << QCoreApplication::translate("fleetscope::InventoryLint", "%1 (observed %2 ago)").arg(property.name.toString(), ageText(age));
            keepEarliest(nextChangeMs, property.lastObservedTime + nextAgeTick(age));
        } else {
            keepEarliest(nextChangeMs, property.lastObservedTime + options.staleAfterMs + 1);
        }
    }
    if (!stale.isEmpty())
        add(staleProperty, QCoreApplication::translate("fleetscope::InventoryLint", "stale for more than %1: %2").arg(ageText(options.staleAfterMs), stale.join(QStringLiteral(", "))));
    if (p.accessProviders.isEmpty()) {
        if (!settling)
            add(noAccessProviders, QCoreApplication::translate("fleetscope::InventoryLint", "no status.accessProviders: no consumer can connect"));
    } else if (std::all_of(p.accessProviders.begin(), p.accessProviders.end(),
                           [](const AccessProvider &a) { return a.fromCredentialProviders; })) {
        add(credentialProvidersOnly, QCoreApplication::translate("fleetscope::InventoryLint", "only the deprecated status.credentialProviders, which v1alpha2 drops"));
    }
    if (!insecure.isEmpty())
        add(insecureTls, QCoreApplication::translate("fleetscope::InventoryLint", "access provider %1 sets insecure-skip-tls-verify: consumers that honour it do not check "
                            "whom they connect to")
                             .arg(insecure.join(QStringLiteral(", "))));
    if (p.conditions.isEmpty() && !settling) {
        const bool script = manager.name == gkeScriptManager;
        add(noConditions,
            QCoreApplication::translate("fleetscope::InventoryLint", "no status.conditions: %1 reports nothing about this cluster").arg(manager.name.isEmpty() ? QCoreApplication::translate("fleetscope::InventoryLint", "its producer") : manager.name.toString()),
            script ? QCoreApplication::translate("fleetscope::InventoryLint", "this experimental GKE script writes no status: switch to GKE Fleet's ClusterProfile sync "
                        "(namespace fleet-cluster-inventory), then delete these profiles")
                   : QString());
    }
}

bool InventoryLint::sameProfileInputs(const ClusterProfile &a, const ClusterProfile &b)
{
    const LabelMap &la = a.metadata.labels;
    const LabelMap &lb = b.metadata.labels;
    if (a.clusterManagerName != b.clusterManagerName
        || la.findText(well_known::clusterManagerLabel) != lb.findText(well_known::clusterManagerLabel)
        || la.contains(well_known::clusterManagerLabel) != lb.contains(well_known::clusterManagerLabel)
        || la.findText(well_known::clusterSetLabel) != lb.findText(well_known::clusterSetLabel)
        || la.contains(well_known::clusterSetLabel) != lb.contains(well_known::clusterSetLabel)
        || a.metadata.creationTimestamp != b.metadata.creationTimestamp
        || a.conditions.isEmpty() != b.conditions.isEmpty() || a.properties.size() != b.properties.size()
        || a.accessProviders.size() != b.accessProviders.size())
        return false;
    for (qsizetype i = 0; i < a.accessProviders.size(); ++i) {
        const AccessProvider &pa = a.accessProviders[i];
        const AccessProvider &pb = b.accessProviders[i];
        if (pa.name != pb.name || pa.cluster.server != pb.cluster.server
            || pa.cluster.insecureSkipTlsVerify != pb.cluster.insecureSkipTlsVerify)
            return false;
    }
    for (qsizetype i = 0; i < a.properties.size(); ++i) {
        const Property &pa = a.properties[i];
        const Property &pb = b.properties[i];
        if (pa.name != pb.name || pa.lastObservedTime != pb.lastObservedTime)
            return false;
    }
    const auto credentialsOnly = [](const ClusterProfile &p) {
        return std::all_of(p.accessProviders.begin(), p.accessProviders.end(),
                           [](const AccessProvider &provider) { return provider.fromCredentialProviders; });
    };
    return credentialsOnly(a) == credentialsOnly(b);
}

std::optional<LintFinding> InventoryLint::memberFinding(const FleetStore &store, const QString &memberId, QList<int> rows)
{
    // Named in a stable order, whatever order the hubs delivered them in.
    std::sort(rows.begin(), rows.end(), [&store](int a, int b) {
        return store.qualifiedName(store.profileAt(a)) < store.qualifiedName(store.profileAt(b));
    });
    QStringList managers;
    QStringList healths;
    QStringList versions;
    for (int row : rows) {
        const FleetProfile &fp = store.profileAt(row);
        managers << fp.manager.toString();
        healths << healthName(fp.health);
        const QString version = fp.profile().kubernetesVersion.toString();
        if (!version.isEmpty())
            versions << versionNumbers(version);
    }
    managers.removeDuplicates();
    healths.removeDuplicates();
    versions.removeDuplicates();
    if (managers.size() < 2 || (healths.size() < 2 && versions.size() < 2))
        return std::nullopt;
    QStringList says;
    for (int row : rows) {
        const FleetProfile &fp = store.profileAt(row);
        says << QCoreApplication::translate("fleetscope::InventoryLint", "%1 says %2, %3")
                    .arg(fp.manager.toString(), healthName(fp.health),
                         fp.profile().kubernetesVersion.isEmpty() ? QCoreApplication::translate("fleetscope::InventoryLint", "no version")
                                                                  : fp.profile().kubernetesVersion.toString());
    }
    LintFinding f = finding(memberDisagreement,
                            QCoreApplication::translate("fleetscope::InventoryLint", "member %1: %2").arg(memberId, says.join(QStringLiteral("; "))));
    for (int row : rows)
        addProfile(&f, store, store.profileAt(row));
    return f;
}

std::optional<LintFinding> InventoryLint::placementFinding(const FleetStore &store, int hub, const PlacementDecision &placement)
{
    QStringList missing;
    for (const ClusterDecision &d : placement.decisions) {
        const ObjectKey key{placement.profileNamespace(d), d.clusterProfileName};
        if (store.rowOf(hub, key) < 0)
            missing << key.toString();
    }
    missing.removeDuplicates();
    if (missing.isEmpty())
        return std::nullopt;
    LintFinding f = finding(placementMissingProfile,
                            QCoreApplication::translate("fleetscope::InventoryLint", "chooses ClusterProfiles that do not exist: %1")
                                .arg(missing.join(QStringLiteral(", "))));
    f.objects << store.hubName(hub) + u'/' + placement.metadata.namespaceName + QStringLiteral("/placementdecision/")
            + placement.metadata.name;
    return f;
}

QList<LintFinding> InventoryLint::run(const FleetStore &store, const LintOptions &options)
{
    QList<LintFinding> out;
    QHash<QString, QList<int>> byMember;
    for (int row = 0; row < store.profileCount(); ++row) {
        const FleetProfile &fp = store.profileAt(row);
        if (!store.isHubActive(fp.hub))
            continue;
        appendProfileFindings(store, fp, options, &out); // into one list: none per profile
        if (!fp.memberId.isEmpty())
            byMember[fp.memberId].append(row);
    }
    for (auto it = byMember.cbegin(); it != byMember.cend(); ++it) {
        if (std::optional<LintFinding> f = memberFinding(store, it.key(), it.value()))
            out.append(std::move(*f));
    }
    for (int hub = 0; hub < store.hubCount(); ++hub) {
        if (!store.isHubActive(hub))
            continue;
        for (const PlacementPtr &placement : store.placements(hub)) {
            if (std::optional<LintFinding> f = placementFinding(store, hub, *placement))
                out.append(std::move(*f));
        }
    }
    // Each finding's first object is its own (one per profile and rule, per member
    // id, per PlacementDecision), so this order is total and the same for any
    // order the findings were made in.
    // (A merge sort: fewer comparisons than introsort, and each compares strings.)
    std::stable_sort(out.begin(), out.end(), [](const LintFinding &a, const LintFinding &b) { return before(a, b); });
    return out;
}

} // namespace fleetscope
