// The object decoders (ClusterProfile, PlacementDecision, Namespace) and the
// envelopes around them (list pages, watch lines) on arbitrary bytes, and on JSON
// made from arbitrary YAML: any input must decode or fail with a message, never
// crash, read past the padding or throw.

#include "api/namespacedecoder.h"
#include "api/placementdecoder.h"
#include "api/profiledecoder.h"
#include "api/yamljson.h"
#include "api/responseobjects.h"
#include "kube/responsereader.h"

#include <QString>

#include <cstdint>
#include <cstring>
#include <memory>

using namespace fleetscope;

namespace {

// Exactly jsonPadding bytes after the text, in a buffer of its own, so that a read
// beyond the padding is a heap overflow AddressSanitizer reports.
std::unique_ptr<char[]> padded(const char *text, std::size_t size)
{
    auto buffer = std::make_unique<char[]>(size + jsonPadding);
    std::memcpy(buffer.get(), text, size);
    std::memset(buffer.get() + size, ' ', jsonPadding);
    return buffer;
}

void decodeObject(std::string_view json)
{
    ProfileDecoder profiles;
    ClusterProfile profile;
    if (!profiles.decode(json, &profile) && profiles.error().isEmpty())
        __builtin_trap(); // a failure must say why
    PlacementDecoder placements;
    PlacementDecision decision;
    if (!placements.decode(json, &decision) && placements.error().isEmpty())
        __builtin_trap();
    NamespaceDecoder namespaces;
    KubeNamespace ns;
    if (!namespaces.decode(json, &ns) && namespaces.error().isEmpty())
        __builtin_trap();
}

void decodeText(const char *text, std::size_t size)
{
    const auto buffer = padded(text, size);
    const std::string_view json(buffer.get(), size);
    decodeObject(json);
    // As a list page and as a watch line: the objects they delimit are decoded too.
    ResponseReader reader;
    ResponseReader::ListPage page;
    QString error;
    // A page's items as the sink reads them: decoded, the key peeked, or skipped.
    ProfileDecoder items;
    const auto readItems = [&](ResponseObjects &objects) {
        for (int i = 0; objects.next(); ++i) {
            ClusterProfile profile;
            QString namespaceName, name;
            if (i % 3 == 0 && items.decode(objects, &profile)) {
                const std::string_view text = items.decodedText(); // the raw copy's source
                if (text.empty() || text.front() != '{' || text.back() != '}')
                    __builtin_trap();
            } else if (i % 3 == 0 && items.error().isEmpty()) {
                __builtin_trap();
            }
            if (i % 3 == 1)
                (void)items.peekKey(objects, &namespaceName, &name);
        }
    };
    if (!reader.readList(json, &page, &error, readItems) && error.isEmpty())
        __builtin_trap();
    ResponseReader::WatchEvent event;
    if (reader.readEvent(json, &event, &error)) {
        if (event.hasObject) {
            (void)reader.metadataField(event.object, "resourceVersion");
            decodeObject(event.object);
            const auto peek = [&](ResponseObjects &object) {
                QString namespaceName, name;
                while (object.next())
                    (void)items.peekKey(object, &namespaceName, &name);
            };
            if (!reader.readObject(event.object, &error, peek) && error.isEmpty())
                __builtin_trap();
        }
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    items.forgetCachedStrings();
    // What this input interned, lest the pool grow with every input.
    StringPool::shared().purgeUnused();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *text = reinterpret_cast<const char *>(data);
    // The first byte chooses the syntax, so that both get every shape.
    if (size > 0 && (text[0] == '{' || text[0] == '[')) {
        decodeText(text, size);
        return 0;
    }
    std::vector<nlohmann::json> documents;
    QString error;
    if (parseYamlDocuments(QByteArray(text, qsizetype(size)), QStringLiteral("fuzz"), &documents, &error)) {
        for (const nlohmann::json &document : documents) {
            // YAML scalars may hold invalid UTF-8, which dump() would throw on: replaced,
            // as the decoders then see valid JSON text (raw bytes are fuzzed above).
            const std::string json = document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
            decodeText(json.data(), json.size());
            (void)jsonToYaml(document); // -o yaml and the details pane print what was decoded
        }
    }
    return 0;
}
