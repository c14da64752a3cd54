// A member's answers for any kind on arbitrary bytes: a Table list page (its rows
// and column definitions), a plain list (servers without Tables), a watch event's
// one-row Table or object, each decoded into rows by the member's row cache as the
// Resources window and `fleetscope get` decode them. Any input must decode or fail
// with a message, never crash, read past the padding or throw.

#include "api/responseobjects.h"
#include "kube/responsereader.h"
#include "resources/memberrowcache.h"
#include "resources/tabledecoder.h"

#include <cstdint>
#include <cstring>
#include <memory>

using namespace fleetscope;

namespace {

// Exactly jsonPadding bytes after the text, so that a read beyond the padding is a
// heap overflow AddressSanitizer reports.
std::unique_ptr<char[]> padded(const char *text, std::size_t size)
{
    auto buffer = std::make_unique<char[]>(size + jsonPadding);
    std::memcpy(buffer.get(), text, size);
    std::memset(buffer.get() + size, ' ', jsonPadding);
    return buffer;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto buffer = padded(reinterpret_cast<const char *>(data), size);
    const std::string_view json(buffer.get(), size);
    ResourceSpec spec;
    spec.groupVersion = QStringLiteral("v1");
    spec.resource = QStringLiteral("pods");
    for (const bool keepJson : {false, true}) {
        // A list page into the cache, as the informer hands it over.
        MemberRowCache cache(keepJson);
        ResponseReader reader;
        ResponseReader::ListPage page;
        QString error;
        cache.listStarted(spec);
        const auto rows = [&](ResponseObjects &objects) { cache.objects(spec, ObjectChange::Listed, objects); };
        const auto columns = [&](ResponseObjects &definitions) { cache.columns(spec, definitions); };
        if (!reader.readList(json, &page, &error, rows, columns) && error.isEmpty())
            __builtin_trap(); // a failure must say why
        cache.listFinished(spec);
        const ResourceDelta delta = cache.takeDelta();
        if (delta.decodeErrors.size() > delta.decodeErrorCount)
            __builtin_trap();
        for (const auto &row : delta.upserted) {
            if (row->metadata.name.isEmpty())
                __builtin_trap(); // decoded rows always name their object
            for (const QString &cell : row->cells) {
                if (cell.size() > TableDecoder::maxCellCharacters + 3)
                    __builtin_trap();
            }
        }
        // The same text as a watch event's object.
        bool decoded = false;
        if (!reader.readObject(json, &error, [&](ResponseObjects &objects) {
                cache.objects(spec, ObjectChange::Modified, objects);
                decoded = true;
            })
            && error.isEmpty())
            __builtin_trap();
        (void)decoded;
        (void)cache.takeDelta();
    }
    // The columns alone.
    TableDecoder decoder;
    ResponseReader reader;
    QString error;
    (void)reader.readObject(json, &error, [&](ResponseObjects &objects) {
        QList<TableColumn> columns;
        if (!decoder.decodeColumns(objects, &columns) && decoder.error().isEmpty())
            __builtin_trap();
    });
    return 0;
}
