#include "placementbytesdecoder.h"

namespace fleetscope {
namespace {

using Type = JsonCursor::Type;

} // namespace

PlacementBytesDecoder::PlacementBytesDecoder(StringPool &pool)
    : ObjectBytesReader(pool)
{
}

PlacementBytesDecoder::~PlacementBytesDecoder() = default;

bool PlacementBytesDecoder::decode(std::string_view json, PlacementDecision *out)
{
    JsonCursor c(json.data(), json.data() + json.size());
    if (c.peek() != Type::Object || !c.enterObject())
        return false;
    PlacementDecision decision;
    m_decisions.clear();
    std::string apiVersion, kind;
    bool hasMetadata = false;
    Seen seen;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "apiVersion" || key == "kind") {
            ok = seen.first(key == "kind") && readKey(c, key == "kind" ? &kind : &apiVersion);
        } else if (key == "metadata") {
            ok = seen.first(2) && c.peek() == Type::Object && decodeMetadata(c, &decision.metadata);
            hasMetadata = true;
        } else if (key == "schedulerName") {
            ok = seen.first(3) && readInterned(c, &decision.schedulerName);
        } else if (key == "decisions") {
            ok = seen.first(4);
            const Type type = c.peek();
            if (ok && type == Type::Null) {
                ok = c.readNull();
            } else if (ok) {
                ok = type == Type::Array && c.enterArray();
                bool firstItem = true;
                while (ok && c.nextElement(&firstItem)) {
                    m_decisions.emplace_back();
                    ok = decodeDecision(c, &m_decisions.back());
                }
                ok = ok && !c.failed();
            }
        } else {
            ok = c.skipValue();
        }
        if (!ok)
            return false;
    }
    if (c.failed() || !c.atEnd() || !hasMetadata
        || !checkApiVersion(apiVersion, kind, "PlacementDecision", &decision.apiVersion))
        return false;
    decision.decisions.reserve(qsizetype(m_decisions.size()));
    for (ClusterDecision &d : m_decisions)
        decision.decisions.append(std::move(d));
    m_decisions.clear();
    *out = std::move(decision);
    return true;
}

bool PlacementBytesDecoder::decodeDecision(JsonCursor &c, ClusterDecision *out)
{
    if (c.peek() != Type::Object || !c.enterObject())
        return false; // "expected object, got …"
    Seen seen;
    bool hasReference = false;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "clusterProfileRef") {
            bool isNull = false;
            ok = seen.first(0) && nullOr(c, Type::Object, &isNull) && (isNull || decodeReference(c, out));
            hasReference = !isNull;
        } else if (key == "reason") {
            ok = seen.first(1) && readInterned(c, &out->reason);
        } else {
            ok = c.skipValue();
        }
        if (!ok)
            return false;
    }
    // The reference is required, and so is its name.
    return !c.failed() && hasReference && !out->clusterProfileName.isEmpty();
}

bool PlacementBytesDecoder::decodeReference(JsonCursor &c, ClusterDecision *out)
{
    if (!c.enterObject())
        return false;
    Seen seen;
    bool first = true;
    std::string_view key;
    while (c.nextMember(&first, &key)) {
        bool ok = true;
        if (key == "name")
            ok = seen.first(0) && readString(c, &out->clusterProfileName);
        else if (key == "namespace")
            ok = seen.first(1) && readInterned(c, &out->clusterProfileNamespace);
        else
            ok = c.skipValue();
        if (!ok)
            return false;
    }
    return !c.failed();
}

} // namespace fleetscope
