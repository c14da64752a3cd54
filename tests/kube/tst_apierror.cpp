// What the engine makes of an API server's error answers.

#include "kube/apierror.h"

#include <QTest>

using namespace fleetscope;

class TestApiError final : public QObject
{
    Q_OBJECT

private slots:
    void fromHttp_data();
    void fromHttp();
    void watchErrorEvent();
    void retryAfter_data();
    void retryAfter();
};

void TestApiError::fromHttp_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("retryAfter");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("expired");
    QTest::addColumn<qint64>("retryAfterMs");

    QTest::newRow("403 Status")
        << 403
        << QByteArray(R"({"kind":"Status","apiVersion":"v1","status":"Failure","message":"clusterprofiles.multicluster.x-k8s.io is forbidden: User \"jane\" cannot list resource \"clusterprofiles\" in API group \"multicluster.x-k8s.io\" at the cluster scope","reason":"Forbidden","code":403})")
        << QByteArray()
        << R"(Forbidden (403): clusterprofiles.multicluster.x-k8s.io is forbidden: User "jane" cannot list resource "clusterprofiles" in API group "multicluster.x-k8s.io" at the cluster scope)"
        << false << qint64(-1);
    QTest::newRow("410 expired continue")
        << 410 << QByteArray(R"({"kind":"Status","status":"Failure","message":"The provided continue parameter is too old","reason":"Expired","code":410})")
        << QByteArray() << "Expired (410): The provided continue parameter is too old" << true << qint64(-1);
    QTest::newRow("429 from APF, plain text")
        << 429 << QByteArray("Too many requests, please try again later.\n") << QByteArray("3")
        << "TooManyRequests (429): Too many requests, please try again later." << false << qint64(3000);
    QTest::newRow("503 with retryAfterSeconds in details")
        << 503 << QByteArray(R"({"kind":"Status","message":"etcd is unhappy","reason":"ServiceUnavailable","details":{"retryAfterSeconds":2},"code":503})")
        << QByteArray() << "ServiceUnavailable (503): etcd is unhappy" << false << qint64(2000);
    QTest::newRow("502 HTML from a proxy, excerpt only")
        << 502 << QByteArray("<html><body>" + QByteArray(1000, 'x') + "</body></html>") << QByteArray()
        << "HTTP 502: <html><body>" + QString(288, u'x') + QChar(0x2026) << false << qint64(-1);
    QTest::newRow("401 without body") << 401 << QByteArray() << QByteArray() << "Unauthorized (401)" << false
                                      << qint64(-1);
}

void TestApiError::fromHttp()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, retryAfter);
    const ApiError error = ApiError::fromHttp(status, body, retryAfter);
    QTEST(error.toString(), "text");
    QTEST(error.isExpired(), "expired");
    QTEST(error.retryAfterMs, "retryAfterMs");
}

void TestApiError::watchErrorEvent()
{
    const auto status = nlohmann::json::parse(
        R"J({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 1000 (2000)","reason":"Expired","code":410})J");
    const ApiError error = ApiError::fromStatusObject(status);
    QVERIFY(error.isExpired());
    QCOMPARE(error.httpStatus, 410);
    QCOMPARE(error.kind, ApiError::Kind::WatchError);
    // Servers up to 1.17 said Gone.
    QVERIFY(ApiError::fromStatusObject(nlohmann::json::parse(R"({"reason":"Gone"})")).isExpired());
    QVERIFY(!ApiError::fromStatusObject(nlohmann::json::parse(R"({"code":500,"reason":"InternalError"})")).isExpired());
}

void TestApiError::retryAfter_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("seconds") << QByteArray("1") << qint64(1000);
    QTest::newRow("spaces") << QByteArray(" 7 ") << qint64(7000);
    QTest::newRow("absent") << QByteArray() << qint64(-1);
    QTest::newRow("garbage") << QByteArray("soon") << qint64(-1);
    QTest::newRow("negative") << QByteArray("-5") << qint64(-1);
    QTest::newRow("absurd is capped at an hour") << QByteArray("999999") << qint64(3'600'000);
    QTest::newRow("date in the past") << QByteArray("Wed, 21 Oct 2015 07:28:00 GMT") << qint64(0);
}

void TestApiError::retryAfter()
{
    QFETCH(QByteArray, header);
    QTEST(ApiError::fromHttp(429, QByteArray(), header).retryAfterMs, "ms");
}

QTEST_GUILESS_MAIN(TestApiError)
#include "tst_apierror.moc"
