#include "fleetengine.h"

#include "fleet/fleetstore.h"
#include "fleet/storefeeder.h"
#include "kube/kubeconfigloader.h"
#include "kube/kubeconfigvalidation.h"

#include <QThread>

namespace fleetscope {

bool hubSettingsForContext(const Kubeconfig &config, const QString &contextName, HubSettings *settings,
                           QString *error)
{
    const QStringList problems = validateContext(config, contextName);
    if (!problems.isEmpty()) {
        *error = problems.join(QStringLiteral("; "));
        return false;
    }
    const NamedContext *context = config.context(contextName);
    const NamedCluster *cluster = config.cluster(context->context.cluster);
    const NamedAuthInfo *user = config.user(context->context.authInfo);
    settings->name = contextName;
    settings->cluster = cluster->cluster;
    settings->user = user ? user->user : AuthInfo();
    settings->contextNamespace = context->context.namespaceName;
    return true;
}

FleetEngine::FleetEngine(FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_feeder(new StoreFeeder(store, this))
{
}

FleetEngine::~FleetEngine()
{
    stop();
    for (const Worker &worker : std::as_const(m_workers)) {
        worker.thread->quit();
        worker.thread->wait();
        delete worker.thread;
    }
}

bool FleetEngine::configure(const FleetEngineOptions &options, QString *error)
{
    KubeconfigLoadOptions load;
    load.explicitPath = options.kubeconfigPath;
    load.kubeconfigEnv = options.kubeconfigList;
    const KubeconfigLoadResult loaded = KubeconfigLoader::load(load);
    if (!loaded.ok()) {
        *error = loaded.error;
        return false;
    }
    QStringList contexts = options.contexts;
    if (options.allContexts)
        contexts = loaded.config.contextNames();
    if (contexts.isEmpty()) {
        QString name;
        if (!resolveContextName(loaded.config, QString(), &name, error))
            return false;
        contexts.append(name);
    }
    contexts.removeDuplicates();
    for (const QString &context : std::as_const(contexts)) {
        HubSettings settings;
        QString problem;
        if (!hubSettingsForContext(loaded.config, context, &settings, &problem)) {
            // One broken context must not take the others down: it becomes a hub
            // in the Error state that says what is wrong.
            const int hub = m_store->addHub(context);
            HubStatus status;
            status.hub = context;
            status.state = HubStatus::State::Error;
            status.fatal = true;
            status.message = problem;
            m_store->setHubStatus(hub, status);
            continue;
        }
        settings.extraNamespaces = options.namespaces;
        settings.keepRawJson = options.keepRawJson;
        settings.informer = options.informer;
        addHub(settings);
    }
    return true;
}

void FleetEngine::addHub(const HubSettings &settings)
{
    const int hub = m_store->addHub(settings.name);
    HubSettings withJournal = settings;
    if (!withJournal.journal)
        withJournal.journal = std::make_shared<HubJournal>(settings.name);
    m_store->setHubJournal(hub, withJournal.journal);
    Worker worker;
    worker.thread = new QThread(this);
    worker.thread->setObjectName(QStringLiteral("hub ") + settings.name);
    worker.connection = new HubConnection(withJournal);
    worker.connection->moveToThread(worker.thread);
    connect(worker.thread, &QThread::finished, worker.connection, &QObject::deleteLater);
    StoreFeeder *feeder = m_feeder;
    connect(worker.connection, &HubConnection::deltaReady, feeder,
            [feeder, hub](const HubDelta &delta) { feeder->postDelta(hub, delta); });
    connect(worker.connection, &HubConnection::statusChanged, feeder,
            [feeder, hub](const HubStatus &status) { feeder->postStatus(hub, status); });
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
