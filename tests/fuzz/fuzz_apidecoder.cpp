// ClusterProfile / PlacementDecision / Namespace decoders on arbitrary JSON or YAML:
// any bytes must decode or fail with a message, never crash or throw.

#include "api/apidecoder.h"
#include "api/jsonreader.h"
#include "api/placementbytesdecoder.h"
#include "api/profilebytesdecoder.h"
#include "api/yamljson.h"
#include "kube/listpage.h"

#include <QString>

#include <cstdint>

using namespace fleetscope;

namespace {

void decodeAll(const nlohmann::json &object)
{
    // A private pool: the shared one would grow with every input.
    StringPool pool;
    QString error;
    ClusterProfile profile;
    if (!decodeClusterProfile(object, &profile, &error, pool) && error.isEmpty())
        __builtin_trap(); // a failure must say why
    PlacementDecision decision;
    error.clear();
    if (!decodePlacementDecision(object, &decision, &error, pool) && error.isEmpty())
        __builtin_trap();
    KubeNamespace ns;
    error.clear();
    if (!decodeNamespace(object, &ns, &error, pool) && error.isEmpty())
        __builtin_trap();
    // Lists (as the list pages carry them) decode item by item.
    if (object.is_object()) {
        const auto items = object.find("items");
        if (items != object.end() && items->is_array()) {
            for (const nlohmann::json &item : *items) {
                error.clear();
                ClusterProfile p;
                decodeClusterProfile(item, &p, &error, pool);
            }
        }
    }
}

// The DOM-free list path must never accept what the DOM path refuses, and must
// decode to the same profile where it accepts.
void checkFastPath(const char *text, std::size_t size, bool domParsed, const nlohmann::json &object)
{
    // A scanned page is valid JSON exactly when all its items are (they are only delimited).
    ListPage page;
    if (ListPage::scan(QByteArray(text, qsizetype(size)), &page)) {
        bool itemsValid = true;
        for (const std::string_view item : page.items)
            itemsValid = itemsValid && !nlohmann::json::parse(item.begin(), item.end(), nullptr, false).is_discarded();
        if (itemsValid != domParsed)
            __builtin_trap();
    }
    StringPool pool;
    PlacementBytesDecoder placements(pool);
    PlacementDecision fastDecision;
    if (placements.decode(std::string_view(text, size), &fastDecision)) {
        PlacementDecision domDecision;
        QString error;
        if (!domParsed || !decodePlacementDecision(object, &domDecision, &error, pool)
            || fastDecision.decisions != domDecision.decisions || fastDecision.schedulerName != domDecision.schedulerName
            || fastDecision.metadata.name != domDecision.metadata.name
            || fastDecision.metadata.labels != domDecision.metadata.labels)
            __builtin_trap();
    }
    ProfileBytesDecoder decoder(pool);
    ClusterProfile fast;
    if (!decoder.decode(std::string_view(text, size), &fast))
        return;
    ClusterProfile dom;
    QString error;
    if (!domParsed || !decodeClusterProfile(object, &dom, &error, pool))
        __builtin_trap();
    const ObjectMeta &a = fast.metadata;
    const ObjectMeta &b = dom.metadata;
    if (a.name != b.name || a.namespaceName != b.namespaceName || a.uid != b.uid || a.resourceVersion != b.resourceVersion
        || a.generation != b.generation || a.creationTimestamp != b.creationTimestamp
        || a.deletionTimestamp != b.deletionTimestamp || a.labels != b.labels || fast.apiVersion != dom.apiVersion
        || fast.displayName != dom.displayName || fast.clusterManagerName != dom.clusterManagerName
        || fast.kubernetesVersion != dom.kubernetesVersion || fast.conditions != dom.conditions
        || fast.properties != dom.properties || fast.accessProviders != dom.accessProviders)
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *text = reinterpret_cast<const char *>(data);
    // The first byte chooses the syntax, so that both paths get every shape.
    if (size > 0 && (text[0] == '{' || text[0] == '[')) {
        nlohmann::json object;
        QString error;
        const bool parsed = parseJson(text, size, QStringLiteral("fuzz"), &object, &error);
        if (parsed)
            decodeAll(object);
        checkFastPath(text, size, parsed, object);
    } else {
        std::vector<nlohmann::json> documents;
        QString error;
        if (parseYamlDocuments(QByteArray(text, qsizetype(size)), QStringLiteral("fuzz"), &documents, &error)) {
            for (const nlohmann::json &document : documents) {
                decodeAll(document);
                (void)jsonToYaml(document); // -o yaml and the details pane print what was decoded
            }
        }
    }
    return 0;
}
