// The main window laid out as people open it, 1024x700 and 1400x900, in English
// and German: the group tree shows its group names, the table shows what tells
// rows apart (name, health, version, hub) without cutting two hub names to the
// same text, and the not-reported column appears only for a fleet that has such
// clusters. Screenshots of each are saved for a person to look at.

#include "applanguage.h"
#include "windowparts.h"
#include "clustertableview.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/itemmodels/fleettreemodel.h"
#include "fleet/itemmodels/placementmodel.h"
#include "kube/hubdelta.h"
#include "placementsview.h"
#include "fleettreeview.h"
#include "filterbar.h"
#include "mainwindow.h"
#include "screenfit.h"
#include "smallfleet.h"

#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QHeaderView>
#include <QScreen>
#include <QScrollBar>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

QList<ProfilePtr> clusters(const QString &prefix, int count, bool reportsHealth)
{
    QList<ProfilePtr> profiles;
    for (int i = 0; i < count; ++i) {
        // Ten clustersets, as many as the demo's hubs have: the tree scrolls, as the demo's does.
        static const char *const sets[] = {"prod", "staging", "dev", "edge", "research", "batch", "ml", "web", "data", "ops"};
        auto record = smallFleetCluster(QStringLiteral("%1-payments-%2").arg(prefix).arg(i), sets[i % 10]);
        record->profile.kubernetesVersion = QStringLiteral("v1.32.%1").arg(i % 7);
        if (reportsHealth) {
            Condition c;
            c.type = QStringLiteral("ControlPlaneHealthy");
            c.status = i % 5 ? ConditionStatus::True : ConditionStatus::False;
            record->profile.conditions.append(c);
        }
        profiles << record;
    }
    return profiles;
}

// The whole of `column` shows in the table's viewport.
bool fullyVisible(const ClusterTableView *table, int column)
{
    const QHeaderView *header = table->header();
    return !header->isSectionHidden(column) && header->sectionViewportPosition(column) >= 0
        && header->sectionViewportPosition(column) + header->sectionSize(column) <= table->viewport()->width();
}

} // namespace

class TestWindowLayout final : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { AppLanguage::install(qApp, QLocale(QLocale::English)); }
    void layout_data();
    void layout();
    void opensWithinTheScreen();
    void filterHelpFitsASmallScreen();
};

void TestWindowLayout::filterHelpFitsASmallScreen()
{
    // German is the longest: the help opens within the screen and, on a 1024x700
    // one, what does not fit scrolls (a What's This popup ran off its bottom).
    QString warning;
    QVERIFY(AppLanguage::install(qApp, AppLanguage::choose(QStringLiteral("de"), &warning)));
    FleetStore store;
    MainWindow window(&store);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *help = window.filterBar()->findChild<QToolButton *>();
    QVERIFY(help);
    QTest::mouseClick(help, Qt::LeftButton);
    QDialog *dialog = window.filterBar()->helpWindow();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    const QRect available = dialog->screen()->availableGeometry();
    QVERIFY2(dialog->height() + ScreenFit::frameHeight <= available.height() && dialog->width() <= available.width(),
             qPrintable(QStringLiteral("%1x%2 on %3x%4").arg(dialog->width()).arg(dialog->height())
                            .arg(available.width()).arg(available.height())));
    auto *text = dialog->findChild<QTextBrowser *>(QStringLiteral("filterHelpText"));
    QVERIFY(text);
    QVERIFY2(text->toPlainText().contains(u"clusterset=prod"), qPrintable(text->toPlainText().left(200)));
    dialog->resize(ScreenFit::fit(QSize(640, 760), QRect(0, 0, 1024, 700)));
    QVERIFY(dialog->grab().save(QDir::temp().filePath(QStringLiteral("fleetscope-filter-help-de-1024x700.png"))));
    // All of it within reach: shown whole, or scrolled to.
    QTRY_VERIFY2(text->document()->size().height() <= text->viewport()->height() || text->verticalScrollBar()->maximum() > 0,
                 qPrintable(QStringLiteral("%1 of %2").arg(text->document()->size().height()).arg(text->viewport()->height())));
    // A second click brings the same window back, not another one.
    QTest::mouseClick(help, Qt::LeftButton);
    QCOMPARE(window.filterBar()->helpWindow(), dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    dialog->close();
}

void TestWindowLayout::opensWithinTheScreen()
{
    // No saved geometry: the window fits the screen's room (the test screen is
    // smaller than the 1400x900 it is made for), and is never squeezed below a
    // size where its panes still show.
    FleetStore store;
    MainWindow window(&store);
    const QRect available = window.screen()->availableGeometry();
    QVERIFY2(available.width() < 1400 || available.height() < 900, "the test screen is as large as the window");
    QVERIFY2(window.width() <= available.width() && window.height() <= available.height(),
             qPrintable(QStringLiteral("%1x%2 on %3x%4").arg(window.width()).arg(window.height())
                            .arg(available.width()).arg(available.height())));
    window.resize(320, 240);
    QVERIFY2(window.width() >= 800 && window.height() >= 560,
             qPrintable(QStringLiteral("%1x%2").arg(window.width()).arg(window.height())));
    // The fitting itself, for the screens people have.
    QCOMPARE(ScreenFit::fit(QSize(1400, 900), QRect(0, 0, 1024, 700)),
             QSize(1024 - ScreenFit::frameWidth, 700 - ScreenFit::frameHeight));
    QCOMPARE(ScreenFit::fit(QSize(1400, 900), QRect(0, 0, 1920, 1080)), QSize(1400, 900));
    QCOMPARE(ScreenFit::fit(QSize(1400, 900), QRect(0, 27, 1440, 873)), QSize(1400, 873 - ScreenFit::frameHeight));
}

void TestWindowLayout::layout_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    for (const char *language : {"en", "de"}) {
        for (const QSize &size : {QSize(1024, 700), QSize(1400, 900)})
            QTest::addRow("%s %dx%d", language, size.width(), size.height()) << QString::fromLatin1(language) << size;
    }
}

void TestWindowLayout::layout()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    QString warning;
    QVERIFY(AppLanguage::install(qApp, AppLanguage::choose(language, &warning)));

    FleetStore store;
    MainWindow window(&store);
    window.resize(size);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Two hubs whose names differ only at the end, as demo-hub-east / -west do.
    fillLiveHub(store, clusters(QStringLiteral("east"), 40, true), QStringLiteral("demo-hub-eu-central-east"));
    fillLiveHub(store, clusters(QStringLiteral("west"), 40, false), QStringLiteral("demo-hub-eu-central-west"));
    QTRY_COMPARE(clusterProxy(window)->rowCount(), 80);
    QApplication::processEvents();

    const QString file = QDir::temp().filePath(QStringLiteral("fleetscope-layout-%1-%2x%3.png")
                                                   .arg(language).arg(size.width()).arg(size.height()));
    QVERIFY(window.grab().save(file));

    // The group tree: room for a name, and two hubs' names never cut to the same text.
    QTreeView *tree = window.fleetTree()->findChild<QTreeView *>(QStringLiteral("groupTree"));
    QVERIFY(tree);
    QVERIFY2(tree->columnWidth(0) >= 100, qPrintable(QString::number(tree->columnWidth(0))));
    const int room = tree->columnWidth(0) - tree->indentation() - 8;
    QStringList hubGroups;
    for (int row = 0; row < tree->model()->rowCount(); ++row)
        hubGroups << tree->fontMetrics().elidedText(tree->model()->index(row, 0).data().toString(), tree->textElideMode(), room);
    QCOMPARE(hubGroups.size(), 2);
    QVERIFY2(hubGroups[0] != hubGroups[1], qPrintable(hubGroups.join(u" | ")));
    // Three levels down (hub › clusterset › manager), a manager's name as long as
    // "kubefleet" is whole, not "k…t".
    const int deepest = tree->columnWidth(0) - 3 * tree->indentation() - 8;
    QVERIFY2(deepest >= tree->fontMetrics().horizontalAdvance(QStringLiteral("kubefleet")),
             qPrintable(QStringLiteral("%1 px for a manager's name").arg(deepest)));
    // The west hub reports no health: its clusters are counted apart, in a column of their own.
    QVERIFY(!tree->isColumnHidden(FleetTreeModel::NotReportedColumn) || !tree->isColumnHidden(FleetTreeModel::UnhealthyColumn));

    // The table: what tells rows apart is in view, and hub names are never cut alike.
    const ClusterTableView *table = window.clusterTable();
    for (const int column : {int(ClusterTableModel::NameColumn), int(ClusterTableModel::HubColumn)})
        QVERIFY2(fullyVisible(table, column), qPrintable(QString::number(column)));
    if (size.width() >= 1400) {
        QVERIFY(fullyVisible(table, ClusterTableModel::ControlPlaneHealthyColumn));
        QVERIFY(fullyVisible(table, ClusterTableModel::VersionColumn));
    }
    const int hubWidth = table->header()->sectionSize(ClusterTableModel::HubColumn);
    const QString longestHub = QStringLiteral("demo-hub-eu-central-west");
    const QString shown = table->fontMetrics().elidedText(longestHub, Qt::ElideMiddle, hubWidth - 12);
    const QString other = table->fontMetrics().elidedText(QStringLiteral("demo-hub-eu-central-east"), Qt::ElideMiddle, hubWidth - 12);
    QVERIFY2(shown != other, qPrintable(shown));

    // Placements as the demo names them (namespace/name, a web and a batch per
    // clusterset): told apart in the pane as it opens, each name mostly there,
    // and whole at 1400 px.
    HubDelta delta;
    for (const auto &[ns, name] : {std::pair{"fleet-dev", "web"}, std::pair{"fleet-dev", "batch"}, std::pair{"fleet-prod", "web"}}) {
        auto decision = std::make_shared<PlacementDecision>();
        decision->metadata.namespaceName = QString::fromLatin1(ns);
        decision->metadata.name = QString::fromLatin1(name) + QStringLiteral("-0");
        decision->metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/placement-key"), QString::fromLatin1(name));
        decision->decisions.append(ClusterDecision{QStringLiteral("east-1"), QStringLiteral("fleet"), QString()});
        delta.upsertedPlacements.append(decision);
    }
    store.applyDelta(0, delta);
    window.showLeftTab(1);
    QTreeView *placements = window.findChild<PlacementsView *>()->view();
    QTRY_COMPARE(placements->model()->rowCount(), 3);
    QApplication::processEvents();
    QVERIFY(window.grab().save(QDir::temp().filePath(QStringLiteral("fleetscope-placements-%1-%2x%3.png")
                                                         .arg(language).arg(size.width()).arg(size.height()))));
    const int nameWidth = placements->columnWidth(PlacementModel::PlacementColumn) - 8;
    QStringList names;
    for (int row = 0; row < 3; ++row) {
        const QString full = placements->model()->index(row, PlacementModel::PlacementColumn).data().toString();
        names << placements->fontMetrics().elidedText(full, Qt::ElideMiddle, nameWidth);
        QVERIFY2(names.last().size() >= full.size() * 2 / 3, qPrintable(names.last() + QStringLiteral(" of ") + full));
        if (size.width() >= 1400)
            QCOMPARE(names.last(), full);
    }
    QVERIFY2(QSet<QString>(names.cbegin(), names.cend()).size() == 3, qPrintable(names.join(u" | ")));
}

QTEST_MAIN(TestWindowLayout)
#include "tst_windowlayout.moc"
