#include "propertyaliases.h"

#include "clusterprofile.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>

namespace fleetscope {
namespace {

const QString settingsGroup = QStringLiteral("propertyAliases");

PropertyAliases &activeTable()
{
    static PropertyAliases table = PropertyAliases::builtIn();
    return table;
}

bool isValidKey(QStringView text)
{
    // The filter language's separators and operators.
    const QStringView reserved = u",=!()~<>\"'";
    return !text.isEmpty()
        && std::none_of(text.begin(), text.end(), [&](QChar c) { return c.isSpace() || reserved.contains(c); });
}

} // namespace

PropertyAliases::PropertyAliases(QList<Alias> aliases)
    : m_aliases(std::move(aliases))
{
}

PropertyAliases PropertyAliases::builtIn()
{
    return PropertyAliases({
        {QStringLiteral("region"),
         {QStringLiteral("topology.kubernetes.io/region"), QStringLiteral("region.open-cluster-management.io"),
          QStringLiteral("location"), QStringLiteral("location.topology.k8s.io")}},
        {QStringLiteral("zone"), {QStringLiteral("topology.kubernetes.io/zone")}},
        {QStringLiteral("cluster-id"),
         {QStringLiteral("clusterset.k8s.io/cluster-id"), QStringLiteral("cluster.clusterset.k8s.io"),
          QStringLiteral("id.k8s.io")}},
        {QStringLiteral("kubernetes-version"),
         {reportedVersion, QStringLiteral("kubeversion.open-cluster-management.io")}},
        {QStringLiteral("platform"), {QStringLiteral("platform.open-cluster-management.io")}},
    });
}

const PropertyAliases &PropertyAliases::active()
{
    return activeTable();
}

void PropertyAliases::setActive(const PropertyAliases &aliases)
{
    activeTable() = aliases;
}

PropertyAliases PropertyAliases::load(QSettings &settings)
{
    settings.beginGroup(settingsGroup);
    const QStringList names = settings.childKeys();
    QList<Alias> aliases;
    for (const QString &name : names) {
        const QStringList properties = settings.value(name).toStringList();
        if (isValidKey(name) && !properties.isEmpty())
            aliases.append(Alias{name, properties});
    }
    settings.endGroup();
    if (names.isEmpty())
        return builtIn();
    return PropertyAliases(std::move(aliases));
}

void PropertyAliases::save(QSettings &settings) const
{
    settings.remove(settingsGroup);
    if (*this == builtIn())
        return;
    settings.beginGroup(settingsGroup);
    for (const Alias &alias : m_aliases)
        settings.setValue(alias.name, alias.properties);
    settings.endGroup();
}

const QStringList *PropertyAliases::properties(QStringView alias) const
{
    for (const Alias &a : m_aliases) {
        if (a.name == alias)
            return &a.properties;
    }
    return nullptr;
}

FieldText PropertyAliases::value(const ClusterProfile &profile, QStringView name) const
{
    const QStringList *targets = properties(name);
    if (!targets)
        return FieldText();
    for (const QString &target : *targets) {
        if (target == reportedVersion) {
            if (!profile.kubernetesVersion.isEmpty())
                return FieldText(&profile.kubernetesVersion.toString());
        } else if (const Property *p = profile.property(target)) {
            return profile.valueText(*p);
        }
    }
    return FieldText();
}

QString PropertyAliases::describe() const
{
    QStringList lines;
    for (const Alias &a : m_aliases)
        lines << a.name + QStringLiteral(": ") + a.properties.join(QStringLiteral(", "));
    return lines.join(u'\n');
}

QStringList PropertyAliases::validate(const QList<Alias> &aliases)
{
    QStringList problems;
    QStringList seen;
    for (const Alias &a : aliases) {
        if (!isValidKey(a.name))
            problems << QCoreApplication::translate("PropertyAliases", "alias \"%1\": a name cannot be empty nor contain "
                                                                       "spaces, commas, quotes or operators")
                            .arg(a.name);
        else if (seen.contains(a.name))
            problems << QCoreApplication::translate("PropertyAliases", "alias \"%1\" is defined twice").arg(a.name);
        seen << a.name;
        if (a.properties.isEmpty())
            problems << QCoreApplication::translate("PropertyAliases", "alias \"%1\" names no property").arg(a.name);
        for (const QString &p : a.properties) {
            if (!isValidKey(p))
                problems << QCoreApplication::translate("PropertyAliases", "alias \"%1\": \"%2\" is not a property name")
                                .arg(a.name, p);
        }
    }
    return problems;
}

} // namespace fleetscope
