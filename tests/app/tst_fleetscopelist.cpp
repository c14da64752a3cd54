// `fleetscope list` as a user runs it, against fleetscope-hub processes, compared
// with what kubectl says about the same hubs.

#include "hubprocess.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QStandardPaths>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace fleetscope::testing;

namespace {

QString fleetscopeExecutable()
{
    return builtExecutable(QStringLiteral("app/fleetscope/fleetscope"));
}

// namespace/name → object, from kubectl's list or from our {"items":[{"hub","object"}]}.
std::map<std::string, nlohmann::json> byKey(const nlohmann::json &items, bool wrapped)
{
    std::map<std::string, nlohmann::json> out;
    for (const auto &item : items) {
        const nlohmann::json &object = wrapped ? item["object"] : item;
        out[object["metadata"]["namespace"].get<std::string>() + "/" + object["metadata"]["name"].get<std::string>()] =
            object;
    }
    return out;
}

nlohmann::json kubectlList(const HubProcess &hub)
{
    const ProcessResult r = runProcess(QStringLiteral("kubectl"),
                                       {QStringLiteral("--kubeconfig"), hub.kubeconfigPath(), QStringLiteral("get"),
                                        QStringLiteral("clusterprofiles"), QStringLiteral("-A"), QStringLiteral("-o"),
                                        QStringLiteral("json")},
                                       {QStringLiteral("HOME=") + hub.directory()});
    if (r.exitCode != 0)
        qWarning("kubectl: %s", r.err.constData());
    return nlohmann::json::parse(r.out.toStdString(), nullptr, false);
}

QString brokenCopy(const HubProcess &hub, const QByteArray &from, const QByteArray &to, const QString &name)
{
    QFile in(hub.kubeconfigPath());
    in.open(QIODevice::ReadOnly);
    QByteArray text = in.readAll();
    text.replace(from, to);
    const QString path = hub.directory() + u'/' + name;
    QFile out(path);
    out.open(QIODevice::WriteOnly);
    out.write(text);
    return path;
}

} // namespace

class TestFleetscopeList final : public QObject
{
    Q_OBJECT

private slots:
    void printsNamesAndTable();
    void customColumnsAndNoHeaders();
    void remembersPrintedTargetsForCompletion();
    void jsonEqualsKubectl();
    void observesChurnUntilConverged();
    void reportsTheHubThatFailedAndPrintsTheOthers();
    void wrongTokenSaysUnauthorized();
    void filtersWithTheQueryLanguage();
    void everyHubFailingPrintsNothingOnStdout();
    void noKubeconfigSaysWhereItLooked();
    void theDemoItSuggestsWorksOnTheCommandLine();
};

void TestFleetscopeList::printsNamesAndTable()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("40")}, QStringLiteral("east"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("list"), QStringLiteral("--kubeconfig"),
                                                hub.kubeconfigPath(), QStringLiteral("-o"), QStringLiteral("name")});
    QCOMPARE(r.exitCode, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 40);
    for (const QByteArray &line : lines)
        QVERIFY2(line.startsWith("east/fleet-") && line.count('/') == 2, line.constData());
    QVERIFY(std::is_sorted(lines.begin(), lines.end()));

    r = runProcess(fleetscopeExecutable(), {QStringLiteral("list"), QStringLiteral("--kubeconfig"), hub.kubeconfigPath()});
    QCOMPARE(r.exitCode, 0);
    const QByteArray header = r.out.left(r.out.indexOf('\n')).simplified();
    QCOMPARE(header, QByteArray("HUB NAMESPACE NAME CLUSTERSET MANAGER VERSION HEALTH"));
    QCOMPARE(r.out.count('\n'), 41);
}

void TestFleetscopeList::customColumnsAndNoHeaders()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("12")}, QStringLiteral("east"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const QStringList list{QStringLiteral("list"), QStringLiteral("--kubeconfig"), hub.kubeconfigPath()};
    const ProcessResult names = runProcess(fleetscopeExecutable(), list + QStringList{QStringLiteral("-o"), QStringLiteral("name")});
    QCOMPARE(names.exitCode, 0);
    const QList<QByteArray> expectedNames = names.out.trimmed().split('\n');
    QCOMPARE(expectedNames.size(), 12);

    for (const QString &format : {QStringLiteral("table"), QStringLiteral("wide"), QStringLiteral("csv")}) {
        const ProcessResult r = runProcess(fleetscopeExecutable(), list + QStringList{QStringLiteral("-o"), format, QStringLiteral("--no-headers")});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 12);
        QVERIFY2(lines[0].startsWith("east"), r.out.constData());
    }

    // FIELDs are the filter language's keys (and its aliases), in any order.
    ProcessResult r = runProcess(fleetscopeExecutable(), list + QStringList{QStringLiteral("-o"),
                                 QStringLiteral("custom-columns=HUB:hub,NS:ns,CLUSTER:name,AGE:age")});
    QCOMPARE(r.exitCode, 0);
    QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 13);
    QCOMPARE(lines[0].simplified(), QByteArray("HUB NS CLUSTER AGE"));
    for (int i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> cells = lines[i].simplified().split(' ');
        QCOMPARE(cells.size(), 4);
        QCOMPARE(cells[0] + '/' + cells[1] + '/' + cells[2], expectedNames[i - 1]);
    }
    r = runProcess(fleetscopeExecutable(), list + QStringList{QStringLiteral("--no-headers"), QStringLiteral("-o"),
                                                             QStringLiteral("custom-columns=N:name")});
    QCOMPARE(r.exitCode, 0);
    lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 12);
    QCOMPARE(lines[0], expectedNames[0].mid(expectedNames[0].lastIndexOf('/') + 1));

    r = runProcess(fleetscopeExecutable(), list + QStringList{QStringLiteral("-o"), QStringLiteral("custom-columns=X:nmae")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains("unknown field \"nmae\" (fields: hub, namespace, name, clusterset, manager, version, health, "),
             r.err.constData());
    QVERIFY2(r.err.contains("); did you mean \"name\"?"), r.err.constData());
}

void TestFleetscopeList::remembersPrintedTargetsForCompletion()
{
    // `fleetscope connect <TAB>` offers what the last list printed: HUB/NAMESPACE/NAME,
    // one a line, in the printed order (for -o name: exactly stdout). 3000 lines
    // (~100 KB) are written in more than one piece.
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("3000")}, QStringLiteral("north"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    QTemporaryDir cacheHome;
    QVERIFY(cacheHome.isValid());
    const ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("list"), QStringLiteral("--kubeconfig"),
                                                      hub.kubeconfigPath(), QStringLiteral("-o"), QStringLiteral("name")},
                                      {QStringLiteral("XDG_CACHE_HOME=") + cacheHome.path()});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.count('\n'), 3000);
    QVERIFY(r.out.endsWith('\n'));
    QList<QByteArray> lines = r.out.split('\n');
    lines.removeLast();
    QVERIFY(std::is_sorted(lines.begin(), lines.end()));
    QVERIFY(std::adjacent_find(lines.begin(), lines.end()) == lines.end());
    for (const QByteArray &line : std::as_const(lines))
        QVERIFY2(line.startsWith("north/fleet-") && line.count('/') == 2, line.constData());
    QFile cache(cacheHome.filePath(QStringLiteral("fleetscope/completion-targets")));
    QVERIFY2(cache.open(QIODevice::ReadOnly), qPrintable(cache.fileName()));
    QCOMPARE(cache.readAll(), r.out);
}

void TestFleetscopeList::jsonEqualsKubectl()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("120")}, QStringLiteral("west"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("list"), QStringLiteral("--kubeconfig"),
                                                      hub.kubeconfigPath(), QStringLiteral("-o"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    const auto ours = nlohmann::json::parse(r.out.toStdString());
    for (const auto &item : ours["items"])
        QCOMPARE(QString::fromStdString(item["hub"].get<std::string>()), QStringLiteral("west"));
    // Every object exactly as the hub sent it.
    QVERIFY(byKey(ours["items"], true) == byKey(kubectlList(hub)["items"], false));
}

void TestFleetscopeList::observesChurnUntilConverged()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("200"), QStringLiteral("--churn"), QStringLiteral("100"),
                    QStringLiteral("--churn-for"), QStringLiteral("4"), QStringLiteral("--fault-watch-drop"), QStringLiteral("0.2@1"),
                    QStringLiteral("--fault-watch-split"), QStringLiteral("0.5"), QStringLiteral("--fault-watch-gone"), QStringLiteral("0.2@1")},
                   QStringLiteral("churn"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    // The engine keeps watching for 10 s after its first sync; churn ends after 4 s.
    // (Each fault is capped at one occurrence: a CLI uses client-go's backoff,
    // which grows with every failure; tst_fleetengine runs every fault at length.)
    const ProcessResult r = runProcess(fleetscopeExecutable(),
                                       {QStringLiteral("list"), QStringLiteral("--kubeconfig"), hub.kubeconfigPath(),
                                        QStringLiteral("--observe-for"), QStringLiteral("10"), QStringLiteral("-o"), QStringLiteral("json")},
                                       {}, 60000);
    QCOMPARE(r.exitCode, 0);
    const auto ours = byKey(nlohmann::json::parse(r.out.toStdString())["items"], true);
    const auto truth = byKey(kubectlList(hub)["items"], false);
    QCOMPARE(ours.size(), truth.size());
    QVERIFY(ours == truth);
}

void TestFleetscopeList::reportsTheHubThatFailedAndPrintsTheOthers()
{
    HubProcess good({QStringLiteral("--generate"), QStringLiteral("10")}, QStringLiteral("good"));
    HubProcess other({QStringLiteral("--generate"), QStringLiteral("10")}, QStringLiteral("down"));
    QString error;
    QVERIFY2(good.start(&error), qPrintable(error));
    QVERIFY2(other.start(&error), qPrintable(error));
    const QString downUrl = other.url();
    other.stop(); // its kubeconfig stays, its server is gone
    const ProcessResult r = runProcess(fleetscopeExecutable(),
                                       {QStringLiteral("list"), QStringLiteral("--all-contexts"), QStringLiteral("-o"), QStringLiteral("name")},
                                       {QStringLiteral("KUBECONFIG=") + good.kubeconfigPath() + u':' + other.kubeconfigPath()});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out.trimmed().split('\n').size(), 10);
    QVERIFY(r.out.startsWith("good/"));
    const QList<QByteArray> errors = r.err.trimmed().split('\n');
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0].startsWith("error: hub down: Reconnecting") && errors[0].contains("refused"), errors[0].constData());
}

void TestFleetscopeList::wrongTokenSaysUnauthorized()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("3")}, QStringLiteral("locked"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    const QString kubeconfig = brokenCopy(hub, "token: ", "token: x", QStringLiteral("wrong"));
    const ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("list"), QStringLiteral("--kubeconfig"), kubeconfig});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QByteArray());
    QCOMPARE(r.err.trimmed(), QByteArray("error: hub locked: Unauthorized: You must be logged in to the server (Unauthorized)"));
}

void TestFleetscopeList::filtersWithTheQueryLanguage()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("60")}, QStringLiteral("f"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    ProcessResult r = runProcess(fleetscopeExecutable(),
                                 {QStringLiteral("list"), QStringLiteral("--kubeconfig"), hub.kubeconfigPath(), QStringLiteral("-o"),
                                  QStringLiteral("json"), QStringLiteral("--filter"), QStringLiteral("clusterset=prod, ControlPlaneHealthy!=False")});
    QCOMPARE(r.exitCode, 0);
    const auto items = nlohmann::json::parse(r.out.toStdString())["items"];
    QVERIFY(!items.empty());
    // Compare with a filter done by hand on what kubectl sees.
    int expected = 0;
    const nlohmann::json truth = kubectlList(hub); // kept alive for the loop below
    for (const auto &item : truth["items"]) {
        const bool prod = item["metadata"]["labels"].value("multicluster.x-k8s.io/clusterset", "") == "prod";
        bool controlPlaneFalse = false;
        for (const auto &c : item["status"].value("conditions", nlohmann::json::array()))
            controlPlaneFalse = controlPlaneFalse || (c["type"] == "ControlPlaneHealthy" && c["status"] == "False");
        expected += prod && !controlPlaneFalse ? 1 : 0;
    }
    QCOMPARE(int(items.size()), expected);

    r = runProcess(fleetscopeExecutable(), {QStringLiteral("list"), QStringLiteral("--filter"), QStringLiteral("version>=")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("error: --filter: "), r.err.constData());
    QVERIFY2(r.err.contains("^"), r.err.constData());
}

void TestFleetscopeList::everyHubFailingPrintsNothingOnStdout()
{
    HubProcess hub({QStringLiteral("--generate"), QStringLiteral("3")}, QStringLiteral("gone"));
    QString error;
    QVERIFY2(hub.start(&error), qPrintable(error));
    hub.stop(); // its kubeconfig stays, its server is gone
    for (const QString &format : {QStringLiteral("table"), QStringLiteral("wide"), QStringLiteral("csv")}) {
        const ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("list"), QStringLiteral("--kubeconfig"),
                                                                    hub.kubeconfigPath(), QStringLiteral("-o"), format});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QByteArray()); // not even the header: scripts read stdout
        QVERIFY2(r.err.startsWith("error: hub gone: "), r.err.constData());
    }
}

void TestFleetscopeList::noKubeconfigSaysWhereItLooked()
{
    QTemporaryDir home;
    QVERIFY(home.isValid());
    ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("list")},
                                 {QStringLiteral("HOME=") + home.path(), QStringLiteral("KUBECONFIG=")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QByteArray());
    const QString expected = QStringLiteral("error: no kubeconfig found: looked in %1/.kube/config (KUBECONFIG is not "
                                            "set), which does not exist; name a kubeconfig with --kubeconfig FILE, or "
                                            "try a simulated fleet with --demo\n")
                                 .arg(home.path());
    QCOMPARE(QString::fromUtf8(r.err), expected);

    const QString missing = home.filePath(QStringLiteral("nowhere.yaml"));
    r = runProcess(fleetscopeExecutable(), {QStringLiteral("list")},
                   {QStringLiteral("HOME=") + home.path(), QStringLiteral("KUBECONFIG=") + missing});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith("error: no kubeconfig found: looked in KUBECONFIG=" + missing.toUtf8() + ", which"),
             r.err.constData());
    QVERIFY2(r.err.contains("with --demo"), r.err.constData());

    // A kubeconfig without contexts says which file it read.
    QVERIFY(QDir(home.path()).mkpath(QStringLiteral(".kube")));
    QFile empty(home.filePath(QStringLiteral(".kube/config")));
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.write("apiVersion: v1\nkind: Config\nclusters: []\n");
    empty.close();
    r = runProcess(fleetscopeExecutable(), {QStringLiteral("list")},
                   {QStringLiteral("HOME=") + home.path(), QStringLiteral("KUBECONFIG=")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith("error: no context chosen: the kubeconfig " + home.filePath(QStringLiteral(".kube/config")).toUtf8()
                              + " has no contexts"),
             r.err.constData());
    QVERIFY2(r.err.contains("with --demo"), r.err.constData());
}

void TestFleetscopeList::theDemoItSuggestsWorksOnTheCommandLine()
{
    // What the error above suggests: the dashboard's simulated hubs, for the commands too.
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QStringList environment{QStringLiteral("HOME=") + home.path(), QStringLiteral("KUBECONFIG=")};
    const ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("list"), QStringLiteral("--demo"),
                                                                QStringLiteral("-o"), QStringLiteral("name")},
                                       environment, 60000);
    QCOMPARE(r.exitCode, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QVERIFY2(lines.size() > 400, r.err.constData());
    QVERIFY(lines.first().startsWith("demo-hub-"));
    QVERIFY(r.out.contains("demo-hub-eu/") && r.out.contains("demo-hub-us/"));
    // Not together with hubs of one's own.
    const ProcessResult both = runProcess(fleetscopeExecutable(), {QStringLiteral("list"), QStringLiteral("--demo"),
                                                                   QStringLiteral("--context"), QStringLiteral("prod")},
                                          environment);
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.err.contains("--demo and --context cannot be used together"), both.err.constData());
}

QTEST_GUILESS_MAIN(TestFleetscopeList)
#include "tst_fleetscopelist.moc"
