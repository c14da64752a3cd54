// The cluster table's empty area when every hub failed: the reason per kind of
// failure, with the hubs and their messages, Reconnect and Hubs….

#include "emptyfleetoverlay.h"
#include "clustertableview.h"
#include "mainwindow.h"
#include "smallfleet.h"
#include "windowparts.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

HubStatus failed(const QString &hub, HubStatus::State state, const QString &message, int httpStatus = 0)
{
    HubStatus status;
    status.hub = hub;
    status.state = state;
    status.message = message;
    status.httpStatus = httpStatus;
    status.retryInMs = 6000;
    return status;
}

} // namespace

Q_DECLARE_METATYPE(HubStatus::State)
Q_DECLARE_METATYPE(HubFailureKind)

class TestEmptyFleetOverlay final : public QObject
{
    Q_OBJECT

private slots:
    void saysWhyPerFailureKind_data();
    void saysWhyPerFailureKind();
    void groupsHubsByKind();
    void staysHiddenWhileAHubWorks();
    void buttonsAskForReconnectAndHubs();
    void saysTheNoticeUntilHubsComeThenGoes();
};

void TestEmptyFleetOverlay::saysWhyPerFailureKind_data()
{
    QTest::addColumn<HubStatus::State>("state");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("httpStatus");
    QTest::addColumn<HubFailureKind>("kind");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("advice");
    using S = HubStatus::State;
    QTest::newRow("refused") << S::Reconnecting << QStringLiteral("Connection refused") << 0 << HubFailureKind::Refused
                             << QStringLiteral("Connection refused") << QStringLiteral("Is the API server running");
    QTest::newRow("host not found")
        << S::Reconnecting << QStringLiteral("Host hub.example not found") << 0 << HubFailureKind::Unreachable
        << QStringLiteral("Hub not reachable") << QStringLiteral("your VPN");
    QTest::newRow("timeout") << S::Reconnecting
                             << QStringLiteral("clusterprofiles: no data from the server for 30 s, timed out") << 0
                             << HubFailureKind::Unreachable << QStringLiteral("Hub not reachable")
                             << QStringLiteral("did not resolve");
    QTest::newRow("tls") << S::Reconnecting
                         << QStringLiteral("SSL handshake failed: The issuer certificate of a locally looked up "
                                           "certificate could not be found")
                         << 0 << HubFailureKind::Tls << QStringLiteral("Hub certificate not accepted")
                         << QStringLiteral("certificate authority");
    QTest::newRow("unauthorized") << S::Unauthorized
                                  << QStringLiteral("Unauthorized: You must be logged in to the server (Unauthorized)")
                                  << 401 << HubFailureKind::Unauthorized << QStringLiteral("Credentials refused")
                                  << QStringLiteral("Log in again");
    QTest::newRow("forbidden") << S::Forbidden << QStringLiteral("not allowed to read clusterprofiles in: cluster")
                               << 403 << HubFailureKind::Forbidden
                               << QStringLiteral("Not allowed to read ClusterProfiles") << QStringLiteral("--namespace");
    QTest::newRow("configuration") << S::Error << QStringLiteral("no server found for cluster \"east\"") << 0
                                   << HubFailureKind::Configuration << QStringLiteral("Kubeconfig entry not usable")
                                   << QStringLiteral("kubeconfig entry");
    QTest::newRow("http 500") << S::Reconnecting << QStringLiteral("InternalError (500): etcd is down") << 500
                              << HubFailureKind::Other << QStringLiteral("Hub could not be read")
                              << QStringLiteral("Hub details");
}

void TestEmptyFleetOverlay::saysWhyPerFailureKind()
{
    QFETCH(HubStatus::State, state);
    QFETCH(QString, message);
    QFETCH(int, httpStatus);
    QFETCH(HubFailureKind, kind);
    QFETCH(QString, title);
    QFETCH(QString, advice);

    FleetStore store;
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    EmptyFleetOverlay *overlay = window.emptyFleetOverlay();
    QVERIFY(overlay);
    const int hub = store.addHub(QStringLiteral("east"));
    QVERIFY(!overlay->isVisible()); // connecting: nothing to explain yet
    store.setHubStatus(hub, failed(QStringLiteral("east"), state, message, httpStatus));

    QVERIFY(overlay->isVisible());
    QCOMPARE(EmptyFleetReason::classify(store.hubStatus(hub)), kind);
    QCOMPARE(overlay->reason().sections.size(), 1);
    const QString text = overlay->text();
    QVERIFY2(text.contains(title.toHtmlEscaped()), qPrintable(text));
    QVERIFY2(text.contains(advice.toHtmlEscaped()), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("east: ") + message.toHtmlEscaped()), qPrintable(text));
    QVERIFY(reconnectButton(overlay)->isVisible());
    // It covers the table's empty area, not the header.
    QCOMPARE(overlay->geometry(), window.clusterTable()->viewport()->rect());
}

void TestEmptyFleetOverlay::groupsHubsByKind()
{
    FleetStore store;
    MainWindow window(&store);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QStringList hubs = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    for (const QString &name : hubs)
        store.addHub(name);
    store.setHubStatus(0, failed(hubs[0], HubStatus::State::Reconnecting, QStringLiteral("Connection refused")));
    store.setHubStatus(1, failed(hubs[1], HubStatus::State::Unauthorized, QStringLiteral("Unauthorized"), 401));
    QVERIFY(!window.emptyFleetOverlay()->isVisible()); // hub c is still connecting
    store.setHubStatus(2, failed(hubs[2], HubStatus::State::Reconnecting, QStringLiteral("Connection refused")));
    QVERIFY(window.emptyFleetOverlay()->isVisible());
    const EmptyFleetReason &reason = window.emptyFleetOverlay()->reason();
    QCOMPARE(reason.sections.size(), 2);
    QCOMPARE(reason.sections[0].kind, HubFailureKind::Refused);
    QCOMPARE(reason.sections[0].title, QStringLiteral("Connection refused"));
    QCOMPARE(reason.sections[0].hubs,
             QStringList({QStringLiteral("a: Connection refused"), QStringLiteral("c: Connection refused")}));
    QCOMPARE(reason.sections[1].kind, HubFailureKind::Unauthorized);
}

void TestEmptyFleetOverlay::staysHiddenWhileAHubWorks()
{
    FleetStore store;
    MainWindow window(&store);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    fillLiveHub(store, {smallFleetCluster(QStringLiteral("one"), QStringLiteral("prod"))});
    const int down = store.addHub(QStringLiteral("down"));
    store.setHubStatus(down, failed(QStringLiteral("down"), HubStatus::State::Reconnecting, QStringLiteral("Connection refused")));
    QVERIFY(!window.emptyFleetOverlay()->isVisible());
    QVERIFY(!EmptyFleetReason::of(store).allFailed);
}

void TestEmptyFleetOverlay::buttonsAskForReconnectAndHubs()
{
    FleetStore store;
    EmptyFleetOverlay *overlay = nullptr;
    MainWindow window(&store);
    overlay = window.emptyFleetOverlay();
    QVERIFY(!hubsButton(overlay)->isEnabled()); // no engine: no Hubs dialog
    overlay->setHubsAvailable(true);
    QVERIFY(hubsButton(overlay)->isEnabled());
    QSignalSpy reconnect(overlay, &EmptyFleetOverlay::reconnectRequested);
    QSignalSpy hubs(overlay, &EmptyFleetOverlay::hubsRequested);
    reconnectButton(overlay)->click();
    hubsButton(overlay)->click();
    QCOMPARE(reconnect.size(), 1);
    QCOMPARE(hubs.size(), 1);
}

void TestEmptyFleetOverlay::saysTheNoticeUntilHubsComeThenGoes()
{
    FleetStore store;
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    EmptyFleetOverlay *overlay = window.emptyFleetOverlay();
    QVERIFY(overlay->text().contains(QStringLiteral("No hubs connected")));
    // While the demo's hubs start: what is happening, and no button to choose other hubs.
    overlay->setNotice(QStringLiteral("Starting the demo's simulated hubs…"), QStringLiteral("A moment <please>."));
    QVERIFY(overlay->isVisible());
    QVERIFY2(overlay->text().contains(QStringLiteral("<h2>Starting the demo's simulated hubs…</h2>")),
             qPrintable(overlay->text()));
    QVERIFY2(overlay->text().contains(QStringLiteral("A moment &lt;please&gt;.")), qPrintable(overlay->text()));
    QVERIFY(!overlay->text().contains(QStringLiteral("No hubs connected")));
    QVERIFY(!hubsButton(overlay)->isVisible());
    QVERIFY(!reconnectButton(overlay)->isVisible());
    // A hub arrives: the table is for its clusters.
    const int hub = store.addHub(QStringLiteral("demo-hub-eu"));
    QVERIFY(!overlay->isVisible());
    // Should it fail, it is explained as any failed hub, notice or not.
    store.setHubStatus(hub, failed(QStringLiteral("demo-hub-eu"), HubStatus::State::Reconnecting,
                                   QStringLiteral("Connection refused")));
    QVERIFY(overlay->isVisible());
    QVERIFY(overlay->text().contains(QStringLiteral("Connection refused")));
    QVERIFY(reconnectButton(overlay)->isVisible());
    store.removeHub(hub);
    // Cleared: the advice on adding hubs, with its button, is back.
    overlay->setNotice(QString(), QString());
    QVERIFY(overlay->isVisible());
    QVERIFY(overlay->text().contains(QStringLiteral("No hubs connected")));
    QVERIFY(hubsButton(overlay)->isVisible());
}

QTEST_MAIN(TestEmptyFleetOverlay)
#include "tst_emptyfleetoverlay.moc"
