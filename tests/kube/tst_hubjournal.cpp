// HubJournal (a hub's recent history for Hub details and -v) and the -v levels.

#include "kube/hubjournal.h"
#include "kube/logcategories.h"
#include "kube/verbosity.h"

#include <QLoggingCategory>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace fleetscope;

class TestHubJournal final : public QObject
{
    Q_OBJECT

private slots:
    void keepsTheNewestEntriesInOrder();
    void resourcesAreReplacedWhole();
    void copiesAsText();
    void readersSeeWholeEntriesWhileTheHubWrites();
    void verbosityOpensCategories_data();
    void verbosityOpensCategories();
    void cleanupTestCase() { verbosity::apply(0); }
};

void TestHubJournal::keepsTheNewestEntriesInOrder()
{
    HubJournal journal(QStringLiteral("hub-a"));
    for (int i = 0; i < 250; ++i)
        journal.record(HubJournal::Kind::Request, QStringLiteral("GET /apis %1").arg(i));
    const QList<HubJournal::Entry> entries = journal.entries();
    QCOMPARE(entries.size(), 200);
    QCOMPARE(entries.first().text, QStringLiteral("GET /apis 50"));
    QCOMPARE(entries.last().text, QStringLiteral("GET /apis 249"));
    for (qsizetype i = 1; i < entries.size(); ++i)
        QVERIFY(entries[i - 1].atMs <= entries[i].atMs);
}

void TestHubJournal::resourcesAreReplacedWhole()
{
    HubJournal journal(QStringLiteral("hub-a"));
    HubJournal::Resource profiles;
    profiles.name = QStringLiteral("clusterprofiles (all namespaces)");
    profiles.objects = 12;
    journal.setResources({profiles, HubJournal::Resource{}});
    QCOMPARE(journal.resources().size(), 2);
    journal.setResources({profiles});
    QCOMPARE(journal.resources().size(), 1);
    QCOMPARE(journal.resources().first().objects, 12);
}

void TestHubJournal::copiesAsText()
{
    HubJournal journal(QStringLiteral("hub-a"));
    journal.record(HubJournal::Kind::State, QStringLiteral("Syncing → Live"));
    journal.record(HubJournal::Kind::Backoff, QStringLiteral("clusterprofiles: 429; retrying in 1.2 s"));
    const QStringList lines = journal.toText().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].endsWith(QStringLiteral(" state Syncing → Live")), qPrintable(lines[0]));
    QVERIFY2(lines[1].endsWith(QLatin1String(" backoff clusterprofiles: 429; retrying in 1.2 s")), qPrintable(lines[1]));
    QVERIFY(lines[0].at(4) == u'-'); // an ISO date first
}

void TestHubJournal::readersSeeWholeEntriesWhileTheHubWrites()
{
    HubJournal journal(QStringLiteral("hub-a"));
    std::atomic<bool> done{false};
    QThread *writer = QThread::create([&] {
        for (int i = 0; i < 20000; ++i)
            journal.record(HubJournal::Kind::Request, QStringLiteral("GET /apis/multicluster.x-k8s.io %1").arg(i));
        done = true;
    });
    writer->start();
    int reads = 0;
    while (!done) {
        const QList<HubJournal::Entry> entries = journal.entries();
        QVERIFY(entries.size() <= 200);
        for (const HubJournal::Entry &entry : entries)
            QVERIFY(entry.text.startsWith(QLatin1String("GET /apis/multicluster.x-k8s.io ")));
        ++reads;
    }
    QVERIFY(writer->wait(30000));
    delete writer;
    QCOMPARE(journal.entries().last().text, QStringLiteral("GET /apis/multicluster.x-k8s.io 19999"));
    QVERIFY(reads > 0);
}

void TestHubJournal::verbosityOpensCategories_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<bool>("states");   // fleetscope.fleet info
    QTest::addColumn<bool>("backoffs"); // fleetscope.kube.informer info
    QTest::addColumn<bool>("requests"); // fleetscope.kube.transport debug
    QTest::addColumn<bool>("events");   // fleetscope.kube.events debug
    QTest::newRow("0: errors only") << 0 << false << false << false << false;
    QTest::newRow("1") << 1 << false << false << false << false;
    QTest::newRow("2: hub states") << 2 << true << false << false << false;
    QTest::newRow("4: backoffs, relists") << 4 << true << true << false << false;
    QTest::newRow("6: requests") << 6 << true << true << true << false;
    QTest::newRow("8: watch events") << 8 << true << true << true << true;
    QTest::newRow("10") << 10 << true << true << true << true;
}

void TestHubJournal::verbosityOpensCategories()
{
    QFETCH(int, level);
    QFETCH(bool, states);
    QFETCH(bool, backoffs);
    QFETCH(bool, requests);
    QFETCH(bool, events);
    verbosity::apply(level);
    QCOMPARE(lcFleet().isInfoEnabled(), states);
    QCOMPARE(lcInformer().isInfoEnabled(), backoffs);
    QCOMPARE(lcExec().isInfoEnabled(), backoffs);
    QCOMPARE(lcTransport().isDebugEnabled(), requests);
    QCOMPARE(lcDiscovery().isDebugEnabled(), requests);
    QCOMPARE(lcWatchEvents().isDebugEnabled(), events);
    // Warnings are never switched off.
    QVERIFY(lcTransport().isWarningEnabled());
}

QTEST_GUILESS_MAIN(TestHubJournal)
#include "tst_hubjournal.moc"
