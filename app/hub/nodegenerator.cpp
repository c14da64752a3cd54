#include "nodegenerator.h"

#include <cstdio>

namespace fleetscope::hub {

std::vector<nlohmann::json> generateNodes(int count, const std::string &kubeletVersion)
{
    std::vector<nlohmann::json> nodes;
    nodes.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "node-%03d", i);
        nlohmann::json labels = {{"kubernetes.io/hostname", name}, {"kubernetes.io/os", "linux"},
                                 {"kubernetes.io/arch", "amd64"}};
        if (i == 0)
            labels["node-role.kubernetes.io/control-plane"] = "";
        const std::string address = "10.0." + std::to_string(i / 250) + "." + std::to_string(i % 250 + 2);
        nodes.push_back({
            {"apiVersion", "v1"},
            {"kind", "Node"},
            {"metadata", {{"name", name}, {"labels", labels}}},
            {"spec", {{"podCIDR", "10.244." + std::to_string(i % 256) + ".0/24"}}},
            {"status",
             {{"conditions",
               {{{"type", "Ready"}, {"status", "True"}, {"reason", "KubeletReady"},
                 {"message", "kubelet is posting ready status"}}}},
              {"addresses", {{{"type", "InternalIP"}, {"address", address}}, {{"type", "Hostname"}, {"address", name}}}},
              {"capacity", {{"cpu", "8"}, {"memory", "32Gi"}, {"pods", "110"}}},
              {"allocatable", {{"cpu", "7800m"}, {"memory", "31Gi"}, {"pods", "110"}}},
              {"nodeInfo",
               {{"kubeletVersion", kubeletVersion}, {"kubeProxyVersion", kubeletVersion}, {"operatingSystem", "linux"},
                {"architecture", "amd64"}, {"containerRuntimeVersion", "containerd://1.7.24"},
                {"osImage", "Debian GNU/Linux 12 (bookworm)"}}}}},
        });
    }
    return nodes;
}

} // namespace fleetscope::hub
