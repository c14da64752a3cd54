// The demo's private folders: a demo that was killed or crashed leaves its
// folder (with throwaway tokens) behind; the next demo removes the folders of
// processes that are gone, and nothing else.

#include "demoruntimedir.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope;

namespace {

bool makeFolder(const QDir &runtime, const QString &name, const QByteArray &owner)
{
    if (!runtime.mkpath(name))
        return false;
    QFile token(QDir(runtime.filePath(name)).filePath(QStringLiteral("providers.json")));
    if (!token.open(QIODevice::WriteOnly) || token.write("{\"token\":\"secret\"}") < 0)
        return false;
    token.close();
    if (owner.isNull())
        return true;
    QFile file(QDir(runtime.filePath(name)).filePath(QStringLiteral("owner.pid")));
    return file.open(QIODevice::WriteOnly) && file.write(owner) == owner.size();
}

} // namespace

class TestDemoRuntimeDir final : public QObject
{
    Q_OBJECT

private slots:
    void removesOnlyTheFoldersOfEndedDemos();
    void aNewFolderNamesItsProcessAndGoesWithIt();
};

void TestDemoRuntimeDir::removesOnlyTheFoldersOfEndedDemos()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QDir runtime(dir.path());
    QProcess ended;
    ended.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("echo $$")});
    QVERIFY(ended.waitForFinished(10000));
    const QByteArray gone = ended.readAllStandardOutput().trimmed();
    QVERIFY(!gone.isEmpty());
    QVERIFY(makeFolder(runtime, QStringLiteral("fleetscope-demo-AbC123"), gone));
    QVERIFY(makeFolder(runtime, QStringLiteral("fleetscope-demo-Live01"), QByteArray::number(QCoreApplication::applicationPid())));
    QVERIFY(makeFolder(runtime, QStringLiteral("fleetscope-demo-NoPid1"), QByteArray()));
    QVERIFY(makeFolder(runtime, QStringLiteral("fleetscope-demo-Garble"), "not a pid"));
    // Another prefix's folder, even of an ended process, is not this prefix's to remove.
    QVERIFY(makeFolder(runtime, QStringLiteral("fleetscope-demo-members-XyZ789"), gone));
    QVERIFY(makeFolder(runtime, QStringLiteral("someone-else-Qwerty"), gone));

    QCOMPARE(DemoRuntimeDir::removeLeftovers(runtime.path(), QStringLiteral("fleetscope-demo")), 1);
    QStringList left = runtime.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    left.sort();
    QCOMPARE(left, (QStringList{QStringLiteral("fleetscope-demo-Garble"), QStringLiteral("fleetscope-demo-Live01"),
                                QStringLiteral("fleetscope-demo-NoPid1"), QStringLiteral("fleetscope-demo-members-XyZ789"),
                                QStringLiteral("someone-else-Qwerty")}));
    QCOMPARE(DemoRuntimeDir::removeLeftovers(runtime.path(), QStringLiteral("fleetscope-demo-members")), 1);
    QVERIFY(!runtime.exists(QStringLiteral("fleetscope-demo-members-XyZ789")));
}

void TestDemoRuntimeDir::aNewFolderNamesItsProcessAndGoesWithIt()
{
    QStandardPaths::setTestModeEnabled(true);
    QString path;
    {
        DemoRuntimeDir folder(QStringLiteral("fleetscope-demo-test"));
        QVERIFY2(folder.isValid(), qPrintable(folder.errorString()));
        path = folder.path();
        QVERIFY(path.startsWith(QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation)));
        QCOMPARE(QFile::permissions(path) & (QFile::ReadGroup | QFile::ReadOther | QFile::ExeOther), QFile::Permissions());
        QFile owner(folder.filePath(QStringLiteral("owner.pid")));
        QVERIFY(owner.open(QIODevice::ReadOnly));
        QCOMPARE(owner.readAll(), QByteArray::number(QCoreApplication::applicationPid()));
        // A second demo of this process leaves the first alone: its process lives.
        DemoRuntimeDir second(QStringLiteral("fleetscope-demo-test"));
        QVERIFY(QFileInfo::exists(path));
    }
    QVERIFY(!QFileInfo::exists(path));
}

QTEST_GUILESS_MAIN(TestDemoRuntimeDir)
#include "tst_demoruntimedir.moc"
