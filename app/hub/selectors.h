#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace fleetscope::hub {

// labelSelector as the apiserver parses it (k8s.io/apimachinery/pkg/labels):
// `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x,y)`, `a`, `!a`, comma = AND.
class LabelSelector final
{
public:
    // Empty text selects everything. Returns false with a kube-like message on a syntax error.
    bool parse(const std::string &text, std::string *error);
    bool matches(const nlohmann::json &labels) const;
    bool empty() const { return m_requirements.empty(); }

private:
    enum class Op { Equals, NotEquals, In, NotIn, Exists, DoesNotExist };
    struct Requirement
    {
        std::string key;
        Op op = Op::Exists;
        std::vector<std::string> values;
    };
    std::vector<Requirement> m_requirements;
};

// fieldSelector: custom resources support only metadata.name and metadata.namespace
// (apiextensions-apiserver strategy.go); namespaces add status.phase.
class FieldSelector final
{
public:
    bool parse(const std::string &text, const std::vector<std::string> &allowedFields, std::string *error);
    bool matches(const nlohmann::json &object) const;
    bool empty() const { return m_terms.empty(); }
    // The single name this selector pins (metadata.name=x), or "" — lets list/watch skip work.
    std::string pinnedName() const;

private:
    struct Term
    {
        std::string field;
        std::string value;
        bool negated = false;
    };
    std::vector<Term> m_terms;
};

// Reads a dotted field path ("metadata.name", "status.phase") as a string; "" when missing.
std::string fieldValue(const nlohmann::json &object, const std::string &path);

} // namespace fleetscope::hub
