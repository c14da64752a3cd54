// Resources as a person uses it on `fleetscope --demo`: the main window's View →
// Resources… on the 20 clusters backed by demo members, pods across them, the
// member strip naming the one that forbids kube-system and the ones that are down
// or fail TLS, search, grouping, sorting, a row's YAML, a CRD; screenshots at
// 1400×900 and 1024×700 (FLEETSCOPE_SCREENSHOT_DIR, else the temporary folder).

#include "accesscontroller.h"
#include "windowparts.h"
#include "clustertableview.h"
#include "demofleet.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "mainwindow.h"
#include "memberstrip.h"
#include "resources/memberstatemodel.h"
#include "resources/resourceengine.h"
#include "resources/resourcetablemodel.h"
#include "resourceswindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDir>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QScreen>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTableView>

#include <functional>

using namespace fleetscope;
using namespace fleetscope::testing;

class TestResourcesWindow final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void watchesTheSelectionAtOnce();
    void aPickedKindIsWatchedWithItsCurrentCount();
    void podsAcrossDemoMembers();
    void searchGroupAndSort();
    void rowOpensYaml();
    void namespacesAreOfferedAndEnterApplies();
    void customResource();
    void fitsTheScreen();
    void closesAsAWindowDoes();

private:
    void shoot(QWidget *window, const QString &name);
    void waitSettled();
    ResourcesWindow *openResources();

    std::unique_ptr<DemoFleet> m_demo;
    std::unique_ptr<FleetStore> m_store;
    std::unique_ptr<FleetEngine> m_engine;
    std::unique_ptr<MainWindow> m_window;
    ResourcesWindow *m_resources = nullptr;
    QList<int> m_memberRows;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

void TestResourcesWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_demo = std::make_unique<DemoFleet>();
    QString error;
    QVERIFY2(m_demo->start(&error), qPrintable(error));
    m_store = std::make_unique<FleetStore>();
    m_engine = std::make_unique<FleetEngine>(m_store.get());
    FleetEngineOptions options;
    options.kubeconfigList = m_demo->kubeconfigList();
    options.allContexts = true;
    QVERIFY2(m_engine->configure(options, &error), qPrintable(error));
    m_demo->removeKubeconfigs();
    m_engine->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_store->allHubsSettled(), 60000);
    AccessController::setProviderFileOverride(m_demo->providerFile());
    m_window = std::make_unique<MainWindow>(m_store.get(), m_engine.get());
    m_window->show();

    // Select the clusters the demo backs with members, as a person would in the table.
    for (int row = 0; row < m_store->profileCount(); ++row) {
        if (m_store->profileAt(row).profile().accessProvider(u"demo-members"))
            m_memberRows << row;
    }
    QCOMPARE(m_memberRows.size(), 20);
    SortFilterProxy *proxy = clusterProxy(*m_window);
    m_window->clusterFilter()->setScope({});
    QItemSelection selection;
    for (int row = 0; row < proxy->rowCount(); ++row) {
        if (m_memberRows.contains(proxy->mapToSource(proxy->index(row, 0)).row()))
            selection.select(proxy->index(row, 0), proxy->index(row, proxy->columnCount() - 1));
    }
    m_window->clusterTable()->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    QCOMPARE(m_window->clusterTable()->selectedStoreRows().size(), 20);

    // View → Resources… (Ctrl+Shift+R).
    auto *action = m_window->findChild<QAction *>(QStringLiteral("resourcesAction"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_resources = openResources();
    QVERIFY(m_resources);
    QVERIFY(m_resources->isVisible());
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(part<ResourceTableModel>(m_resources)),
                                      static_cast<QAbstractItemModel *>(m_resources->proxy()),
                                      static_cast<QAbstractItemModel *>(part<MemberStateModel>(m_resources))})
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(model, QAbstractItemModelTester::FailureReportingMode::QtTest));
}

void TestResourcesWindow::cleanupTestCase()
{
    m_testers.clear();
    m_window.reset();
    AccessController::setProviderFileOverride(QString());
    if (m_engine)
        m_engine->stop();
}

void TestResourcesWindow::shoot(QWidget *window, const QString &name)
{
    const QString dir = qEnvironmentVariable("FLEETSCOPE_SCREENSHOT_DIR", QDir::tempPath());
    for (const QSize size : {QSize(1400, 900), QSize(1024, 700)}) {
        window->resize(size);
        QCoreApplication::processEvents();
        QVERIFY(window->grab().save(QDir(dir).filePath(QStringLiteral("%1-%2.png").arg(name).arg(size.width()))));
    }
    window->resize(1400, 900);
}

ResourcesWindow *TestResourcesWindow::openResources()
{
    m_window->findChild<QAction *>(QStringLiteral("resourcesAction"))->trigger();
    return m_window->findChild<ResourcesWindow *>();
}

void TestResourcesWindow::watchesTheSelectionAtOnce()
{
    // Opened on 20 selected clusters, it watches pods on them without a press of Watch.
    ResourceEngine *engine = m_resources->engine();
    QCOMPARE(engine->memberCount(), 20);
    QCOMPARE(engine->query().kind, QStringLiteral("pods"));
    QTRY_VERIFY_WITH_TIMEOUT(part<ResourceTableModel>(m_resources)->rowCount() > 0, 30000);
    QVERIFY2(m_resources->statusText().contains(QStringLiteral("objects shown")), qPrintable(m_resources->statusText()));
    shoot(m_resources, QStringLiteral("resources-first-open"));
}

void TestResourcesWindow::aPickedKindIsWatchedWithItsCurrentCount()
{
    // Picked from the list as soon as the first members say they serve it (the
    // others still discovering), as a person does: the popup, the row, Enter.
    auto *kind = m_resources->findChild<QComboBox *>(QStringLiteral("kind"));
    const QString certificates = QStringLiteral("certificates.cert-manager.io");
    QTRY_VERIFY_WITH_TIMEOUT(kind->findData(certificates) >= 0, 30000);
    kind->showPopup();
    kind->view()->setCurrentIndex(kind->model()->index(kind->findData(certificates), 0));
    QTest::keyClick(kind->view(), Qt::Key_Return);
    // The new kind is watched at once: the pods go, certificates come.
    QCOMPARE(m_resources->engine()->query().kind, certificates);
    waitSettled();
    QTRY_COMPARE_WITH_TIMEOUT(part<ResourceTableModel>(m_resources)->rowCount(), 17 * 4, 20000);
    // What the box shows is the count as it is now, not when it was picked.
    QTRY_VERIFY_WITH_TIMEOUT(kind->currentText().contains(QStringLiteral("(18 cluster")), 10000);
    QCOMPARE(kind->currentText(), kind->itemText(kind->findData(certificates)));
}

void TestResourcesWindow::namespacesAreOfferedAndEnterApplies()
{
    // After pods in all namespaces, the box offers the namespaces they are in.
    auto *namespaces = m_resources->findChild<QComboBox *>(QStringLiteral("namespaces"));
    SortFilterProxy *proxy = m_resources->proxy();
    QVERIFY(proxy->rowCount() > 0);
    const QString seen = proxy->index(0, 1).data().toString();
    QVERIFY(!seen.isEmpty());
    QTRY_VERIFY2_WITH_TIMEOUT(namespaces->findText(seen) > 0, qPrintable(seen), 5000);
    QCOMPARE(namespaces->itemText(0), QStringLiteral("All namespaces"));
    // One typed, then Enter, as in the label selector: watched.
    namespaces->lineEdit()->selectAll();
    QTest::keyClicks(namespaces->lineEdit(), seen);
    QTest::keyClick(namespaces->lineEdit(), Qt::Key_Return);
    QCOMPARE(m_resources->engine()->query().namespaces, QStringList{seen});
    waitSettled();
    QTRY_VERIFY_WITH_TIMEOUT(proxy->rowCount() > 0, 20000);
    for (int row = 0; row < proxy->rowCount(); ++row)
        QCOMPARE(proxy->index(row, 1).data().toString(), seen);
    // Back to all of them.
    namespaces->setCurrentIndex(0);
    QTest::mouseClick(m_resources->findChild<QPushButton *>(QStringLiteral("applyButton")), Qt::LeftButton);
    QVERIFY(m_resources->engine()->query().namespaces.isEmpty());
    waitSettled();
}

void TestResourcesWindow::fitsTheScreen()
{
    // A window opened anew takes no more than the screen has room for, Watch
    // and Close in view (the test screen is smaller than the window's 1400x900).
    m_testers.clear(); // their models go with the window
    m_resources->close();
    QTRY_VERIFY(!m_window->findChild<ResourcesWindow *>());
    m_resources = openResources();
    QVERIFY(m_resources);
    const QRect available = m_resources->screen()->availableGeometry();
    QVERIFY2(available.width() < 1400 || available.height() < 900, "the test screen is as large as the window");
    QVERIFY2(m_resources->width() <= available.width() && m_resources->height() <= available.height(),
             qPrintable(QStringLiteral("%1x%2 on %3x%4").arg(m_resources->width()).arg(m_resources->height())
                            .arg(available.width()).arg(available.height())));
    QCoreApplication::processEvents();
    for (const char *name : {"applyButton", "closeButton"}) {
        auto *button = m_resources->findChild<QPushButton *>(QLatin1String(name));
        QVERIFY2(button && button->isVisible(), name);
        const QRect inWindow(button->mapTo(m_resources, QPoint(0, 0)), button->size());
        QVERIFY2(m_resources->rect().contains(inWindow), name);
    }
    QVERIFY(m_resources->grab().save(QDir(qEnvironmentVariable("FLEETSCOPE_SCREENSHOT_DIR", QDir::tempPath()))
                                         .filePath(QStringLiteral("resources-small-screen.png"))));
}

void TestResourcesWindow::closesAsAWindowDoes()
{
    // Ctrl+W, Escape and the Close button each close it.
    const auto closeBy = [this](const std::function<void(ResourcesWindow *)> &act) {
        ResourcesWindow *window = openResources();
        QVERIFY(window);
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window));
        QPointer<ResourcesWindow> open(window);
        act(window);
        QTRY_VERIFY_WITH_TIMEOUT(!open, 5000);
    };
    closeBy([](ResourcesWindow *window) { QTest::keyClick(window->table(), Qt::Key_W, Qt::ControlModifier); });
    if (QTest::currentTestFailed())
        return;
    closeBy([](ResourcesWindow *window) { QTest::keyClick(window->table(), Qt::Key_Escape); });
    if (QTest::currentTestFailed())
        return;
    closeBy([](ResourcesWindow *window) {
        QTest::mouseClick(window->findChild<QPushButton *>(QStringLiteral("closeButton")), Qt::LeftButton);
    });
    if (QTest::currentTestFailed())
        return;
    m_resources = nullptr;

    // With nothing selected it opens saying what to do.
    m_window->clusterTable()->clearSelection();
    ResourcesWindow *window = openResources();
    QVERIFY(window);
    QCOMPARE(window->engine()->memberCount(), 0);
    QVERIFY2(window->statusText().contains(QStringLiteral("Select clusters")), qPrintable(window->statusText()));
    window->close();
}

void TestResourcesWindow::waitSettled()
{
    ResourceEngine *engine = m_resources->engine();
    QTRY_VERIFY_WITH_TIMEOUT(engine->memberCount() == 20 && engine->allSettled(), 60000);
}

void TestResourcesWindow::podsAcrossDemoMembers()
{
    // The defaults: the selected clusters, pods, all namespaces; Watch.
    m_resources->findChild<QComboBox *>(QStringLiteral("kind"))->setEditText(QStringLiteral("pods"));
    QTest::mouseClick(m_resources->findChild<QPushButton *>(QStringLiteral("applyButton")), Qt::LeftButton);
    waitSettled();
    ResourceEngine *engine = m_resources->engine();
    int live = 0;
    QStringList failures;
    for (int i = 0; i < engine->memberCount(); ++i) {
        const MemberState &state = engine->state(i);
        if (state.phase == MemberState::Phase::Live)
            ++live;
        else
            failures << MemberState::phaseName(state.phase);
    }
    // One forbids kube-system (so every cluster-wide list), one is down, one carries another's CA.
    QCOMPARE(live, 17);
    failures.sort();
    QCOMPARE(failures, QStringList({QStringLiteral("forbidden"), QStringLiteral("unreachable"), QStringLiteral("unreachable")}));
    QTRY_VERIFY_WITH_TIMEOUT(part<ResourceTableModel>(m_resources)->rowCount() > 17 * 20, 20000);
    QCOMPARE(part<ResourceTableModel>(m_resources)->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Cluster"));
    // The strip says who and why.
    MemberStateModel *strip = part<MemberStateModel>(m_resources);
    QStringList texts;
    for (int i = 0; i < strip->rowCount(); ++i)
        texts << strip->index(i).data().toString();
    QVERIFY2(texts.filter(QStringLiteral(": forbidden (list, cluster-wide)")).size() == 1, qPrintable(texts.join(u'\n')));
    QCOMPARE(texts.filter(QStringLiteral(": unreachable")).size(), 2);
    // The strip itself shows the problems first: down, then forbidden, then the live ones.
    const QAbstractItemModel *shown = part<MemberStrip>(m_resources)->model();
    QCOMPARE(shown->rowCount(), 20);
    QStringList order;
    for (int i = 0; i < 4; ++i)
        order << MemberState::phaseName(MemberState::Phase(shown->index(i, 0).data(MemberStateModel::PhaseRole).toInt()));
    QCOMPARE(order, QStringList({QStringLiteral("unreachable"), QStringLiteral("unreachable"),
                                 QStringLiteral("forbidden"), QStringLiteral("live")}));
    QVERIFY(m_resources->statusText().contains(QStringLiteral("17 of 20 clusters live, 3 failed")));
    shoot(m_resources, QStringLiteral("resources-pods"));
}

void TestResourcesWindow::searchGroupAndSort()
{
    auto *search = m_resources->findChild<QLineEdit *>(QStringLiteral("search"));
    QTest::keyClicks(search, QStringLiteral("CrashLoop"));
    SortFilterProxy *proxy = m_resources->proxy();
    QVERIFY(proxy->rowCount() > 0 && proxy->rowCount() < part<ResourceTableModel>(m_resources)->rowCount());
    for (int row = 0; row < proxy->rowCount(); ++row)
        QCOMPARE(proxy->index(row, 4).data().toString(), QStringLiteral("CrashLoopBackOff"));
    search->clear();
    QCOMPARE(proxy->rowCount(), part<ResourceTableModel>(m_resources)->rowCount());

    // Sort by Restarts (a click on the header), numbers as numbers.
    QTableView *table = m_resources->table();
    const int restarts = 5;
    QCOMPARE(part<ResourceTableModel>(m_resources)->headerData(restarts, Qt::Horizontal).toString(), QStringLiteral("Restarts"));
    table->sortByColumn(restarts, Qt::DescendingOrder);
    qint64 previous = std::numeric_limits<qint64>::max();
    for (int row = 0; row < proxy->rowCount(); ++row) {
        const qint64 value = proxy->index(row, restarts).data().toString().section(u' ', 0, 0).toLongLong();
        QVERIFY(value <= previous);
        previous = value;
    }
    // Grouping keeps each cluster's rows together, the chosen order within.
    QTest::mouseClick(m_resources->findChild<QCheckBox *>(QStringLiteral("groupByCluster")), Qt::LeftButton);
    QStringList seen;
    QString current;
    for (int row = 0; row < proxy->rowCount(); ++row) {
        const QString cluster = proxy->index(row, 0).data().toString();
        if (cluster != current) {
            QVERIFY2(!seen.contains(cluster), qPrintable(cluster));
            seen << cluster;
            current = cluster;
        }
    }
    QCOMPARE(seen.size(), 17); // the live ones: the forbidden, down and TLS-failing members brought no rows
    shoot(m_resources, QStringLiteral("resources-grouped"));
    QTest::mouseClick(m_resources->findChild<QCheckBox *>(QStringLiteral("groupByCluster")), Qt::LeftButton);
}

void TestResourcesWindow::rowOpensYaml()
{
    QTableView *table = m_resources->table();
    table->setCurrentIndex(m_resources->proxy()->index(0, 2));
    // Show YAML, as the row's context menu and its shortcut trigger it.
    for (const char *name : {"showYamlAction", "connectAction", "runAction"})
        QVERIFY2(m_resources->findChild<QAction *>(QLatin1String(name)), name);
    m_resources->findChild<QAction *>(QStringLiteral("showYamlAction"))->trigger();
    auto *yaml = m_resources->findChild<QPlainTextEdit *>(QStringLiteral("yamlText"));
    QVERIFY(yaml);
    QTRY_VERIFY_WITH_TIMEOUT(yaml->toPlainText().contains(QStringLiteral("kind: Pod")), 20000);
    QVERIFY(yaml->toPlainText().contains(QStringLiteral("name: ") + m_resources->proxy()->index(0, 2).data().toString()));
    QVERIFY(!yaml->toPlainText().contains(QStringLiteral("managedFields")));
    shoot(yaml->window(), QStringLiteral("resources-yaml"));
    yaml->window()->close();
}

void TestResourcesWindow::customResource()
{
    // The kinds the members serve, CRDs included, with how many serve them.
    auto *kind = m_resources->findChild<QComboBox *>(QStringLiteral("kind"));
    QTRY_VERIFY_WITH_TIMEOUT(kind->findData(QStringLiteral("certificates.cert-manager.io")) >= 0, 10000);
    QVERIFY2(kind->itemText(kind->findData(QStringLiteral("certificates.cert-manager.io"))).contains(QStringLiteral("(18 cluster")),
             qPrintable(kind->itemText(kind->findData(QStringLiteral("certificates.cert-manager.io")))));
    kind->setCurrentIndex(kind->findData(QStringLiteral("certificates.cert-manager.io")));
    QTest::mouseClick(m_resources->findChild<QPushButton *>(QStringLiteral("applyButton")), Qt::LeftButton);
    waitSettled();
    QTRY_COMPARE_WITH_TIMEOUT(part<ResourceTableModel>(m_resources)->rowCount(), 17 * 4, 20000);
    QStringList headers;
    for (int c = 0; c < part<ResourceTableModel>(m_resources)->columnCount(); ++c) {
        if (!m_resources->table()->isColumnHidden(c))
            headers << part<ResourceTableModel>(m_resources)->headerData(c, Qt::Horizontal).toString();
    }
    QCOMPARE(headers, QStringList({QStringLiteral("Cluster"), QStringLiteral("Namespace"), QStringLiteral("Name"),
                                   QStringLiteral("Ready"), QStringLiteral("Secret"), QStringLiteral("Age")}));
    shoot(m_resources, QStringLiteral("resources-certificates"));
}

QTEST_MAIN(TestResourcesWindow)
#include "tst_resourceswindow.moc"
