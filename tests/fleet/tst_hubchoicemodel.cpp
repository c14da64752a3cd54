// The Hubs dialog's model: every context of the kubeconfigs looked at, probed in
// the background, checkable, with files added and removed while probes run.

#include "fleet/itemmodels/hubchoicemodel.h"
#include "hubprocess.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

int rowOf(const HubChoiceModel &model, const QString &context)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.resultAt(row).context == context)
            return row;
    }
    return -1;
}

} // namespace

class TestHubChoiceModel final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void probesEveryContextOfEveryFile();
    void badFilesAreNamed();

private:
    std::unique_ptr<HubProcess> m_served;
    std::unique_ptr<HubProcess> m_old;
    QTemporaryDir m_dir;
    QString m_refused;
};

void TestHubChoiceModel::initTestCase()
{
    m_served = std::make_unique<HubProcess>(QStringList{QStringLiteral("--generate"), QStringLiteral("6")},
                                            QStringLiteral("served"));
    m_old = std::make_unique<HubProcess>(QStringList{QStringLiteral("--generate"), QStringLiteral("2"),
                                                     QStringLiteral("--inventory-versions"), QStringLiteral("v1alpha1")},
                                         QStringLiteral("old"));
    QString error;
    QVERIFY2(m_served->start(&error), qPrintable(error));
    QVERIFY2(m_old->start(&error), qPrintable(error));
    // A context nobody answers for, and one naming a cluster that does not exist.
    m_refused = m_dir.filePath(QStringLiteral("refused.kubeconfig"));
    QVERIFY(writeRefusedKubeconfig(m_refused, QStringLiteral("gone"), "t"));
    QFile file(m_refused);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray text = file.readAll();
    file.close();
    text.replace("users:\n", "- name: broken\n  context:\n    cluster: nowhere\n    user: gone\nusers:\n");
    QVERIFY(writeTestFile(m_refused, text));
}

void TestHubChoiceModel::probesEveryContextOfEveryFile()
{
    HubChoiceModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    KubeconfigLoadOptions load;
    load.explicitPath = m_refused;
    model.setDefaultKubeconfig(load);
    model.setPreselectInventory(true);
    QSignalSpy finished(&model, &HubChoiceModel::probesFinished);
    QString error;
    QVERIFY2(model.addKubeconfig(QString(), &error), qPrintable(error));
    QVERIFY2(model.addKubeconfig(m_served->kubeconfigPath(), &error), qPrintable(error));
    QVERIFY2(model.addKubeconfig(m_old->kubeconfigPath(), &error), qPrintable(error));
    QVERIFY(model.addKubeconfig(m_old->kubeconfigPath(), &error)); // twice is once
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.kubeconfigs(), (QStringList{QString(), m_served->kubeconfigPath(), m_old->kubeconfigPath()}));
    QCOMPARE(model.addedKubeconfigs(), (QStringList{m_served->kubeconfigPath(), m_old->kubeconfigPath()}));
    // The broken context is known at once; the others are being asked.
    const int broken = rowOf(model, QStringLiteral("broken"));
    QCOMPARE(model.resultAt(broken).problem, InventoryProbeResult::Problem::Configuration);
    QVERIFY(!model.resultAt(rowOf(model, QStringLiteral("served"))).done);
    QTRY_VERIFY_WITH_TIMEOUT(model.probesRunning() == 0, 30000);
    QVERIFY(!finished.isEmpty());

    const int served = rowOf(model, QStringLiteral("served"));
    const int old = rowOf(model, QStringLiteral("old"));
    const int gone = rowOf(model, QStringLiteral("gone"));
    QCOMPARE(model.resultAt(served).profiles, qint64(6));
    QCOMPARE(model.resultAt(old).versions, QStringList{QStringLiteral("v1alpha1")});
    QCOMPARE(model.resultAt(gone).problem, InventoryProbeResult::Problem::Unreachable);
    QCOMPARE(model.index(gone, HubChoiceModel::ContextColumn).data().toString(), QStringLiteral("gone (current)"));
    QCOMPARE(model.index(served, HubChoiceModel::ProfilesColumn).data().toString(), QStringLiteral("6"));
    QVERIFY(model.index(old, HubChoiceModel::InventoryColumn).data().toString().contains(u"v1alpha1"));
    QVERIFY(model.index(gone, HubChoiceModel::ProblemColumn).data().toString().contains(u"refused", Qt::CaseInsensitive));
    // Serving contexts sort first.
    QVERIFY(model.index(served, 0).data(HubChoiceModel::SortRole).toString()
            < model.index(gone, 0).data(HubChoiceModel::SortRole).toString());
    // A first run checks what serves the API.
    QCOMPARE(model.chosen(), (QList<HubChoice>{{m_served->kubeconfigPath(), QStringLiteral("served")},
                                               {m_old->kubeconfigPath(), QStringLiteral("old")}}));

    // The user's checkboxes.
    QVERIFY(model.setData(model.index(old, 0), Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(model.setData(model.index(gone, 0), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(!model.setData(model.index(gone, 1), Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(model.chosen(), (QList<HubChoice>{{QString(), QStringLiteral("gone")},
                                               {m_served->kubeconfigPath(), QStringLiteral("served")}}));
    model.setChosen({{m_old->kubeconfigPath(), QStringLiteral("old")}});
    QCOMPARE(model.chosen(), (QList<HubChoice>{{m_old->kubeconfigPath(), QStringLiteral("old")}}));

    // A file goes with its rows; a file added goes on probing without the others.
    model.removeKubeconfig(m_served->kubeconfigPath());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(rowOf(model, QStringLiteral("served")), -1);
    QVERIFY2(model.addKubeconfig(m_served->kubeconfigPath(), &error), qPrintable(error));
    model.removeKubeconfig(m_old->kubeconfigPath()); // while the new probe runs
    QTRY_VERIFY_WITH_TIMEOUT(model.probesRunning() == 0, 30000);
    QCOMPARE(model.resultAt(rowOf(model, QStringLiteral("served"))).profiles, qint64(6));
    QCOMPARE(model.rowCount(), 3);
}

void TestHubChoiceModel::badFilesAreNamed()
{
    HubChoiceModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QString error;
    const QString missing = m_dir.filePath(QStringLiteral("missing.yaml"));
    QVERIFY(!model.addKubeconfig(missing, &error));
    QVERIFY2(error.contains(missing), qPrintable(error));
    const QString garbage = m_dir.filePath(QStringLiteral("garbage.yaml"));
    QFile file(garbage);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("clusters: [this is: not: a kubeconfig\n");
    file.close();
    QVERIFY(!model.addKubeconfig(garbage, &error));
    QVERIFY2(error.contains(garbage), qPrintable(error));
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.kubeconfigs().isEmpty());
}

QTEST_GUILESS_MAIN(TestHubChoiceModel)
#include "tst_hubchoicemodel.moc"
