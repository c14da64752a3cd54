#include "demofleet.h"

#include "hubserver.h"

#include <QDir>
#include <QStandardPaths>

namespace fleetscope {

DemoFleet::DemoFleet()
    : m_dir(QDir(QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation)).filePath(QStringLiteral("fleetscope-demo-XXXXXX")))
{
}

DemoFleet::~DemoFleet()
{
    for (auto &hub : m_hubs)
        hub->stop();
}

bool DemoFleet::start(QString *error)
{
    if (!m_dir.isValid()) {
        *error = QStringLiteral("cannot create a private directory for the demo kubeconfig: ") + m_dir.errorString();
        return false;
    }
    struct Spec
    {
        const char *context;
        int clusters;
        std::uint64_t seed;
    };
    // ~500 clusters over two hubs, several clustersets and managers; a couple
    // of changes a second so that the fleet is visibly alive.
    const Spec specs[] = {{"demo-hub-eu", 280, 7}, {"demo-hub-us", 220, 11}};
    QStringList files;
    for (const Spec &spec : specs) {
        hub::HubOptions options;
        options.generate = spec.clusters;
        options.seed = spec.seed;
        options.churnRate = 1.5;
        options.threads = 16;
        options.contextName = spec.context;
        auto server = std::make_unique<hub::HubServer>(options);
        std::string message;
        if (!server->start(&message)) {
            *error = QStringLiteral("demo hub %1: %2").arg(QLatin1String(spec.context), QString::fromStdString(message));
            return false;
        }
        const QString file = m_dir.filePath(QLatin1String(spec.context) + QStringLiteral(".kubeconfig"));
        if (!server->writeKubeconfig(file.toStdString(), spec.context, &message)) {
            *error = QStringLiteral("demo hub %1: %2").arg(QLatin1String(spec.context), QString::fromStdString(message));
            return false;
        }
        files << file;
        m_hubs.push_back(std::move(server));
    }
    m_kubeconfigs = files.join(u':');
    return true;
}

} // namespace fleetscope
