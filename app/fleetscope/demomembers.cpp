#include "demomembers.h"

#include "demofleet.h"
#include "hubserver.h"
#include "resourcetypes.h"

#include "connect/connectsession.h"

#include <QDir>
#include <QStandardPaths>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace fleetscope {
namespace {

const char *const providerName = "demo-members";

// The versions the members run: a realistic spread, one behind.
const char *const versions[] = {"v1.31.4", "v1.30.8", "v1.31.4", "v1.29.12", "v1.30.8", "v1.31.4"};

} // namespace

DemoMembers::DemoMembers()
    : m_dir(QStringLiteral("fleetscope-demo-members"))
{
}

DemoMembers::~DemoMembers()
{
    for (auto &member : m_members)
        member->stop();
}

QString DemoMembers::providerFile() const
{
    return m_dir.filePath(QStringLiteral("providers.json"));
}

bool DemoMembers::start(hub::HubServer *hubServer, int count, QString *error)
{
    if (!m_dir.isValid()) {
        *error = QStringLiteral("cannot create a private directory for the demo members: ") + m_dir.errorString();
        return false;
    }
    const int versionCount = int(sizeof versions / sizeof versions[0]);
    std::string sharedToken;
    for (int i = 0; i < count; ++i) {
        hub::HubOptions options;
        options.serverVersion = versions[i % versionCount];
        options.nodes = 3 + i % 4;
        // Workloads to look into (Resources, `fleetscope get`), gently changing.
        options.workloads = 24 + (i * 37) % 90;
        options.workloadChurn = 0.3;
        options.seed = std::uint64_t(i) + 1;
        // One member whose RBAC keeps kube-system (and so every cluster-wide list) closed.
        if (i == count - 4)
            options.forbidden.push_back({{"*"}, "*", "kube-system"});
        options.threads = 8;
        options.history = DemoFleet::demoMemberHistory;
        options.onFault = [i](const std::string &message) {
            qWarning("demo member %d: a simulated change failed: %s", i, message.c_str());
        };
        options.token = sharedToken; // the first member draws one, the others share it
        options.allowAnonymous = 0;
        auto member = std::make_unique<hub::HubServer>(options);
        std::string message;
        if (!member->start(&message)) {
            *error = QStringLiteral("demo member %1: %2").arg(i).arg(QString::fromStdString(message));
            return false;
        }
        sharedToken = member->token();
        m_members.push_back(std::move(member));
    }
    // One member that is down: its profile still points at it, nothing answers there.
    if (count >= 4)
        m_members[size_t(count - 3)]->stop();

    // The plugin is the shell printing an ExecCredential; the token comes from the
    // provider file's env, so that no script with the token is written anywhere.
    const nlohmann::json exec = {
        {"apiVersion", "client.authentication.k8s.io/v1"},
        {"command", "/bin/sh"},
        {"args", {"-c", "printf '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\","
                        "\"status\":{\"token\":\"%s\"}}' \"$DEMO_MEMBER_TOKEN\""}},
        {"env", {{{"name", "DEMO_MEMBER_TOKEN"}, {"value", sharedToken}}}},
        {"interactiveMode", "Never"}};
    const nlohmann::json providers = {{"providers", {{{"name", providerName}, {"execConfig", exec}}}}};
    QString writeError;
    if (!ConnectSession::writePrivateFile(providerFile(), QByteArray::fromStdString(providers.dump(2)), &writeError)) {
        *error = writeError;
        return false;
    }

    // Profiles after the first three (those flap) point at the members.
    const hub::ResourceType &profiles = *hub::findResourceType(hub::kMulticlusterGroup, "clusterprofiles");
    std::uint64_t rv = 0;
    std::vector<std::pair<std::string, std::string>> names;
    for (const auto &object : hubServer->store().snapshot(profiles, &rv))
        names.emplace_back((*object)["metadata"].value("namespace", std::string()), (*object)["metadata"].value("name", std::string()));
    std::sort(names.begin(), names.end());
    for (int i = 0; i < count && 3 + i < int(names.size()); ++i) {
        const auto &[ns, name] = names[size_t(3 + i)];
        const hub::HubServer &member = *m_members[size_t(i)];
        // The second to last reports an older version than its member runs; the last
        // carries the first member's CA, which its own certificate does not chain to.
        const bool mismatch = i == count - 2;
        const bool wrongCa = i == count - 1;
        const std::string reported = mismatch ? "v1.30.2" : member.options().serverVersion;
        const std::string ca = (wrongCa ? *m_members.front() : member).caCertificatePem();
        const nlohmann::json cluster = {
            {"server", member.url()},
            {"certificate-authority-data", QByteArray::fromStdString(ca).toBase64().toStdString()}};
        const nlohmann::json status = {{"version", {{"kubernetes", reported}}},
                                       {"accessProviders", {{{"name", providerName}, {"cluster", cluster}}}}};
        const hub::StoreResult result = hubServer->store().patch(profiles, ns, name, hub::PatchKind::Merge, {{"status", status}},
                                                                 hub::Subresource::Status);
        if (!result.error.ok()) {
            *error = QStringLiteral("demo member %1: %2").arg(i).arg(QString::fromStdString(result.error.message));
            return false;
        }
    }
    return true;
}

} // namespace fleetscope
