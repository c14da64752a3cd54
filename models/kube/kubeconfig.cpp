#include "kubeconfig.h"

#include <algorithm>

namespace fleetscope {
namespace {

template<typename Entry>
const Entry *findByName(const QList<Entry> &entries, QStringView name)
{
    for (const Entry &entry : entries) {
        if (entry.name == name)
            return &entry;
    }
    return nullptr;
}

template<typename Named>
void sortEntries(QList<Named> *entries)
{
    std::sort(entries->begin(), entries->end(),
              [](const Named &a, const Named &b) { return a.name.toUtf8() < b.name.toUtf8(); });
}

} // namespace

QString KubeconfigOrigin::toString() const
{
    if (line <= 0)
        return file;
    if (column <= 0)
        return QStringLiteral("%1:%2").arg(file).arg(line);
    return QStringLiteral("%1:%2:%3").arg(file).arg(line).arg(column);
}

const NamedCluster *Kubeconfig::cluster(QStringView name) const
{
    return findByName(clusters, name);
}

const NamedAuthInfo *Kubeconfig::user(QStringView name) const
{
    return findByName(users, name);
}

const NamedContext *Kubeconfig::context(QStringView name) const
{
    return findByName(contexts, name);
}

QStringList Kubeconfig::contextNames() const
{
    QStringList names;
    names.reserve(contexts.size());
    for (const NamedContext &c : contexts)
        names << c.name;
    return names;
}

bool Kubeconfig::isEmpty() const
{
    // client-go's IsConfigEmpty: nothing a client could use.
    return clusters.isEmpty() && users.isEmpty() && contexts.isEmpty() && currentContext.isEmpty()
        && extensions.isEmpty() && !preferences.colors && preferences.extensions.isEmpty();
}

void Kubeconfig::sortByName()
{
    sortEntries(&clusters);
    sortEntries(&users);
    sortEntries(&contexts);
}

} // namespace fleetscope
