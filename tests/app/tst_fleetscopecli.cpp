// The `fleetscope` executable's command-line contract.

#include "fleetscope_version.h"
#include "testsupport.h"

#include <QTest>

using namespace fleetscope::testing;

class TestFleetscopeCli final : public QObject
{
    Q_OBJECT

private slots:
    void printsVersionWithoutDisplay();
    void printsHelp();
};

void TestFleetscopeCli::printsVersionWithoutDisplay()
{
    // No platform plugin at all: --version must not need one.
    const ProcessResult r = runProcess(builtExecutable(QStringLiteral("app/fleetscope/fleetscope")),
                                       {QStringLiteral("--version")},
                                       {QStringLiteral("QT_QPA_PLATFORM=none-such"), QStringLiteral("DISPLAY=")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.trimmed(), QByteArray("fleetscope " FLEETSCOPE_VERSION));
}

void TestFleetscopeCli::printsHelp()
{
    const ProcessResult r = runProcess(builtExecutable(QStringLiteral("app/fleetscope/fleetscope")),
                                       {QStringLiteral("--help")}, {QStringLiteral("DISPLAY=")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("Usage:"), r.out.constData());
    QVERIFY2(r.out.contains("--version"), r.out.constData());
}

QTEST_GUILESS_MAIN(TestFleetscopeCli)
#include "tst_fleetscopecli.moc"
