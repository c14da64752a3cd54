#include "clustercolumns.h"

#include "api/conditionreasons.h"
#include "api/propertyaliases.h"

#include "clustertablemodel.h"
#include "fleetprofile.h"
#include "valueorder.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

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

// Condition types, ClusterSet and API paths are Kubernetes names: translators keep them.
const ClusterColumn columns[] = {
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Name"), "metadata.name",
     [](const FleetProfile &r, const QString &, qint64) { return r.profile().metadata.name; }, nullptr, nullptr},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Display name"), "spec.displayName",
     [](const FleetProfile &r, const QString &, qint64) { return r.profile().displayName.toString(); }, nullptr,
     nullptr},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Hub"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The hub (kubeconfig context) that publishes the profile"),
     [](const FleetProfile &, const QString &hub, qint64) { return hub; }, nullptr, nullptr},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Namespace"), "metadata.namespace",
     [](const FleetProfile &r, const QString &, qint64) { return r.profile().metadata.namespaceName.toString(); },
     nullptr, nullptr},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "ClusterSet"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel",
                       "The ClusterSet: profile label, namespace label or clusterset.k8s.io property"),
     [](const FleetProfile &r, const QString &, qint64) { return r.clusterSet.toString(); }, nullptr,
     clusterSetToolTip},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Manager"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel",
                       "x-k8s.io/cluster-manager label, else spec.clusterManager.name"),
     [](const FleetProfile &r, const QString &, qint64) { return r.manager.toString(); }, nullptr, managerToolTip},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Version"), "status.version.kubernetes",
     [](const FleetProfile &r, const QString &, qint64) { return r.profile().kubernetesVersion.toString(); },
     [](const FleetProfile &r) { return VersionKey::parse(r.profile().kubernetesVersion.view()).packed(); }, nullptr},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "ControlPlaneHealthy"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The ControlPlaneHealthy condition"),
     [](const FleetProfile &r, const QString &, qint64) {
         return conditionStatusName(r.profile().conditionStatus(condition_types::controlPlaneHealthy));
     },
     [](const FleetProfile &r) {
         return conditionRank(r.profile().conditionStatus(condition_types::controlPlaneHealthy));
     },
     [](const FleetProfile &r) { return conditionToolTip(r.profile(), condition_types::controlPlaneHealthy); }},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Joined"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The Joined condition"),
     [](const FleetProfile &r, const QString &, qint64) {
         return conditionStatusName(r.profile().conditionStatus(condition_types::joined));
     },
     [](const FleetProfile &r) { return conditionRank(r.profile().conditionStatus(condition_types::joined)); },
     [](const FleetProfile &r) { return conditionToolTip(r.profile(), condition_types::joined); }},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Location"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel",
                       "The region alias (View → Property aliases: each producer's region property), else the "
                       "location.topology.k8s.io property"),
     [](const FleetProfile &r, const QString &, qint64) {
         // Producers name the region differently (clusterprofile-api.md §8): through the alias table.
         if (const FieldText region = PropertyAliases::active().value(r.profile(), u"region"))
             return region.toString();
         return propertyText(r.profile(), well_known::locationProperty);
     },
     nullptr, nullptr},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Nodes"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "The count.node.k8s.io property"),
     [](const FleetProfile &r, const QString &, qint64) {
         return propertyText(r.profile(), well_known::nodeCountProperty);
     },
     nodesKey, nullptr},
    {QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Last transition"),
     QT_TRANSLATE_NOOP("fleetscope::ClusterTableModel", "Age of the newest condition transition"),
     [](const FleetProfile &r, const QString &, qint64 now) {
         const KubeTime newest = newestTransition(r.profile());
         return newest ? humanDuration(qMax<qint64>(0, now - newest)) : QString();
     },
     [](const FleetProfile &r) { return qint64(newestTransition(r.profile())); },
     [](const FleetProfile &r) {
         const KubeTime newest = newestTransition(r.profile());
         return newest ? formatKubeTime(newest) : QString();
     }},
};
static_assert(std::size(columns) == ClusterTableModel::FixedColumnCount, "one descriptor per fixed column, in order");

} // namespace

const ClusterColumn &clusterColumn(int column)
{
    Q_ASSERT(column >= 0 && column < ClusterTableModel::FixedColumnCount);
    return columns[column];
}

} // namespace fleetscope
