// The health-rule editor as a person uses it: the built-in rules shown, a typo
// named while typing with OK refused, a rule added for a manager, and, in the
// window, the fleet's verdicts and counts following the rules at once.

#include "fleet/filter/healthrules.h"
#include "healthrulesdialog.h"
#include "hubstatusbar.h"
#include "mainwindow.h"
#include "smallfleet.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QTest>
#include <QTemporaryDir>
#include <QTimer>
#include <QFile>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

ProfilePtr clusterOf(const QString &name, const QString &manager, const QString &type)
{
    auto record = smallFleetCluster(name, QStringLiteral("prod"));
    record->profile.metadata.labels.insert(QStringLiteral("x-k8s.io/cluster-manager"), manager);
    Condition c;
    c.type = type;
    c.status = ConditionStatus::True;
    record->profile.conditions.append(c);
    return record;
}

void setCell(QTableWidget *table, int row, int column, const QString &text)
{
    table->item(row, column)->setText(text);
}

QPushButton *okButton(QDialog *dialog)
{
    return dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

} // namespace

class TestHealthRulesDialog final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void showsBuiltInRules();
    void namesProblemsWhileTyping();
    void addsARuleForAManager();
    void windowFollowsNewRules();

private:
    QTemporaryDir m_config;
};

void TestHealthRulesDialog::initTestCase()
{
    // The settings this test writes go to a scratch folder, not the user's.
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path()));
    QCoreApplication::setOrganizationName(QStringLiteral("fleetscope-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_healthrulesdialog"));
}

void TestHealthRulesDialog::init()
{
    QSettings().remove(QStringLiteral("healthRules"));
    HealthRules::setActive(HealthRules());
}

void TestHealthRulesDialog::cleanup()
{
    init();
}

void TestHealthRulesDialog::showsBuiltInRules()
{
    HealthRulesDialog dialog(HealthRules::active());
    dialog.resize(1024, 420);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *table = dialog.findChild<QTableWidget *>(QStringLiteral("healthRulesTable"));
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->item(0, 0)->text(), QString());
    QCOMPARE(table->item(0, 3)->text(), QStringLiteral("ControlPlaneHealthy=True"));
    QCOMPARE(table->item(1, 0)->text(), QStringLiteral("gke-fleet"));
    QCOMPARE(table->item(1, 3)->text(), QStringLiteral("Joined=True"));
    QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("restoreBuiltInRules"))->isEnabled());
    QVERIFY(okButton(&dialog)->isEnabled());
    QVERIFY(dialog.grab().save(QDir::temp().filePath(QStringLiteral("fleetscope-health-rules.png"))));
}

void TestHealthRulesDialog::namesProblemsWhileTyping()
{
    HealthRulesDialog dialog(HealthRules::active());
    dialog.show();
    auto *table = dialog.findChild<QTableWidget *>(QStringLiteral("healthRulesTable"));
    auto *problems = dialog.findChild<QLabel *>(QStringLiteral("healthRuleProblems"));
    setCell(table, 1, 3, QStringLiteral("Joined=Yes"));
    QVERIFY(problems->isVisible());
    QVERIFY2(problems->text().contains(QStringLiteral("the rule for gke-fleet, healthy: expected True, False, Unknown or Absent")),
             qPrintable(problems->text()));
    QVERIFY(!okButton(&dialog)->isEnabled());
    setCell(table, 1, 3, QStringLiteral("region=us"));
    QVERIFY(problems->text().contains(QStringLiteral("only condition terms decide health")));
    // Restore puts the built-in rules back, and OK with them.
    auto *restore = dialog.findChild<QPushButton *>(QStringLiteral("restoreBuiltInRules"));
    QVERIFY(restore->isEnabled());
    QTest::mouseClick(restore, Qt::LeftButton);
    QVERIFY(!problems->isVisible());
    QVERIFY(okButton(&dialog)->isEnabled());
    QCOMPARE(table->item(1, 3)->text(), QStringLiteral("Joined=True"));
}

void TestHealthRulesDialog::addsARuleForAManager()
{
    HealthRulesDialog dialog(HealthRules::active());
    dialog.show();
    auto *table = dialog.findChild<QTableWidget *>(QStringLiteral("healthRulesTable"));
    QPushButton *add = nullptr;
    for (QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (button->text() == QStringLiteral("&Add"))
            add = button;
    }
    QVERIFY(add);
    QTest::mouseClick(add, Qt::LeftButton);
    QCOMPARE(table->rowCount(), 3);
    setCell(table, 2, 0, QStringLiteral("KubeFleet"));
    setCell(table, 2, 1, QStringLiteral("ControlPlaneHealthy=False"));
    setCell(table, 2, 2, QStringLiteral("ControlPlaneHealthy in (Unknown, Absent)"));
    setCell(table, 2, 3, QStringLiteral("ControlPlaneHealthy=True"));
    QVERIFY(okButton(&dialog)->isEnabled());
    QTest::mouseClick(okButton(&dialog), Qt::LeftButton);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const HealthRules rules = dialog.rules();
    QCOMPARE(rules.rules().size(), 3);
    auto record = clusterOf(QStringLiteral("k"), QStringLiteral("KubeFleet"), QStringLiteral("Joined"));
    QCOMPARE(rules.verdict(record->profile, QStringLiteral("KubeFleet")), Health::Unknown);
}

void TestHealthRulesDialog::windowFollowsNewRules()
{
    FleetStore store;
    MainWindow window(&store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    fillLiveHub(store, {clusterOf(QStringLiteral("gke-1"), QStringLiteral("gke-fleet"), QStringLiteral("Joined")),
                        clusterOf(QStringLiteral("edge-1"), QStringLiteral("edge-manager"), QStringLiteral("Joined")),
                        clusterOf(QStringLiteral("ocm-1"), QStringLiteral("open-cluster-management"),
                                  QStringLiteral("ControlPlaneHealthy"))});
    auto *counts = window.findChild<HubStatusBar *>()->findChild<QLabel *>(QStringLiteral("fleetCounts"));
    QVERIFY(counts);
    QTRY_VERIFY2(counts->text().contains(QStringLiteral("2 healthy")) && counts->text().contains(QStringLiteral("1 not reported")),
                 qPrintable(counts->text()));

    // View → Health rules…: a rule for edge-manager, typed into the dialog, then OK.
    QAction *action = window.findChild<QAction *>(QStringLiteral("healthRulesAction"));
    QVERIFY(action);
    bool edited = false;
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<HealthRulesDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        auto *table = dialog->findChild<QTableWidget *>(QStringLiteral("healthRulesTable"));
        table->setRowCount(table->rowCount() + 1);
        const int row = table->rowCount() - 1;
        for (int column = 0; column < 4; ++column)
            table->setItem(row, column, new QTableWidgetItem);
        setCell(table, row, 0, QStringLiteral("edge-manager"));
        setCell(table, row, 3, QStringLiteral("Joined=True"));
        QTest::mouseClick(okButton(dialog), Qt::LeftButton);
        edited = true;
    });
    action->trigger();
    QVERIFY(edited);
    QTRY_VERIFY2(counts->text().contains(QStringLiteral("3 healthy")) && !counts->text().contains(QStringLiteral("not reported")),
                 qPrintable(counts->text()));
    // Kept for the next start, and for the command line.
    QSettings settings;
    QStringList problems;
    QCOMPARE(HealthRules::load(settings, &problems).rules().size(), 3);
}

QTEST_MAIN(TestHealthRulesDialog)
#include "tst_healthrulesdialog.moc"
