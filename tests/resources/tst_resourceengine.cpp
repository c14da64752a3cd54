// The Resources window's engine and models against in-process fleetscope-hub
// members on loopback, reached as Connect reaches them (a profile's access
// provider, a provider file, an exec plugin): the live table of a kind, a member
// that forbids a namespace, a 410 on a member's watch, a member that dies
// mid-watch, a kind one member does not serve. Every model under
// QAbstractItemModelTester.
#include "faults.h"
#include "hubserver.h"
#include "objectstore.h"
#include "resourcetypes.h"
#include "workloadchurn.h"

#include "api/paddedjson.h"
#include "api/profiledecoder.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "resources/memberstatemodel.h"
#include "resources/resourceengine.h"
#include "resources/resourcetablemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace fleetscope;

namespace {

constexpr int kPods[] = {12, 9, 15};

// A ClusterProfile whose access provider reaches `member`.
MemberTarget target(const QString &name, const hub::HubServer &member)
{
    const nlohmann::json profile = {
        {"apiVersion", "multicluster.x-k8s.io/v1alpha1"},
        {"kind", "ClusterProfile"},
        {"metadata", {{"name", name.toStdString()}, {"namespace", "fleet"}}},
        {"spec", {{"clusterManager", {{"name", "test"}}}}},
        {"status",
         {{"accessProviders",
           {{{"name", "members"},
             {"cluster",
              {{"server", member.url()},
               {"certificate-authority-data", QByteArray::fromStdString(member.caCertificatePem()).toBase64().toStdString()}}}}}}}}};
    QByteArray json = QByteArray::fromStdString(profile.dump());
    reservePadding(&json);
    MemberTarget out;
    out.hub = QStringLiteral("hub");
    out.namespaceName = QStringLiteral("fleet");
    out.name = name;
    ProfileDecoder decoder;
    if (!decoder.decode(std::string_view(json.constData(), size_t(json.size())), &out.profile))
        qFatal("%s", qPrintable(decoder.error()));
    return out;
}

} // namespace

class TestResourceEngine : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void liveTableAcrossMembers();
    void churnKeepsTheTableExact();
    void forbiddenNamespaceIsNamed();
    void expiredWatchRelistsAndGoesOn();
    void memberThatDiesIsUnreachable();
    void customResourceColumns();
    void lyingMemberIsNamed();

private:
    void startMembers();
    void watch(const ResourceQuery &query);
    int rowsOf(const QString &cluster) const;

    QTemporaryDir m_dir;
    std::vector<std::unique_ptr<hub::HubServer>> m_members;
    QList<MemberTarget> m_targets;
    ResourceAccessSettings m_access;
    std::unique_ptr<ResourceEngine> m_engine;
    std::unique_ptr<ResourceTableModel> m_model;
    std::unique_ptr<SortFilterProxy> m_proxy;
    std::unique_ptr<MemberStateModel> m_states;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

void TestResourceEngine::initTestCase()
{
    QVERIFY(m_dir.isValid());
    startMembers();
    m_engine = std::make_unique<ResourceEngine>();
    m_model = std::make_unique<ResourceTableModel>(m_engine.get());
    m_proxy = std::make_unique<SortFilterProxy>(m_model.get());
    m_proxy->setSortRole(ResourceTableModel::SortRole);
    m_states = std::make_unique<MemberStateModel>(m_engine.get());
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(m_model.get()),
                                      static_cast<QAbstractItemModel *>(m_proxy.get()),
                                      static_cast<QAbstractItemModel *>(m_states.get())})
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(model, QAbstractItemModelTester::FailureReportingMode::QtTest));
    m_engine->setAccess(m_access);
}

void TestResourceEngine::startMembers()
{
    std::string token;
    for (int i = 0; i < 3; ++i) {
        hub::HubOptions options;
        options.workloads = kPods[i];
        options.seed = std::uint64_t(i) + 7;
        options.threads = 8;
        options.token = token;
        options.allowAnonymous = 0;
        if (i == 1)
            options.forbidden.push_back({{"*"}, "*", "payments"});
        auto member = std::make_unique<hub::HubServer>(options);
        std::string error;
        QVERIFY2(member->start(&error), error.c_str());
        token = member->token();
        m_targets << target(QStringLiteral("m%1").arg(i), *member);
        m_members.push_back(std::move(member));
    }
    const QByteArray providers = QByteArray::fromStdString(nlohmann::json(
        {{"providers",
          {{{"name", "members"},
            {"execConfig",
             {{"apiVersion", "client.authentication.k8s.io/v1"},
              {"command", "/bin/sh"},
              {"args", {"-c", "printf '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\","
                              "\"status\":{\"token\":\"%s\"}}' \"$MEMBER_TOKEN\""}},
              {"env", {{{"name", "MEMBER_TOKEN"}, {"value", token}}}},
              {"interactiveMode", "Never"}}}}}}}).dump());
    QString error;
    QVERIFY2(ProviderFile::parse(providers, QStringLiteral("providers.json"), &m_access.providers, &error), qPrintable(error));
}

void TestResourceEngine::watch(const ResourceQuery &query)
{
    QSignalSpy settled(m_engine.get(), &ResourceEngine::settled);
    m_engine->start(m_targets, query);
    QVERIFY(settled.wait(30000));
}

int TestResourceEngine::rowsOf(const QString &cluster) const
{
    int rows = 0;
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        rows += m_proxy->index(row, 0).data().toString() == cluster ? 1 : 0;
    return rows;
}

void TestResourceEngine::liveTableAcrossMembers()
{
    ResourceQuery query;
    query.kind = QStringLiteral("po");
    watch(query);
    // m1 forbids a namespace, so also every cluster-wide list: named, the others shown.
    QCOMPARE(m_engine->state(0).phase, MemberState::Phase::Live);
    QCOMPARE(m_engine->state(1).phase, MemberState::Phase::Forbidden);
    QCOMPARE(m_engine->state(1).verb, QStringLiteral("list"));
    QCOMPARE(m_engine->state(1).namespaceName, QString());
    QCOMPARE(m_engine->state(2).phase, MemberState::Phase::Live);
    QTRY_COMPARE_WITH_TIMEOUT(m_model->rowCount(), kPods[0] + kPods[2], 10000);
    QCOMPARE(m_model->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Cluster"));
    QCOMPARE(m_model->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Namespace"));
    QCOMPARE(m_model->headerData(2, Qt::Horizontal).toString(), QStringLiteral("Name"));
    QCOMPARE(m_model->headerData(5, Qt::Horizontal).toString(), QStringLiteral("Restarts"));
    QVERIFY(m_model->isWideColumn(7)); // IP: -o wide only
    QCOMPARE(m_states->index(1).data().toString(), QStringLiteral("hub/fleet/m1: forbidden (list, cluster-wide)"));
    QVERIFY(m_states->index(0).data().toString().startsWith(QStringLiteral("hub/fleet/m0: live (12)")));

    // Sorted by restarts as numbers ("10 (3m ago)" after "9"), then grouped by cluster.
    m_proxy->sort(5, Qt::DescendingOrder);
    qint64 previous = std::numeric_limits<qint64>::max();
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const qint64 restarts = m_proxy->index(row, 5).data().toString().section(u' ', 0, 0).toLongLong();
        QVERIFY(restarts <= previous);
        previous = restarts;
    }
    m_model->setGroupByCluster(true);
    QString cluster;
    int changes = 0;
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QString here = m_proxy->index(row, 0).data().toString();
        changes += here != cluster ? 1 : 0;
        cluster = here;
    }
    QCOMPARE(changes, 2);
    m_model->setGroupByCluster(false);

    // Text search through the proxy's row filter.
    m_proxy->setRowFilter([this](int row) { return m_model->rowContains(row, QStringLiteral("checkout")); });
    QVERIFY(m_proxy->rowCount() > 0 && m_proxy->rowCount() < m_model->rowCount());
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        QVERIFY(m_proxy->index(row, 2).data().toString().startsWith(QStringLiteral("checkout")));
    m_proxy->setRowFilter({});

    // A change on a member reaches its row, live.
    hub::ObjectStore &store = m_members[0]->store();
    const hub::ResourceType &pods = *hub::findResourceType("", "pods");
    std::uint64_t rv = 0;
    const auto snapshot = store.snapshot(pods, &rv);
    const nlohmann::json &pod = *snapshot.front();
    const QString name = QString::fromStdString(pod["metadata"]["name"].get<std::string>());
    nlohmann::json statuses = pod["status"]["containerStatuses"];
    statuses[0]["restartCount"] = 77;
    QVERIFY(store.patch(pods, pod["metadata"]["namespace"].get<std::string>(), name.toStdString(), hub::PatchKind::Merge,
                        {{"status", {{"containerStatuses", statuses}}}}, hub::Subresource::Status)
                .error.ok());
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (int row = 0; row < m_model->rowCount(); ++row) {
                if (m_model->index(row, 2).data() == name)
                    return m_model->index(row, 5).data().toString().startsWith(QStringLiteral("77"));
            }
            return false;
        }(),
        10000);

    // The object's YAML, fetched on request.
    QSignalSpy fetched(m_engine.get(), &ResourceEngine::objectFetched);
    const int id = m_engine->fetchObject(0, pod["metadata"]["namespace"].get<std::string>().c_str(), name);
    QVERIFY(fetched.wait(10000));
    QCOMPARE(fetched.at(0).at(0).toInt(), id);
    const QByteArray yaml = fetched.at(0).at(1).toByteArray();
    QVERIFY2(yaml.contains("kind: Pod") && yaml.contains("restartCount: 77"), yaml.constData());
}

void TestResourceEngine::churnKeepsTheTableExact()
{
    // Pods restarting, replaced (one goes, another comes), deployments scaled, in
    // bursts that the model applies together: afterwards every live member's rows
    // are exactly its pods, with their restart counts.
    ResourceQuery query;
    query.kind = QStringLiteral("pods");
    watch(query);
    const hub::ResourceType &pods = *hub::findResourceType("", "pods");
    auto truth = [&](int member) {
        QStringList rows;
        std::uint64_t rv = 0;
        for (const auto &pod : m_members[size_t(member)]->store().snapshot(pods, &rv)) {
            int restarts = 0;
            for (const auto &status : (*pod)["status"].value("containerStatuses", nlohmann::json::array()))
                restarts += status.value("restartCount", 0);
            rows << QStringLiteral("%1/%2 %3")
                        .arg(QString::fromStdString((*pod)["metadata"].value("namespace", std::string())),
                             QString::fromStdString((*pod)["metadata"].value("name", std::string())))
                        .arg(restarts);
        }
        rows.sort();
        return rows;
    };
    auto shown = [&](int member) {
        QStringList rows;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (m_model->memberOf(row) != member)
                continue;
            const ResourceRow &r = m_model->rowAt(row);
            rows << QStringLiteral("%1/%2 %3")
                        .arg(r.metadata.namespaceName.toString(), r.metadata.name)
                        .arg(m_model->index(row, 5).data().toString().section(u' ', 0, 0).toInt());
        }
        rows.sort();
        return rows;
    };
    m_proxy->sort(5, Qt::DescendingOrder);
    for (int burst = 0; burst < 4; ++burst) {
        for (const int member : {0, 2}) {
            hub::WorkloadChurn churn(m_members[size_t(member)]->store(), 0, std::uint64_t(burst * 10 + member));
            for (int i = 0; i < 40; ++i)
                churn.changeOnce();
        }
        if (burst % 2)
            QCoreApplication::processEvents(); // some bursts land in one batch, some in two
    }
    for (const int member : {0, 2})
        QTRY_COMPARE_WITH_TIMEOUT(shown(member), truth(member), 10000);
    // The sorted view still sorted.
    qint64 previous = std::numeric_limits<qint64>::max();
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const qint64 restarts = m_proxy->index(row, 5).data().toString().section(u' ', 0, 0).toLongLong();
        QVERIFY(restarts <= previous);
        previous = restarts;
    }
    m_proxy->sort(-1);
}

void TestResourceEngine::forbiddenNamespaceIsNamed()
{
    // Several namespaces, each asked on its own: m1 answers shop and says no to payments.
    ResourceQuery query;
    query.kind = QStringLiteral("deployments");
    query.namespaces = {QStringLiteral("shop"), QStringLiteral("payments")};
    watch(query);
    QCOMPARE(m_engine->state(0).phase, MemberState::Phase::Live);
    const MemberState &m1 = m_engine->state(1);
    QCOMPARE(m1.phase, MemberState::Phase::Forbidden);
    QCOMPARE(m1.verb, QStringLiteral("list"));
    QCOMPARE(m1.namespaceName, QStringLiteral("payments"));
    QVERIFY2(m1.reason.contains(QStringLiteral("in the namespace \"payments\"")), qPrintable(m1.reason));
    QCOMPARE(m_states->index(1).data().toString(), QStringLiteral("hub/fleet/m1: forbidden (list in payments)"));
    QTRY_VERIFY_WITH_TIMEOUT(rowsOf(QStringLiteral("hub/fleet/m1")) > 0, 10000);
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->index(row, 0).data() == QStringLiteral("hub/fleet/m1"))
            QCOMPARE(m_model->index(row, 1).data().toString(), QStringLiteral("shop"));
    }
    QVERIFY(rowsOf(QStringLiteral("hub/fleet/m0")) > 0);
}

void TestResourceEngine::expiredWatchRelistsAndGoesOn()
{
    ResourceQuery query;
    query.kind = QStringLiteral("pods");
    query.namespaces = {QStringLiteral("shop")};
    watch(query);
    QCOMPARE(m_engine->state(2).phase, MemberState::Phase::Live);
    const int before = rowsOf(QStringLiteral("hub/fleet/m2"));
    QVERIFY(before > 0);
    // A compaction ends m2's watch with 410; the informer relists, diffs, watches again.
    hub::ObjectStore &store = m_members[2]->store();
    store.compact();
    const hub::ResourceType &pods = *hub::findResourceType("", "pods");
    std::uint64_t rv = 0;
    std::string victim;
    for (const auto &pod : store.snapshot(pods, &rv)) {
        if ((*pod)["metadata"]["namespace"] == "shop")
            victim = (*pod)["metadata"]["name"].get<std::string>();
    }
    QVERIFY(store.remove(pods, "shop", victim).error.ok());
    QTRY_COMPARE_WITH_TIMEOUT(rowsOf(QStringLiteral("hub/fleet/m2")), before - 1, 15000);
    QCOMPARE(m_engine->state(2).phase, MemberState::Phase::Live);
}

void TestResourceEngine::memberThatDiesIsUnreachable()
{
    ResourceQuery query;
    query.kind = QStringLiteral("svc");
    watch(query);
    QCOMPARE(m_engine->state(2).phase, MemberState::Phase::Live);
    const int m0Rows = rowsOf(QStringLiteral("hub/fleet/m0"));
    QVERIFY(m0Rows > 0);
    m_members[2]->stop();
    QTRY_COMPARE_WITH_TIMEOUT(m_engine->state(2).phase, MemberState::Phase::Unreachable, 20000);
    QVERIFY(m_engine->state(2).retrying);
    QVERIFY(!m_engine->state(2).reason.isEmpty());
    // Its last rows stay, marked stale; the other members go on.
    QVERIFY(rowsOf(QStringLiteral("hub/fleet/m2")) > 0);
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex index = m_model->index(row, 0);
        QCOMPARE(index.data(ResourceTableModel::StaleRole).toBool(), index.data() != QStringLiteral("hub/fleet/m0")
                                                                         && index.data() != QStringLiteral("hub/fleet/m1"));
    }
    QCOMPARE(m_engine->state(0).phase, MemberState::Phase::Live);
    QCOMPARE(rowsOf(QStringLiteral("hub/fleet/m0")), m0Rows);
}

void TestResourceEngine::customResourceColumns()
{
    ResourceQuery query;
    query.kind = QStringLiteral("certificates.cert-manager.io");
    query.timeoutMs = 5000;
    watch(query);
    QCOMPARE(m_engine->state(0).phase, MemberState::Phase::Live);
    QCOMPARE(m_engine->qualifiedResource(), QStringLiteral("certificates.cert-manager.io"));
    // The CRD's printer columns, a date-typed Age among them.
    QStringList headers;
    for (int c = 0; c < m_model->columnCount(); ++c)
        headers << m_model->headerData(c, Qt::Horizontal).toString();
    QCOMPARE(headers.mid(0, 5), QStringList({QStringLiteral("Cluster"), QStringLiteral("Namespace"), QStringLiteral("Name"),
                                              QStringLiteral("Ready"), QStringLiteral("Secret")}));
    bool found = false;
    for (int i = 0; i < m_engine->kinds().size(); ++i) {
        const ResourceEngine::KindCount &k = m_engine->kinds().at(i);
        if (k.kind.qualifiedResource() == u"certificates.cert-manager.io") {
            found = true;
            QCOMPARE(k.members, 3); // discovery is kept per member for the session: m2 told before it died
        }
    }
    QVERIFY(found);
}

void TestResourceEngine::lyingMemberIsNamed()
{
    // A proxy's login page instead of the API: that member says so, the other goes on.
    hub::HubOptions options;
    options.workloads = 5;
    options.threads = 8;
    options.token = m_members[0]->token();
    options.allowAnonymous = 0;
    options.faults[hub::FaultKind::HtmlAnswer] = {1.0, -1};
    hub::HubServer liar(options);
    std::string error;
    QVERIFY2(liar.start(&error), error.c_str());
    ResourceEngine engine;
    engine.setAccess(m_access);
    QSignalSpy settled(&engine, &ResourceEngine::settled);
    ResourceQuery query;
    query.kind = QStringLiteral("pods");
    query.namespaces = {QStringLiteral("shop")};
    engine.start({m_targets[0], target(QStringLiteral("liar"), liar)}, query);
    QVERIFY(settled.wait(30000));
    QCOMPARE(engine.state(0).phase, MemberState::Phase::Live);
    QCOMPARE(engine.state(1).phase, MemberState::Phase::Failed);
    QVERIFY2(engine.state(1).reason.contains(QStringLiteral("answered with text/html")), qPrintable(engine.state(1).reason));
    engine.stop();
}

QTEST_GUILESS_MAIN(TestResourceEngine)
#include "tst_resourceengine.moc"
