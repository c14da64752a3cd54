#include "fleetfields.h"

#include "api/conditionreasons.h"
#include "api/propertyaliases.h"

#include "fleet/store/fleetprofile.h"
#include "fleet/filter/healthrules.h"
#include "fleet/filter/valueorder.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

using namespace Qt::StringLiterals;

namespace fleetscope {
namespace {

// Problems first when sorted ascending; an unreported condition last.
qint64 conditionRank(ConditionStatus status)
{
    switch (status) {
    case ConditionStatus::False:
        return 0;
    case ConditionStatus::Unknown:
        return 1;
    case ConditionStatus::True:
        return 2;
    case ConditionStatus::Absent:
        break;
    }
    return 3;
}

KubeTime newestTransition(const ClusterProfile &p)
{
    KubeTime newest = 0;
    for (const Condition &c : p.conditions)
        newest = qMax(newest, c.lastTransitionTime);
    return newest;
}

QString propertyText(const ClusterProfile &p, const char16_t *name)
{
    const Property *property = p.property(name);
    return property ? p.valueText(*property).toString() : QString();
}

QString conditionToolTip(const ClusterProfile &p, const char16_t *type)
{
    const Condition *c = p.condition(type);
    if (!c)
        return QCoreApplication::translate("fleetscope::ClusterTableModel", "Not reported");
    QString tip = conditionStatusName(c->status);
    if (!c->reason.isEmpty())
        tip += u" ("_s + c->reason + u')';
    const QString meaning = conditionReasonText(type, c->reason.view());
    if (!meaning.isEmpty())
        tip += u"\n"_s + meaning;
    if (!c->message.isEmpty())
        tip += u"\n"_s + c->message;
    if (c->lastTransitionTime)
        tip += u"\nsince "_s + formatKubeTime(c->lastTransitionTime);
    return tip;
}

// Node counts in thousandths, so that one integer orders them; no count sorts
// first and a count that is not a number last.
qint64 nodesKey(const FleetProfile &row)
{
    const ClusterProfile &p = row.profile();
    const Property *property = p.property(well_known::nodeCountProperty);
    if (!property)
        return std::numeric_limits<qint64>::min();
    double nodes = 0;
    QString scratch;
    const QString *text = p.valueText(*property).text(&scratch);
    if (!parseDecimal(*text, &nodes) || std::abs(nodes) > 1e15)
        return std::numeric_limits<qint64>::max();
    return qint64(std::llround(nodes * 1000));
}

QString clusterSetToolTip(const FleetProfile &row)
{
    switch (row.clusterSetSource) {
    case ClusterSetSource::ProfileLabel:
        return QCoreApplication::translate("fleetscope::ClusterTableModel", "From the profile's multicluster.x-k8s.io/clusterset label");
    case ClusterSetSource::NamespaceLabel:
    case ClusterSetSource::NamespaceLabelKep:
        return QCoreApplication::translate("fleetscope::ClusterTableModel", "From the labels of namespace %1")
            .arg(row.profile().metadata.namespaceName.toString());
    case ClusterSetSource::Property:
        return QCoreApplication::translate("fleetscope::ClusterTableModel", "From the clusterset.k8s.io property");
    case ClusterSetSource::None:
        break;
    }
    return QString();
}

QString managerToolTip(const FleetProfile &row)
{
    if (!row.managerMismatch)
        return QString();
    const ClusterProfile &p = row.profile();
    return QCoreApplication::translate("fleetscope::ClusterTableModel", "The x-k8s.io/cluster-manager label and spec.clusterManager.name disagree (%1 vs %2)")
        .arg(p.metadata.labels.value(well_known::clusterManagerLabel), p.clusterManagerName.toString());
}

Health managerHealth(const FleetProfile &row)
{
    return row.managerMismatch ? Health::Unhealthy : Health::NotReported;
}


// Problems first when sorted ascending, as the condition columns sort.
qint64 healthRank(const FleetProfile &row)
{
    switch (row.health) {
    case Health::Unhealthy:
        return 0;
    case Health::Unknown:
        return 1;
    case Health::NotReported:
        return 2;
    case Health::Healthy:
        break;
    }
    return 3;
}

QString ageText(const FleetProfile &row, const QString &, qint64 now)
{
    const KubeTime created = row.profile().metadata.creationTimestamp;
    return created ? humanDuration(qMax<qint64>(0, now - created)) : QString();
}

QString creationTime(const FleetProfile &row)
{
    return formatKubeTime(row.profile().metadata.creationTimestamp);
}

QString lastTransitionTime(const FleetProfile &row)
{
    const KubeTime newest = newestTransition(row.profile());
    return newest ? formatKubeTime(newest) : QString();
}

using S = FieldShown;
using F = FilterField;

// In the cluster table's column order: new fields go last, so that saved layouts
// keep their columns. Condition types, ClusterSet and API paths are Kubernetes
// names: translators keep them.
const FleetField fields[] = {
    {u"name", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Name"), "metadata.name", "NAME", //
     true, F::Name, 2, 0, 0, 160, S::Always, false,
     [](const FleetProfile &r, const QString &, qint64) { return r.profile().metadata.name; }, nullptr, nullptr,
     nullptr, nullptr},
    {u"displayName", u"display", QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Display name"), "spec.displayName", "DISPLAY NAME", //
     true, F::DisplayName, 7, 1, 10, 190, S::WhenMoreThanName, false,
     [](const FleetProfile &r, const QString &, qint64) { return r.profile().displayName.toString(); }, nullptr,
     nullptr, nullptr, nullptr},
    {u"hub", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Hub"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The hub (kubeconfig context) that publishes the profile"), "HUB", //
     true, F::Hub, 0, 0, 3, 80, S::Always, false,
     [](const FleetProfile &, const QString &hub, qint64) { return hub; }, nullptr, nullptr, nullptr, nullptr},
    {u"namespace", u"ns", QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Namespace"), "metadata.namespace", "NAMESPACE", //
     true, F::Namespace, 1, 0, 11, 120, S::WhenNamesCollide, false,
     [](const FleetProfile &r, const QString &, qint64) { return r.profile().metadata.namespaceName.toString(); },
     nullptr, nullptr, nullptr, nullptr},
    {u"clusterset", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "ClusterSet"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The ClusterSet: profile label, namespace label or clusterset.k8s.io property"),
     "CLUSTERSET", //
     true, F::ClusterSet, 3, 0, 5, 100, S::WhenFilled, true,
     [](const FleetProfile &r, const QString &, qint64) { return r.clusterSet.toString(); }, nullptr,
     clusterSetToolTip, nullptr, nullptr},
    {u"manager", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Manager"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "x-k8s.io/cluster-manager label, else spec.clusterManager.name"), "MANAGER", //
     true, F::Manager, 4, 0, 4, 170, S::Always, true,
     [](const FleetProfile &r, const QString &, qint64) { return r.manager.toString(); }, nullptr, managerToolTip,
     nullptr, managerHealth},
    {u"version", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Version"), "status.version.kubernetes", "VERSION", //
     true, F::Version, 5, 0, 2, 80, S::Always, true,
     [](const FleetProfile &r, const QString &, qint64) { return r.profile().kubernetesVersion.toString(); },
     [](const FleetProfile &r) { return VersionKey::parse(r.profile().kubernetesVersion.view()).packed(); }, nullptr,
     nullptr, nullptr},
    // The conditions are filtered as conditions (ControlPlaneHealthy=False), not by these keys.
    {u"controlplane", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "ControlPlaneHealthy"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The ControlPlaneHealthy condition"), "CONTROLPLANE", //
     false, F::Condition, 8, 1, 1, 150, S::WhenFilled, false,
     [](const FleetProfile &r, const QString &, qint64) {
         return conditionStatusName(r.profile().conditionStatus(condition_types::controlPlaneHealthy));
     },
     [](const FleetProfile &r) {
         return conditionRank(r.profile().conditionStatus(condition_types::controlPlaneHealthy));
     },
     [](const FleetProfile &r) { return conditionToolTip(r.profile(), condition_types::controlPlaneHealthy); },
     nullptr, nullptr},
    {u"joined", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Joined"), QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The Joined condition"),
     "JOINED", //
     false, F::Condition, 9, 1, 7, 80, S::WhenFilled, false,
     [](const FleetProfile &r, const QString &, qint64) {
         return conditionStatusName(r.profile().conditionStatus(condition_types::joined));
     },
     [](const FleetProfile &r) { return conditionRank(r.profile().conditionStatus(condition_types::joined)); },
     [](const FleetProfile &r) { return conditionToolTip(r.profile(), condition_types::joined); }, nullptr, nullptr},
    {u"location", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Location"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The region alias (View → Property aliases: each producer's region property), else "
                                "the location.topology.k8s.io property"),
     "LOCATION", //
     true, F::Column, 10, 1, 8, 110, S::WhenFilled, true,
     [](const FleetProfile &r, const QString &, qint64) {
         // Producers name the region differently (clusterprofile-api.md §8): through the alias table.
         if (const FieldText region = PropertyAliases::active().value(r.profile(), u"region"))
             return region.toString();
         return propertyText(r.profile(), well_known::locationProperty);
     },
     nullptr, nullptr, nullptr, nullptr},
    {u"nodes", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Nodes"), QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The count.node.k8s.io property"),
     "NODES", //
     true, F::Column, 11, 1, 6, 60, S::WhenFilled, false,
     [](const FleetProfile &r, const QString &, qint64) {
         return propertyText(r.profile(), well_known::nodeCountProperty);
     },
     nodesKey, nullptr, nullptr, nullptr},
    {u"lastTransition", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Last transition"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Age of the newest condition transition"), "LAST TRANSITION", //
     false, F::Column, 16, -1, 9, 110, S::Always, false,
     [](const FleetProfile &r, const QString &, qint64 now) {
         const KubeTime newest = newestTransition(r.profile());
         return newest ? humanDuration(qMax<qint64>(0, now - newest)) : QString();
     },
     [](const FleetProfile &r) { return qint64(newestTransition(r.profile())); }, lastTransitionTime,
     lastTransitionTime, nullptr},
    {u"health", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Health"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The health verdict of the manager's rules (View → Health rules)"), "HEALTH", //
     true, F::Health, 6, 0, 12, 100, S::OnRequest, true,
     [](const FleetProfile &r, const QString &, qint64) { return healthName(r.health); }, healthRank,
     [](const FleetProfile &r) { return HealthRules::active().explain(r.profile(), r.manager.view()); }, nullptr,
     [](const FleetProfile &r) { return r.health; }},
    {u"member", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Member ID"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The multicluster.x-k8s.io/inventory-member-id label: one member under several profiles"),
     "MEMBER ID", //
     true, F::MemberId, 12, 1, 13, 120, S::OnRequest, true,
     [](const FleetProfile &r, const QString &, qint64) { return r.memberId.toString(); }, nullptr, nullptr, nullptr, nullptr},
    {u"age", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Age"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Time since the profile was created (metadata.creationTimestamp)"), "AGE", //
     false, F::Column, 13, 1, 14, 70, S::OnRequest, true, ageText,
     [](const FleetProfile &r) { return qint64(r.profile().metadata.creationTimestamp); }, creationTime,
     creationTime, nullptr},
    {u"platform", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Platform"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel",
                       "The platform alias (View → Property aliases: OCM's platform.open-cluster-management.io)"),
     "PLATFORM", //
     true, F::Column, 14, 1, 15, 90, S::WhenFilled, true,
     [](const FleetProfile &r, const QString &, qint64) {
         return PropertyAliases::active().value(r.profile(), u"platform").toString();
     },
     nullptr, nullptr, nullptr, nullptr},
    {u"provider", u"providers", QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Providers"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel",
                       "status.accessProviders: how to reach the member (provider=google; provider~ for one of several)"),
     "PROVIDERS", //
     true, F::Column, 15, 1, 16, 110, S::OnRequest, false,
     [](const FleetProfile &r, const QString &, qint64) {
         QString names;
         for (const AccessProvider &provider : r.profile().accessProviders)
             names += (names.isEmpty() ? QString() : QStringLiteral(", ")) + provider.name.toString();
         return names;
     },
     nullptr, nullptr, nullptr, nullptr},
    {u"api", nullptr, QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "API"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The ClusterProfile API version the hub serves (v1alpha1 or v1alpha2)"), "API", //
     true, F::Column, 17, 1, 17, 80, S::OnRequest, true,
     [](const FleetProfile &r, const QString &, qint64) {
         return r.profile().apiVersion == ApiVersion::V1Alpha2 ? QStringLiteral("v1alpha2") : QStringLiteral("v1alpha1");
     },
     nullptr, nullptr, nullptr, nullptr},
};

} // namespace

int fleetFieldCount()
{
    return int(std::size(fields));
}

const FleetField &fleetField(int index)
{
    Q_ASSERT(index >= 0 && index < fleetFieldCount());
    return fields[index];
}

int fleetFieldIndex(QStringView key)
{
    for (int i = 0; i < fleetFieldCount(); ++i) {
        const FleetField &field = fields[i];
        if (key.compare(QStringView(field.key), Qt::CaseInsensitive) == 0
            || (field.alias && key.compare(QStringView(field.alias), Qt::CaseInsensitive) == 0))
            return i;
    }
    return -1;
}

QString translatedFieldText(const char *text)
{
    return QCoreApplication::translate("fleetscope::ClusterTableModel", text);
}

std::vector<int> fleetFieldsBy(int FleetField::*rank)
{
    std::vector<int> order(static_cast<size_t>(fleetFieldCount()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [rank](int a, int b) { return fields[a].*rank < fields[b].*rank; });
    return order;
}

} // namespace fleetscope
