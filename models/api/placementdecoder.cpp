#include "placementdecoder.h"

namespace fleetscope {

PlacementDecoder::PlacementDecoder(StringPool &pool)
    : OnDemandReader(pool)
{
}

PlacementDecoder::~PlacementDecoder() = default;

bool PlacementDecoder::decode(std::string_view json, PlacementDecision *out)
{
    ondemand::object root;
    return open(json, &root) && decodeRoot(root, out);
}

bool PlacementDecoder::decode(ondemand::value &object, PlacementDecision *out)
{
    ondemand::object root;
    return open(object, &root) && decodeRoot(root, out);
}

bool PlacementDecoder::decodeRoot(ondemand::object &root, PlacementDecision *out)
{
    const JsonPath at;
    PlacementDecision decision;
    m_decisions.clear();
    m_text.clear();
    Header header{"PlacementDecision", &decision.apiVersion, true, &decision.metadata};
    const bool decoded = forEachMember(root, at, [&](std::string_view key, ondemand::value &value) {
        bool handled = false;
        if (!readHeaderMember(key, value, &header, &handled) || handled)
            return ok();
        if (key == "schedulerName")
            return readInterned(value, at.member("schedulerName"), &decision.schedulerName);
        if (key != "decisions")
            return true;
        const JsonPath listAt = at.member("decisions");
        ondemand::array list;
        bool present = false;
        if (!readArray(value, listAt, &list, &present))
            return false;
        m_decisions.clear();
        return !present || forEachElement(list, listAt, [&](ondemand::value &item, const JsonPath &itemAt) {
            return decodeDecision(item, itemAt, &m_decisions.emplace_back());
        });
    });
    if (!finish(decoded, header))
        return false;
    TextBlock *text = m_text.finish();
    decision.decisions.reserve(qsizetype(m_decisions.size()));
    for (ClusterDecision &d : m_decisions) {
        d.clusterProfileName.adopt(text);
        decision.decisions.append(std::move(d));
    }
    if (text)
        text->release(); // the decisions' names hold it now
    m_decisions.clear();
    *out = std::move(decision);
    return true;
}

bool PlacementDecoder::decodeDecision(ondemand::value &value, const JsonPath &at, ClusterDecision *out)
{
    ondemand::object decision;
    if (!requireObject(value, at, &decision))
        return false;
    const JsonPath refAt = at.member("clusterProfileRef");
    bool hasReference = false;
    const bool decoded = forEachMember(decision, at, [&](std::string_view key, ondemand::value &v) {
        if (key == "reason")
            return readPooled(v, at.member("reason"), &out->reason);
        if (key != "clusterProfileRef")
            return true;
        ondemand::object reference;
        if (!readObject(v, refAt, &reference, &hasReference))
            return false;
        return !hasReference || forEachMember(reference, refAt, [&](std::string_view k, ondemand::value &text) {
            if (k == "name") {
                std::string_view name;
                bool present = false;
                if (!readText(text, refAt.member("name"), &name, &present))
                    return false;
                if (present)
                    out->clusterProfileName = m_text.add(name);
                return true;
            }
            if (k == "namespace")
                return readPooled(text, refAt.member("namespace"), &out->clusterProfileNamespace);
            return true;
        });
    });
    if (!decoded)
        return false;
    if (!hasReference)
        return missing(refAt);
    return !out->clusterProfileName.isEmpty() || missing(refAt.member("name"));
}

} // namespace fleetscope
