#pragma once

#include "kube/hubconnection.h"
#include "kube/kubeconfig.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <optional>

class QThread;

namespace fleetscope {

class FleetStore;
class StoreFeeder;

// What the user asked for: which kubeconfig, which contexts are hubs.
struct FleetEngineOptions
{
    QString kubeconfigPath;        // --kubeconfig (empty: $KUBECONFIG, then ~/.kube/config)
    std::optional<QString> kubeconfigList; // a KUBECONFIG-style list used instead of the environment
    QStringList contexts;          // --context, repeatable (empty: the current context)
    bool allContexts = false;      // --all-contexts
    QStringList namespaces;        // extra namespaces to try for RBAC-narrow users
    bool keepRawJson = false;      // the CLI's -o json/yaml prints objects as sent
    InformerOptions informer;
};

// Runs one HubConnection per hub, each on its own thread, and feeds their deltas
// and statuses into a FleetStore on the thread the engine lives in (the GUI's).
class FleetEngine final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetEngine)

public:
    explicit FleetEngine(FleetStore *store, QObject *parent = nullptr);
    ~FleetEngine() override;

    // Loads the kubeconfig and prepares a hub per chosen context. Problems with a
    // single context (unknown user, missing file...) make that hub an Error hub
    // with the reason, the others go on. Returns false only when nothing at all
    // can be loaded (unparsable kubeconfig, no context), with `error` set.
    bool configure(const FleetEngineOptions &options, QString *error);
    // Adds a hub directly (tests, the demo).
    void addHub(const HubSettings &settings);

    void start();
    void stop();
    void reconnectAll();

    FleetStore *store() const { return m_store; }

private:
    struct Worker
    {
        QThread *thread = nullptr;
        HubConnection *connection = nullptr;
    };

    FleetStore *m_store;
    StoreFeeder *m_feeder;
    QList<Worker> m_workers;
    bool m_started = false;
};

// The settings of the hub behind `contextName` of a loaded kubeconfig, or false
// with kubectl's validation messages in `error`.
bool hubSettingsForContext(const Kubeconfig &config, const QString &contextName, HubSettings *settings,
                           QString *error);

} // namespace fleetscope
