#pragma once

#include "hubselection.h"
#include "kube/kubeconfigvalidation.h"
#include "kube/hubconnection.h"
#include "kube/kubeconfig.h"
#include "kube/kubeconfigloader.h"

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
    QString kubeconfigLabel;       // how the default kubeconfig is named to the user (empty: by its files)
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
    // What hubs added later share (namespaces, raw JSON, informer settings) and
    // which kubeconfig HubChoice's empty file means; configure() sets it too.
    void setOptions(const FleetEngineOptions &options) { m_options = options; }
    const FleetEngineOptions &options() const { return m_options; }
    // Where HubChoice's empty kubeconfig is read from.
    KubeconfigLoadOptions defaultKubeconfig() const { return loadOptionsFor(QString()); }
    // Adds a hub directly (tests, the demo).
    void addHub(const HubSettings &settings);

    // Live changes, while running or not. Hubs are known by their context name,
    // which must be unique across files: a second context of the same name is
    // refused with a message. A context that cannot be used becomes an Error hub.
    bool addHub(const HubChoice &choice, QString *error);
    // Stops the hub's connection (its thread ends) and removes it from the store.
    void removeHub(const QString &name);
    // Adds the chosen hubs that are missing and removes the others; `errors` gets
    // one line per choice whose kubeconfig could not be read (naming the file;
    // that hub is then an Error hub saying the same).
    void setHubs(const QList<HubChoice> &hubs, QStringList *errors);
    QList<HubChoice> hubs() const { return m_hubs; }
    // The chosen hubs with what the store knows of them, then the hubs removed in
    // this session (watched false): addHub() brings one of those back with the
    // credentials it had, even when its kubeconfig is gone (the demo's).
    QList<WatchedHub> watchedHubs() const;
    // Where a choice's kubeconfig comes from, for a person: the label of the
    // default (the demo's), --kubeconfig's file, $KUBECONFIG, ~/.kube/config, or the file.
    QString describeKubeconfig(const QString &kubeconfig) const;
    // Starts the hub over; an Error hub (no connection) reads its kubeconfig again.
    void reconnectHub(const QString &name);

    void start();
    void stop();
    void reconnectAll();

    FleetStore *store() const { return m_store; }
    // What hands the hubs' deltas to the store (time travel points it elsewhere).
    StoreFeeder *feeder() const { return m_feeder; }

private:
    struct Worker
    {
        QString name;
        QThread *thread = nullptr;
        HubConnection *connection = nullptr;
        HubSettings settings; // what it was started with, kept should it be removed
    };
    struct RemovedHub
    {
        HubChoice choice;
        HubSettings settings; // empty name: an Error hub, which had none
    };

    void addContext(const Kubeconfig &config, const QString &context);
    void addErrorHub(const QString &context, const QString &problem);
    KubeconfigLoadOptions loadOptionsFor(const QString &kubeconfig) const;
    void stopWorker(const Worker &worker);

    FleetStore *m_store;
    StoreFeeder *m_feeder;
    FleetEngineOptions m_options;
    QList<Worker> m_workers;
    QList<HubChoice> m_hubs; // every hub added by choice, Error hubs included
    QList<RemovedHub> m_removed; // newest last, each name once
    bool m_started = false;
};

} // namespace fleetscope
