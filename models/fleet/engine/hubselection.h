#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

// A hub as the user chooses it: a context of a kubeconfig. An empty kubeconfig
// is the one in use by default (--kubeconfig, else $KUBECONFIG merged like
// kubectl, else ~/.kube/config); files the user added are named by path.
struct HubChoice
{
    QString kubeconfig;
    QString context;

    friend bool operator==(const HubChoice &a, const HubChoice &b)
    {
        return a.kubeconfig == b.kubeconfig && a.context == b.context;
    }
    friend bool operator!=(const HubChoice &a, const HubChoice &b) { return !(a == b); }
};

// A hub as the Hubs dialog lists it, whatever brought it: a kubeconfig context,
// the demo's private kubeconfig, a hub removed earlier in this session.
struct WatchedHub
{
    HubChoice choice;
    QString source;      // where its kubeconfig came from, for a person ("~/.kube/config", "the demo's …")
    QString server;      // without user info
    QString state;       // the hub's status summary ("Live", "Reconnecting in 4 s: …")
    bool healthy = false; // live in every scope: its state is no problem to show
    QString apiVersion;  // the multicluster.x-k8s.io version in use, once known
    bool placements = false; // placementdecisions are served (and watched)
    qint64 profiles = -1;
    bool watched = true; // false: removed in this session; choosing it again brings it back
};

// The hubs chosen in the Hubs dialog, remembered in the settings (`hubs/files`,
// `hubs/chosenFiles` and `hubs/chosenContexts`, parallel lists): what a start
// without --context, --all-contexts or --kubeconfig watches.
struct HubSelection
{
    QStringList files; // kubeconfig files added in the dialog, in the order added
    QList<HubChoice> hubs;
    bool saved = false; // false when nothing was ever chosen

    static HubSelection load();
    void save() const;
};

} // namespace fleetscope
