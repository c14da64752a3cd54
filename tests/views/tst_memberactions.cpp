// The dashboard's member actions offscreen, against real members: "Check access"
// fills the Access column and the filter keys, "Run on selected…" runs a command
// on each member and shows its output, "Export kubeconfig…" writes a 0600 file.
// The fleet comes from a real fleetscope-hub through the normal engine.

#include "../connect/memberfleet.h"
#include "windowparts.h"

#include "accesscontroller.h"
#include "clusteractions.h"
#include "clustertableview.h"
#include "connect/accessresults.h"
#include "connect/accesstransports.h"
#include "connect/memberrunmodel.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "mainwindow.h"
#include "memberactions.h"
#include "rundialog.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

class TestMemberActions final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void accessColumnStartsUnchecked();
    void checkAccessFillsColumnAndFilter();
    void runOnSelectedShowsEachMembersOutput();
    void exportKubeconfigWritesPrivateFile();

private:
    int accessColumn() const;
    QString accessText(const QString &name) const;
    int proxyRowOf(const QString &name) const;
    void selectOnly(const QStringList &names);

    MemberFleet m_fleet;
    QTemporaryDir m_settingsDir;
    std::unique_ptr<FleetStore> m_store;
    std::unique_ptr<FleetEngine> m_engine;
    std::unique_ptr<MainWindow> m_window;
};

void TestMemberActions::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral("/usr/bin/python3")), "/usr/bin/python3 is missing: the test exec plugins are Python scripts");
    QStandardPaths::setTestModeEnabled(true);
    qputenv("XDG_CONFIG_HOME", m_settingsDir.path().toUtf8());
    QString error;
    QVERIFY2(m_fleet.start({QStringLiteral("v1.31.2"), QStringLiteral("v1.30.1")}, &error), qPrintable(error));
    const QByteArray profiles =
        MemberFleet::profile(QStringLiteral("good"), QStringLiteral("good"), m_fleet.memberUrl(0), m_fleet.memberCa(0), QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("mismatch"), QStringLiteral("good"), m_fleet.memberUrl(1), m_fleet.memberCa(1), QStringLiteral("v1.31.0"))
        + MemberFleet::profile(QStringLiteral("wrong-ca"), QStringLiteral("good"), m_fleet.memberUrl(0), m_fleet.memberCa(1), QStringLiteral("v1.31.2"))
        + MemberFleet::profile(QStringLiteral("stranger"), QStringLiteral("someone-elses"), m_fleet.memberUrl(0), m_fleet.memberCa(0),
                               QStringLiteral("v1.31.2"));
    QVERIFY2(m_fleet.startHub(profiles, &error), qPrintable(error));
    qputenv("XDG_RUNTIME_DIR", m_fleet.runtimeDirectory().toUtf8());

    m_store = std::make_unique<FleetStore>();
    m_engine = std::make_unique<FleetEngine>(m_store.get());
    FleetEngineOptions options;
    options.kubeconfigPath = m_fleet.hub().kubeconfigPath();
    options.contexts = {QStringLiteral("hub")};
    QVERIFY2(m_engine->configure(options, &error), qPrintable(error));
    AccessController::setProviderFileOverride(m_fleet.providerFile());
    m_window = std::make_unique<MainWindow>(m_store.get(), m_engine.get());
    m_window->resize(1200, 700);
    m_window->show();
    m_engine->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_store->allHubsSettled() && m_store->profileCount() == 4, 30000);
    new QAbstractItemModelTester(clusterProxy(*m_window), QAbstractItemModelTester::FailureReportingMode::QtTest, this);
}

void TestMemberActions::cleanupTestCase()
{
    m_window.reset();
    if (m_engine)
        m_engine->stop();
    AccessController::setProviderFileOverride(QString());
}

int TestMemberActions::accessColumn() const
{
    const ClusterTableModel *model = m_window->clusterFilter()->table();
    for (int column = 0; column < model->columnCount(); ++column) {
        if (model->headerData(column, Qt::Horizontal).toString() == u"Access")
            return column;
    }
    return -1;
}

int TestMemberActions::proxyRowOf(const QString &name) const
{
    const SortFilterProxy *proxy = clusterProxy(*m_window);
    for (int row = 0; row < proxy->rowCount(); ++row) {
        if (proxy->index(row, ClusterTableModel::NameColumn).data().toString() == name)
            return row;
    }
    return -1;
}

QString TestMemberActions::accessText(const QString &name) const
{
    const int row = proxyRowOf(name);
    return row < 0 ? QString() : clusterProxy(*m_window)->index(row, accessColumn()).data().toString();
}

void TestMemberActions::selectOnly(const QStringList &names)
{
    ClusterTableView *table = m_window->clusterTable();
    table->clearSelection();
    for (const QString &name : names) {
        const int row = proxyRowOf(name);
        QVERIFY2(row >= 0, qPrintable(name));
        table->selectionModel()->select(clusterProxy(*m_window)->index(row, 0),
                                        QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

void TestMemberActions::accessColumnStartsUnchecked()
{
    QVERIFY(accessColumn() >= 0);
    QCOMPARE(accessText(QStringLiteral("good")), QStringLiteral("not checked"));
    // Everything is unchecked yet: the filter says so too.
    QVERIFY(m_window->clusterFilter()->setFilterText(QStringLiteral("access=unchecked")));
    QCOMPARE(clusterProxy(*m_window)->rowCount(), 4);
    QVERIFY(m_window->clusterFilter()->setFilterText(QString()));
    // The row menu offers the actions.
    const QList<QAction *> menu = m_window->clusterTable()->actions();
    QVERIFY(menu.contains(m_window->accessController()->checkSelectedAction()));
    QVERIFY(menu.contains(m_window->memberActions()->runAction()));
}

void TestMemberActions::checkAccessFillsColumnAndFilter()
{
    AccessController *access = m_window->accessController();
    QSignalSpy finished(access, &AccessController::finished);
    // The whole table scope, from the Clusters menu's action.
    access->checkShownAction()->trigger();
    QVERIFY(access->isRunning());
    QVERIFY(!access->checkShownAction()->isEnabled());
    QVERIFY(finished.wait(60000));
    QVERIFY2(accessText(QStringLiteral("good")).startsWith(QStringLiteral("✓ v1.31.2, ")), qPrintable(accessText(QStringLiteral("good"))));
    QVERIFY2(accessText(QStringLiteral("mismatch")).contains(QStringLiteral("(profile says v1.31.0)")),
             qPrintable(accessText(QStringLiteral("mismatch"))));
    QVERIFY2(accessText(QStringLiteral("wrong-ca")).startsWith(QStringLiteral("✗ tls: ")), qPrintable(accessText(QStringLiteral("wrong-ca"))));
    QVERIFY2(accessText(QStringLiteral("stranger")).startsWith(QStringLiteral("✗ provider: no provider in")),
             qPrintable(accessText(QStringLiteral("stranger"))));
    QCOMPARE(access->results()->count(), 4);

    SortFilterProxy *proxy = clusterProxy(*m_window);
    QVERIFY(m_window->clusterFilter()->setFilterText(QStringLiteral("access=failed")));
    QCOMPARE(proxy->rowCount(), 2);
    QVERIFY(m_window->clusterFilter()->setFilterText(QStringLiteral("versionMismatch=true")));
    QCOMPARE(proxy->rowCount(), 1);
    QCOMPARE(proxy->index(0, ClusterTableModel::NameColumn).data().toString(), QStringLiteral("mismatch"));
    QVERIFY(m_window->clusterFilter()->setFilterText(QStringLiteral("access=ok")));
    QCOMPARE(proxy->rowCount(), 2);

    // The column sorts: failures (✗) after successes (✓).
    QVERIFY(m_window->clusterFilter()->setFilterText(QString()));
    proxy->sort(accessColumn(), Qt::AscendingOrder);
    QVERIFY(proxy->index(0, accessColumn()).data().toString().startsWith(u'✓'));
    QVERIFY(proxy->index(3, accessColumn()).data().toString().startsWith(u'✗'));
    proxy->sort(-1);

    // Checking only the selection replaces just those results, and the credential
    // the plugin handed out (valid until 2099) is reused: the plugin does not run again.
    const int pluginRuns = access->transports()->pluginRuns();
    QCOMPARE(pluginRuns, 3); // good, mismatch and wrong-ca; the stranger has no provider
    selectOnly({QStringLiteral("good")});
    QVERIFY(access->checkSelectedAction()->isEnabled());
    access->checkSelectedAction()->trigger();
    QVERIFY(finished.wait(60000));
    QVERIFY(accessText(QStringLiteral("good")).startsWith(u'✓'));
    QCOMPARE(access->transports()->pluginRuns(), pluginRuns);
    QCOMPARE(access->results()->result(QStringLiteral("hub/fleet/good"))->credentialExpiry,
             KubeTime(4070908800000)); // 2099-01-01T00:00:00Z
}

void TestMemberActions::runOnSelectedShowsEachMembersOutput()
{
    selectOnly({QStringLiteral("good"), QStringLiteral("mismatch"), QStringLiteral("stranger")});
    RunDialog *dialog = m_window->memberActions()->openRunDialog();
    QVERIFY(dialog);
    new QAbstractItemModelTester(dialog->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, dialog);
    QCOMPARE(dialog->model()->rowCount(), 3);
    QSignalSpy finished(dialog, &RunDialog::runFinished);
    // A shell command line, as typed; stdout and stderr both reach the output pane.
    dialog->commandField()->setCurrentText(QStringLiteral("echo \"ctx=$(grep -c current-context \"$KUBECONFIG\")\"; echo oops >&2; exit 3"));
    QVERIFY(dialog->run());
    QVERIFY(dialog->isRunning());
    QVERIFY(finished.wait(60000));
    const MemberRunModel *model = dialog->model();
    QStringList exits;
    for (int row = 0; row < 3; ++row)
        exits << model->index(row, MemberRunModel::ExitCodeColumn).data().toString();
    QCOMPARE(exits, (QStringList{QStringLiteral("3"), QStringLiteral("3"), QStringLiteral("skipped")}));
    QCOMPARE(model->index(0, MemberRunModel::FirstLineColumn).data().toString(), QStringLiteral("ctx=1"));
    QVERIFY(!model->index(0, MemberRunModel::DurationColumn).data().toString().isEmpty());

    dialog->resultsView()->selectRow(1);
    QVERIFY2(outputView(dialog)->toPlainText().contains(QStringLiteral("ctx=1\n--- stderr ---\noops")),
             qPrintable(outputView(dialog)->toPlainText()));
    // The history keeps the command; the results export as JSON.
    QCOMPARE(RunDialog::history().value(0), dialog->commandField()->currentText());
    QVERIFY(model->tsv().startsWith(QStringLiteral("Cluster\tExit code\tDuration\tFirst line\nhub/fleet/good\t3\t")));
    const QString exported = m_fleet.path(QStringLiteral("results.json"));
    QString error;
    QVERIFY2(dialog->exportResults(exported, &error), qPrintable(error));
    QFile file(exported);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("\"exitCode\": 3"));
    dialog->close();
}

void TestMemberActions::exportKubeconfigWritesPrivateFile()
{
    selectOnly({QStringLiteral("good"), QStringLiteral("stranger")});
    const QString path = m_fleet.path(QStringLiteral("gui.kubeconfig"));
    QString message;
    QCOMPARE(m_window->memberActions()->exportKubeconfig(path, &message), 1);
    QVERIFY2(message.contains(QStringLiteral("1 cluster(s) skipped")) || message.contains(QStringLiteral("1 cluster skipped")),
             qPrintable(message));
    QCOMPARE(QFileInfo(path).permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("current-context: hub/fleet/good"));
}

QTEST_MAIN(TestMemberActions)
#include "tst_memberactions.moc"
