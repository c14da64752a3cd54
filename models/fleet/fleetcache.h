#pragma once

#include "kube/hubdelta.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <vector>

namespace fleetscope {

class FleetStore;

// The last-known fleet of each hub, on disk, so that starting without network
// still shows the fleet, read-only and marked "last seen …", until the hub answers.
//
// One JSON file per hub (its ClusterProfiles as the hub sent them, nothing else:
// no credentials, no kubeconfig, no placements) in a private directory: the
// directory is 0700 and each file 0600, written atomically. Profiles need their
// raw JSON (FleetEngineOptions::keepRawJson), which the GUI keeps anyway.
//
// Life of a hub: restore() puts its cached profiles into the store and marks it
// stale. When the hub has synced live, cached profiles the hub no longer has are
// removed (the others were already replaced in place by live upserts) and the
// hub stops being stale. From then on its fleet is saved at most every two minutes
// while it changes (a 100k fleet is a large file: not on every delta), and at
// destruction.
class FleetCache final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetCache)

public:
    // `directory` empty: <cache location>/fleet (QStandardPaths::CacheLocation).
    explicit FleetCache(FleetStore *store, const QString &directory = QString(), QObject *parent = nullptr);
    ~FleetCache() override;

    static QString defaultDirectory();
    QString directory() const { return m_directory; }
    // Where the fleet of `hubName` is cached (the name is hashed: context names may
    // hold any character).
    QString fileFor(const QString &hubName) const;

    // Loads the cache of every hub registered in the store; call after the engine
    // is configured and before it starts. Returns the number of profiles restored.
    // Unreadable or corrupt files are skipped with a message in `errors`.
    int restore(QStringList *errors = nullptr);
    // Writes every synced, live hub now. False (with `error`) if a file could not be written.
    bool saveNow(QString *error = nullptr);

    bool isStale(int hub) const;
    // When the cached fleet of a stale hub was saved; invalid if not stale.
    QDateTime lastSeen(int hub) const;
    QList<int> staleHubs() const;

    // How long after a change the fleet is written (default 120 s).
    void setSaveDelay(int ms) { m_saveTimer.setInterval(ms); }

signals:
    // A hub became stale (restored from the cache) or live again.
    void staleChanged(int hub);

private:
    struct HubCacheState
    {
        bool stale = false;
        QDateTime savedAt;
        QHash<ObjectKey, ProfilePtr> cached; // what restore() put into the store
        bool dirty = false;
        bool written = false; // saved since this run saw the hub live
    };

    HubCacheState &state(int hub);
    void onHubStatusChanged(int hub);
    void onDeltaApplied(int hub);
    bool restoreHub(int hub, QString *error);
    bool saveHub(int hub, QString *error) const;

    FleetStore *m_store;
    QString m_directory;
    std::vector<HubCacheState> m_hubs;
    QTimer m_saveTimer;
    bool m_restoring = false;
};

} // namespace fleetscope
