// Saved views as the user keeps them: written at once, read back by the next
// start, replaced by name, and robust against a hand-edited settings file.

#include "fleet/itemmodels/fleettreemodel.h"
#include "fleet/savedviews/savedviewstore.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;

namespace {

SavedView prodView()
{
    SavedView view;
    view.name = QStringLiteral("prod on fire");
    view.filter = QStringLiteral("clusterset=prod, ControlPlaneHealthy!=True");
    view.grouping = QStringLiteral("clusterset>manager");
    view.group = {QStringLiteral("prod"), QString()}; // a group without a manager, under prod
    view.columns = {QStringLiteral("property:location.topology.k8s.io"), QStringLiteral("label:env")};
    view.headerState = QByteArray("\x00\x01opaque", 8);
    view.notify = true;
    return view;
}

} // namespace

class TestSavedViewStore final : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); m_file = m_dir.filePath(QStringLiteral("settings-%1.ini").arg(++m_round)); }
    void survivesARestart();
    void savingUnderAnExistingNameReplacesInPlace();
    void removeForgetsTheView();
    void refusesAViewWithoutAName();
    void skipsBrokenAndDuplicateEntries();
    void groupingSpecRoundTrips_data();
    void groupingSpecRoundTrips();

private:
    QTemporaryDir m_dir;
    QString m_file;
    int m_round = 0;
};

void TestSavedViewStore::survivesARestart()
{
    {
        QSettings settings(m_file, QSettings::IniFormat);
        SavedViewStore store(&settings);
        QSignalSpy changed(&store, &SavedViewStore::changed);
        QVERIFY(store.save(prodView()));
        QCOMPARE(changed.count(), 1);
    }
    QSettings settings(m_file, QSettings::IniFormat);
    SavedViewStore reopened(&settings);
    QCOMPARE(reopened.views().size(), 1);
    QVERIFY(reopened.views().first() == prodView());
    QVERIFY(reopened.find(QStringLiteral("prod on fire")).has_value());
    QVERIFY(!reopened.find(QStringLiteral("Prod on fire")).has_value());
}

void TestSavedViewStore::savingUnderAnExistingNameReplacesInPlace()
{
    QSettings settings(m_file, QSettings::IniFormat);
    SavedViewStore store(&settings);
    SavedView first = prodView();
    SavedView second;
    second.name = QStringLiteral("gpu");
    second.filter = QStringLiteral("type.node.k8s.io~H100");
    QVERIFY(store.save(first));
    QVERIFY(store.save(second));
    first.filter = QStringLiteral("clusterset=prod");
    first.name = QStringLiteral("  prod on fire ");
    QVERIFY(store.save(first));
    QCOMPARE(store.views().size(), 2);
    QCOMPARE(store.views().at(0).name, QStringLiteral("prod on fire")); // kept its place, name trimmed
    QCOMPARE(store.views().at(0).filter, QStringLiteral("clusterset=prod"));
    QCOMPARE(store.views().at(1).name, QStringLiteral("gpu"));

    // Saving the same view again changes nothing and says nothing.
    QSignalSpy changed(&store, &SavedViewStore::changed);
    QVERIFY(store.save(store.views().at(1)));
    QCOMPARE(changed.count(), 0);
}

void TestSavedViewStore::removeForgetsTheView()
{
    QSettings settings(m_file, QSettings::IniFormat);
    SavedViewStore store(&settings);
    QVERIFY(store.save(prodView()));
    QVERIFY(!store.remove(QStringLiteral("nope")));
    QVERIFY(store.remove(QStringLiteral("prod on fire")));
    QVERIFY(store.views().isEmpty());
    SavedViewStore reopened(&settings);
    QVERIFY(reopened.views().isEmpty());
}

void TestSavedViewStore::refusesAViewWithoutAName()
{
    QSettings settings(m_file, QSettings::IniFormat);
    SavedViewStore store(&settings);
    SavedView unnamed = prodView();
    unnamed.name = QStringLiteral("   ");
    QVERIFY(!store.save(unnamed));
    QVERIFY(store.views().isEmpty());
}

void TestSavedViewStore::skipsBrokenAndDuplicateEntries()
{
    {
        QSettings settings(m_file, QSettings::IniFormat);
        settings.beginWriteArray(QStringLiteral("views/saved"), 3);
        settings.setArrayIndex(0);
        settings.setValue(QStringLiteral("filter"), QStringLiteral("no name"));
        settings.setArrayIndex(1);
        settings.setValue(QStringLiteral("name"), QStringLiteral("a"));
        settings.setValue(QStringLiteral("filter"), QStringLiteral("first"));
        settings.setValue(QStringLiteral("notify"), QStringLiteral("not a bool"));
        settings.setArrayIndex(2);
        settings.setValue(QStringLiteral("name"), QStringLiteral("a"));
        settings.setValue(QStringLiteral("filter"), QStringLiteral("second"));
        settings.endArray();
    }
    QSettings settings(m_file, QSettings::IniFormat);
    SavedViewStore store(&settings);
    QCOMPARE(store.views().size(), 1);
    QCOMPARE(store.views().first().filter, QStringLiteral("first"));
    QVERIFY(!store.views().first().notify);
}

void TestSavedViewStore::groupingSpecRoundTrips_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("levels");
    QTest::addColumn<QString>("normalised");
    QTest::newRow("default") << "hub>clusterset>manager" << 3 << "hub>clusterset>manager";
    QTest::newRow("hub hidden") << "manager>clusterset" << 2 << "manager>clusterset";
    QTest::newRow("property") << "hub>property:location.topology.k8s.io" << 2 << "hub>property:location.topology.k8s.io";
    QTest::newRow("spaces") << " clusterset > property:zone " << 2 << "clusterset>property:zone";
    QTest::newRow("empty") << "" << 0 << "";
    QTest::newRow("unknown level") << "hub>region" << 0 << "";
    QTest::newRow("twice") << "hub>hub" << 0 << "";
    QTest::newRow("property without key") << "property:" << 0 << "";
}

void TestSavedViewStore::groupingSpecRoundTrips()
{
    QFETCH(QString, spec);
    QFETCH(int, levels);
    QFETCH(QString, normalised);
    const QList<FleetTreeModel::Level> parsed = FleetTreeModel::levelsFromSpec(spec);
    QCOMPARE(parsed.size(), levels);
    QCOMPARE(FleetTreeModel::levelsToSpec(parsed), normalised);
}

QTEST_GUILESS_MAIN(TestSavedViewStore)
#include "tst_savedviewstore.moc"
