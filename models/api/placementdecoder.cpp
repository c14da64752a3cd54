#include "placementdecoder.h"

namespace fleetscope {

bool PlacementDecoder::decodeRoot(PlacementDecision *out)
{
    const JsonPath at;
    PlacementDecision decision;
    m_decisions.clear();
    const Header header{"PlacementDecision", &decision.apiVersion, true, &decision.metadata};
    const bool decoded = readRoot(header, [&](std::string_view key, ondemand::value &value) {
        if (key == "schedulerName")
            return readPooled(value, at.member("schedulerName"), &decision.schedulerName);
        if (key != "decisions")
            return true;
        m_decisions.clear();
        return forEachElementOf(value, at.member("decisions"), [&](ondemand::value &item, const JsonPath &itemAt) {
            return decodeDecision(item, itemAt, &m_decisions.emplace_back());
        });
    });
    if (!decoded)
        return false;
    FinishedText text = m_text.finish();
    decision.decisions.reserve(qsizetype(m_decisions.size()));
    for (ClusterDecision &d : m_decisions) {
        text.adopt(&d.clusterProfileName);
        decision.decisions.append(std::move(d));
    }
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
        return key != "clusterProfileRef" || forEachMemberOf(v, refAt, [&](std::string_view k, ondemand::value &text) {
            if (k == "name")
                return readBlockText(text, refAt.member("name"), &out->clusterProfileName);
            return k != "namespace" || readPooled(text, refAt.member("namespace"), &out->clusterProfileNamespace);
        }, &hasReference);
    });
    if (!decoded)
        return false;
    if (!hasReference)
        return missing(refAt);
    return !out->clusterProfileName.isEmpty() || missing(refAt.member("name"));
}

} // namespace fleetscope
