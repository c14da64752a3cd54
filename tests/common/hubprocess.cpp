#include "hubprocess.h"

#include "testsupport.h"

#include <QDeadlineTimer>
#include <QFile>

namespace fleetscope::testing {

HubProcess::HubProcess(const QStringList &arguments, const QString &context)
    : m_arguments(arguments)
    , m_context(context)
{
}

HubProcess::~HubProcess()
{
    stop();
}

QByteArray HubProcess::kubeconfig() const
{
    QFile file(kubeconfigPath());
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray HubProcess::token() const
{
    for (const QByteArray &line : kubeconfig().split('\n')) {
        const QByteArray trimmed = line.trimmed();
        if (trimmed.startsWith("token:"))
            return trimmed.mid(6).trimmed();
    }
    return {};
}

QString HubProcess::kubeconfigVariant(const QString &fileName, const QByteArray &from, const QByteArray &to) const
{
    QByteArray text = kubeconfig();
    text.replace(from, to);
    const QString path = m_dir.filePath(fileName);
    writeTestFile(path, text);
    return path;
}

bool HubProcess::start(QString *error, int deadlineMs)
{
    QStringList arguments = m_arguments;
    arguments << QStringLiteral("--listen") << QStringLiteral("127.0.0.1:0") << QStringLiteral("--kubeconfig-out")
              << kubeconfigPath() << QStringLiteral("--context") << m_context;
    m_process.start(builtExecutable(QStringLiteral("app/hub/fleetscope-hub")), arguments);
    QDeadlineTimer deadline(deadlineMs);
    QByteArray out;
    while (!deadline.hasExpired()) {
        if (m_process.state() == QProcess::NotRunning)
            break;
        if (!m_process.canReadLine() && !m_process.waitForReadyRead(int(deadline.remainingTime())))
            continue;
        while (m_process.canReadLine()) {
            const QByteArray line = m_process.readLine().trimmed();
            if (line.startsWith("ready ")) {
                m_url = QString::fromUtf8(line.mid(6));
                return true;
            }
            out += line + '\n';
        }
    }
    *error = QStringLiteral("fleetscope-hub did not become ready: ") + QString::fromUtf8(out)
        + QString::fromUtf8(m_process.readAllStandardError());
    stop();
    return false;
}

void HubProcess::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(2000);
    }
}

QByteArray HubProcess::standardError()
{
    return m_process.readAllStandardError();
}

} // namespace fleetscope::testing
