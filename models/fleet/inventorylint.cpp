#include "inventorylint.h"

#include "api/clusterfacts.h"
#include "fleetstore.h"
#include "valueorder.h"

#include <QCoreApplication>
#include <QHash>

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

LintFinding finding(const QString &rule, const QString &message)
{
    LintFinding f;
    f.rule = rule;
    f.severity = InventoryLint::severityOf(rule);
    f.message = message;
    return f;
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
    static const QStringList all{managerMismatch, memberDisagreement, placementMissingProfile, clusterSetContradiction,
                                 staleProperty, noAccessProviders, credentialProvidersOnly};
    return all;
}

LintFinding::Severity InventoryLint::severityOf(const QString &rule)
{
    return rule == managerMismatch || rule == memberDisagreement || rule == placementMissingProfile
            || rule == clusterSetContradiction
        ? Severity::Error
        : Severity::Warning;
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
    const auto add = [&](const QString &rule, const QString &message) {
        LintFinding f = finding(rule, message);
        addProfile(&f, store, row);
        out->append(std::move(f));
    };
    if (nextChangeMs)
        *nextChangeMs = 0;
    const ClusterProfile &p = row.profile();
    if (row.managerMismatch) {
        const ManagerFact manager = managerOf(p);
        add(managerMismatch, QCoreApplication::translate("fleetscope::InventoryLint", "label x-k8s.io/cluster-manager=%1 but spec.clusterManager.name=%2")
                                 .arg(manager.labelValue.toString(), manager.specValue.toString()));
    }
    if (const FieldText label = p.metadata.labels.findText(well_known::clusterSetLabel)) {
        const std::optional<QString> nsValue = namespaceClusterSet(store, row.hub, p.metadata.namespaceName);
        if (nsValue && label != QStringView(*nsValue))
            add(clusterSetContradiction, QCoreApplication::translate("fleetscope::InventoryLint", "clusterset label %1 on the profile, %2 on its namespace %3")
                                             .arg(label.toString(), *nsValue, p.metadata.namespaceName.toString()));
    }
    QStringList stale;
    for (const Property &property : p.properties) {
        if (property.lastObservedTime <= 0)
            continue;
        const qint64 age = options.nowMs - property.lastObservedTime;
        if (age > options.staleAfterMs) {
            stale << QCoreApplication::translate("fleetscope::InventoryLint", "%1 (observed %2 ago)")
                         .arg(property.name.toString(), ageText(age));
            keepEarliest(nextChangeMs, property.lastObservedTime + nextAgeTick(age));
        } else {
            keepEarliest(nextChangeMs, property.lastObservedTime + options.staleAfterMs + 1);
        }
    }
    if (!stale.isEmpty())
        add(staleProperty, QCoreApplication::translate("fleetscope::InventoryLint", "stale for more than %1: %2")
                               .arg(ageText(options.staleAfterMs), stale.join(QStringLiteral(", "))));
    if (p.accessProviders.isEmpty())
        add(noAccessProviders, QCoreApplication::translate("fleetscope::InventoryLint", "no status.accessProviders: no consumer can connect"));
    else if (std::all_of(p.accessProviders.begin(), p.accessProviders.end(),
                         [](const AccessProvider &a) { return a.fromCredentialProviders; }))
        add(credentialProvidersOnly,
            QCoreApplication::translate("fleetscope::InventoryLint", "only the deprecated status.credentialProviders, which v1alpha2 drops"));
}

bool InventoryLint::sameProfileInputs(const ClusterProfile &a, const ClusterProfile &b)
{
    const LabelMap &la = a.metadata.labels;
    const LabelMap &lb = b.metadata.labels;
    if (a.clusterManagerName != b.clusterManagerName
        || la.findText(well_known::clusterManagerLabel) != lb.findText(well_known::clusterManagerLabel)
        || la.findText(well_known::clusterSetLabel) != lb.findText(well_known::clusterSetLabel)
        || la.contains(well_known::clusterSetLabel) != lb.contains(well_known::clusterSetLabel)
        || a.properties.size() != b.properties.size() || a.accessProviders.isEmpty() != b.accessProviders.isEmpty())
        return false;
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
