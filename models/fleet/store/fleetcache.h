#pragma once

#include "kube/hubdelta.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QStringList>
#include <QSet>
#include <QTimer>

#include <functional>
#include <vector>

class QThread;

class TestFleetCache;

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
// Files are read, parsed, decoded, inflated and written on the cache's own
// worker thread: a 100k fleet is a file of a few hundred MB, which would freeze
// the window for seconds. The GUI thread only hands over the records to write
// (shared pointers) and puts decoded records into the store.
//
// Life of a hub: restore() loads its cached profiles and puts them into the store,
// marked stale; live data that arrived first wins, and a hub already synced live
// is left alone. When the hub has synced live, cached profiles the hub no longer
// has are removed (the others were already replaced in place by live upserts) and
// the hub stops being stale. From then on its fleet is saved at most every two
// minutes while it changes, and at destruction.
class FleetCache final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetCache)

public:
    // `directory` empty: <cache location>/fleet (QStandardPaths::CacheLocation).
    explicit FleetCache(FleetStore *store, const QString &directory = QString(), QObject *parent = nullptr);
    // Saves what changed since the last save, and waits for the worker to finish.
    ~FleetCache() override;

    // Where the fleet of `hubName` is cached (the name is hashed: context names may
    // hold any character).
    QString fileFor(const QString &hubName) const;

    // Starts loading the cache of every hub registered in the store, on the
    // worker; answered by restoreFinished(). Unreadable or corrupt files are
    // skipped with a message.
    void restore();
    // Starts writing every synced, live hub; answered by saveFinished().
    void saveNow();

    bool isStale(int hub) const;
    // When the cached fleet of a stale hub was saved; invalid if not stale.
    QDateTime lastSeen(int hub) const;
    QList<int> staleHubs() const;

signals:
    // A hub became stale (restored from the cache) or live again.
    void staleChanged(int hub);
    // restore() is done: `restored` profiles went into the store; `errors` name their files.
    void restoreFinished(int restored, const QStringList &errors);
    // A save is done; `error` names the first file that could not be written, empty when all were.
    void saveFinished(const QString &error);

private:
    friend class ::TestFleetCache;
    // Test hook: runs on the thread that reads or writes a file, before it does.
    void setFileProbe(std::function<void()> probe) { m_fileProbe = std::move(probe); }

    struct HubCacheState
    {
        bool stale = false;
        QDateTime savedAt;
        QHash<ObjectKey, ProfilePtr> cached; // what restore() put into the store
        bool dirty = false;
        bool written = false; // saved since this run saw the hub live
    };
    // A cache file as read on the worker.
    struct Loaded
    {
        QString error;
        QDateTime savedAt;
        QList<ProfilePtr> profiles;
    };

    // A hub's cache file, read on the worker, going into the store slice by slice.
    struct RestoreJob
    {
        int hub = -1;
        QString hubName;
        QString path;
        Loaded loaded;
        qsizetype next = 0; // the first profile not yet in the store
    };

    HubCacheState &state(int hub);
    void restoreSlice();
    void onHubStatusChanged(int hub);
    void onDeltaApplied(int hub);
    int applyRestored(const RestoreJob &job, const QList<ProfilePtr> &profiles);
    void markDirty(HubCacheState &s);
    // On the worker.
    static Loaded readFile(const QString &path, const QString &hubName);
    static bool writeFile(const QString &directory, const QString &path, const QString &hubName,
                          const QList<ProfilePtr> &profiles, QString *error);

    FleetStore *m_store;
    QString m_directory;
    std::vector<HubCacheState> m_hubs;
    QTimer m_saveTimer;
    bool m_restoring = false;
    QThread *m_thread;
    QObject *m_worker; // lives on m_thread: jobs run in the order they were given
    std::function<void()> m_fileProbe;
    QTimer m_restoreTimer;
    QList<RestoreJob> m_restoreQueue;
    int m_restoresReading = 0;   // restore() calls whose files the worker still reads
    int m_restored = 0;          // by the restore() under way
    QStringList m_restoreErrors; // of the restore() under way
    QSet<int> m_afterPast;       // hubs whose status changed while the store showed the past
};

} // namespace fleetscope
