// The dashboard's filter language: arbitrary text through the parser, and every
// filter that compiles evaluated against a small fleet (regexes, versions,
// numbers, conditions, labels, hubs). A syntax error must carry an offset inside
// the text and a message; nothing may crash.

#include "fleet/filter/fleetfilter.h"
#include "fleet/store/fleetstore.h"
#include "kube/hubdelta.h"

#include <QString>

#include <cstdint>
#include <memory>

using namespace fleetscope;

namespace {

ProfilePtr makeProfile(int index)
{
    auto record = std::make_shared<ProfileRecord>();
    ClusterProfile &p = record->profile;
    p.metadata.name = QStringLiteral("cluster-%1").arg(index);
    p.metadata.namespaceName = QStringLiteral("fleet");
    p.displayName = index % 2 ? QStringLiteral("Payments EU") : QString();
    p.metadata.labels.insert(QStringLiteral("multicluster.x-k8s.io/clusterset"),
                             index % 3 ? QStringLiteral("prod") : QStringLiteral("dev"));
    p.metadata.labels.insert(QStringLiteral("env"), QStringLiteral("prod"));
    p.clusterManagerName = index % 2 ? QStringLiteral("ocm") : QStringLiteral("kubefleet");
    p.kubernetesVersion = index % 2 ? QStringLiteral("v1.30.2") : QStringLiteral("garbage-version");
    Condition healthy;
    healthy.type = QStringLiteral("ControlPlaneHealthy");
    healthy.status = index % 2 ? ConditionStatus::True : ConditionStatus::False;
    p.conditions.append(healthy);
    p.properties.append(Property{QStringLiteral("count.node.k8s.io"), QString::number(index * 40), 0});
    p.properties.append(Property{QStringLiteral("type.node.k8s.io"), QStringLiteral(R"(["a3-highgpu-8g","H100"])"), 0});
    p.properties.append(Property{QStringLiteral("location.topology.k8s.io"), QStringLiteral("cloud/eu-west-1"), 0});
    return record;
}

const FleetStore &fleet()
{
    static FleetStore *store = [] {
        auto *s = new FleetStore;
        HubDelta delta;
        for (int i = 0; i < 4; ++i)
            delta.upsertedProfiles.append(makeProfile(i));
        s->applyDelta(s->addHub(QStringLiteral("hub-a")), delta);
        return s;
    }();
    return *store;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    FilterError error;
    const FleetFilter filter = FleetFilter::compile(text, &error);
    if (!filter.isValid()) {
        if (!error.isError() || error.offset > text.size() || error.message.isEmpty())
            __builtin_trap();
        return 0;
    }
    const FleetStore &store = fleet();
    for (int row = 0; row < store.profileCount(); ++row)
        (void)filter.matches(store.profileAt(row), &store);
    return 0;
}
