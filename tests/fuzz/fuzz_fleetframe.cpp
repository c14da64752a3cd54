// A fleet log frame of arbitrary bytes (a damaged or foreign history file):
// decoding either succeeds or says where it failed, never crashes; what it
// decodes replays into a hub's state and becomes profiles, and encodes again
// to the same events. The first byte chooses the bytes' role: the packed frame
// itself, or the payload inside (packed here), which random bytes rarely reach.

#include "history/fleetframecodec.h"
#include "history/fleethubstate.h"
#include "history/fleetmoment.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>
#include <zstd.h>

#include <cstdint>

using namespace fleetscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const QByteArray bytes(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    QByteArray packed = bytes;
    if (data[0] & 1) {
        packed.resize(qsizetype(ZSTD_compressBound(size_t(bytes.size()))));
        const size_t n = ZSTD_compress(packed.data(), size_t(packed.size()), bytes.constData(), size_t(bytes.size()), 1);
        if (ZSTD_isError(n))
            return 0;
        packed.truncate(qsizetype(n));
    }
    std::vector<FleetEvent> events;
    bool keyframe = false;
    QString error;
    if (!decodeFleetFrame(packed, 1'700'000'000'000, &events, &keyframe, &error)) {
        if (error.isEmpty() || !events.empty())
            __builtin_trap();
        return 0;
    }
    FleetHubState state;
    FleetFrameEncoder encoder;
    for (const FleetEvent &e : events) {
        state.apply(e);
        encoder.add(e);
    }
    HubMoment moment;
    moment.hub = QStringLiteral("fuzz");
    FleetMomentBuilder().build(state, &moment);
    if (moment.profiles.size() != state.clusterCount())
        __builtin_trap();
    // Each profile's JSON, made from what was recorded, is valid JSON.
    for (const ProfilePtr &profile : moment.profiles) {
        const QByteArray json = profile->json();
        if (!nlohmann::json::accept(json.constData(), json.constData() + json.size()))
            __builtin_trap();
    }
    if (events.empty())
        return 0;
    std::vector<FleetEvent> again;
    if (!decodeFleetFrame(encoder.finish(keyframe), events.front().at, &again, &keyframe, &error)
        || again.size() != events.size())
        __builtin_trap();
    return 0;
}
