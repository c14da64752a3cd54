#include "controlplaneprocess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTimer>
#include <QUrlQuery>

#include <csignal>

#include <sys/prctl.h>

namespace fleetscope::testing {
namespace {

// What a harness that failed wrote last: enough to see why, never a whole log.
QString tail(const QByteArray &text, qsizetype lines = 15)
{
    QList<QByteArray> all = text.trimmed().split('\n');
    if (all.size() > lines)
        all = all.mid(all.size() - lines);
    return QString::fromUtf8(all.join('\n'));
}

} // namespace

QString ControlPlaneProcess::unavailableReason()
{
    static const QString reason = [] {
        const QString bin = qEnvironmentVariable("FLEETSCOPE_CONTROLPLANE_BIN");
        const QString why = QStringLiteral("no real control plane: Go is not installed or tests/controlplane/build was not run");
        if (bin.isEmpty())
            return why;
        for (const char *name : {"fleetscope-controlplane", "kube-apiserver", "etcd"}) {
            if (!QFileInfo(QDir(bin).filePath(QString::fromLatin1(name))).isExecutable())
                return why + QStringLiteral(" (FLEETSCOPE_CONTROLPLANE_BIN=%1 has no %2)").arg(bin, QString::fromLatin1(name));
        }
        return QString();
    }();
    return reason;
}

ControlPlaneProcess::ControlPlaneProcess(const QStringList &apiserverArguments)
    : m_apiserverArguments(apiserverArguments)
{
}

ControlPlaneProcess::~ControlPlaneProcess()
{
    stop();
}

QString ControlPlaneProcess::harness() const
{
    return QDir(qEnvironmentVariable("FLEETSCOPE_CONTROLPLANE_BIN")).filePath(QStringLiteral("fleetscope-controlplane"));
}

bool ControlPlaneProcess::start(QString *error, int deadlineMs)
{
    if (const QString why = unavailableReason(); !why.isEmpty()) {
        *error = why;
        return false;
    }
    if (!m_dir.isValid()) {
        *error = QStringLiteral("no temporary folder: ") + m_dir.errorString();
        return false;
    }
    QStringList arguments{QStringLiteral("up"), QStringLiteral("--dir"), m_dir.path()};
    for (const QString &argument : std::as_const(m_apiserverArguments))
        arguments << QStringLiteral("--apiserver-arg=") + argument;
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    // A test that crashes or is killed by ctest's timeout never runs its
    // destructors: the harness then gets SIGTERM from the kernel and stops
    // kube-apiserver and etcd as it would have from stop().
    m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });

    // DIR/ready appears by a rename: the folder changes, and the file is then whole.
    QFileSystemWatcher watcher({m_dir.path()});
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    const QString ready = m_dir.filePath(QStringLiteral("ready"));
    QObject::connect(&watcher, &QFileSystemWatcher::directoryChanged, &loop, [&] {
        if (QFileInfo::exists(ready))
            loop.quit();
    });
    QObject::connect(&m_process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&m_process, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    m_process.start(harness(), arguments);
    deadline.start(deadlineMs);
    if (!QFileInfo::exists(ready))
        loop.exec();
    QObject::disconnect(&m_process, nullptr, &loop, nullptr);
    if (!QFileInfo::exists(ready)) {
        const QString what = m_process.state() == QProcess::NotRunning
            ? QStringLiteral("exited (%1)").arg(m_process.errorString())
            : QStringLiteral("was not ready within %1 s").arg(deadlineMs / 1000);
        *error = QStringLiteral("fleetscope-controlplane up %1:\n%2").arg(what, tail(m_process.readAll()));
        stop();
        return false;
    }
    if (!readReady(error)) {
        stop();
        return false;
    }
    m_network = std::make_unique<QNetworkAccessManager>();
    return true;
}

bool ControlPlaneProcess::readReady(QString *error)
{
    QFile file(m_dir.filePath(QStringLiteral("ready")));
    QJsonParseError parseError;
    const QJsonDocument document = file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll(), &parseError)
                                                                   : QJsonDocument();
    const QJsonObject ready = document.object();
    if (ready.value(u"format").toInt() != 1) {
        *error = QStringLiteral("%1: not a ready file of format 1 (%2)").arg(file.fileName(), parseError.errorString());
        return false;
    }
    m_server = ready.value(u"server").toString();
    m_caFile = ready.value(u"caFile").toString();
    m_harnessPid = ready.value(u"harnessPid").toInteger();
    const QJsonObject kubeconfigs = ready.value(u"kubeconfigs").toObject();
    for (auto it = kubeconfigs.begin(); it != kubeconfigs.end(); ++it)
        m_kubeconfigs.insert(it.key(), it.value().toString());
    const QJsonObject tokens = ready.value(u"tokens").toObject();
    for (auto it = tokens.begin(); it != tokens.end(); ++it)
        m_tokens.insert(it.key(), it.value().toString().toUtf8());
    const QJsonObject apiserver = ready.value(u"apiserver").toObject();
    m_apiserverPid = apiserver.value(u"pid").toInteger();
    m_restarts = apiserver.value(u"restarts").toInt();
    if (m_server.isEmpty() || m_caFile.isEmpty() || m_tokens.value(QStringLiteral("admin")).isEmpty()) {
        *error = file.fileName() + QStringLiteral(": no server, CA file or admin token");
        return false;
    }
    return true;
}

void ControlPlaneProcess::stop()
{
    m_network.reset();
    if (m_process.state() == QProcess::NotRunning)
        return;
    // SIGTERM: kube-apiserver, then etcd, stop; the harness removes its state.
    m_process.terminate();
    if (!m_process.waitForFinished(60000)) {
        // Its children die with it (PR_SET_PDEATHSIG).
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

bool ControlPlaneProcess::runHarness(const QStringList &arguments, QByteArray *out, QString *error, int deadlineMs) const
{
    QProcess process;
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    QStringList all{arguments.value(0), QStringLiteral("--dir"), m_dir.path()};
    all += arguments.mid(1);
    process.start(harness(), all);
    deadline.start(deadlineMs);
    loop.exec();
    QObject::disconnect(&process, nullptr, &loop, nullptr);
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished(5000);
        *error = QStringLiteral("fleetscope-controlplane %1 did not finish within %2 s")
                     .arg(arguments.value(0))
                     .arg(deadlineMs / 1000);
        return false;
    }
    const QByteArray stdOut = process.readAllStandardOutput();
    if (out)
        *out = stdOut;
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        *error = QStringLiteral("fleetscope-controlplane %1 failed (%2): %3")
                     .arg(arguments.value(0), process.errorString(), tail(process.readAllStandardError()));
        return false;
    }
    return true;
}

bool ControlPlaneProcess::compact(QString *error, qint64 *revision)
{
    QByteArray out;
    if (!runHarness({QStringLiteral("compact")}, &out, error))
        return false;
    if (revision)
        *revision = out.trimmed().toLongLong();
    return true;
}

bool ControlPlaneProcess::restartApiserver(QString *error)
{
    return runHarness({QStringLiteral("restart-apiserver")}, nullptr, error) && readReady(error);
}

bool ControlPlaneProcess::wipeEtcd(QString *error)
{
    return runHarness({QStringLiteral("wipe-etcd")}, nullptr, error) && readReady(error);
}

bool ControlPlaneProcess::revoke(QString *error)
{
    return runHarness({QStringLiteral("revoke")}, nullptr, error);
}

std::unique_ptr<QProcess> ControlPlaneProcess::startChurn(const QStringList &arguments) const
{
    auto process = std::make_unique<QProcess>();
    process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    process->start(harness(), QStringList{QStringLiteral("churn"), QStringLiteral("--dir"), m_dir.path()} + arguments);
    return process;
}

QString ControlPlaneProcess::Reply::describe() const
{
    if (status == 0)
        return QStringLiteral("no answer: ") + error;
    return QStringLiteral("HTTP %1: %2").arg(status).arg(QString::fromUtf8(body.left(400)));
}

ControlPlaneProcess::Reply ControlPlaneProcess::request(const QByteArray &method, const QString &path,
                                                        const QByteArray &body, const QByteArray &contentType,
                                                        const QByteArray &token)
{
    Reply result;
    if (!m_network) {
        result.error = QStringLiteral("the control plane is not running");
        return result;
    }
    QNetworkRequest request(QUrl(m_server + path));
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    ssl.setCaCertificates(QSslCertificate::fromPath(m_caFile));
    ssl.setPeerVerifyMode(QSslSocket::VerifyPeer);
    request.setSslConfiguration(ssl);
    request.setRawHeader("Authorization", "Bearer " + (token.isEmpty() ? m_tokens.value(QStringLiteral("admin")) : token));
    request.setRawHeader("Accept", "application/json");
    if (!body.isEmpty())
        request.setRawHeader("Content-Type", contentType);
    request.setTransferTimeout(30000);
    QNetworkReply *reply = m_network->sendCustomRequest(request, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.body = reply->readAll();
    if (reply->error() != QNetworkReply::NoError)
        result.error = reply->errorString();
    delete reply;
    return result;
}

std::map<QString, QString> ControlPlaneProcess::list(const QString &collectionPath, QString *error, QString *listVersion)
{
    std::map<QString, QString> objects;
    QString continueToken;
    do {
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("limit"), QStringLiteral("500"));
        if (!continueToken.isEmpty())
            query.addQueryItem(QStringLiteral("continue"), continueToken);
        const Reply reply = request("GET", collectionPath + u'?' + query.toString(QUrl::FullyEncoded));
        const QJsonObject page = QJsonDocument::fromJson(reply.body).object();
        if (!reply.ok() || !page.value(u"items").isArray()) {
            *error = QStringLiteral("GET %1: %2").arg(collectionPath, reply.describe());
            return {};
        }
        for (const QJsonValue &item : page.value(u"items").toArray()) {
            const QJsonObject metadata = item.toObject().value(u"metadata").toObject();
            objects[metadata.value(u"namespace").toString() + u'/' + metadata.value(u"name").toString()] =
                metadata.value(u"resourceVersion").toString();
        }
        const QJsonObject listMeta = page.value(u"metadata").toObject();
        continueToken = listMeta.value(u"continue").toString();
        if (listVersion)
            *listVersion = listMeta.value(u"resourceVersion").toString();
    } while (!continueToken.isEmpty());
    return objects;
}

} // namespace fleetscope::testing
