// `fleetscope --demo`'s Connect as a new user tries it: the demo's own provider
// file (in its private runtime folder) and exec plugin reach an in-process member,
// through the main window's Connect action into a (fake) terminal where kubectl
// lists the member's nodes; the person's saved provider file stays untouched.

#include "clustertableview.h"
#include "windowparts.h"
#include "accesscontroller.h"
#include "memberactions.h"
#include "connectdialog.h"
#include "demofleet.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "mainwindow.h"
#include "testsupport.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

constexpr QFile::Permissions executable = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;

bool writeFile(const QString &path, const QByteArray &content, QFile::Permissions mode)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(content);
    file.close();
    return file.setPermissions(mode);
}

} // namespace

class TestDemoConnect final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void connectReachesADemoMember();
};

void TestDemoConnect::connectReachesADemoMember()
{
    FLEETSCOPE_REQUIRE_KUBECTL();
    const QString savedChoice = QStringLiteral("/home/someone/.config/providers.yaml");
    QSettings().setValue(QStringLiteral("connect/providerFile"), savedChoice);

    DemoFleet demo;
    QString error;
    QVERIFY2(demo.start(&error), qPrintable(error));
    QVERIFY(QFileInfo::exists(demo.providerFile()));
    QVERIFY(demo.providerFile().startsWith(QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation)));

    FleetStore store;
    FleetEngine engine(&store);
    FleetEngineOptions options;
    options.kubeconfigList = demo.kubeconfigList();
    options.allContexts = true;
    QVERIFY2(engine.configure(options, &error), qPrintable(error));
    demo.removeKubeconfigs();
    engine.start();
    QDeadlineTimer deadline(60000);
    while (!store.allHubsSettled() && !deadline.hasExpired())
        QTest::qWait(50);
    QVERIFY(store.allHubsSettled());

    AccessController::setProviderFileOverride(demo.providerFile());
    MainWindow window(&store, &engine);
    window.show();
    // The first cluster (by namespace and name) the demo points at a member: a good one.
    int member = -1;
    QString memberKey;
    for (int row = 0; row < store.profileCount(); ++row) {
        const ClusterProfile &p = store.profileAt(row).profile();
        if (!p.accessProvider(u"demo-members"))
            continue;
        const QString key = p.metadata.namespaceName + u'/' + p.metadata.name;
        if (member < 0 || key < memberKey) {
            member = row;
            memberKey = key;
        }
    }
    QVERIFY(member >= 0);
    window.clusterFilter()->setScope({});
    for (int row = 0; row < clusterProxy(window)->rowCount(); ++row) {
        if (clusterProxy(window)->mapToSource(clusterProxy(window)->index(row, 0)).row() == member)
            window.selectClusterRow(row);
    }
    QCOMPARE(window.clusterTable()->currentStoreRow(), member);

    // A terminal that runs what it was given, and a shell that asks the member for its nodes.
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    const QByteArray out = QFile::encodeName(bin.path());
    QVERIFY(writeFile(QDir(bin.path()).filePath(QStringLiteral("xterm")), "#!/bin/sh\nshift\nexec \"$@\"\n", executable));
    QVERIFY(writeFile(QDir(bin.path()).filePath(QStringLiteral("fake-shell")),
                      "#!/bin/sh\nkubectl get nodes -o name > '" + out + "/nodes.tmp' 2>&1\nmv '" + out + "/nodes.tmp' '"
                          + out + "/nodes'\n",
                      executable));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), bin.path() + u':' + env.value(QStringLiteral("PATH")));
    env.insert(QStringLiteral("SHELL"), QDir(bin.path()).filePath(QStringLiteral("fake-shell")));
    // The fake terminal named, as a user names theirs: whatever terminal the machine
    // has (x-terminal-emulator comes before xterm in autodetection) stays out.
    env.insert(QStringLiteral("TERMINAL"), QDir(bin.path()).filePath(QStringLiteral("xterm")));

    // Connect… (Enter on the table), as a person opens it.
    QAction *connectAction = window.memberActions()->connectAction();
    QVERIFY(connectAction && connectAction->isEnabled());
    connectAction->trigger();
    auto *dialog = window.findChild<ConnectDialog *>();
    QVERIFY(dialog);
    QCOMPARE(dialog->providerFile(), demo.providerFile());
    QVERIFY2(dialog->problemText().isEmpty(), qPrintable(dialog->problemText()));
    dialog->setLauncherEnvironment(env);
    dialog->setSessionKind(SessionKind::Shell);
    QSignalSpy started(dialog, &ConnectDialog::terminalStarted);
    auto *connectButton = dialog->findChild<QPushButton *>(QStringLiteral("connectButton"));
    QVERIFY(connectButton && connectButton->isEnabled());
    QTest::mouseClick(connectButton, Qt::LeftButton);
    QCOMPARE(started.size(), 1);

    const QString nodesFile = QDir(bin.path()).filePath(QStringLiteral("nodes"));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(nodesFile), 30000);
    QFile nodes(nodesFile);
    QVERIFY(nodes.open(QIODevice::ReadOnly));
    const QByteArray listed = nodes.readAll();
    QVERIFY2(listed.startsWith("node/"), listed.constData());
    QVERIFY2(listed.count('\n') >= 3, listed.constData());
    // The demo's file was only borrowed.
    QCOMPARE(QSettings().value(QStringLiteral("connect/providerFile")).toString(), savedChoice);
    AccessController::setProviderFileOverride(QString());
    engine.stop();
}

QTEST_MAIN(TestDemoConnect)
#include "tst_democonnect.moc"
