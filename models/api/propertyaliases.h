#pragma once

#include "fieldvalue.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

class QSettings;

namespace fleetscope {

struct ClusterProfile;

// Producers name the same fact differently (clusterprofile-api.md §8): the region is
// `topology.kubernetes.io/region` (GKE Fleet, the consumer guide),
// `region.open-cluster-management.io` (OCM cluster claims) or `location` (an older GKE
// syncer). An alias names such a fact once; the filter language, grouping and property
// columns accept it wherever they accept a property name, and take the first of its
// properties a profile has. A real property of the alias's own name always wins.
//
// The built-in table can be edited in the settings (group `propertyAliases`, one
// string list per alias). `status.version.kubernetes` as a target stands for the
// profile's reported version, which is no property.
class PropertyAliases
{
public:
    struct Alias
    {
        QString name;
        QStringList properties; // in the order they are tried

        friend bool operator==(const Alias &a, const Alias &b)
        {
            return a.name == b.name && a.properties == b.properties;
        }
    };

    static inline const QString reportedVersion = QStringLiteral("status.version.kubernetes");

    PropertyAliases() = default;
    explicit PropertyAliases(QList<Alias> aliases);

    // region, zone, cluster-id, kubernetes-version, platform.
    static PropertyAliases builtIn();

    // The table in use: the built-in one until setActive(). Read and set on the GUI
    // thread (the CLI's main thread): filters, groupings and columns run there.
    static const PropertyAliases &active();
    static void setActive(const PropertyAliases &aliases);

    // The settings' table, else the built-in one; save() writes it, resetting() to the
    // built-in table removes the group so that later built-in changes apply.
    static PropertyAliases load(QSettings &settings);
    void save(QSettings &settings) const;

    const QList<Alias> &aliases() const { return m_aliases; }
    const QStringList *properties(QStringView alias) const;
    bool isEmpty() const { return m_aliases.isEmpty(); }

    // The first of the alias's properties `profile` has (or its reported version),
    // null when it has none or `name` is no alias; lives as long as the profile.
    FieldText value(const ClusterProfile &profile, QStringView name) const;

    // "alias: a, b, c" per line, for the `?` help and `fleetscope help`.
    QString describe() const;

    // Problems that make a table unusable ("alias 'x y': names cannot contain spaces").
    static QStringList validate(const QList<Alias> &aliases);

    friend bool operator==(const PropertyAliases &a, const PropertyAliases &b) { return a.m_aliases == b.m_aliases; }

private:
    QList<Alias> m_aliases;
};

} // namespace fleetscope
