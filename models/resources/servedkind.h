#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

// One kind a member serves, from its discovery (an APIResourceList entry).
struct ServedKind
{
    QString group; // "" for the core group
    QString version;
    QString resource; // the plural: "pods", "certificates"
    QString singular;
    QString kind;     // "Pod"
    QStringList shortNames;
    QStringList verbs;
    bool namespaced = true;

    QString groupVersion() const { return group.isEmpty() ? version : group + u'/' + version; }
    // "pods", "deployments.apps", "certificates.cert-manager.io": how kubectl names it.
    QString qualifiedResource() const { return group.isEmpty() ? resource : resource + u'.' + group; }
    // "pod", "deployment.apps": what kubectl -o name prints before the object's name.
    QString qualifiedKind() const { return group.isEmpty() ? kind.toLower() : kind.toLower() + u'.' + group; }
    bool canList() const { return verbs.isEmpty() || verbs.contains(QStringLiteral("list")); }
    bool canWatch() const { return verbs.isEmpty() || verbs.contains(QStringLiteral("watch")); }

    friend bool operator==(const ServedKind &a, const ServedKind &b)
    {
        return a.group == b.group && a.version == b.version && a.resource == b.resource;
    }
};

// The kind a person means by `query`, as kubectl resolves `kubectl get QUERY`:
// a plural, singular, short name or kind (any case), optionally qualified by
// its group ("deployments.apps") or version and group ("deployments.v1.apps").
// Several matches prefer the core group, then the first in discovery order;
// false when nothing matches.
bool resolveServedKind(const QList<ServedKind> &kinds, const QString &query, ServedKind *out);

} // namespace fleetscope
