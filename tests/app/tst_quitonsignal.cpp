// The dashboard ends on SIGTERM / SIGINT / SIGHUP (logout, kill, Ctrl+C) the way
// it ends when its window closes: exit code 0, and what it keeps on disk (the
// last-known fleet) written, instead of dying with the last minutes lost.

#include "hubprocess.h"
#include "testsupport.h"

#include <QDeadlineTimer>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <csignal>

using namespace fleetscope::testing;

class TestQuitOnSignal final : public QObject
{
    Q_OBJECT

private slots:
    void endsCleanlyAndSavesTheFleet_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGINT") << int(SIGINT);
        QTest::newRow("SIGHUP") << int(SIGHUP);
    }
    void endsCleanlyAndSavesTheFleet()
    {
        QFETCH(int, signal);
        HubProcess hub({QStringLiteral("--generate"), QStringLiteral("30")}, QStringLiteral("east"));
        QString error;
        QVERIFY2(hub.start(&error), qPrintable(error));
        QTemporaryDir home;
        QVERIFY(home.isValid());
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CACHE_HOME"), home.filePath(QStringLiteral("cache")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        gui.setProcessEnvironment(env);
        gui.setReadChannel(QProcess::StandardError);
        gui.start(builtExecutable(QStringLiteral("app/fleetscope/fleetscope")),
                  {QStringLiteral("--kubeconfig"), hub.kubeconfigPath(), QStringLiteral("-v"), QStringLiteral("2")});
        QVERIFY(gui.waitForStarted(10000));
        // Wait until the window holds the hub's fleet (logged at -v 2 on the GUI thread).
        QByteArray log;
        QDeadlineTimer deadline(60000);
        while (!log.contains("window has every hub's answer: 30 profiles") && gui.state() == QProcess::Running && !deadline.hasExpired()) {
            gui.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
            log += gui.readAllStandardError();
        }
        QVERIFY2(log.contains("window has every hub's answer: 30 profiles"), log.constData());

        ::kill(pid_t(gui.processId()), signal);
        QVERIFY(gui.waitForFinished(30000));
        QCOMPARE(gui.exitStatus(), QProcess::NormalExit);
        QCOMPARE(gui.exitCode(), 0);

        // The fleet cache holds the hub's 30 profiles.
        QDirIterator files(home.filePath(QStringLiteral("cache")), {QStringLiteral("*.json")}, QDir::Files,
                           QDirIterator::Subdirectories);
        QVERIFY2(files.hasNext(), "no fleet cache written");
        QFile cache(files.next());
        QVERIFY(cache.open(QIODevice::ReadOnly));
        QCOMPARE(cache.permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
        const nlohmann::json saved = nlohmann::json::parse(cache.readAll().toStdString(), nullptr, false);
        QVERIFY(saved.is_object());
        QCOMPARE(saved["hub"].get<std::string>(), std::string("east"));
        QCOMPARE(saved["profiles"].size(), size_t(30));
    }
};

QTEST_GUILESS_MAIN(TestQuitOnSignal)
#include "tst_quitonsignal.moc"
