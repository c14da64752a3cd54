// The watch-stream framer fed in chunks the input itself chooses (the first bytes
// are chunk lengths), then every line through the informer's JSON parse: one
// event over many reads, many events per read, '\r\n', endless lines past the cap.
// Checks that the lines out are exactly the non-empty lines in.

#include "api/jsontext.h"
#include "kube/watchframer.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <algorithm>
#include <cstdint>

using namespace fleetscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 2)
        return 0;
    // Byte 0: how many chunk-length bytes follow (0..7); a small line cap so that
    // overflow is reachable.
    const std::size_t lengthCount = data[0] % 8;
    if (size < 1 + lengthCount)
        return 0;
    const std::uint8_t *lengths = data + 1;
    const char *body = reinterpret_cast<const char *>(data + 1 + lengthCount);
    const std::size_t bodySize = size - 1 - lengthCount;
    const qsizetype cap = 256;

    WatchFramer framer(cap);
    QList<QByteArray> lines;
    std::size_t offset = 0;
    std::size_t chunk = 0;
    bool fits = true;
    while (offset < bodySize && fits) {
        std::size_t length = lengthCount ? std::size_t(lengths[chunk++ % lengthCount]) : bodySize;
        if (length == 0)
            length = 1;
        length = std::min(length, bodySize - offset);
        fits = framer.feed(body + offset, qsizetype(length), &lines);
        offset += length;
    }

    if (fits) {
        // Reference split: every '\n'-terminated line, '\r' chopped, empties dropped.
        QList<QByteArray> expected;
        const QByteArray whole(body, qsizetype(bodySize));
        qsizetype start = 0;
        for (qsizetype i = 0; i < whole.size(); ++i) {
            if (whole[i] != '\n')
                continue;
            QByteArray line = whole.mid(start, i - start);
            if (line.endsWith('\r'))
                line.chop(1);
            if (!line.isEmpty())
                expected.append(line);
            start = i + 1;
        }
        if (expected != lines || framer.pendingBytes() != whole.size() - start)
            __builtin_trap();
    }

    for (const QByteArray &line : lines) {
        nlohmann::json event;
        QString error;
        if (!parseJson(line, QStringLiteral("fuzz watch"), &event, &error) && error.isEmpty())
            __builtin_trap();
    }
    return 0;
}
