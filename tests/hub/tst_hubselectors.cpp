// Label and field selectors as the apiserver parses them.
#include "selectors.h"

#include <QtTest>

using fleetscope::hub::FieldSelector;
using fleetscope::hub::LabelSelector;

class TestHubSelectors : public QObject
{
    Q_OBJECT

private slots:
    void labelSelector_data();
    void labelSelector();
    void labelSelectorErrors_data();
    void labelSelectorErrors();
    void fieldSelector_data();
    void fieldSelector();
    void unknownFieldIsRejected();
};

void TestHubSelectors::labelSelector_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<QString>("labels"); // JSON
    QTest::addColumn<bool>("matches");

    const QString labels = QStringLiteral(R"({"env":"prod","tier":"web","x-k8s.io/cluster-manager":"ocm"})");
    QTest::newRow("empty") << QString() << labels << true;
    QTest::newRow("equals") << QStringLiteral("env=prod") << labels << true;
    QTest::newRow("double equals") << QStringLiteral("env==prod") << labels << true;
    QTest::newRow("equals other") << QStringLiteral("env=dev") << labels << false;
    QTest::newRow("not equals") << QStringLiteral("env!=dev") << labels << true;
    QTest::newRow("not equals missing key") << QStringLiteral("zone!=a") << labels << true;
    QTest::newRow("in") << QStringLiteral("env in (dev, prod)") << labels << true;
    QTest::newRow("in miss") << QStringLiteral("env in (dev,qa)") << labels << false;
    QTest::newRow("notin") << QStringLiteral("env notin (dev,qa)") << labels << true;
    QTest::newRow("notin hit") << QStringLiteral("env notin (prod)") << labels << false;
    QTest::newRow("exists") << QStringLiteral("tier") << labels << true;
    QTest::newRow("exists miss") << QStringLiteral("zone") << labels << false;
    QTest::newRow("does not exist") << QStringLiteral("!zone") << labels << true;
    QTest::newRow("does not exist hit") << QStringLiteral("!tier") << labels << false;
    QTest::newRow("prefixed key") << QStringLiteral("x-k8s.io/cluster-manager=ocm") << labels << true;
    QTest::newRow("and") << QStringLiteral("env=prod,tier in (web),!zone") << labels << true;
    QTest::newRow("and one fails") << QStringLiteral("env=prod,tier=db") << labels << false;
    QTest::newRow("no labels") << QStringLiteral("env=prod") << QStringLiteral("null") << false;
    QTest::newRow("no labels, negative") << QStringLiteral("!env") << QStringLiteral("null") << true;
}

void TestHubSelectors::labelSelector()
{
    QFETCH(QString, selector);
    QFETCH(QString, labels);
    QFETCH(bool, matches);
    LabelSelector s;
    std::string error;
    QVERIFY2(s.parse(selector.toStdString(), &error), error.c_str());
    QCOMPARE(s.matches(nlohmann::json::parse(labels.toStdString())), matches);
}

void TestHubSelectors::labelSelectorErrors_data()
{
    QTest::addColumn<QString>("selector");
    QTest::newRow("unbalanced") << QStringLiteral("env in (a,b");
    QTest::newRow("bad operator") << QStringLiteral("env within (a)");
    QTest::newRow("bad key") << QStringLiteral("e nv=a");
    QTest::newRow("bad value") << QStringLiteral("env=a b");
    QTest::newRow("empty term") << QStringLiteral("env=a,,b=c");
}

void TestHubSelectors::labelSelectorErrors()
{
    QFETCH(QString, selector);
    LabelSelector s;
    std::string error;
    QVERIFY(!s.parse(selector.toStdString(), &error));
    QVERIFY(!error.empty());
}

void TestHubSelectors::fieldSelector_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<bool>("matches");
    QTest::addColumn<QString>("pinned");
    QTest::newRow("empty") << QString() << true << QString();
    QTest::newRow("name") << QStringLiteral("metadata.name=c1") << true << QStringLiteral("c1");
    QTest::newRow("name double") << QStringLiteral("metadata.name==c1") << true << QStringLiteral("c1");
    QTest::newRow("name other") << QStringLiteral("metadata.name=c2") << false << QStringLiteral("c2");
    QTest::newRow("name not") << QStringLiteral("metadata.name!=c2") << true << QString();
    QTest::newRow("namespace") << QStringLiteral("metadata.namespace=fleet") << true << QString();
    QTest::newRow("both") << QStringLiteral("metadata.namespace=fleet,metadata.name=c1") << true
                          << QStringLiteral("c1");
    QTest::newRow("both, one off") << QStringLiteral("metadata.namespace=other,metadata.name=c1") << false
                                   << QStringLiteral("c1");
}

void TestHubSelectors::fieldSelector()
{
    QFETCH(QString, selector);
    QFETCH(bool, matches);
    QFETCH(QString, pinned);
    const nlohmann::json object = {{"metadata", {{"name", "c1"}, {"namespace", "fleet"}}}};
    FieldSelector s;
    std::string error;
    QVERIFY2(s.parse(selector.toStdString(), {"metadata.name", "metadata.namespace"}, &error), error.c_str());
    QCOMPARE(s.matches(object), matches);
    QCOMPARE(QString::fromStdString(s.pinnedName()), pinned);
}

void TestHubSelectors::unknownFieldIsRejected()
{
    FieldSelector s;
    std::string error;
    QVERIFY(!s.parse("spec.displayName=x", {"metadata.name", "metadata.namespace"}, &error));
    QCOMPARE(QString::fromStdString(error),
             QStringLiteral(R"("spec.displayName" is not a known field selector: only "metadata.name", "metadata.namespace")"));
}

QTEST_GUILESS_MAIN(TestHubSelectors)
#include "tst_hubselectors.moc"
