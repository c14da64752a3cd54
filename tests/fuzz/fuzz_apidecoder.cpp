// ClusterProfile / PlacementDecision / Namespace decoders on arbitrary JSON or YAML:
// any bytes must decode or fail with a message, never crash or throw.

#include "api/apidecoder.h"
#include "api/jsonreader.h"
#include "api/yamljson.h"

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

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *text = reinterpret_cast<const char *>(data);
    // The first byte chooses the syntax, so that both paths get every shape.
    if (size > 0 && (text[0] == '{' || text[0] == '[')) {
        nlohmann::json object;
        QString error;
        if (parseJson(text, size, QStringLiteral("fuzz"), &object, &error))
            decodeAll(object);
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
