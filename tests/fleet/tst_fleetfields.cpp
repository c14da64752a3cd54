// The field table is the one place a fleet fact is declared: each field is a
// column of the cluster table with its header, a printed column of `fleetscope
// list` under its key, and, when filterable, a filter key that finds exactly the
// rows showing a value, with that value offered by completion. Checked for every
// field over the producers' fleet (OCM, KubeFleet, GKE, both API versions).

#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/filter/filtercompleter.h"
#include "fleet/filter/filtervalueindex.h"
#include "fleet/itemmodels/fleetfields.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/output/fleetprinter.h"
#include "fleet/store/fleetstore.h"
#include "producerfleet.h"

#include <QAbstractItemModelTester>
#include <QSet>
#include <QTest>

using namespace fleetscope;

namespace {

QString quoted(QString value)
{
    value.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    return u'"' + value + u'"';
}

} // namespace

class TestFleetFields : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void keysAreUniqueInAnyCase();
    void namedColumnsAreTheirFields();
    void everyFieldIsAColumnAndAPrintedColumn();
    void filterKeysFindTheRowsShowingAValue_data();
    void filterKeysFindTheRowsShowingAValue();
    void completionOffersWhatTheRowsShow();

private:
    FleetStore m_store;
};

void TestFleetFields::initTestCase()
{
    testing::fillProducerFleet(&m_store);
    // No producer writes a node count yet (clusterprofile-api.md §8); a lab hub's
    // profile does, so that every field shows a value somewhere.
    const nlohmann::json lab = nlohmann::json::parse(R"({
        "apiVersion": "multicluster.x-k8s.io/v1alpha1", "kind": "ClusterProfile",
        "metadata": {"name": "lab-1", "namespace": "lab"},
        "spec": {"clusterManager": {"name": "kind"}},
        "status": {"properties": [{"name": "count.node.k8s.io", "value": "3"}]}})");
    m_store.applyDelta(m_store.addHub(QStringLiteral("lab")), testing::deltaOf({lab}, QString(), QStringLiteral("lab")));
    QVERIFY(m_store.profileCount() >= 10);
}

void TestFleetFields::keysAreUniqueInAnyCase()
{
    QSet<QString> seen;
    for (int i = 0; i < fleetFieldCount(); ++i) {
        const FleetField &field = fleetField(i);
        for (const char16_t *spelling : {field.key, field.alias}) {
            if (!spelling)
                continue;
            const QString key = QString::fromUtf16(spelling).toLower();
            QVERIFY2(!seen.contains(key), qPrintable(key));
            seen.insert(key);
            QCOMPARE(fleetFieldIndex(QString::fromUtf16(spelling).toUpper()), i);
        }
    }
    QCOMPARE(fleetFieldIndex(u"no-such-field"), -1);
}

void TestFleetFields::namedColumnsAreTheirFields()
{
    // The views treat these columns specially (icons, widths, hiding): each name
    // must stay the field it says.
    const std::pair<int, const char16_t *> named[] = {
        {ClusterTableModel::NameColumn, u"name"},
        {ClusterTableModel::DisplayNameColumn, u"displayName"},
        {ClusterTableModel::HubColumn, u"hub"},
        {ClusterTableModel::NamespaceColumn, u"namespace"},
        {ClusterTableModel::ClusterSetColumn, u"clusterset"},
        {ClusterTableModel::ManagerColumn, u"manager"},
        {ClusterTableModel::VersionColumn, u"version"},
        {ClusterTableModel::ControlPlaneHealthyColumn, u"controlplane"},
        {ClusterTableModel::JoinedColumn, u"joined"},
        {ClusterTableModel::LocationColumn, u"location"},
        {ClusterTableModel::NodesColumn, u"nodes"},
        {ClusterTableModel::LastTransitionColumn, u"lastTransition"},
        {ClusterTableModel::HealthColumn, u"health"},
    };
    for (const auto &[column, key] : named)
        QCOMPARE(QString::fromUtf16(fleetField(column).key), QString::fromUtf16(key));
}

void TestFleetFields::everyFieldIsAColumnAndAPrintedColumn()
{
    ClusterTableModel model(&m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.columnCount(), fleetFieldCount());
    const QList<PrintColumn> &printed = FleetPrinter::columns();
    QCOMPARE(printed.size(), fleetFieldCount());
    for (int i = 0; i < fleetFieldCount(); ++i) {
        const FleetField &field = fleetField(i);
        QCOMPARE(model.headerData(i, Qt::Horizontal).toString(), QString::fromLatin1(field.title));
        const auto it = std::find_if(printed.cbegin(), printed.cend(),
                                     [&](const PrintColumn &c) { return c.id == QString::fromUtf16(field.key); });
        QVERIFY2(it != printed.cend(), qPrintable(QString::fromUtf16(field.key)));
        QCOMPARE(it->header, QString::fromLatin1(field.printHeader));
        QCOMPARE(it->priority, field.printPriority);
        // A cell reads the same on screen and in print (the table says <none> for nothing).
        for (int row = 0; row < model.rowCount(); ++row) {
            FleetPrinter printer(m_store, FleetPrinter::Format::Table, 0);
            TablePrinter table(FleetPrinter::columns());
            table.setCustomColumns({CustomColumn(QStringLiteral("X"), int(it - printed.cbegin()))});
            table.setNoHeaders(true);
            printer.setTable(table);
            model.setNow(1);
            printer.setNow(1);
            const QString shown = i == ClusterTableModel::ClusterSetColumn && m_store.profileAt(row).clusterSet.isEmpty()
                ? QString()
                : model.index(row, i).data().toString();
            QCOMPARE(QString::fromUtf8(printer.render(QList<int>{row})).trimmed(),
                     shown.isEmpty() ? QStringLiteral("<none>") : shown);
        }
    }
}

void TestFleetFields::filterKeysFindTheRowsShowingAValue_data()
{
    QTest::addColumn<int>("field");
    for (int i = 0; i < fleetFieldCount(); ++i) {
        if (fleetField(i).filterable)
            QTest::newRow(qPrintable(QString::fromUtf16(fleetField(i).key))) << i;
    }
}

void TestFleetFields::filterKeysFindTheRowsShowingAValue()
{
    QFETCH(int, field);
    const FleetField &spec = fleetField(field);
    QMultiHash<QString, int> rowsOf;
    for (int row = 0; row < m_store.profileCount(); ++row) {
        const FleetProfile &p = m_store.profileAt(row);
        const QString text = spec.text(p, m_store.hubName(p.hub), 0);
        if (!text.isEmpty())
            rowsOf.insert(text, row);
    }
    QVERIFY2(!rowsOf.isEmpty(), "the producers' fleet shows no value in this field");
    for (const QString &value : rowsOf.uniqueKeys()) {
        FilterError error;
        const QString text = QString::fromUtf16(spec.key) + u'=' + quoted(value);
        const FleetFilter filter = FleetFilter::compile(text, &error);
        QVERIFY2(!error.isError(), qPrintable(text + QStringLiteral(": ") + error.message));
        QList<int> matched;
        for (int row = 0; row < m_store.profileCount(); ++row) {
            if (filter.matches(m_store.profileAt(row), &m_store))
                matched.append(row);
        }
        QList<int> expected = rowsOf.values(value);
        std::sort(expected.begin(), expected.end());
        if (spec.filter == FilterField::Version) {
            // version=1.30 means every 1.30.x: the rows showing it are among those found.
            for (const int row : expected)
                QVERIFY2(matched.contains(row), qPrintable(text));
        } else {
            QCOMPARE(matched, expected);
        }
    }
}

void TestFleetFields::completionOffersWhatTheRowsShow()
{
    FilterValueIndex index(&m_store);
    for (int i = 0; i < fleetFieldCount(); ++i) {
        const FleetField &field = fleetField(i);
        if (!field.filterable || field.filter != FilterField::Column)
            continue;
        const QString key = QString::fromUtf16(field.key);
        const QStringList keys = FilterCompleter::completions(m_store, index, key.left(3), 3, 200).candidates;
        QVERIFY2(keys.contains(key), qPrintable(keys.join(u',')));
        const QString typed = key + u'=';
        const QStringList values = FilterCompleter::completions(m_store, index, typed, int(typed.size()), 500).candidates;
        for (const FleetProfile &row : m_store.profiles()) {
            const QString text = field.text(row, QString(), 0);
            if (!text.isEmpty())
                QVERIFY2(values.contains(text) || values.contains(quoted(text)), qPrintable(key + u' ' + text));
        }
    }
}

QTEST_GUILESS_MAIN(TestFleetFields)
#include "tst_fleetfields.moc"
