// Time travel end to end: fleetscope-hub (in-process) churns with a fixed seed,
// clusters are deleted and placements rechosen, the engine watches it and the
// recorder writes the history on the test's clock; at each step the test keeps
// what the hub served. Then the fleet as of several moments (on a step, between
// steps, just before one) is what the hub served then, and the changes between
// two moments are the hub's differences.

#include "fleetlogtestutil.h"

#include "api/clusterfacts.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "history/historyrecorder.h"
#include "history/historystore.h"

#include "churn.h"
#include "hubserver.h"
#include "resourcetypes.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace fleetscope;
using namespace fleetscope::fleetlogtest;

namespace {

const QString hubName = QStringLiteral("churning-hub");

QString text(const nlohmann::json &object, const char *key)
{
    return object.is_object() && object.contains(key) && object[key].is_string()
        ? QString::fromStdString(object[key].get<std::string>())
        : QString();
}

qint64 time(const nlohmann::json &object, const char *key)
{
    KubeTime t = 0;
    const QString value = text(object, key);
    if (!value.isEmpty())
        parseKubeTime(value.toStdString(), &t);
    return t;
}

// What the fleet log must give back of a ClusterProfile, read from the hub's
// own JSON (not through the engine's decoder).
RecordedCluster truthOf(const nlohmann::json &o)
{
    RecordedCluster c;
    const nlohmann::json &meta = o["metadata"];
    c.namespaceName = text(meta, "namespace");
    c.name = text(meta, "name");
    // Served through v1alpha2, the version the engine watches when a hub has it.
    c.apiVersion = quint8(ApiVersion::V1Alpha2);
    c.creationTimestamp = time(meta, "creationTimestamp");
    if (meta.contains("labels")) {
        for (const auto &[key, value] : meta["labels"].items())
            c.labels.append({QString::fromStdString(key), QString::fromStdString(value.get<std::string>())});
    }
    std::sort(c.labels.begin(), c.labels.end());
    const nlohmann::json spec = o.value("spec", nlohmann::json::object());
    c.displayName = text(spec, "displayName");
    c.clusterManager = text(spec.value("clusterManager", nlohmann::json::object()), "name");
    const nlohmann::json status = o.value("status", nlohmann::json::object());
    c.kubernetesVersion = text(status.value("version", nlohmann::json::object()), "kubernetes");
    for (const nlohmann::json &p : status.value("properties", nlohmann::json::array()))
        c.properties.append({text(p, "name"), text(p, "value")});
    for (const nlohmann::json &k : status.value("conditions", nlohmann::json::array())) {
        c.conditions.append({text(k, "type"), conditionStatusFromString(text(k, "status")), text(k, "reason"),
                             text(k, "message"), time(k, "lastTransitionTime")});
    }
    return c;
}

// ns/name → decisions' cluster names, of every PlacementDecision.
using PlacementTruth = std::map<QString, QStringList>;

struct Truth
{
    QMap<QString, RecordedCluster> clusters; // by name
    PlacementTruth placements;
    QMap<QString, Health> liveVerdicts; // what the live fleet said, by name
};

std::map<QString, QString> versions(const std::vector<hub::ObjectPtr> &objects)
{
    std::map<QString, QString> result;
    for (const hub::ObjectPtr &o : objects) {
        const nlohmann::json &meta = (*o)["metadata"];
        result[text(meta, "namespace") + u'/' + text(meta, "name")] = text(meta, "resourceVersion");
    }
    return result;
}

} // namespace

class TstFleetTimeTravel : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void theFleetAsOfEachMomentIsWhatTheHubServed()
    {
        hub::HubOptions options;
        options.generate = 40;
        options.seed = 44;
        options.threads = 8;
        options.bookmarkIntervalSeconds = 1;
        hub::HubServer server(options);
        std::string message;
        QVERIFY2(server.start(&message), message.c_str());
        hub::ChurnGenerator churn(server.store(), 0, 0, 2024); // driven step by step below
        const hub::ResourceType &profileType = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
        const hub::ResourceType &placementType = *hub::findResourceType(hub::kMulticlusterGroup, "placementdecisions");

        HubSettings settings;
        settings.name = hubName;
        settings.cluster.server = QString::fromStdString(server.url());
        settings.cluster.certificateAuthorityData = QByteArray::fromStdString(server.caCertificatePem());
        settings.user.token = QString::fromStdString(server.token());
        FleetStore store;
        FleetEngine engine(&store);
        engine.addHub(settings);

        const QString path = m_dir.filePath(QStringLiteral("history.sqlite"));
        HistoryStore history;
        HistorySettings historySettings;
        historySettings.fleetKeyframeEvents = 60; // keyframes between the steps too
        history.open(path, historySettings);
        QTRY_VERIFY_WITH_TIMEOUT(history.state() == HistoryStore::State::Ready, 10000);
        QVERIFY(history.isRecording());
        const qint64 start = 1'800'000'000'000;
        qint64 clock = start;
        auto recorder = std::make_unique<HistoryRecorder>(&store, &history);
        recorder->setClock([&clock] { return clock; });
        engine.start();

        // The store holds exactly what the hub holds (resource versions of every
        // profile and placement), so every change of a step was observed at its time.
        const auto converged = [&] {
            std::uint64_t rv = 0;
            std::map<QString, QString> live;
            std::map<QString, QString> livePlacements;
            for (const FleetProfile &p : store.profiles())
                live[p.profile().metadata.namespaceName + u'/' + p.profile().metadata.name] =
                    QString::fromLatin1(p.profile().metadata.resourceVersion.toByteArray());
            if (store.hubCount() > 0) {
                for (const PlacementPtr &p : store.placements(0))
                    livePlacements[p->metadata.namespaceName + u'/' + p->metadata.name] =
                        QString::fromLatin1(p->metadata.resourceVersion.toByteArray());
            }
            return store.hubCount() == 1 && store.hubStatus(0).state == HubStatus::State::Live
                && live == versions(server.store().snapshot(profileType, &rv))
                && livePlacements == versions(server.store().snapshot(placementType, &rv));
        };
        const auto truthNow = [&] {
            Truth truth;
            std::uint64_t rv = 0;
            for (const hub::ObjectPtr &o : server.store().snapshot(profileType, &rv)) {
                const RecordedCluster c = truthOf(*o);
                truth.clusters.insert(c.name, c);
            }
            for (const hub::ObjectPtr &o : server.store().snapshot(placementType, &rv)) {
                QStringList chosen;
                for (const nlohmann::json &d : (*o).value("decisions", nlohmann::json::array()))
                    chosen << text(d["clusterProfileRef"], "name");
                truth.placements[text((*o)["metadata"], "namespace") + u'/' + text((*o)["metadata"], "name")] = chosen;
            }
            for (const FleetProfile &p : store.profiles())
                truth.liveVerdicts.insert(p.profile().metadata.name, p.health);
            return truth;
        };
        QTRY_VERIFY_WITH_TIMEOUT(converged(), 30000);

        std::map<qint64, Truth> truths;
        truths[clock] = truthNow();
        int removed = 0;
        int rechosen = 0;
        for (int step = 1; step <= 8; ++step) {
            clock = start + step * 60'000;
            for (int i = 0; i < 12; ++i)
                churn.changeOnce();
            // A deletion and a placement rechosen, every other step.
            if (step % 2 == 0) {
                std::uint64_t rv = 0;
                const std::vector<hub::ObjectPtr> all = server.store().snapshot(profileType, &rv);
                const nlohmann::json &victim = *all[size_t(step) % all.size()];
                QVERIFY(server.remove("multicluster.x-k8s.io/v1alpha1", "ClusterProfile",
                                      victim["metadata"]["namespace"].get<std::string>(),
                                      victim["metadata"]["name"].get<std::string>())
                            .error.ok());
                ++removed;
                const std::vector<hub::ObjectPtr> placements = server.store().snapshot(placementType, &rv);
                nlohmann::json decision = *placements[size_t(step) % placements.size()];
                decision["metadata"].erase("resourceVersion");
                decision["decisions"] = nlohmann::json::array();
                for (size_t k = 0; k < all.size(); k += size_t(step) + 1)
                    decision["decisions"].push_back({{"clusterProfileRef", {{"name", (*all[k])["metadata"]["name"]}}},
                                                     {"reason", "rechosen"}});
                QVERIFY(server.apply(decision).error.ok());
                ++rechosen;
            }
            QTRY_VERIFY_WITH_TIMEOUT(converged(), 30000);
            truths[clock] = truthNow();
        }
        QVERIFY(removed > 0 && rechosen > 0);
        // Watched until two minutes after the last step: the recorder ends its
        // session then.
        clock = start + 10 * 60'000;
        recorder.reset();
        engine.stop();
        history.flush();

        FleetHistoryReader reader;
        QString error;
        QVERIFY2(reader.open(path, &error), qPrintable(error));
        const auto check = [&](qint64 at, const Truth &truth, const char *where) {
            const FleetMoment moment = reader.momentAt({hubName}, at, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QCOMPARE(moment.hubs.size(), 1);
            const HubMoment &hub = moment.hubs[0];
            QCOMPARE(hub.coverage, HubMoment::Coverage::Watched);
            QMap<QString, RecordedCluster> actual;
            for (const ProfilePtr &p : hub.profiles) {
                RecordedCluster c = fleet_records::fromProfile(p->profile);
                std::sort(c.labels.begin(), c.labels.end());
                actual.insert(c.name, c);
                // The verdict of the profile as recorded is the live fleet's then.
                QCOMPARE(healthOf(p->profile), truth.liveVerdicts.value(c.name, Health::NotReported));
            }
            const QString diff = difference(actual, truth.clusters);
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("%1 (%2): %3").arg(at).arg(QLatin1String(where), diff)));
            PlacementTruth placements;
            for (const PlacementPtr &p : hub.placements) {
                QStringList chosen;
                for (const ClusterDecision &d : p->decisions)
                    chosen << d.clusterProfileName.toString();
                placements[p->metadata.namespaceName + u'/' + p->metadata.name] = chosen;
            }
            QVERIFY(placements == truth.placements);
        };
        const auto failed = [] { return QTest::currentTestFailed(); };
        const auto last = std::prev(truths.end());
        for (auto it = truths.begin(); it != truths.end() && !failed(); ++it) {
            check(it->first, it->second, "on the step");
            check(it->first + 30'000, it->second, "between steps");
            if (it != truths.begin())
                check(it->first - 1, std::prev(it)->second, "just before the step");
        }
        // And again backwards, as a slider dragged back.
        for (auto it = truths.rbegin(); it != truths.rend() && !failed(); ++it)
            check(it->first + 59'000, it->second, "backwards");
        if (failed())
            return;

        // What changed from the first step to the last: the hub's differences.
        QStringList outside;
        const Truth &first = truths.begin()->second;
        const Truth &end = last->second;
        const QList<FleetChange> changes =
            reader.changes({hubName}, truths.begin()->first, last->first, HealthRules::active(), &outside, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(outside.isEmpty());
        QSet<QString> appeared, left, verdictChanged, placementChanged;
        for (const FleetChange &c : changes) {
            QVERIFY(c.at > truths.begin()->first && c.at <= last->first);
            if (c.kind == FleetChange::Kind::Appeared)
                appeared.insert(c.name);
            else if (c.kind == FleetChange::Kind::Left)
                left.insert(c.name);
            else if (c.kind == FleetChange::Kind::Health)
                verdictChanged.insert(c.name);
            else
                placementChanged.insert(c.namespaceName + u'/' + c.name);
        }
        QSet<QString> expectAppeared, expectLeft;
        for (const QString &name : end.clusters.keys())
            if (!first.clusters.contains(name))
                expectAppeared.insert(name);
        for (const QString &name : first.clusters.keys())
            if (!end.clusters.contains(name))
                expectLeft.insert(name);
        QCOMPARE(appeared, expectAppeared);
        QCOMPARE(left, expectLeft);
        // Every cluster whose verdict differed from one step to the next (it was
        // there both times) changed verdict in between.
        for (auto it = std::next(truths.begin()); it != truths.end(); ++it) {
            const Truth &before = std::prev(it)->second;
            for (auto v = it->second.liveVerdicts.cbegin(); v != it->second.liveVerdicts.cend(); ++v) {
                if (before.liveVerdicts.contains(v.key()) && before.liveVerdicts.value(v.key()) != *v)
                    QVERIFY2(verdictChanged.contains(v.key()), qPrintable(v.key()));
            }
        }
        QVERIFY(!placementChanged.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstFleetTimeTravel)
#include "tst_fleettimetravel.moc"
