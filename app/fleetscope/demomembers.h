#pragma once

#include "demoruntimedir.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace fleetscope {

namespace hub {
class HubServer;
}

// The demo's member clusters: in-process fleetscope-hub servers serving Nodes,
// workloads (Pods, Deployments, Services, Events, Secrets, Certificates) and
// /version, a provider file whose exec plugin hands out their token, and some
// profiles of a demo hub pointed at them: most rightly, one whose RBAC forbids
// kube-system, one that is down, one reporting a version its member does not run,
// one with another member's CA. "Check access", "Run on selected…" and Resources
// then show real results; every other demo profile names providers the file does
// not know and fails honestly.
class DemoMembers final
{
public:
    DemoMembers();
    ~DemoMembers();
    DemoMembers(const DemoMembers &) = delete;
    DemoMembers &operator=(const DemoMembers &) = delete;

    // Starts `count` members and points profiles of `hubServer` at them.
    bool start(hub::HubServer *hubServer, int count, QString *error);

    // 0600 in a private 0700 directory removed on exit: it holds the members' token.
    QString providerFile() const;

private:
    DemoRuntimeDir m_dir;
    std::vector<std::unique_ptr<hub::HubServer>> m_members;
};

} // namespace fleetscope
