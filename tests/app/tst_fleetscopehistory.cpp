// The fleet's past on the command line, as a user runs it: `list --at` in every
// format and `diff` on a history written with known times; then `fleetscope
// record` against a fleetscope-hub process: what it records is what list --at
// and diff read, one writer at a time (a second recorder is refused and told
// who writes), --status, and a dashboard's history store that reads what the
// recorder writes.

#include "hubprocess.h"
#include "testsupport.h"

#include "history/fleetlogwriter.h"
#include "history/historydatabase.h"
#include "history/historystore.h"
#include "history/momentexpression.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

QString fleetscopeExecutable()
{
    return builtExecutable(QStringLiteral("app/fleetscope/fleetscope"));
}

// 2026-05-01T03:00:00Z and the minutes after it.
constexpr qint64 t0 = 1'777'604'400'000;
constexpr qint64 minute = 60'000;

QString at(qint64 t)
{
    return formatMoment(t);
}

ProfilePtr profile(const QString &name, ConditionStatus health, const QString &set = QStringLiteral("prod"))
{
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.name = name;
    p.metadata.namespaceName = QStringLiteral("fleet");
    p.metadata.creationTimestamp = t0 - 24 * 60 * minute;
    std::vector<LabelMap::Entry> labels{
        {PooledString(QStringLiteral("multicluster.x-k8s.io/clusterset")), FieldValue(set)},
        {PooledString(QStringLiteral("x-k8s.io/cluster-manager")), FieldValue(QStringLiteral("ocm"))}};
    p.metadata.labels.assign(&labels);
    p.clusterManagerName = QStringLiteral("ocm");
    p.kubernetesVersion = QStringLiteral("v1.33.1");
    Condition cph;
    cph.type = QStringLiteral("ControlPlaneHealthy");
    cph.status = health;
    cph.reason = health == ConditionStatus::True ? QStringLiteral("Available") : QStringLiteral("Lost");
    cph.message = health == ConditionStatus::True ? QStringLiteral("Cluster is available.")
                                                  : QStringLiteral("Agent heartbeat lost for 5m.");
    cph.lastTransitionTime = t0;
    p.conditions = PackedList<Condition>(QList<Condition>{cph});
    return record;
}

// hub-a from t0 to t0+10 min: a, b, c at first; at +2 min b turns unhealthy;
// at +5 min c is deleted and d appears, and placement web moves from a to d.
bool writeHistory(const QString &path, QString *error)
{
    HistoryDatabase db;
    if (!db.open(path, error))
        return false;
    const QString hub = QStringLiteral("hub-a");
    const qint64 stream = db.fleetLog().beginStream(hub, t0, error);
    const qint64 session = db.beginCoverage(hub, t0, error);
    FleetLogWriter writer;
    const auto flush = [&] {
        QList<FleetLogTables::Frame> frames;
        for (FleetLogWriter::Frame &f : writer.takeFrames())
            frames.append({stream, f.keyframe, f.firstAt, f.lastAt, f.events, std::move(f.data)});
        return db.write({}, frames, error);
    };
    const auto key = [](const QString &name) { return ObjectKey{QStringLiteral("fleet"), name}; };
    const auto placement = [](const QString &cluster) {
        auto p = std::make_shared<PlacementDecision>();
        p->metadata.name = QStringLiteral("web-0");
        p->metadata.namespaceName = QStringLiteral("fleet");
        p->metadata.labels.insert(PooledString(QStringLiteral("multicluster.x-k8s.io/placement-key")),
                                  PooledString(QStringLiteral("web")));
        ClusterDecision d;
        d.clusterProfileName = BlockString(cluster);
        p->decisions.append(d);
        return PlacementPtr(p);
    };
    for (const char *name : {"a", "b", "c"})
        writer.observeCluster(hub, key(QLatin1String(name)), profile(QLatin1String(name), ConditionStatus::True), t0);
    writer.observePlacements(hub, {placement(QStringLiteral("a"))}, t0);
    bool ok = flush();
    writer.observeCluster(hub, key(QStringLiteral("b")), profile(QStringLiteral("b"), ConditionStatus::False), t0 + 2 * minute);
    ok = ok && flush();
    writer.observeCluster(hub, key(QStringLiteral("c")), nullptr, t0 + 5 * minute);
    writer.observeCluster(hub, key(QStringLiteral("d")), profile(QStringLiteral("d"), ConditionStatus::True, QStringLiteral("staging")),
                          t0 + 5 * minute);
    writer.observePlacements(hub, {placement(QStringLiteral("d"))}, t0 + 5 * minute);
    ok = ok && flush();
    return ok && db.extendCoverage(session, t0 + 10 * minute, error) && db.fleetLog().extendStream(stream, t0 + 10 * minute, error);
}

// Waits (on the process's output, with a deadline) until its stderr holds `text`.
bool waitForOutput(QProcess *process, QByteArray *seen, const QByteArray &text, int deadlineMs)
{
    QDeadlineTimer deadline(deadlineMs);
    // waitForReadyRead() waits on the read channel: stdout would wake it only at the deadline.
    process->setReadChannel(QProcess::StandardError);
    while (!seen->contains(text)) {
        if (deadline.hasExpired() || process->state() == QProcess::NotRunning)
            return false;
        process->waitForReadyRead(int(std::max<qint64>(1, deadline.remainingTime())));
        *seen += process->readAllStandardError();
    }
    return true;
}

} // namespace

class TstFleetscopeHistory : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_history;

    ProcessResult fleetscope(const QStringList &arguments)
    {
        return runProcess(fleetscopeExecutable(), arguments, {QStringLiteral("HOME=") + m_dir.path()});
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_history = m_dir.filePath(QStringLiteral("history.sqlite"));
        QString error;
        QVERIFY2(writeHistory(m_history, &error), qPrintable(error));
    }

    void listAtPrintsTheRecordedFleetInEveryFormat_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<qint64>("time");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QStringList>("absent");
        QTest::newRow("table at the start") << QStringLiteral("table") << t0
                                            << QStringList{QStringLiteral("HUB"), QStringLiteral("HEALTH"),
                                                           QStringLiteral("hub-a   fleet       a "), QStringLiteral(" c ")}
                                            << QStringList{QStringLiteral(" d ")};
        QTest::newRow("table after the changes")
            << QStringLiteral("table") << t0 + 6 * minute << QStringList{QStringLiteral(" d "), QStringLiteral("Unhealthy")}
            << QStringList{QStringLiteral(" c ")};
        QTest::newRow("name") << QStringLiteral("name") << t0 + minute
                              << QStringList{QStringLiteral("hub-a/fleet/a\nhub-a/fleet/b\nhub-a/fleet/c\n")} << QStringList{};
        QTest::newRow("wide") << QStringLiteral("wide") << t0 + 3 * minute
                              << QStringList{QStringLiteral("CONTROLPLANE"), QStringLiteral("False"), QStringLiteral(" 24h")}
                              << QStringList{};
        QTest::newRow("csv") << QStringLiteral("csv") << t0 + 3 * minute
                             << QStringList{QStringLiteral("hub-a,fleet,b,prod,ocm,v1.33.1,Unhealthy")} << QStringList{};
        QTest::newRow("custom columns") << QStringLiteral("custom-columns=CLUSTER:name,VERDICT:health") << t0 + 3 * minute
                                        << QStringList{QStringLiteral("CLUSTER   VERDICT\na         Healthy\nb         Unhealthy\n")}
                                        << QStringList{QStringLiteral("HUB")};
        QTest::newRow("yaml") << QStringLiteral("yaml") << t0 + 6 * minute
                              << QStringList{QStringLiteral("kind: ClusterProfile"), QStringLiteral("name: d")}
                              << QStringList{QStringLiteral("name: c")};
    }

    void listAtPrintsTheRecordedFleetInEveryFormat()
    {
        QFETCH(QString, format);
        QFETCH(qint64, time);
        QFETCH(QStringList, expected);
        QFETCH(QStringList, absent);
        const ProcessResult r = fleetscope({QStringLiteral("list"), QStringLiteral("--at"), at(time), QStringLiteral("--context"),
                                            QStringLiteral("hub-a"), QStringLiteral("--history-file"), m_history,
                                            QStringLiteral("-o"), format});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QString out = QString::fromUtf8(r.out);
        for (const QString &text : expected)
            QVERIFY2(out.contains(text), qPrintable(QStringLiteral("%1 not in:\n%2").arg(text, out)));
        for (const QString &text : absent)
            QVERIFY2(!out.contains(text), qPrintable(QStringLiteral("%1 in:\n%2").arg(text, out)));
    }

    void listAtJsonHoldsTheRecordedObjects()
    {
        const ProcessResult r = fleetscope({QStringLiteral("list"), QStringLiteral("--at"), at(t0 + 3 * minute),
                                            QStringLiteral("--context"), QStringLiteral("hub-a"), QStringLiteral("--history-file"),
                                            m_history, QStringLiteral("-o"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const auto doc = nlohmann::json::parse(r.out.toStdString(), nullptr, false);
        QVERIFY(doc.is_object());
        QCOMPARE(doc["items"].size(), size_t(3));
        const nlohmann::json &b = doc["items"][1];
        QCOMPARE(b["hub"].get<std::string>(), std::string("hub-a"));
        QCOMPARE(b["object"]["metadata"]["name"].get<std::string>(), std::string("b"));
        QCOMPARE(b["object"]["status"]["conditions"][0]["status"].get<std::string>(), std::string("False"));
        QCOMPARE(b["object"]["status"]["conditions"][0]["message"].get<std::string>(),
                 std::string("Agent heartbeat lost for 5m."));
    }

    void listAtFiltersAsOfThatTime()
    {
        const ProcessResult r = fleetscope({QStringLiteral("list"), QStringLiteral("--at"), at(t0 + 6 * minute),
                                            QStringLiteral("--context"), QStringLiteral("hub-a"), QStringLiteral("--history-file"),
                                            m_history, QStringLiteral("-o"), QStringLiteral("name"), QStringLiteral("--filter"),
                                            QStringLiteral("health=unhealthy || clusterset=staging")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("hub-a/fleet/b\nhub-a/fleet/d\n"));
    }

    void listAtOutsideTheRecordedRangeFails()
    {
        const ProcessResult before = fleetscope({QStringLiteral("list"), QStringLiteral("--at"), at(t0 - minute),
                                                 QStringLiteral("--context"), QStringLiteral("hub-a"),
                                                 QStringLiteral("--history-file"), m_history});
        QCOMPARE(before.exitCode, 1);
        QVERIFY(before.out.isEmpty());
        QCOMPARE(before.err, QByteArray("error: hub hub-a: not recorded at 2026-05-01T02:59:00Z: it is recorded from "
                                        "2026-05-01T03:00:00Z to 2026-05-01T03:10:00Z\n"));
        // A hub never recorded: named; the recorded one is still printed.
        const ProcessResult mixed = fleetscope({QStringLiteral("list"), QStringLiteral("--at"), at(t0 + minute),
                                                QStringLiteral("--context"), QStringLiteral("hub-a"), QStringLiteral("--context"),
                                                QStringLiteral("hub-b"), QStringLiteral("--history-file"), m_history,
                                                QStringLiteral("-o"), QStringLiteral("name")});
        QCOMPARE(mixed.exitCode, 1);
        QCOMPARE(mixed.out, QByteArray("hub-a/fleet/a\nhub-a/fleet/b\nhub-a/fleet/c\n"));
        QVERIFY2(mixed.err.contains("error: hub hub-b: not recorded at 2026-05-01T03:01:00Z: nothing is recorded for it"),
                 mixed.err.constData());
        // No history at all.
        const ProcessResult none = fleetscope({QStringLiteral("list"), QStringLiteral("--at"), QStringLiteral("-1h"),
                                               QStringLiteral("--context"), QStringLiteral("hub-a"), QStringLiteral("--history-file"),
                                               m_dir.filePath(QStringLiteral("none.sqlite"))});
        QCOMPARE(none.exitCode, 1);
        QVERIFY2(none.err.contains("none.sqlite") && none.err.contains("no history has been recorded there"), none.err.constData());
    }

    void usageMistakesAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a time") << QStringList{QStringLiteral("list"), QStringLiteral("--at"), QStringLiteral("yesterday")}
                                    << QStringLiteral("--at: \"yesterday\" is neither a time");
        QTest::newRow("--at and --watch") << QStringList{QStringLiteral("list"), QStringLiteral("--at"), QStringLiteral("-1h"), QStringLiteral("-w")}
                                          << QStringLiteral("--at");
        QTest::newRow("diff without --since") << QStringList{QStringLiteral("diff")} << QStringLiteral("--since is required");
        QTest::newRow("diff backwards")
            << QStringList{QStringLiteral("diff"), QStringLiteral("--since"), QStringLiteral("-1h"), QStringLiteral("--until"), QStringLiteral("-2h")}
            << QStringLiteral("is before --since");
        QTest::newRow("diff format") << QStringList{QStringLiteral("diff"), QStringLiteral("--since"), QStringLiteral("-1h"), QStringLiteral("-o"), QStringLiteral("yaml")}
                                     << QStringLiteral("--output");
        QTest::newRow("record --status with hubs")
            << QStringList{QStringLiteral("record"), QStringLiteral("--status"), QStringLiteral("--context"), QStringLiteral("x")}
            << QStringLiteral("--status");
    }

    void usageMistakesAreRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const ProcessResult r = fleetscope(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith("error: ") && r.err.count('\n') == 1 && QString::fromUtf8(r.err).contains(message),
                 r.err.constData());
    }

    void listAtWithoutHeaders()
    {
        const QStringList common{QStringLiteral("--context"), QStringLiteral("hub-a"), QStringLiteral("--history-file"), m_history};
        const ProcessResult r = fleetscope(QStringList{QStringLiteral("list"), QStringLiteral("--at"), at(t0 + minute),
                                                       QStringLiteral("--no-headers")} + common);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[0].startsWith(QLatin1String("hub-a   fleet   a ")), qPrintable(lines[0]));
    }

    void diffWithoutHeadersAndInCustomColumns()
    {
        const QStringList common{QStringLiteral("--context"), QStringLiteral("hub-a"), QStringLiteral("--history-file"), m_history};
        const QStringList diff = QStringList{QStringLiteral("diff"), QStringLiteral("--since"), at(t0 + minute),
                                             QStringLiteral("--until"), at(t0 + 9 * minute)} + common;
        ProcessResult r = fleetscope(diff + QStringList{QStringLiteral("--no-headers")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QVERIFY2(lines[0].startsWith(QLatin1String("2026-05-01T03:02:00Z")), qPrintable(lines[0]));

        r = fleetscope(diff + QStringList{QStringLiteral("-o"), QStringLiteral("custom-columns=WHAT:change,WHO:name")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(QString::fromUtf8(r.out), QStringLiteral("WHAT        WHO\n"
                                                          "health      fleet/b\n"
                                                          "appeared    fleet/d\n"
                                                          "left        fleet/c\n"
                                                          "placement   fleet/web\n"));
        r = fleetscope(diff + QStringList{QStringLiteral("-o"), QStringLiteral("custom-columns=WHEN:at")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("unknown field \"at\" (fields: time, hub, name, change, detail)"), r.err.constData());
    }

    void diffListsWhatChanged()
    {
        const ProcessResult r = fleetscope({QStringLiteral("diff"), QStringLiteral("--since"), at(t0 + minute),
                                            QStringLiteral("--until"), at(t0 + 9 * minute), QStringLiteral("--context"),
                                            QStringLiteral("hub-a"), QStringLiteral("--history-file"), m_history});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QVERIFY(lines[0].startsWith(QLatin1String("TIME")));
        QVERIFY2(lines[1].contains(QLatin1String("2026-05-01T03:02:00Z")) && lines[1].contains(QLatin1String("fleet/b"))
                     && lines[1].contains(QLatin1String("health"))
                     && lines[1].contains(QLatin1String("Healthy -> Unhealthy: ControlPlaneHealthy=False (Lost): Agent heartbeat lost for 5m.")),
                 qPrintable(lines[1]));
        QVERIFY2(lines[2].contains(QLatin1String("03:05:00Z")) && lines[2].contains(QLatin1String("fleet/d"))
                     && lines[2].contains(QLatin1String("appeared")),
                 qPrintable(lines[2]));
        QVERIFY2(lines[3].contains(QLatin1String("fleet/c")) && lines[3].contains(QLatin1String("left")), qPrintable(lines[3]));
        QVERIFY2(lines[4].contains(QLatin1String("fleet/web")) && lines[4].contains(QLatin1String("added fleet/d; dropped fleet/a")),
                 qPrintable(lines[4]));

        const ProcessResult json = fleetscope({QStringLiteral("diff"), QStringLiteral("--since"), at(t0 + minute),
                                               QStringLiteral("--until"), at(t0 + 3 * minute), QStringLiteral("--context"),
                                               QStringLiteral("hub-a"), QStringLiteral("--history-file"), m_history,
                                               QStringLiteral("-o"), QStringLiteral("json")});
        QCOMPARE(json.exitCode, 0);
        const auto doc = nlohmann::json::parse(json.out.toStdString(), nullptr, false);
        QCOMPARE(doc["items"].size(), size_t(1));
        QCOMPARE(doc["items"][0]["from"].get<std::string>(), std::string("Healthy"));
        QCOMPARE(doc["items"][0]["to"].get<std::string>(), std::string("Unhealthy"));
        QCOMPARE(doc["since"].get<std::string>(), std::string("2026-05-01T03:01:00Z"));

        const ProcessResult outside = fleetscope({QStringLiteral("diff"), QStringLiteral("--since"), at(t0 - minute),
                                                  QStringLiteral("--context"), QStringLiteral("hub-a"),
                                                  QStringLiteral("--history-file"), m_history});
        QCOMPARE(outside.exitCode, 1);
        QVERIFY(outside.out.isEmpty());
        QVERIFY2(outside.err.contains("error: hub hub-a: not recorded at both 2026-05-01T02:59:00Z"), outside.err.constData());
    }

    void recordWritesWhatListAtAndDiffRead()
    {
        FLEETSCOPE_REQUIRE_KUBECTL();
        HubProcess hub({QStringLiteral("--generate"), QStringLiteral("12")});
        QString error;
        QVERIFY2(hub.start(&error), qPrintable(error));
        const QString history = m_dir.filePath(QStringLiteral("recorded.sqlite"));
        const QStringList common{QStringLiteral("--kubeconfig"), hub.kubeconfigPath(), QStringLiteral("--history-file"), history};
        QProcess recorder;
        recorder.setProgram(fleetscopeExecutable());
        recorder.setArguments(QStringList{QStringLiteral("record")} + common);
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("HOME"), m_dir.path());
        recorder.setProcessEnvironment(environment);
        recorder.start();
        QVERIFY(recorder.waitForStarted(10000));
        QByteArray said;
        QVERIFY2(waitForOutput(&recorder, &said, "hub hub: Live", 30000), said.constData());

        // One writer: a second recorder is refused and told which process writes.
        const ProcessResult second = fleetscope(QStringList{QStringLiteral("record")} + common);
        QCOMPARE(second.exitCode, 1);
        QVERIFY2(second.err.contains(QStringLiteral("pid %1").arg(recorder.processId()).toUtf8())
                     && second.err.contains("one writer at a time"),
                 second.err.constData());
        const ProcessResult status = fleetscope({QStringLiteral("record"), QStringLiteral("--status"), QStringLiteral("--history-file"), history});
        QCOMPARE(status.exitCode, 0);
        QVERIFY2(status.out.contains(QStringLiteral("Writer: fleetscope (pid %1)").arg(recorder.processId()).toUtf8())
                     && status.out.contains("\nhub "),
                 status.out.constData());

        // A dashboard opened now reads what the recorder writes.
        HistoryStore window;
        window.open(history);
        QTRY_VERIFY_WITH_TIMEOUT(window.state() == HistoryStore::State::Ready, 10000);
        QVERIFY(!window.isRecording());
        QVERIFY2(window.writer().contains(QStringLiteral("pid %1").arg(recorder.processId())), qPrintable(window.writer()));
        QSignalSpy recorded(&window, &HistoryStore::transitionsRecorded);

        // Then a cluster is deleted and another breaks (observed after `before`:
        // the recorder stamps what it sees when it sees it).
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        // In milliseconds: whole seconds could fall before the recording began.
        const QString sinceBefore = QDateTime::fromMSecsSinceEpoch(before, Qt::UTC).toString(Qt::ISODateWithMs);
        const QStringList kubectl{QStringLiteral("--kubeconfig"), hub.kubeconfigPath()};
        const ProcessResult names = runProcess(QStringLiteral("kubectl"), kubectl + QStringList{QStringLiteral("get"), QStringLiteral("clusterprofiles"), QStringLiteral("-A"), QStringLiteral("-o"), QStringLiteral("jsonpath={range .items[*]}{.metadata.namespace}/{.metadata.name}{\"\\n\"}{end}")},
                                               {QStringLiteral("HOME=") + m_dir.path()});
        QCOMPARE(names.exitCode, 0);
        const QStringList keys = QString::fromUtf8(names.out).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(keys.size(), 12);
        const QString gone = keys[0];
        const QString broken = keys[1];
        QCOMPARE(runProcess(QStringLiteral("kubectl"), kubectl + QStringList{QStringLiteral("delete"), QStringLiteral("clusterprofile"), QStringLiteral("-n"), gone.section(u'/', 0, 0), gone.section(u'/', 1)},
                            {QStringLiteral("HOME=") + m_dir.path()}).exitCode, 0);
        const QString patch = QStringLiteral("{\"status\":{\"conditions\":[{\"type\":\"ControlPlaneHealthy\",\"status\":\"False\",\"reason\":\"Broken\",\"message\":\"broken by the test\",\"lastTransitionTime\":\"%1\"},{\"type\":\"Joined\",\"status\":\"True\",\"reason\":\"Joined\",\"message\":\"\",\"lastTransitionTime\":\"2026-01-01T00:00:00Z\"}]}}")
                                  .arg(formatMoment(QDateTime::currentMSecsSinceEpoch()));
        const ProcessResult patched = runProcess(QStringLiteral("kubectl"), kubectl + QStringList{QStringLiteral("patch"), QStringLiteral("clusterprofile"), QStringLiteral("-n"), broken.section(u'/', 0, 0), broken.section(u'/', 1), QStringLiteral("--subresource=status"), QStringLiteral("--type=merge"), QStringLiteral("-p"), patch},
                                                 {QStringLiteral("HOME=") + m_dir.path()});
        QVERIFY2(patched.exitCode == 0, patched.err.constData());

        // The window's store hears of the transition the recorder wrote.
        // Other transitions (the deleted cluster's) may come in an earlier batch.
        const auto sawBroken = [&recorded, &broken] {
            for (const QList<QVariant> &signal : std::as_const(recorded)) {
                for (const ConditionTransition &t : signal.at(0).value<QList<ConditionTransition>>()) {
                    if (t.cluster.name == broken.section(u'/', 1) && t.to == ConditionStatus::False)
                        return true;
                }
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(sawBroken(), 20000);

        // diff and list --at read what it recorded.
        ProcessResult diff;
        QTRY_VERIFY2_WITH_TIMEOUT((diff = fleetscope(QStringList{QStringLiteral("diff"), QStringLiteral("--since"), sinceBefore} + common),
                                  diff.out.contains(" left") && diff.out.contains("Healthy -> Unhealthy")),
                                 diff.out + diff.err, 20000);
        QVERIFY2(diff.out.contains(gone.toUtf8()) && diff.out.contains(broken.toUtf8()) && diff.out.contains("Broken"), diff.out.constData());
        const ProcessResult then = fleetscope(QStringList{QStringLiteral("list"), QStringLiteral("--at"), sinceBefore, QStringLiteral("-o"), QStringLiteral("name")} + common);
        QCOMPARE(then.exitCode, 0);
        QCOMPARE(then.out.count('\n'), 12);
        QVERIFY(then.out.contains(gone.toUtf8()));
        const ProcessResult now = fleetscope(QStringList{QStringLiteral("list"), QStringLiteral("--at"), QStringLiteral("now"), QStringLiteral("-o"), QStringLiteral("name")} + common);
        QCOMPARE(now.exitCode, 0);
        QCOMPARE(now.out.count('\n'), 11);
        QVERIFY(!now.out.contains(gone.toUtf8()));

        // SIGTERM (systemd's stop) ends it cleanly and frees the file.
        recorder.terminate();
        QVERIFY(recorder.waitForFinished(20000));
        QCOMPARE(recorder.exitStatus(), QProcess::NormalExit);
        QCOMPARE(recorder.exitCode(), 0);
        const ProcessResult after = fleetscope({QStringLiteral("record"), QStringLiteral("--status"), QStringLiteral("--history-file"), history});
        QVERIFY2(after.out.contains("Writer: none"), after.out.constData());
    }
};

QTEST_GUILESS_MAIN(TstFleetscopeHistory)
#include "tst_fleetscopehistory.moc"
