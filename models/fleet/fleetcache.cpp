#include "fleetcache.h"

#include "api/profiledecoder.h"
#include "fleetstore.h"
#include "kube/privatefiles.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

#include <nlohmann/json.hpp>

namespace fleetscope {
namespace {

constexpr auto FormatVersion = "fleetscope.cache/v1";
// A cache file is our own output, but it is read back without trust: a huge file
// is refused rather than parsed (the same bound the HTTP client has per response).
constexpr qint64 MaxFileBytes = qint64(512) << 20;

constexpr QFileDevice::Permissions PrivateFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

} // namespace

FleetCache::FleetCache(FleetStore *store, const QString &directory, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_directory(directory.isEmpty() ? defaultDirectory() : directory)
{
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(120000);
    connect(&m_saveTimer, &QTimer::timeout, this, [this] { saveNow(); });
    connect(m_store, &FleetStore::hubStatusChanged, this, &FleetCache::onHubStatusChanged);
    connect(m_store, &FleetStore::deltaApplied, this, &FleetCache::onDeltaApplied);
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
    // What changed since the last save is still worth keeping for the next start.
    bool dirty = false;
    for (const HubCacheState &hub : m_hubs)
        dirty = dirty || hub.dirty;
    if (dirty)
        saveNow();
}

QString FleetCache::defaultDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).filePath(QStringLiteral("fleet"));
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

int FleetCache::restore(QStringList *errors)
{
    int restored = 0;
    for (const int hub : m_store->activeHubs()) {
        QString error;
        if (!restoreHub(hub, &error) && !error.isEmpty() && errors)
            errors->append(error);
        restored += int(state(hub).cached.size());
    }
    return restored;
}

bool FleetCache::restoreHub(int hub, QString *error)
{
    const QString path = fileFor(m_store->hubName(hub));
    QFile file(path);
    if (!file.exists())
        return false;
    if (file.size() > MaxFileBytes) {
        *error = tr("%1: larger than %2 MiB, ignored").arg(path).arg(MaxFileBytes >> 20);
        return false;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    const QByteArray bytes = file.readAll();
    const nlohmann::json document = nlohmann::json::parse(bytes.cbegin(), bytes.cend(), nullptr, false);
    const auto format = document.is_object() ? document.find("format") : document.end();
    const auto hubName = document.is_object() ? document.find("hub") : document.end();
    const auto savedAt = document.is_object() ? document.find("savedAt") : document.end();
    const auto profiles = document.is_object() ? document.find("profiles") : document.end();
    if (document.is_discarded() || format == document.end() || *format != FormatVersion || hubName == document.end()
        || !hubName->is_string() || savedAt == document.end() || !savedAt->is_number_integer()
        || profiles == document.end() || !profiles->is_array()) {
        *error = tr("%1: not a Fleetscope fleet cache, ignored").arg(path);
        return false;
    }
    // A hash collision or a renamed file must not show another hub's fleet.
    if (QString::fromStdString(hubName->get<std::string>()) != m_store->hubName(hub))
        return false;

    HubCacheState &s = state(hub);
    HubDelta delta;
    int skipped = 0;
    ProfileDecoder decoder;
    for (const nlohmann::json &object : *profiles) {
        auto record = std::make_shared<ProfileRecord>();
        const std::string text = object.dump();
        if (!decoder.decode(PaddedJson(text).view(), &record->profile)) {
            ++skipped;
            continue;
        }
        record->rawJson = QByteArray::fromStdString(text);
        const ObjectKey key{record->profile.metadata.namespaceName, record->profile.metadata.name};
        s.cached.insert(key, record);
        delta.upsertedProfiles.append(std::move(record));
    }
    if (skipped > 0)
        *error = tr("%1: %n cached profile(s) could not be read", nullptr, skipped).arg(path);
    if (delta.upsertedProfiles.isEmpty())
        return skipped == 0;
    s.stale = true;
    s.savedAt = QDateTime::fromMSecsSinceEpoch(savedAt->get<qint64>());
    m_restoring = true;
    m_store->applyDelta(hub, delta);
    m_restoring = false;
    emit staleChanged(hub);
    return skipped == 0;
}

void FleetCache::onHubStatusChanged(int hub)
{
    const HubStatus &status = m_store->hubStatus(hub);
    HubCacheState &s = state(hub);
    if (!s.stale && status.synced && !s.written && !s.dirty) {
        // First seen live this run: worth keeping even if nothing changes afterwards.
        s.dirty = true;
        if (!m_saveTimer.isActive())
            m_saveTimer.start();
    }
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
    if (m_restoring)
        return;
    HubCacheState &s = state(hub);
    if (s.stale || !m_store->hubStatus(hub).synced)
        return;
    s.dirty = true;
    if (!m_saveTimer.isActive())
        m_saveTimer.start();
}

bool FleetCache::saveNow(QString *error)
{
    QString firstError;
    for (const int hub : m_store->activeHubs()) {
        HubCacheState &s = state(hub);
        // Only a fleet seen live is worth keeping; a stale one is already on disk.
        if (s.stale || !m_store->hubStatus(hub).synced)
            continue;
        QString hubError;
        if (saveHub(hub, &hubError)) {
            s.dirty = false;
            s.written = true;
        }
        else if (firstError.isEmpty())
            firstError = hubError;
    }
    if (error)
        *error = firstError;
    return firstError.isEmpty();
}

bool FleetCache::saveHub(int hub, QString *error) const
{
    // Tightened even when it already existed: the cache must never be group/world readable.
    if (!private_files::makeDirectory(m_directory, error))
        return false;
    QByteArray body;
    body += "{\"format\":\"";
    body += FormatVersion;
    body += "\",\"hub\":";
    body += QByteArray::fromStdString(nlohmann::json(m_store->hubName(hub).toStdString()).dump());
    body += ",\"savedAt\":" + QByteArray::number(QDateTime::currentMSecsSinceEpoch());
    body += ",\"profiles\":[";
    bool first = true;
    for (const FleetProfile &profile : m_store->profiles()) {
        // Without the object as sent there is nothing faithful to write.
        if (profile.hub != hub || profile.record->rawJson.isEmpty())
            continue;
        if (!first)
            body += ",\n";
        body += profile.record->rawJson;
        first = false;
    }
    body += "]}\n";

    const QString path = fileFor(m_store->hubName(hub));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !file.setPermissions(PrivateFile) || file.write(body) != body.size()
        || !file.commit()) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    return true;
}

} // namespace fleetscope
