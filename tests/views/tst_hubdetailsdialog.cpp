// Hub details: a hub's state, watched resources and recent history, as a person
// opens it from the status bar to learn why a hub is stale.

#include "fleet/store/fleetstore.h"
#include "hubdetailsdialog.h"
#include "hubstatusbar.h"
#include "fleet/itemmodels/hubstatusmodel.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableWidget>
#include <QTest>

using namespace fleetscope;

class TestHubDetailsDialog final : public QObject
{
    Q_OBJECT

private slots:
    void showsStateResourcesAndHistoryNewestFirst();
    void copiesAReport();
    void chipClickAsksForDetails();
};

namespace {

void fillHub(FleetStore *store, HubJournalPtr journal)
{
    const int hub = store->addHub(QStringLiteral("hub-eu"));
    store->setHubJournal(hub, journal);
    journal->record(HubJournal::Kind::State, QStringLiteral("Connecting → Syncing"));
    journal->record(HubJournal::Kind::Request, QStringLiteral("GET /apis/multicluster.x-k8s.io 200 in 12 ms"));
    journal->record(HubJournal::Kind::Backoff, QStringLiteral("clusterprofiles: TooManyRequests (429); retrying in 1.2 s"));
    HubJournal::Resource profiles;
    profiles.name = QStringLiteral("clusterprofiles (all namespaces)");
    profiles.phase = QStringLiteral("Backoff");
    profiles.objects = 1234;
    profiles.resourceVersion = QStringLiteral("98765");
    profiles.relists = 2;
    profiles.lastError = QStringLiteral("TooManyRequests (429)");
    journal->setResources({profiles});
    HubStatus status;
    status.hub = QStringLiteral("hub-eu");
    status.state = HubStatus::State::Reconnecting;
    status.message = QStringLiteral("TooManyRequests (429)");
    status.apiVersion = QStringLiteral("multicluster.x-k8s.io/v1alpha2");
    store->setHubStatus(hub, status);
}

} // namespace

void TestHubDetailsDialog::showsStateResourcesAndHistoryNewestFirst()
{
    FleetStore store;
    auto journal = std::make_shared<HubJournal>(QStringLiteral("hub-eu"), QStringLiteral("https://hub-eu.example:6443"));
    fillHub(&store, journal);
    HubDetailsDialog dialog(&store, 0);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString summary = dialog.findChild<QLabel *>(QStringLiteral("hubSummary"))->text();
    QVERIFY2(summary.contains(QLatin1String("hub-eu")) && summary.contains(QLatin1String("Reconnecting")), qPrintable(summary));
    QVERIFY2(summary.contains(QLatin1String("https://hub-eu.example:6443")), qPrintable(summary));
    QVERIFY2(summary.contains(QLatin1String("v1alpha2")), qPrintable(summary));

    auto *resources = dialog.findChild<QTableWidget *>(QStringLiteral("hubResources"));
    QCOMPARE(resources->rowCount(), 1);
    QCOMPARE(resources->item(0, 0)->text(), QStringLiteral("clusterprofiles (all namespaces)"));
    QCOMPARE(resources->item(0, 3)->text(), QStringLiteral("98765"));
    QCOMPARE(resources->item(0, 5)->text(), QStringLiteral("2"));

    auto *events = dialog.findChild<QTableWidget *>(QStringLiteral("hubEvents"));
    QCOMPARE(events->rowCount(), 3);
    QVERIFY(events->item(0, 2)->text().contains(QLatin1String("retrying in 1.2 s")));
    QCOMPARE(events->item(2, 2)->text(), QStringLiteral("Connecting → Syncing"));

    // It follows the hub while open.
    journal->record(HubJournal::Kind::State, QStringLiteral("Reconnecting → Live"));
    QTRY_COMPARE_WITH_TIMEOUT(events->rowCount(), 4, 5000);
    QCOMPARE(events->item(0, 2)->text(), QStringLiteral("Reconnecting → Live"));
    // The pictures in docs/screenshots are made from here (FLEETSCOPE_SCREENSHOT_DIR=docs/screenshots).
    const QString shots = qEnvironmentVariable("FLEETSCOPE_SCREENSHOT_DIR");
    if (!shots.isEmpty())
        QVERIFY(dialog.grab().save(shots + QStringLiteral("/hub-details.png")));
}

void TestHubDetailsDialog::copiesAReport()
{
    FleetStore store;
    fillHub(&store, std::make_shared<HubJournal>(QStringLiteral("hub-eu"), QStringLiteral("https://hub-eu.example:6443")));
    HubDetailsDialog dialog(&store, 0);
    QPushButton *copy = nullptr;
    for (QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (button->text().contains(QLatin1String("Copy")))
            copy = button;
    }
    QVERIFY(copy);
    QApplication::clipboard()->clear();
    copy->click();
    const QString report = QApplication::clipboard()->text();
    QVERIFY2(report.startsWith(QLatin1String("hub: hub-eu\nstate: Reconnecting")), qPrintable(report));
    QVERIFY2(report.contains(QLatin1String("resource: clusterprofiles (all namespaces) phase=Backoff objects=1234 rv=98765")),
             qPrintable(report));
    QVERIFY2(report.contains(QLatin1String(" backoff clusterprofiles: TooManyRequests (429); retrying in 1.2 s\n")),
             qPrintable(report));
}

void TestHubDetailsDialog::chipClickAsksForDetails()
{
    FleetStore store;
    fillHub(&store, std::make_shared<HubJournal>(QStringLiteral("hub-eu"), QStringLiteral("https://hub-eu.example:6443")));
    HubStatusModel hubs(&store);
    QSortFilterProxyModel shown;
    HubStatusBar bar(&store, &hubs, &shown);
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    QSignalSpy asked(&bar, &HubStatusBar::hubDetailsRequested);
    QLabel *chip = bar.findChild<QLabel *>(QStringLiteral("hubChip"));
    QVERIFY(chip);
    QTest::mouseClick(chip, Qt::LeftButton);
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.first().first().toInt(), 0);
    // And from the keyboard.
    chip->setFocus();
    QTest::keyClick(chip, Qt::Key_Return);
    QCOMPARE(asked.size(), 2);
}

QTEST_MAIN(TestHubDetailsDialog)
#include "tst_hubdetailsdialog.moc"
