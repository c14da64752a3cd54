// The private files of a connect: 0600 in 0700 directories, gone with the session.

#include "connect/connectsession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace fleetscope;

namespace {

constexpr QFile::Permissions ownerMask = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;
constexpr QFile::Permissions othersMask = QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther
    | QFile::WriteOther | QFile::ExeOther;

QFile::Permissions mode(const QString &path)
{
    // QFileInfo reports the user's effective rights as ReadUser & co.; keep the owner and others bits only.
    return QFileInfo(path).permissions() & (ownerMask | othersMask);
}

} // namespace

class TestConnectSession final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void writesPrivateFileUnderRuntimeDir();
    void removedWithTheSession();
    void saveAsIsPrivateAndSurvives();
    void saveAsTightensAnExistingFile();
    void rewriteKeepsThePath();
    void fallsBackToTempWithoutRuntimeDir();
    void saveAsBeforeWriteFails();

private:
    QTemporaryDir m_runtime;
};

void TestConnectSession::initTestCase()
{
    QVERIFY(m_runtime.isValid());
    QVERIFY(QFile::setPermissions(m_runtime.path(), ownerMask));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
    ::umask(022); // a usual umask: the session must not rely on a strict one
}

void TestConnectSession::writesPrivateFileUnderRuntimeDir()
{
    ConnectSession session;
    QString error;
    QVERIFY2(session.write("apiVersion: v1\n", &error), qPrintable(error));
    const QString path = session.kubeconfigPath();
    QVERIFY(path.startsWith(m_runtime.path() + QStringLiteral("/fleetscope/fleetscope-connect-")));
    QCOMPARE(mode(path), QFile::ReadOwner | QFile::WriteOwner);
    QCOMPARE(mode(session.directory()), ownerMask);
    QCOMPARE(mode(m_runtime.path() + QStringLiteral("/fleetscope")), ownerMask);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("apiVersion: v1\n"));
}

void TestConnectSession::removedWithTheSession()
{
    QString path;
    QString dir;
    {
        ConnectSession session;
        QString error;
        QVERIFY(session.write("x", &error));
        path = session.kubeconfigPath();
        dir = session.directory();
        QVERIFY(QFile::exists(path));
    }
    QVERIFY(!QFile::exists(path));
    QVERIFY(!QFileInfo::exists(dir));
}

void TestConnectSession::saveAsIsPrivateAndSurvives()
{
    QTemporaryDir target;
    const QString saved = target.filePath(QStringLiteral("member.kubeconfig"));
    {
        ConnectSession session;
        QString error;
        QVERIFY(session.write("content", &error));
        QVERIFY2(session.saveAs(saved, &error), qPrintable(error));
        QCOMPARE(mode(saved), QFile::ReadOwner | QFile::WriteOwner);
    }
    QFile f(saved);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("content"));
}

void TestConnectSession::saveAsTightensAnExistingFile()
{
    QTemporaryDir target;
    const QString saved = target.filePath(QStringLiteral("existing"));
    QFile old(saved);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("old");
    old.close();
    QVERIFY(QFile::setPermissions(saved, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
    ConnectSession session;
    QString error;
    QVERIFY(session.write("new", &error));
    QVERIFY(session.saveAs(saved, &error));
    QCOMPARE(mode(saved), QFile::ReadOwner | QFile::WriteOwner);
}

void TestConnectSession::rewriteKeepsThePath()
{
    ConnectSession session;
    QString error;
    QVERIFY(session.write("one", &error));
    const QString path = session.kubeconfigPath();
    QVERIFY(session.write("two", &error));
    QCOMPARE(session.kubeconfigPath(), path);
    QCOMPARE(mode(path), QFile::ReadOwner | QFile::WriteOwner);
}

void TestConnectSession::fallsBackToTempWithoutRuntimeDir()
{
    // A runtime dir that is a file cannot hold our directory: the temp dir is used instead.
    QTemporaryDir scratch;
    const QString notADir = scratch.filePath(QStringLiteral("runtime"));
    QDir().mkpath(notADir);
    QFile::setPermissions(notADir, ownerMask);
    QFile blocker(notADir + QStringLiteral("/fleetscope"));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const QByteArray saved = qgetenv("XDG_RUNTIME_DIR");
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(notADir));
    qputenv("TMPDIR", QFile::encodeName(scratch.path()));
    {
        ConnectSession session;
        QString error;
        QVERIFY2(session.write("x", &error), qPrintable(error));
        QVERIFY(session.kubeconfigPath().startsWith(QDir(scratch.path()).canonicalPath() + QStringLiteral("/fleetscope-connect-"))
                || session.kubeconfigPath().startsWith(scratch.path() + QStringLiteral("/fleetscope-connect-")));
        QCOMPARE(mode(session.directory()), ownerMask);
        QCOMPARE(mode(session.kubeconfigPath()), QFile::ReadOwner | QFile::WriteOwner);
    }
    qputenv("XDG_RUNTIME_DIR", saved);
    qunsetenv("TMPDIR");
}

void TestConnectSession::saveAsBeforeWriteFails()
{
    ConnectSession session;
    QString error;
    QVERIFY(!session.saveAs(QStringLiteral("/tmp/never"), &error));
    QCOMPARE(error, QStringLiteral("there is no kubeconfig to save yet"));
    QVERIFY(session.kubeconfigPath().isEmpty());
}

QTEST_GUILESS_MAIN(TestConnectSession)
#include "tst_connectsession.moc"
