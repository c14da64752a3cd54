#include "fleetengine.h"

#include "fleet/store/fleetstore.h"
#include "fleet/store/storefeeder.h"
#include "kube/kubeconfigvalidation.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QThread>
#include <QUrl>

#include <algorithm>

namespace fleetscope {
namespace {

// Where kubectl's rules looked, for a first run without any kubeconfig: the one
// message a new user sees, so it names the files and the way to try the app anyway.
QString whereItLooked(const KubeconfigLoadOptions &options, const Kubeconfig &config)
{
    const QStringList files = KubeconfigLoader::precedence(options);
    bool anyExists = false;
    for (const QString &file : files)
        anyExists = anyExists || QFileInfo::exists(file);
    const QString env = options.kubeconfigEnv ? *options.kubeconfigEnv : qEnvironmentVariable("KUBECONFIG");
    QString looked;
    if (!options.explicitPath.isEmpty())
        looked = options.explicitPath;
    else if (!env.isEmpty())
        looked = QStringLiteral("KUBECONFIG=%1").arg(env);
    else
        looked = QDir::toNativeSeparators(files.value(0));
    // --demo works for the window and the commands alike (fleetscope --demo, fleetscope list --demo).
    const QString hint = QStringLiteral("; name a kubeconfig with --kubeconfig FILE, or try a simulated fleet with --demo");
    if (!anyExists) {
        const QString unset = env.isEmpty() && options.explicitPath.isEmpty() ? QStringLiteral(" (KUBECONFIG is not set)")
                                                                               : QString();
        return QStringLiteral("no kubeconfig found: looked in %1%2, which does not exist%3").arg(looked, unset, hint);
    }
    if (config.contexts.isEmpty())
        return QStringLiteral("no context chosen: the kubeconfig %1 has no contexts and no current-context%2")
            .arg(looked, hint);
    return {};
}

} // namespace

FleetEngine::FleetEngine(FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_feeder(new StoreFeeder(store, this))
{
}

FleetEngine::~FleetEngine()
{
    for (const Worker &worker : std::as_const(m_workers))
        stopWorker(worker);
}

KubeconfigLoadOptions FleetEngine::loadOptionsFor(const QString &kubeconfig) const
{
    KubeconfigLoadOptions load;
    if (kubeconfig.isEmpty()) {
        load.explicitPath = m_options.kubeconfigPath;
        load.kubeconfigEnv = m_options.kubeconfigList;
    } else {
        load.explicitPath = kubeconfig;
    }
    return load;
}

bool FleetEngine::configure(const FleetEngineOptions &options, QString *error)
{
    setOptions(options);
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(loadOptionsFor(QString()));
    if (!loaded.ok()) {
        *error = loaded.error;
        return false;
    }
    QStringList contexts = options.contexts;
    if (options.allContexts)
        contexts = loaded.config.contextNames();
    if (contexts.isEmpty()) {
        QString name;
        if (!resolveContextName(loaded.config, QString(), &name, error)) {
            const QString where = whereItLooked(loadOptionsFor(QString()), loaded.config);
            if (!where.isEmpty())
                *error = where;
            return false;
        }
        contexts.append(name);
    }
    contexts.removeDuplicates();
    for (const QString &context : std::as_const(contexts)) {
        if (m_store->hubIndex(context) < 0) {
            addContext(loaded.config, context);
            m_hubs.append(HubChoice{QString(), context});
        }
    }
    return true;
}

void FleetEngine::addErrorHub(const QString &context, const QString &problem)
{
    // One broken context must not take the others down: it becomes a hub in the
    // Error state that says what is wrong (reconnectHub() reads it again).
    const int hub = m_store->addHub(context);
    HubStatus status;
    status.hub = context;
    status.state = HubStatus::State::Error;
    status.fatal = true;
    status.message = problem;
    m_store->setHubStatus(hub, status);
}

void FleetEngine::addContext(const Kubeconfig &config, const QString &context)
{
    HubSettings settings;
    QString problem;
    if (!hubSettingsForContext(config, context, &settings, &problem)) {
        addErrorHub(context, problem);
        return;
    }
    settings.extraNamespaces = m_options.namespaces;
    settings.keepRawJson = m_options.keepRawJson;
    settings.informer = m_options.informer;
    addHub(settings);
}

QString FleetEngine::describeKubeconfig(const QString &kubeconfig) const
{
    if (!kubeconfig.isEmpty())
        return QDir::toNativeSeparators(kubeconfig);
    if (!m_options.kubeconfigLabel.isEmpty())
        return m_options.kubeconfigLabel;
    if (!m_options.kubeconfigPath.isEmpty())
        return QDir::toNativeSeparators(m_options.kubeconfigPath);
    const QString env = m_options.kubeconfigList ? *m_options.kubeconfigList : qEnvironmentVariable("KUBECONFIG");
    if (!env.isEmpty())
        return QStringLiteral("KUBECONFIG=%1").arg(env);
    return QDir::toNativeSeparators(KubeconfigLoader::precedence(loadOptionsFor(QString())).value(0));
}

QList<WatchedHub> FleetEngine::watchedHubs() const
{
    QHash<int, qint64> profiles;
    for (const FleetProfile &row : m_store->profiles())
        ++profiles[row.hub];
    QList<WatchedHub> hubs;
    for (const HubChoice &choice : m_hubs) {
        WatchedHub hub;
        hub.choice = choice;
        hub.source = describeKubeconfig(choice.kubeconfig);
        for (const Worker &worker : m_workers) {
            if (worker.name == choice.context)
                hub.server = QUrl(worker.settings.cluster.server).toString(QUrl::RemoveUserInfo);
        }
        if (const int index = m_store->hubIndex(choice.context); index >= 0) {
            const HubStatus &status = m_store->hubStatus(index);
            hub.state = status.summary();
            hub.healthy = status.state == HubStatus::State::Live && status.forbiddenScopes.isEmpty();
            hub.apiVersion = status.apiVersion;
            hub.placements = !status.placementsVersion.isEmpty();
            hub.profiles = profiles.value(index);
        }
        hubs.append(hub);
    }
    for (const RemovedHub &removed : m_removed) {
        if (m_hubs.contains(removed.choice) || m_store->hubIndex(removed.choice.context) >= 0)
            continue;
        WatchedHub hub;
        hub.choice = removed.choice;
        hub.source = describeKubeconfig(removed.choice.kubeconfig);
        hub.server = QUrl(removed.settings.cluster.server).toString(QUrl::RemoveUserInfo);
        hub.watched = false;
        hubs.append(hub);
    }
    return hubs;
}

bool FleetEngine::addHub(const HubChoice &choice, QString *error)
{
    if (m_store->hubIndex(choice.context) >= 0) {
        if (m_hubs.contains(choice))
            return true; // already there
        *error = QStringLiteral("%1: a hub named %2 is already watched from another kubeconfig")
                     .arg(choice.kubeconfig.isEmpty() ? QStringLiteral("default kubeconfig") : choice.kubeconfig,
                          choice.context);
        return false;
    }
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(loadOptionsFor(choice.kubeconfig));
    // A hub removed in this session whose kubeconfig no longer has its context
    // (the demo's files are gone once read; a missing file in KUBECONFIG reads
    // as an empty config, as kubectl reads it) comes back with the settings it had.
    const auto removed = std::find_if(m_removed.begin(), m_removed.end(),
                                      [&choice](const RemovedHub &hub) { return hub.choice == choice; });
    const bool contextGone = !loaded.ok() || !loaded.config.context(choice.context);
    if (contextGone && removed != m_removed.end() && !removed->settings.name.isEmpty()) {
        const HubSettings settings = removed->settings;
        m_removed.erase(removed);
        m_hubs.append(choice);
        addHub(settings);
        return true;
    }
    m_hubs.append(choice);
    if (!loaded.ok()) {
        // A remembered file that went away: the hub says so instead of vanishing.
        addErrorHub(choice.context, loaded.error);
        *error = loaded.error;
        return false;
    }
    addContext(loaded.config, choice.context);
    return true;
}

void FleetEngine::stopWorker(const Worker &worker)
{
    // Blocking, like stop(): sockets and plugins must be gone before the thread.
    if (m_started)
        QMetaObject::invokeMethod(worker.connection, &HubConnection::stop, Qt::BlockingQueuedConnection);
    worker.connection->disconnect(this);
    worker.thread->quit();
    worker.thread->wait();
    delete worker.thread;
}

void FleetEngine::removeHub(const QString &name)
{
    RemovedHub removed;
    for (const HubChoice &hub : std::as_const(m_hubs)) {
        if (hub.context == name)
            removed.choice = hub;
    }
    removed.choice.context = name;
    for (qsizetype i = 0; i < m_workers.size(); ++i) {
        if (m_workers[i].name == name) {
            removed.settings = m_workers[i].settings;
            stopWorker(m_workers[i]);
            m_workers.removeAt(i);
            break;
        }
    }
    m_removed.removeIf([&name](const RemovedHub &hub) { return hub.choice.context == name; });
    m_removed.append(removed);
    m_hubs.removeIf([&name](const HubChoice &hub) { return hub.context == name; });
    const int hub = m_store->hubIndex(name);
    if (hub < 0)
        return;
    m_feeder->dropHub(hub);
    m_store->removeHub(hub);
}

void FleetEngine::setHubs(const QList<HubChoice> &hubs, QStringList *errors)
{
    const QList<HubChoice> current = m_hubs;
    for (const HubChoice &hub : current) {
        if (!hubs.contains(hub))
            removeHub(hub.context);
    }
    // Hubs added directly (the demo, tests) are not choices; they stay.
    for (const HubChoice &hub : hubs) {
        QString error;
        if (!m_hubs.contains(hub) && !addHub(hub, &error))
            errors->append(error);
    }
}

void FleetEngine::reconnectHub(const QString &name)
{
    for (const Worker &worker : std::as_const(m_workers)) {
        if (worker.name == name) {
            if (m_started)
                QMetaObject::invokeMethod(worker.connection, &HubConnection::reconnect, Qt::QueuedConnection);
            return;
        }
    }
    // An Error hub has no connection: its kubeconfig is read again (it may be fixed now).
    for (const HubChoice &hub : std::as_const(m_hubs)) {
        if (hub.context == name) {
            const HubChoice choice = hub;
            removeHub(name);
            QString error;
            addHub(choice, &error); // a failure is the hub's Error status
            return;
        }
    }
}

void FleetEngine::addHub(const HubSettings &settings)
{
    const int hub = m_store->addHub(settings.name);
    HubSettings withJournal = settings;
    if (!withJournal.journal)
        withJournal.journal = std::make_shared<HubJournal>(settings.name, settings.cluster.server);
    m_store->setHubJournal(hub, withJournal.journal);
    Worker worker;
    worker.name = settings.name;
    worker.settings = withJournal;
    worker.thread = new QThread(this);
    worker.thread->setObjectName(QStringLiteral("hub ") + settings.name);
    worker.connection = new HubConnection(withJournal);
    worker.connection->moveToThread(worker.thread);
    connect(worker.thread, &QThread::finished, worker.connection, &QObject::deleteLater);
    // Straight into the feeder's queue on the hub's thread: stopWorker() stops the
    // connection before the hub's slot is dropped, so nothing of it comes later.
    StoreFeeder *feeder = m_feeder;
    connect(
        worker.connection, &HubConnection::deltaReady, this,
        [feeder, hub](const HubDelta &delta) { feeder->postDelta(hub, delta); }, Qt::DirectConnection);
    connect(
        worker.connection, &HubConnection::statusChanged, this,
        [feeder, hub](const HubStatus &status) { feeder->postStatus(hub, status); }, Qt::DirectConnection);
    worker.thread->start();
    m_workers.append(worker);
    if (m_started)
        QMetaObject::invokeMethod(worker.connection, &HubConnection::start, Qt::QueuedConnection);
}

void FleetEngine::start()
{
    m_started = true;
    for (const Worker &worker : std::as_const(m_workers))
        QMetaObject::invokeMethod(worker.connection, &HubConnection::start, Qt::QueuedConnection);
}

void FleetEngine::stop()
{
    if (!m_started)
        return;
    m_started = false;
    // Blocking: sockets and plugins must be gone before the threads are.
    for (const Worker &worker : std::as_const(m_workers))
        QMetaObject::invokeMethod(worker.connection, &HubConnection::stop, Qt::BlockingQueuedConnection);
}

void FleetEngine::reconnectAll()
{
    for (const Worker &worker : std::as_const(m_workers))
        QMetaObject::invokeMethod(worker.connection, &HubConnection::reconnect, Qt::QueuedConnection);
}

} // namespace fleetscope
