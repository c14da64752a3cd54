#include "compressedjson.h"

#include <QtEndian>

#include <zlib.h>

namespace fleetscope {
namespace {

// Deflate looks back for matches in the dictionary as if it preceded the data,
// and prefers its end: the commonest strings go last. Changing it makes earlier
// compressed bytes unreadable, which is fine because they never leave memory.
constexpr char dictionary[] =
    R"({"type":"Ready","status":"False","reason":"","message":"","observedGeneration":1},)"
    R"("credentialProviders":[{"name":"","cluster":{"certificate-authority-data":"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t",)"
    R"("insecure-skip-tls-verify":false,"proxy-url":"","tls-server-name":""}}],"managedFields":[],"annotations":{},)"
    R"("deletionTimestamp":null,"finalizers":[],"ownerReferences":[],"v1alpha2","multicluster.x-k8s.io/v1alpha2",)"
    R"({"apiVersion":"multicluster.x-k8s.io/v1alpha1","kind":"ClusterProfile","metadata":{"creationTimestamp":")"
    R"(2025-01-01T00:00:00Z","generation":1,"labels":{"multicluster.x-k8s.io/clusterset":"prod",)"
    R"("multicluster.x-k8s.io/inventory-member-id":"00000000-0000-0000-0000-000000000000",)"
    R"("x-k8s.io/cluster-manager":"ocm"},"name":"","namespace":"fleet","resourceVersion":"1",)"
    R"("uid":"00000000-0000-0000-0000-000000000000"},"spec":{"clusterManager":{"name":"ocm"},"displayName":""},)"
    R"("status":{"accessProviders":[{"cluster":{"extensions":[{"extension":{"clusterName":""},)"
    R"("name":"client.authentication.k8s.io/exec"}],"server":"https://.example.internal:6443"},"name":""}],)"
    R"("conditions":[{"lastTransitionTime":"2026-01-01T00:00:00Z","message":"Cluster is available.",)"
    R"("observedGeneration":1,"reason":"ControlPlaneHealthy","status":"True","type":"ControlPlaneHealthy"},)"
    R"({"lastTransitionTime":"2025-01-01T00:00:00Z","message":"","reason":"FleetMembershipReady","status":"True",)"
    R"("type":"Joined"}],"properties":[{"name":"clusterset.k8s.io","value":"prod"},{"lastObservedTime":")"
    R"(2026-01-01T00:00:00Z","name":"location.topology.k8s.io","value":"eu-west-1"},{"lastObservedTime":")"
    R"(2026-01-01T00:00:00Z","name":"count.node.k8s.io","value":"42"},{"name":"type.node.k8s.io","value":""},)"
    R"({"name":"cluster-endpoints.k8s.io","value":"[\"https://10.0.0.1:6443\"]"}],"version":{"kubernetes":"v1.33.1"}}})";

const Bytef *dictionaryBytes()
{
    return reinterpret_cast<const Bytef *>(dictionary);
}

constexpr uInt dictionarySize = sizeof(dictionary) - 1;

// One deflate state per thread, reset between profiles: initialising one
// allocates and clears ~270 KB, which cost twice as much as deflating a
// 1.6 KB profile (a churning hub's every event is deflated once).
class Deflater
{
public:
    Deflater()
    {
        // Level 1: a sync of 100k profiles deflates each once, on the hub's thread.
        m_ready = deflateInit(&m_stream, 1) == Z_OK;
    }
    ~Deflater()
    {
        if (m_ready)
            deflateEnd(&m_stream);
    }
    Deflater(const Deflater &) = delete;
    Deflater &operator=(const Deflater &) = delete;

    // The stream, reset and primed with the dictionary; null if zlib failed.
    z_stream *fresh()
    {
        if (!m_ready || deflateReset(&m_stream) != Z_OK)
            return nullptr;
        deflateSetDictionary(&m_stream, dictionaryBytes(), dictionarySize);
        return &m_stream;
    }

private:
    z_stream m_stream{};
    bool m_ready = false;
};

} // namespace

QByteArray CompressedJson::compress(const QByteArray &json)
{
    if (json.isEmpty())
        return {};
    thread_local Deflater deflater;
    z_stream *stream = deflater.fresh();
    if (!stream)
        return {};
    QByteArray packed(qsizetype(4 + deflateBound(stream, uLong(json.size()))), Qt::Uninitialized);
    qToBigEndian(quint32(json.size()), packed.data()); // the size, for one exact allocation on the way back
    stream->next_in = reinterpret_cast<Bytef *>(const_cast<char *>(json.constData()));
    stream->avail_in = uInt(json.size());
    stream->next_out = reinterpret_cast<Bytef *>(packed.data() + 4);
    stream->avail_out = uInt(packed.size() - 4);
    if (deflate(stream, Z_FINISH) != Z_STREAM_END)
        return {};
    packed.truncate(qsizetype(4 + stream->total_out));
    packed.squeeze(); // the bound is generous; keep only what is used
    return packed;
}

QByteArray CompressedJson::uncompress(const QByteArray &packed)
{
    if (packed.size() < 4)
        return {};
    const quint32 size = qFromBigEndian<quint32>(packed.constData());
    if (size > 64u * 1024 * 1024)
        return {};
    QByteArray json(qsizetype(size), Qt::Uninitialized);
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK)
        return {};
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(packed.constData() + 4));
    stream.avail_in = uInt(packed.size() - 4);
    stream.next_out = reinterpret_cast<Bytef *>(json.data());
    stream.avail_out = uInt(json.size());
    int result = inflate(&stream, Z_FINISH);
    if (result == Z_NEED_DICT) {
        inflateSetDictionary(&stream, dictionaryBytes(), dictionarySize);
        result = inflate(&stream, Z_FINISH);
    }
    const bool complete = result == Z_STREAM_END && stream.total_out == size;
    inflateEnd(&stream);
    return complete ? json : QByteArray();
}

} // namespace fleetscope
