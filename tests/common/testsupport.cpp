#include "testsupport.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTimer>
#include <QTest>

#include <algorithm>

// Defined by ASan's runtime when the program links it; null otherwise.
extern "C" int __asan_address_is_poisoned(const volatile void *address) __attribute__((weak));

namespace fleetscope::testing {

bool underAddressSanitizer()
{
    return __asan_address_is_poisoned != nullptr;
}

int slowdown()
{
    return std::max(1, qEnvironmentVariableIntValue("FLEETSCOPE_TEST_SLOWDOWN"));
}

bool writeTestFile(const QString &path, const QByteArray &text, bool executable)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        return false;
    file.close();
    return !executable || file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

bool writeRefusedKubeconfig(const QString &path, const QString &context, const QByteArray &token)
{
    // A port that was free a moment ago: nothing listens there once the server closes.
    QTcpServer closed;
    if (!closed.listen(QHostAddress::LocalHost))
        return false;
    const quint16 port = closed.serverPort();
    closed.close();
    const QByteArray name = context.toUtf8();
    return writeTestFile(path, "apiVersion: v1\nkind: Config\ncurrent-context: " + name + "\nclusters:\n- name: " + name
                                   + "\n  cluster:\n    server: https://127.0.0.1:" + QByteArray::number(port)
                                   + "\ncontexts:\n- name: " + name + "\n  context:\n    cluster: " + name
                                   + "\n    user: " + name + "\nusers:\n- name: " + name + "\n  user:\n    token: " + token
                                   + "\n");
}

QString fixturePath(const QString &relative)
{
    const QString root = qEnvironmentVariable("FLEETSCOPE_FIXTURES");
    if (root.isEmpty())
        qFatal("FLEETSCOPE_FIXTURES is not set: run the tests through ctest");
    return QDir(root).filePath(relative);
}

QByteArray readFixture(const QString &relative)
{
    QFile file(fixturePath(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read fixture %s: %s", qPrintable(file.fileName()), qPrintable(file.errorString()));
    return file.readAll();
}

QString builtExecutable(const QString &relativeToBuildDir)
{
    const QString root = qEnvironmentVariable("FLEETSCOPE_BINARY_DIR");
    if (root.isEmpty())
        qFatal("FLEETSCOPE_BINARY_DIR is not set: run the tests through ctest");
    return QDir(root).filePath(relativeToBuildDir);
}

namespace {

QProcessEnvironment environmentWith(const QStringList &environment)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &entry : environment) {
        const qsizetype eq = entry.indexOf(u'=');
        const QString name = entry.left(eq);
        const QString value = entry.mid(eq + 1);
        if (value.isEmpty())
            env.remove(name);
        else
            env.insert(name, value);
    }
    return env;
}

} // namespace

ProcessResult runProcess(const QString &program, const QStringList &arguments,
                         const QStringList &environment, int deadlineMs, const QByteArray &stdinData)
{
    ProcessResult result;
    QProcess process;
    process.setProcessEnvironment(environmentWith(environment));
    process.start(program, arguments);
    result.started = process.waitForStarted(deadlineMs);
    if (!result.started)
        return result;
    if (!stdinData.isEmpty())
        process.write(stdinData);
    process.closeWriteChannel();
    result.finished = process.waitForFinished(deadlineMs);
    if (!result.finished) {
        process.kill();
        process.waitForFinished(1000);
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

ProcessResult runProcessUntil(const QString &program, const QStringList &arguments, const QStringList &environment,
                              int deadlineMs, const std::function<bool(const ProcessResult &)> &enough)
{
    ProcessResult result;
    QProcess process;
    process.setProcessEnvironment(environmentWith(environment));
    QEventLoop loop;
    bool seenEnough = false;
    const auto check = [&] {
        result.out += process.readAllStandardOutput();
        result.err += process.readAllStandardError();
        if (!seenEnough && enough(result)) {
            seenEnough = true;
            loop.quit();
        }
    };
    QObject::connect(&process, &QProcess::readyReadStandardOutput, &loop, check);
    QObject::connect(&process, &QProcess::readyReadStandardError, &loop, check);
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, [&](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            loop.quit();
    });
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    process.start(program, arguments);
    process.closeWriteChannel();
    deadline.start(deadlineMs);
    loop.exec();
    result.started = process.error() != QProcess::FailedToStart;
    if (process.state() != QProcess::NotRunning) {
        // Ended as a user ends a watch: SIGTERM, then SIGKILL if it does not go.
        process.terminate();
        if (!process.waitForFinished(5000)) {
            process.kill();
            process.waitForFinished(1000);
        }
    } else {
        result.finished = true;
    }
    result.exitCode = result.finished && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out += process.readAllStandardOutput();
    result.err += process.readAllStandardError();
    return result;
}

QString kubectlProblem()
{
    static const QString problem = [] {
        const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (kubectl.isEmpty())
            return QStringLiteral("kubectl is not on PATH (needs 1.24 or newer; Debian 12's kubernetes-client is 1.20)");
        const ProcessResult r = runProcess(kubectl, {QStringLiteral("version"), QStringLiteral("--client"),
                                                     QStringLiteral("-o"), QStringLiteral("json")});
        // {"clientVersion": {"major": "1", "minor": "32+", ...}}
        static const QRegularExpression minor(QStringLiteral("\"minor\"\\s*:\\s*\"(\\d+)"));
        const QRegularExpressionMatch match = minor.match(QString::fromUtf8(r.out));
        if (r.exitCode != 0 || !match.hasMatch())
            return QStringLiteral("%1 does not say its version: %2").arg(kubectl, QString::fromUtf8(r.err.left(200)));
        if (match.captured(1).toInt() < 24)
            return QStringLiteral("%1 is 1.%2; the tests need 1.24 or newer").arg(kubectl, match.captured(1));
        return QString();
    }();
    return problem;
}

QString pythonClientProblem()
{
    static const QString problem = [] {
        const QString python = QStringLiteral("/usr/bin/python3");
        if (!QFile::exists(python))
            return QStringLiteral("/usr/bin/python3 is missing");
        const ProcessResult r = runProcess(python, {QStringLiteral("-c"), QStringLiteral("import kubernetes")});
        if (r.exitCode != 0)
            return QStringLiteral("python3-kubernetes is not installed (apt install python3-kubernetes)");
        return QString();
    }();
    return problem;
}

} // namespace fleetscope::testing
