#include "fleetcache.h"

#include <utility>

#include "api/profiledecoder.h"
#include "fleetstore.h"
#include "kube/privatefiles.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QThread>

#include <nlohmann/json.hpp>

namespace fleetscope {
namespace {

constexpr auto FormatVersion = "fleetscope.cache/v1";
// A cache file is our own output, but it is read back without trust: a huge file
// is refused rather than parsed (the same bound the HTTP client has per response).
constexpr qint64 MaxFileBytes = qint64(512) << 20;

constexpr QFileDevice::Permissions PrivateFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

// Profiles put into the store per event-loop turn while restoring.
constexpr qsizetype RestoreSlice = 5000;

struct SaveJob
{
    int hub = -1;
    QString hubName;
    QString path;
    QList<ProfilePtr> profiles;
};

} // namespace

FleetCache::FleetCache(FleetStore *store, const QString &directory, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_directory(directory.isEmpty()
                      ? QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).filePath(QStringLiteral("fleet"))
                      : directory)
    , m_thread(new QThread)
    , m_worker(new QObject)
{
    m_thread->setObjectName(QStringLiteral("fleet cache"));
    m_worker->moveToThread(m_thread);
    m_thread->start(QThread::LowPriority);

    m_restoreTimer.setInterval(0);
    connect(&m_restoreTimer, &QTimer::timeout, this, &FleetCache::restoreSlice);
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(120000);
    connect(&m_saveTimer, &QTimer::timeout, this, &FleetCache::saveNow);
    connect(m_store, &FleetStore::hubStatusChanged, this, &FleetCache::onHubStatusChanged);
    connect(m_store, &FleetStore::deltaApplied, this, &FleetCache::onDeltaApplied);
    // Back from a recorded moment: the live fleet is worth keeping again, and
    // the hubs that synced meanwhile get their cached leftovers checked.
    connect(m_store, &FleetStore::showingPastChanged, this, [this](bool past) {
        if (past)
            return;
        const QSet<int> hubs = std::exchange(m_afterPast, {});
        for (const int hub : m_store->activeHubs()) {
            if (hubs.contains(hub))
                onHubStatusChanged(hub);
            onDeltaApplied(hub);
        }
    });
    connect(m_store, &FleetStore::hubRemoved, this, [this](int hub) {
        // Its cached rows left with it; what is on disk stays for when it comes back.
        HubCacheState &s = state(hub);
        const bool wasStale = s.stale;
        s = HubCacheState();
        if (wasStale)
            emit staleChanged(hub);
    });
}

FleetCache::~FleetCache()
{
    // What changed since the last save is still worth keeping for the next start;
    // quitting waits for it (and for anything still running) on the worker.
    bool dirty = false;
    for (const HubCacheState &hub : m_hubs)
        dirty = dirty || hub.dirty;
    if (dirty)
        saveNow();
    // Jobs run in order: once this empty one has run, every earlier one has.
    QMetaObject::invokeMethod(m_worker, [] {}, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
    delete m_thread;
}

QString FleetCache::fileFor(const QString &hubName) const
{
    const QByteArray digest = QCryptographicHash::hash(hubName.toUtf8(), QCryptographicHash::Sha256).toHex().left(32);
    return QDir(m_directory).filePath(QStringLiteral("hub-%1.json").arg(QString::fromLatin1(digest)));
}

FleetCache::HubCacheState &FleetCache::state(int hub)
{
    if (size_t(hub) >= m_hubs.size())
        m_hubs.resize(size_t(hub) + 1);
    return m_hubs[size_t(hub)];
}

bool FleetCache::isStale(int hub) const
{
    return hub >= 0 && size_t(hub) < m_hubs.size() && m_hubs[size_t(hub)].stale;
}

QDateTime FleetCache::lastSeen(int hub) const
{
    return isStale(hub) ? m_hubs[size_t(hub)].savedAt : QDateTime();
}

QList<int> FleetCache::staleHubs() const
{
    QList<int> hubs;
    for (size_t i = 0; i < m_hubs.size(); ++i) {
        if (m_hubs[i].stale)
            hubs.append(int(i));
    }
    return hubs;
}

void FleetCache::restore()
{
    QList<RestoreJob> jobs;
    for (const int hub : m_store->activeHubs())
        jobs.append({hub, m_store->hubName(hub), fileFor(m_store->hubName(hub)), {}, 0});
    ++m_restoresReading;
    // The destructor waits for the worker, so `this` outlives every job; results
    // posted to it after it is gone are dropped with it.
    QMetaObject::invokeMethod(m_worker, [this, jobs, probe = m_fileProbe] {
        for (RestoreJob job : jobs) {
            if (probe)
                probe();
            job.loaded = readFile(job.path, job.hubName);
            // Each hub's fleet is handed over as soon as it is read: the first hub
            // shows while the next file is parsed.
            QMetaObject::invokeMethod(this, [this, job] {
                m_restoreQueue.append(job);
                m_restoreTimer.start();
            });
        }
        QMetaObject::invokeMethod(this, [this] {
            --m_restoresReading;
            m_restoreTimer.start();
        });
    });
}

void FleetCache::restoreSlice()
{
    // One slice per event-loop turn: inserting 100k rows at once would hold the
    // window for most of a second.
    if (!m_restoreQueue.isEmpty()) {
        RestoreJob &job = m_restoreQueue.first();
        m_restored += applyRestored(job, job.loaded.profiles.mid(job.next, RestoreSlice));
        job.next += RestoreSlice;
        if (job.next >= job.loaded.profiles.size()) {
            if (!job.loaded.error.isEmpty())
                m_restoreErrors.append(job.loaded.error);
            m_restoreQueue.removeFirst();
        }
    }
    if (!m_restoreQueue.isEmpty())
        return;
    m_restoreTimer.stop();
    if (m_restoresReading == 0)
        emit restoreFinished(std::exchange(m_restored, 0), std::exchange(m_restoreErrors, {}));
}

FleetCache::Loaded FleetCache::readFile(const QString &path, const QString &hubName)
{
    Loaded out;
    QFile file(path);
    if (!file.exists())
        return out;
    if (file.size() > MaxFileBytes) {
        out.error = tr("%1: larger than %2 MiB, ignored").arg(path).arg(MaxFileBytes >> 20);
        return out;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        out.error = path + QStringLiteral(": ") + file.errorString();
        return out;
    }
    const QByteArray bytes = file.readAll();
    const nlohmann::json document = nlohmann::json::parse(bytes.cbegin(), bytes.cend(), nullptr, false);
    const auto format = document.is_object() ? document.find("format") : document.end();
    const auto hub = document.is_object() ? document.find("hub") : document.end();
    const auto savedAt = document.is_object() ? document.find("savedAt") : document.end();
    const auto profiles = document.is_object() ? document.find("profiles") : document.end();
    if (document.is_discarded() || format == document.end() || *format != FormatVersion || hub == document.end()
        || !hub->is_string() || savedAt == document.end() || !savedAt->is_number_integer()
        || profiles == document.end() || !profiles->is_array()) {
        out.error = tr("%1: not a Fleetscope fleet cache, ignored").arg(path);
        return out;
    }
    // A hash collision or a renamed file must not show another hub's fleet.
    if (QString::fromStdString(hub->get<std::string>()) != hubName)
        return out;

    int skipped = 0;
    ProfileDecoder decoder;
    for (const nlohmann::json &object : *profiles) {
        auto record = std::make_shared<ProfileRecord>();
        const std::string text = object.dump();
        if (!decoder.decode(PaddedJson(text).view(), &record->profile)) {
            ++skipped;
            continue;
        }
        record->rawJson = CompressedJson(QByteArray::fromStdString(text));
        out.profiles.append(std::move(record));
    }
    if (skipped > 0)
        out.error = tr("%1: %n cached profile(s) could not be read", nullptr, skipped).arg(path);
    out.savedAt = QDateTime::fromMSecsSinceEpoch(savedAt->get<qint64>());
    return out;
}

int FleetCache::applyRestored(const RestoreJob &job, const QList<ProfilePtr> &profiles)
{
    const int hub = job.hub;
    // The hub went away, or was replaced by another of the same index, while the file was read.
    if (!m_store->isHubActive(hub) || m_store->hubName(hub) != job.hubName)
        return 0;
    // Listed live already: the cache has nothing to add.
    if (m_store->hubStatus(hub).synced)
        return 0;
    HubCacheState &s = state(hub);
    HubDelta delta;
    for (const ProfilePtr &record : profiles) {
        const ObjectKey key{record->profile.metadata.namespaceName, record->profile.metadata.name};
        if (m_store->rowOf(hub, key) >= 0 || s.cached.contains(key))
            continue; // live data that arrived first wins
        s.cached.insert(key, record);
        delta.upsertedProfiles.append(record);
    }
    if (delta.upsertedProfiles.isEmpty())
        return 0;
    const bool wasStale = s.stale;
    s.stale = true;
    s.savedAt = job.loaded.savedAt;
    m_restoring = true;
    m_store->applyDelta(hub, delta);
    m_restoring = false;
    if (!wasStale)
        emit staleChanged(hub);
    return int(delta.upsertedProfiles.size());
}

void FleetCache::onHubStatusChanged(int hub)
{
    // The rows show a recorded moment: what the hub re-sent is not among them.
    // Checked once they show the live fleet again.
    if (m_store->isShowingPast()) {
        m_afterPast.insert(hub);
        return;
    }
    const HubStatus &status = m_store->hubStatus(hub);
    HubCacheState &s = state(hub);
    if (!s.stale && status.synced && !s.written && !s.dirty)
        markDirty(s); // first seen live this run: worth keeping even if nothing changes afterwards
    if (!s.stale || !status.synced)
        return;
    // The hub has listed everything: cached profiles it re-sent were replaced in
    // place by live records; the ones still holding the cached record are gone.
    HubDelta gone;
    for (auto it = s.cached.cbegin(); it != s.cached.cend(); ++it) {
        const int row = m_store->rowOf(hub, it.key());
        if (row >= 0 && m_store->profileAt(row).record == it.value())
            gone.removedProfiles.append(it.key());
    }
    s.cached.clear();
    s.stale = false;
    s.savedAt = QDateTime();
    if (!gone.removedProfiles.isEmpty())
        m_store->applyDelta(hub, gone);
    s.dirty = true;
    m_saveTimer.start();
    emit staleChanged(hub);
}

void FleetCache::onDeltaApplied(int hub)
{
    if (m_restoring || m_store->isShowingPast())
        return;
    HubCacheState &s = state(hub);
    if (!s.stale && m_store->hubStatus(hub).synced)
        markDirty(s);
}

void FleetCache::markDirty(HubCacheState &s)
{
    s.dirty = true;
    if (!m_saveTimer.isActive())
        m_saveTimer.start();
}

void FleetCache::saveNow()
{
    m_saveTimer.stop();
    // The GUI thread only gathers the records (shared, immutable); inflating and
    // writing them happens on the worker.
    QList<SaveJob> jobs;
    // A recorded moment is no fleet to keep: the last live one on disk stays.
    if (m_store->isShowingPast())
        return;
    for (const int hub : m_store->activeHubs()) {
        HubCacheState &s = state(hub);
        // Only a fleet seen live is worth keeping; a stale one is already on disk.
        if (s.stale || !m_store->hubStatus(hub).synced)
            continue;
        SaveJob job{hub, m_store->hubName(hub), fileFor(m_store->hubName(hub)), {}};
        for (const FleetProfile &profile : m_store->profiles()) {
            // Without the object as sent there is nothing faithful to write.
            if (profile.hub == hub && !profile.record->rawJson.isEmpty())
                job.profiles.append(profile.record);
        }
        s.dirty = false;
        s.written = true;
        jobs.append(std::move(job));
    }
    QMetaObject::invokeMethod(m_worker, [this, jobs, directory = m_directory, probe = m_fileProbe] {
        QString firstError;
        QList<std::pair<int, QString>> failed;
        for (const SaveJob &job : jobs) {
            if (probe)
                probe();
            QString error;
            if (!writeFile(directory, job.path, job.hubName, job.profiles, &error)) {
                failed.append({job.hub, job.hubName});
                if (firstError.isEmpty())
                    firstError = error;
            }
        }
        QMetaObject::invokeMethod(this, [this, failed, firstError] {
            // Tried again with the next change or at the end.
            for (const auto &[hub, name] : failed) {
                if (m_store->isHubActive(hub) && m_store->hubName(hub) == name)
                    state(hub).dirty = true;
            }
            emit saveFinished(firstError);
        });
    });
}

bool FleetCache::writeFile(const QString &directory, const QString &path, const QString &hubName,
                           const QList<ProfilePtr> &profiles, QString *error)
{
    // Tightened even when it already existed: the cache must never be group/world readable.
    if (!private_files::makeDirectory(directory, error))
        return false;
    QByteArray body;
    body += "{\"format\":\"";
    body += FormatVersion;
    body += "\",\"hub\":";
    body += QByteArray::fromStdString(nlohmann::json(hubName.toStdString()).dump());
    body += ",\"savedAt\":" + QByteArray::number(QDateTime::currentMSecsSinceEpoch());
    body += ",\"profiles\":[";
    bool first = true;
    for (const ProfilePtr &profile : profiles) {
        if (!first)
            body += ",\n";
        body += profile->rawJson.unpacked();
        first = false;
    }
    body += "]}\n";

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !file.setPermissions(PrivateFile) || file.write(body) != body.size()
        || !file.commit()) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    return true;
}

} // namespace fleetscope
