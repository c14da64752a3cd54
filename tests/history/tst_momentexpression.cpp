// The times people give `list --at` and `diff --since/--until`.

#include "history/momentexpression.h"

#include <QTest>

using namespace fleetscope;

namespace {
constexpr qint64 now = 1'780'000'000'000; // 2026-05-28T20:26:40Z
constexpr qint64 minute = 60'000;
constexpr qint64 hour = 60 * minute;
} // namespace

class TstMomentExpression : public QObject
{
    Q_OBJECT

private slots:
    void parses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("now") << QStringLiteral("now") << now;
        QTest::newRow("two hours ago") << QStringLiteral("-2h") << now - 2 * hour;
        QTest::newRow("minutes") << QStringLiteral("-90m") << now - 90 * minute;
        QTest::newRow("seconds") << QStringLiteral("-45s") << now - 45'000;
        QTest::newRow("a day and a half") << QStringLiteral("-1d12h") << now - 36 * hour;
        QTest::newRow("a week") << QStringLiteral("-1w") << now - 7 * 24 * hour;
        QTest::newRow("spaces around") << QStringLiteral("  -30m ") << now - 30 * minute;
        QTest::newRow("RFC 3339") << QStringLiteral("2026-05-01T03:00:00Z") << qint64(1'777'604'400'000);
        QTest::newRow("with an offset") << QStringLiteral("2026-05-01T05:00:00+02:00") << qint64(1'777'604'400'000);
        QTest::newRow("fractions") << QStringLiteral("2026-05-01T03:00:00.250Z") << qint64(1'777'604'400'250);
    }

    void parses()
    {
        QFETCH(QString, text);
        QFETCH(qint64, expected);
        qint64 at = 0;
        QString error;
        QVERIFY2(parseMoment(text, now, &at, &error), qPrintable(error));
        QCOMPARE(at, expected);
    }

    void refuses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << QString();
        QTest::newRow("a word") << QStringLiteral("yesterday");
        QTest::newRow("no unit") << QStringLiteral("-5");
        QTest::newRow("no number") << QStringLiteral("-h");
        QTest::newRow("unknown unit") << QStringLiteral("-3y");
        QTest::newRow("the future") << QStringLiteral("+2h");
        QTest::newRow("date only") << QStringLiteral("2026-05-01");
        QTest::newRow("no zone") << QStringLiteral("2026-05-01T03:00:00");
        QTest::newRow("centuries") << QStringLiteral("-99999999999999999999h");
        QTest::newRow("more than ten years") << QStringLiteral("-4000d");
    }

    void refuses()
    {
        QFETCH(QString, text);
        qint64 at = 42;
        QString error;
        QVERIFY(!parseMoment(text, now, &at, &error));
        QCOMPARE(at, 42);
        QVERIFY2(error.contains(QLatin1String("RFC 3339")) && error.contains(QLatin1String("-2h")), qPrintable(error));
    }

    void formatsInUtc()
    {
        QCOMPARE(formatMoment(1'777'604'400'250), QStringLiteral("2026-05-01T03:00:00Z"));
    }
};

QTEST_GUILESS_MAIN(TstMomentExpression)
#include "tst_momentexpression.moc"
