// Time travel in the window, driven as a person would: the slider and the date
// field take the table, the group tree with its roll-ups, the status bar, the
// details, the Placements tab and the filter to a recorded moment; clusters
// gone since are shown and marked, later ones are absent; a banner and the
// title say it is not live; live changes keep going (and are recorded)
// underneath, and Now brings them back. The Changes list selects a cluster at
// the moment of its change. Screenshots at 1400x900 and 1024x700
// (FLEETSCOPE_SCREENSHOT_DIR, else a temporary folder).

#include "smallfleet.h"
#include "windowparts.h"

#include "clustertableview.h"
#include "detailspane.h"
#include "filterbar.h"
#include "fleetchangesview.h"
#include "fleettreeview.h"
#include "historypanel.h"
#include "hubstatusbar.h"
#include "mainwindow.h"
#include "placementsview.h"
#include "timetravelbanner.h"
#include "timetravelbar.h"
#include "timetravelui.h"

#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/itemmodels/fleettreemodel.h"
#include "fleet/itemmodels/placementmodel.h"
#include "fleet/store/storefeeder.h"
#include "history/fleetchangemodel.h"
#include "history/fleethistoryreader.h"
#include "history/fleetlogwriter.h"
#include "history/fleettimemachine.h"
#include "history/historydatabase.h"
#include "history/historyrecorder.h"
#include "history/historystore.h"
#include "history/timetravel.h"

#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

const QString hubName = QStringLiteral("hub-eu");
constexpr qint64 minute = 60'000;

ProfilePtr cluster(const QString &name, const QString &set, ConditionStatus health, int nodes = 3)
{
    auto record = smallFleetCluster(name, set);
    ClusterProfile &p = record->profile;
    p.kubernetesVersion = QStringLiteral("v1.33.1");
    Condition cph;
    cph.type = QStringLiteral("ControlPlaneHealthy");
    cph.status = health;
    cph.reason = health == ConditionStatus::True ? QStringLiteral("ManagedClusterAvailable")
                                                 : QStringLiteral("ManagedClusterConditionUnavailable");
    cph.message = health == ConditionStatus::True ? QStringLiteral("Cluster is available.")
                                                  : QStringLiteral("Agent heartbeat lost for 5m.");
    cph.lastTransitionTime = QDateTime::currentMSecsSinceEpoch() - 3 * 60 * minute;
    Condition joined;
    joined.type = QStringLiteral("Joined");
    joined.status = ConditionStatus::True;
    joined.lastTransitionTime = cph.lastTransitionTime;
    p.conditions = PackedList<Condition>(QList<Condition>{cph, joined});
    p.properties = PackedList<Property>(QList<Property>{
        Property{PooledString(QStringLiteral("count.node.k8s.io")), FieldValue(QString::number(nodes)), 0},
        Property{PooledString(QStringLiteral("location.topology.k8s.io")), FieldValue(QStringLiteral("eu-west-1")), 0}});
    return record;
}

PlacementPtr placement(const QStringList &chosen)
{
    auto p = std::make_shared<PlacementDecision>();
    p->metadata.name = QStringLiteral("web-0");
    p->metadata.namespaceName = QStringLiteral("fleet");
    p->metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/placement-key"), QStringLiteral("web"));
    p->schedulerName = QStringLiteral("fleet-scheduler");
    for (const QString &name : chosen) {
        ClusterDecision d;
        d.clusterProfileName = BlockString(name);
        p->decisions.append(d);
    }
    return p;
}

// What the hub held: 90 minutes ago eight clusters; 60 minutes ago two went
// unhealthy; 30 minutes ago eu-old was deleted, eu-new came and web moved.
struct Past
{
    qint64 start = 0;
    QList<ProfilePtr> first;
    QList<ProfilePtr> second;
    QList<ProfilePtr> third;
};

QList<ProfilePtr> withChanges(QList<ProfilePtr> fleet, const QMap<QString, ProfilePtr> &changes)
{
    for (ProfilePtr &p : fleet) {
        if (changes.contains(p->profile.metadata.name))
            p = changes.value(p->profile.metadata.name);
    }
    return fleet;
}

bool writePast(const QString &path, Past *past, QString *error)
{
    past->start = QDateTime::currentMSecsSinceEpoch() - 90 * minute;
    for (int i = 1; i <= 6; ++i)
        past->first << cluster(QStringLiteral("eu-%1").arg(i), i <= 4 ? QStringLiteral("prod") : QStringLiteral("staging"),
                               ConditionStatus::True, i + 2);
    past->first << cluster(QStringLiteral("eu-old"), QStringLiteral("staging"), ConditionStatus::True)
                << cluster(QStringLiteral("eu-flaky"), QStringLiteral("prod"), ConditionStatus::Unknown);
    past->second = withChanges(past->first, {{QStringLiteral("eu-2"), cluster(QStringLiteral("eu-2"), QStringLiteral("prod"), ConditionStatus::False, 4)},
                                             {QStringLiteral("eu-5"), cluster(QStringLiteral("eu-5"), QStringLiteral("staging"), ConditionStatus::False, 7)}});
    past->third = past->second;
    past->third.removeIf([](const ProfilePtr &p) { return p->profile.metadata.name == u"eu-old"; });
    past->third << cluster(QStringLiteral("eu-new"), QStringLiteral("staging"), ConditionStatus::True);

    HistoryDatabase db;
    if (!db.open(path, error))
        return false;
    const qint64 stream = db.fleetLog().beginStream(hubName, past->start, error);
    const qint64 session = db.beginCoverage(hubName, past->start, error);
    FleetLogWriter writer;
    const auto record = [&](const QList<ProfilePtr> &fleet, const QList<ProfilePtr> &before, const PlacementPtr &web, qint64 at) {
        for (const ProfilePtr &p : fleet)
            writer.observeCluster(hubName, {QStringLiteral("fleet"), p->profile.metadata.name}, p, at);
        for (const ProfilePtr &p : before) {
            if (std::none_of(fleet.begin(), fleet.end(), [&](const ProfilePtr &q) {
                    return q->profile.metadata.name == p->profile.metadata.name;
                }))
                writer.observeCluster(hubName, {QStringLiteral("fleet"), p->profile.metadata.name}, nullptr, at);
        }
        writer.observePlacements(hubName, {web}, at);
        QList<FleetLogTables::Frame> frames;
        for (FleetLogWriter::Frame &f : writer.takeFrames())
            frames.append({stream, f.keyframe, f.firstAt, f.lastAt, f.events, std::move(f.data)});
        return db.write({}, frames, error);
    };
    const PlacementPtr web = placement({QStringLiteral("eu-1"), QStringLiteral("eu-old")});
    return record(past->first, {}, web, past->start) && record(past->second, past->first, web, past->start + 30 * minute)
        && record(past->third, past->second, placement({QStringLiteral("eu-1"), QStringLiteral("eu-new")}), past->start + 60 * minute)
        && db.extendCoverage(session, QDateTime::currentMSecsSinceEpoch(), error)
        && db.fleetLog().extendStream(stream, QDateTime::currentMSecsSinceEpoch(), error);
}

QStringList tableNames(MainWindow &window)
{
    QStringList names;
    SortFilterProxy *proxy = clusterProxy(window);
    for (int row = 0; row < proxy->rowCount(); ++row)
        names << proxy->index(row, ClusterTableModel::NameColumn).data().toString();
    names.sort();
    return names;
}

QStringList namesOf(const QList<ProfilePtr> &fleet)
{
    QStringList names;
    for (const ProfilePtr &p : fleet)
        names << p->profile.metadata.name;
    names.sort();
    return names;
}

// The cell of `column` in the row of cluster `name`.
QString cell(MainWindow &window, const QString &name, int column)
{
    SortFilterProxy *proxy = clusterProxy(window);
    for (int row = 0; row < proxy->rowCount(); ++row) {
        if (proxy->index(row, ClusterTableModel::NameColumn).data().toString() == name)
            return proxy->index(row, column).data().toString();
    }
    return QStringLiteral("<no row>");
}

// The table's "Now" column (gone now or not), as its header names it; -1 when absent.
int nowColumn(MainWindow &window)
{
    const QAbstractItemModel *model = window.clusterTable()->model();
    for (int column = 0; column < model->columnCount(); ++column) {
        if (model->headerData(column, Qt::Horizontal).toString() == u"Now")
            return column;
    }
    return -1;
}

int treeCount(MainWindow &window, int column)
{
    // The hub's row: every cluster of the hub, rolled up.
    FleetTreeModel *model = window.fleetTree()->model();
    return model->index(0, column).data().toInt();
}

} // namespace

class TstTimeTravelWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString shotsDir() const
    {
        const QString shots = qEnvironmentVariable("FLEETSCOPE_SCREENSHOT_DIR");
        return shots.isEmpty() ? m_dir.path() : shots;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void theWindowShowsTheFleetAsRecordedAndComesBack()
    {
        const QString path = m_dir.filePath(QStringLiteral("history.sqlite"));
        Past past;
        QString error;
        QVERIFY2(writePast(path, &past, &error), qPrintable(error));

        // The live fleet now: eu-old gone, eu-late added since the last record.
        FleetStore store;
        QList<ProfilePtr> live = past.third;
        live << cluster(QStringLiteral("eu-late"), QStringLiteral("prod"), ConditionStatus::True);
        const int hub = fillLiveHub(store, live, hubName);
        HubDelta placements;
        placements.upsertedPlacements = {placement({QStringLiteral("eu-1"), QStringLiteral("eu-new")})};
        store.applyDelta(hub, placements);
        StoreFeeder feeder(&store);
        MainWindow window(&store);
        HistoryStore history;
        history.open(path);
        QTRY_VERIFY_WITH_TIMEOUT(history.state() == HistoryStore::State::Ready, 10000);
        window.setHistory(&history);
        HistoryRecorder recorder(&store, &history);
        recorder.observeAll(); // as after the hub's first list
        FleetTimeMachine machine;
        machine.setPath(path);
        TimeTravel travel(&store, &feeder, &recorder, &machine);
        auto *ui = new TimeTravelUi(&window, &travel, &machine);
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        TimeTravelBar *bar = ui->bar();
        QTRY_VERIFY_WITH_TIMEOUT(slider(bar)->isEnabled(), 10000);
        QCOMPARE(bar->rangeStart(), past.start);
        QVERIFY2(bar->rangeText().startsWith(QLatin1String("Recorded since")), qPrintable(bar->rangeText()));
        QVERIFY(!part<TimeTravelBanner>(&window)->isVisible());
        QCOMPARE(tableNames(window), namesOf(live));
        const QString liveTitle = window.windowTitle();

        // Home: the slider's oldest moment, 90 minutes ago.
        QSignalSpy shown(&travel, &TimeTravel::momentShown);
        slider(bar)->setFocus();
        QTest::keyClick(slider(bar), Qt::Key_Home);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QCOMPARE(shown.last().at(0).toLongLong(), past.start);
        QCOMPARE(tableNames(window), namesOf(past.first));
        QVERIFY(part<TimeTravelBanner>(&window)->isVisible());
        QVERIFY2(part<TimeTravelBanner>(&window)->text().contains(QLatin1String("Not live")), qPrintable(part<TimeTravelBanner>(&window)->text()));
        QVERIFY(window.windowTitle().contains(QLatin1String("as recorded at")));
        // eu-old existed then and is gone now: shown, and marked.
        QCOMPARE(cell(window, QStringLiteral("eu-old"), nowColumn(window)), QStringLiteral("gone now"));
        QCOMPARE(cell(window, QStringLiteral("eu-1"), nowColumn(window)), QString());
        QVERIFY(!window.clusterTable()->isColumnHidden(nowColumn(window)));
        QCOMPARE(treeCount(window, FleetTreeModel::ClustersColumn), 8);
        QCOMPARE(treeCount(window, FleetTreeModel::UnhealthyColumn), 0);
        window.hubStatusBar()->updateCounts();
        QVERIFY2(countsText(&window).startsWith(QLatin1String("8 clusters")),
                 qPrintable(countsText(&window)));
        // Now: live at once, and the banner gone; then back to the oldest moment.
        QTest::mouseClick(nowButton(bar), Qt::LeftButton);
        QVERIFY(travel.isLive());
        QCOMPARE(tableNames(window), namesOf(live));
        QVERIFY(!part<TimeTravelBanner>(&window)->isVisible());
        QCOMPARE(slider(bar)->value(), slider(bar)->maximum());
        shown.clear();
        QTest::keyClick(slider(bar), Qt::Key_Home);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QCOMPARE(tableNames(window), namesOf(past.first));

        // 59 minutes after the oldest moment (Page Up: an hour, Left: a minute back): two unhealthy.
        shown.clear();
        QTest::keyClick(slider(bar), Qt::Key_PageUp);
        QTest::keyClick(slider(bar), Qt::Key_Left);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && travel.shownMoment() == travel.requestedMoment(), 10000);
        QCOMPARE(tableNames(window), namesOf(past.second));
        // The date field says where the slider is.
        QCOMPARE(timeField(bar)->dateTime().toMSecsSinceEpoch(), travel.shownMoment());
        QCOMPARE(treeCount(window, FleetTreeModel::UnhealthyColumn), 2);
        QCOMPARE(cell(window, QStringLiteral("eu-2"), ClusterTableModel::ControlPlaneHealthyColumn), QStringLiteral("False"));
        // The filter language reads the fleet as of then.
        window.filterBar()->setText(QStringLiteral("health=unhealthy"));
        QTRY_COMPARE_WITH_TIMEOUT(tableNames(window), (QStringList{QStringLiteral("eu-2"), QStringLiteral("eu-5")}), 5000);
        // The details of a cluster: its conditions as recorded then.
        window.historyPanel()->selectClusters({ClusterId{hubName, QStringLiteral("fleet"), QStringLiteral("eu-2")}});
        QTRY_VERIFY_WITH_TIMEOUT(window.detailsPane()->plainText().contains(QLatin1String("Agent heartbeat lost for 5m.")), 5000);
        // Its object as YAML, made from what was recorded when asked for.
        QVERIFY(window.detailsPane()->plainText().contains(QLatin1String("Show as YAML")));
        window.detailsPane()->showYaml();
        QTRY_VERIFY_WITH_TIMEOUT(window.detailsPane()->plainText().contains(QLatin1String("kind: ClusterProfile")), 5000);
        QVERIFY(window.detailsPane()->plainText().contains(QLatin1String("message: \"Agent heartbeat lost for 5m.\"")));
        window.filterBar()->setText(QString());
        // The Placements tab as it was: web chose eu-1 and eu-old.
        window.showLeftTab(1);
        PlacementModel *placementModel = part<PlacementsView>(&window)->model();
        QTRY_COMPARE_WITH_TIMEOUT(placementModel->rowCount(), 1, 5000);
        QStringList chosen;
        for (const ClusterRef &ref : placementModel->placementAt(0).chosen)
            chosen << ref.key.name;
        QCOMPARE(chosen, (QStringList{QStringLiteral("eu-1"), QStringLiteral("eu-old")}));
        window.showLeftTab(0);

        // Screenshots of a past moment, at the two sizes people have.
        for (const QSize size : {QSize(1400, 900), QSize(1024, 700)}) {
            window.resize(size);
            QApplication::processEvents();
            QVERIFY(window.grab().save(QStringLiteral("%1/time-travel-%2.png").arg(shotsDir()).arg(size.width())));
        }
        window.resize(1400, 900);

        // Live changes keep going underneath: not shown, recorded, back with Now.
        QSignalSpy recorded(&history, &HistoryStore::transitionsRecorded);
        HubDelta change;
        change.upsertedProfiles = {cluster(QStringLiteral("eu-during"), QStringLiteral("prod"), ConditionStatus::True)};
        change.removedProfiles = {ObjectKey{QStringLiteral("fleet"), QStringLiteral("eu-late")}};
        feeder.postDelta(hub, change);
        QTRY_VERIFY_WITH_TIMEOUT(!recorded.isEmpty(), 10000);
        QCOMPARE(tableNames(window), namesOf(past.second));

        // The date field: an exact moment, 75 minutes after the oldest one.
        shown.clear();
        timeField(bar)->setDateTime(QDateTime::fromMSecsSinceEpoch(past.start + 75 * minute));
        QMetaObject::invokeMethod(timeField(bar), "editingFinished");
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && travel.shownMoment() == past.start + 75 * minute, 10000);
        QCOMPARE(tableNames(window), namesOf(past.third));
        QCOMPARE(cell(window, QStringLiteral("eu-new"), nowColumn(window)), QString());
        // Its arrows step it, no Enter needed: a minute on the minute section; the slider follows.
        timeField(bar)->setFocus();
        timeField(bar)->setCurrentSection(QDateTimeEdit::MinuteSection);
        QTest::keyClick(timeField(bar), Qt::Key_Up);
        QTRY_COMPARE_WITH_TIMEOUT(travel.shownMoment(), past.start + 76 * minute, 10000);
        QCOMPARE(slider(bar)->value(), bar->valueOf(past.start + 76 * minute));
        QCOMPARE(tableNames(window), namesOf(past.third));
        QTest::keyClick(timeField(bar), Qt::Key_Down);
        QTRY_COMPARE_WITH_TIMEOUT(travel.shownMoment(), past.start + 75 * minute, 10000);

        // What changed: the list selects the cluster at the moment of its change.
        FleetChangesView *changes = part<FleetChangesView>(&window);
        QSignalSpy listed(changes, &FleetChangesView::listed);
        QTest::mouseClick(bar->changesButton(), Qt::LeftButton);
        QVERIFY(window.findChild<QDockWidget *>(QStringLiteral("changesDock"))->isVisible());
        // It opens on what changed from the moment shown to now.
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 10000);
        QCOMPARE(fromField(changes)->dateTime().toMSecsSinceEpoch() / 1000, (past.start + 75 * minute) / 1000);
        listed.clear();
        fromField(changes)->setDateTime(QDateTime::fromMSecsSinceEpoch(past.start + minute));
        toField(changes)->setDateTime(QDateTime::fromMSecsSinceEpoch(past.start + 80 * minute));
        QTest::mouseClick(showButton(changes), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 10000);
        FleetChangeModel *model = changes->model();
        QStringList rows;
        int healthRow = -1;
        for (int row = 0; row < model->rowCount(); ++row) {
            rows << model->index(row, FleetChangeModel::ClusterColumn).data().toString() + u' '
                    + model->index(row, FleetChangeModel::ChangeColumn).data().toString();
            if (healthRow < 0 && model->changeAt(row).kind == FleetChange::Kind::Health)
                healthRow = row;
        }
        QCOMPARE(rows, (QStringList{QStringLiteral("fleet/eu-2 health"), QStringLiteral("fleet/eu-5 health"),
                                    QStringLiteral("fleet/eu-new appeared"), QStringLiteral("fleet/eu-old left"),
                                    QStringLiteral("fleet/web placement")}));
        for (const QSize size : {QSize(1400, 900), QSize(1024, 700)}) {
            window.resize(size);
            QApplication::processEvents();
            QVERIFY(window.grab().save(QStringLiteral("%1/time-travel-changes-%2.png").arg(shotsDir()).arg(size.width())));
        }
        window.resize(1400, 900);
        QSignalSpy changeShown(ui, &TimeTravelUi::changeShown);
        QTest::mouseClick(changes->table()->viewport(), Qt::LeftButton, {},
                          changes->table()->visualRect(model->index(healthRow, FleetChangeModel::ClusterColumn)).center());
        QTRY_VERIFY_WITH_TIMEOUT(!changeShown.isEmpty(), 10000);
        QCOMPARE(travel.shownMoment(), past.start + 30 * minute);
        const QModelIndex current = window.clusterTable()->currentIndex();
        QCOMPARE(current.sibling(current.row(), ClusterTableModel::NameColumn).data().toString(), QStringLiteral("eu-2"));
        // "Left" shows the moment before: eu-old still there, to be selected.
        changeShown.clear();
        const int leftRow = int(rows.indexOf(QStringLiteral("fleet/eu-old left")));
        changes->table()->setCurrentIndex(model->index(leftRow, 0));
        QTRY_VERIFY_WITH_TIMEOUT(!changeShown.isEmpty(), 10000);
        QVERIFY(tableNames(window).contains(QStringLiteral("eu-old")));
        const QModelIndex left = window.clusterTable()->currentIndex();
        QCOMPARE(left.sibling(left.row(), ClusterTableModel::NameColumn).data().toString(), QStringLiteral("eu-old"));

        // The Changes button closes the list again.
        QTest::mouseClick(bar->changesButton(), Qt::LeftButton);
        QVERIFY(!window.findChild<QDockWidget *>(QStringLiteral("changesDock"))->isVisible());
        // Back to now, from the banner: the live fleet, with the change made meanwhile.
        QTest::mouseClick(backButton(part<TimeTravelBanner>(&window)), Qt::LeftButton);
        QVERIFY(travel.isLive());
        QList<ProfilePtr> expected = live;
        expected.removeIf([](const ProfilePtr &p) { return p->profile.metadata.name == u"eu-late"; });
        expected << change.upsertedProfiles;
        QCOMPARE(tableNames(window), namesOf(expected));
        QVERIFY(!part<TimeTravelBanner>(&window)->isVisible());
        QCOMPARE(window.windowTitle(), liveTitle);
        QVERIFY(window.clusterTable()->isColumnHidden(nowColumn(window)));
        QVERIFY(!store.isShowingPast());
        // Live for good: the hub's next change shows at once, and is recorded.
        HubDelta after;
        after.upsertedProfiles = {cluster(QStringLiteral("eu-after"), QStringLiteral("prod"), ConditionStatus::False)};
        recorded.clear();
        feeder.postDelta(hub, after);
        QTRY_VERIFY_WITH_TIMEOUT(tableNames(window).contains(QStringLiteral("eu-after")), 5000);
        QCOMPARE(cell(window, QStringLiteral("eu-after"), ClusterTableModel::ControlPlaneHealthyColumn), QStringLiteral("False"));
        QTRY_VERIFY_WITH_TIMEOUT(!recorded.isEmpty(), 10000);
        // And what was recorded meanwhile is in the history.
        history.flush();
        FleetHistoryReader reader;
        QVERIFY2(reader.open(path, &error), qPrintable(error));
        const FleetMoment now = reader.momentAt({hubName}, QDateTime::currentMSecsSinceEpoch(), &error);
        QStringList recordedNow;
        for (const ProfilePtr &p : now.hubs.value(0).profiles)
            recordedNow << p->profile.metadata.name;
        QVERIFY2(recordedNow.contains(QStringLiteral("eu-during")) && recordedNow.contains(QStringLiteral("eu-after"))
                     && !recordedNow.contains(QStringLiteral("eu-late")),
                 qPrintable(recordedNow.join(u',')));
    }
    // The Time menu, from the keyboard: an hour back at a time down to the
    // oldest moment recorded, an hour on, back to now, the date field and the
    // Changes list; each move that cannot be made is disabled and says why.
    void theTimeMenuMovesByTheHourFromTheKeyboard()
    {
        const QString path = m_dir.filePath(QStringLiteral("history-menu.sqlite"));
        Past past;
        QString error;
        QVERIFY2(writePast(path, &past, &error), qPrintable(error));
        FleetStore store;
        const int hub = fillLiveHub(store, past.third, hubName);
        Q_UNUSED(hub);
        StoreFeeder feeder(&store);
        MainWindow window(&store);
        FleetTimeMachine machine;
        machine.setPath(path);
        TimeTravel travel(&store, &feeder, nullptr, &machine);
        auto *ui = new TimeTravelUi(&window, &travel, &machine);
        window.resize(1024, 700);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // Between File, View, Clusters, Views and Help: before Help.
        const QList<QAction *> menus = window.menuBar()->actions();
        QCOMPARE(menus.value(menus.size() - 2)->menu(), ui->menu());
        QTRY_VERIFY_WITH_TIMEOUT(earlierAction(&window)->isEnabled(), 10000);
        QVERIFY(!laterAction(&window)->isEnabled());
        QVERIFY(!nowAction(&window)->isEnabled());
        QVERIFY2(nowAction(&window)->toolTip().contains(QLatin1String("live fleet already")),
                 qPrintable(nowAction(&window)->toolTip()));
        window.clusterTable()->setFocus();
        const Qt::KeyboardModifiers ctrlAlt = Qt::ControlModifier | Qt::AltModifier;

        // An hour ago: 30 minutes after the oldest moment, the two unhealthy ones.
        QSignalSpy shown(&travel, &TimeTravel::momentShown);
        const qint64 asked = QDateTime::currentMSecsSinceEpoch() - 60 * minute;
        QTest::keyClick(&window, Qt::Key_Left, ctrlAlt);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QVERIFY(travel.shownMoment() >= asked && travel.shownMoment() < asked + minute);
        QCOMPARE(tableNames(window), namesOf(past.second));
        QVERIFY(part<TimeTravelBanner>(&window)->isVisible());
        QVERIFY(laterAction(&window)->isEnabled() && nowAction(&window)->isEnabled());
        // Another hour back is before the oldest moment: the oldest is shown, and no earlier.
        shown.clear();
        QTest::keyClick(&window, Qt::Key_Left, ctrlAlt);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QCOMPARE(travel.shownMoment(), past.start);
        QCOMPARE(tableNames(window), namesOf(past.first));
        QVERIFY(!earlierAction(&window)->isEnabled());
        QVERIFY2(earlierAction(&window)->toolTip().contains(QLatin1String("oldest")),
                 qPrintable(earlierAction(&window)->toolTip()));
        // An hour on: eu-old deleted, eu-new there.
        shown.clear();
        QTest::keyClick(&window, Qt::Key_Right, ctrlAlt);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QCOMPARE(travel.shownMoment(), past.start + 60 * minute);
        QCOMPARE(tableNames(window), namesOf(past.third));
        QVERIFY(earlierAction(&window)->isEnabled());
        // Back to now: live at once.
        QTest::keyClick(&window, Qt::Key_End, ctrlAlt);
        QVERIFY(travel.isLive());
        QVERIFY(!part<TimeTravelBanner>(&window)->isVisible());
        QVERIFY(!nowAction(&window)->isEnabled());
        // Go to a moment: the date field takes the keys.
        QTest::keyClick(&window, Qt::Key_G, Qt::ControlModifier);
        QCOMPARE(QApplication::focusWidget(), timeField(ui->bar()));
        // Changes, and closed again.
        QTest::keyClick(&window, Qt::Key_G, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(window.findChild<QDockWidget *>(QStringLiteral("changesDock"))->isVisible());
        QVERIFY(ui->bar()->changesButton()->isChecked());
        QTest::keyClick(&window, Qt::Key_G, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!window.findChild<QDockWidget *>(QStringLiteral("changesDock"))->isVisible());
        // Taken out of the window again, nothing left behind.
        const int columns = window.clusterFilter()->table()->columnCount();
        delete ui;
        QVERIFY(!window.menuBar()->actions().contains(menus.value(menus.size() - 2)));
        QVERIFY(window.findChildren<TimeTravelBar *>().isEmpty());
        QCOMPARE(window.clusterFilter()->table()->columnCount(), columns - 1);
    }
};

QTEST_MAIN(TstTimeTravelWindow)
#include "tst_timetravelwindow.moc"
