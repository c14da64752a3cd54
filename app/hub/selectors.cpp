#include "selectors.h"

#include <algorithm>
#include <cctype>

namespace fleetscope::hub {

namespace {

std::string trim(const std::string &s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return s.substr(b, e - b);
}

// Splits on commas that are not inside parentheses ("a in (x,y),b" → 2 parts).
bool splitTopLevel(const std::string &text, std::vector<std::string> *parts)
{
    int depth = 0;
    std::string current;
    for (char c : text) {
        if (c == '(')
            ++depth;
        if (c == ')')
            --depth;
        if (depth < 0)
            return false;
        if (c == ',' && depth == 0) {
            parts->push_back(current);
            current.clear();
        } else {
            current.push_back(c);
        }
    }
    if (depth != 0)
        return false;
    parts->push_back(current);
    return true;
}

bool validLabelKey(const std::string &key)
{
    if (key.empty() || key.size() > 317)
        return false;
    return std::all_of(key.begin(), key.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' || c == '/';
    });
}

bool validLabelValue(const std::string &value)
{
    if (value.size() > 63)
        return false;
    return std::all_of(value.begin(), value.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
}

} // namespace

bool LabelSelector::parse(const std::string &text, std::string *error)
{
    m_requirements.clear();
    if (trim(text).empty())
        return true;
    std::vector<std::string> parts;
    if (!splitTopLevel(text, &parts)) {
        *error = "unable to parse requirement: unbalanced parentheses in \"" + text + "\"";
        return false;
    }
    for (const std::string &raw : parts) {
        const std::string part = trim(raw);
        Requirement r;
        if (part.empty()) {
            *error = "found '', expected: !, identifier, or 'end of string'";
            return false;
        }
        std::size_t pos;
        if (part[0] == '!') {
            r.key = trim(part.substr(1));
            r.op = Op::DoesNotExist;
        } else if ((pos = part.find("!=")) != std::string::npos) {
            r.key = trim(part.substr(0, pos));
            r.op = Op::NotEquals;
            r.values.push_back(trim(part.substr(pos + 2)));
        } else if ((pos = part.find("==")) != std::string::npos) {
            r.key = trim(part.substr(0, pos));
            r.op = Op::Equals;
            r.values.push_back(trim(part.substr(pos + 2)));
        } else if ((pos = part.find('=')) != std::string::npos) {
            r.key = trim(part.substr(0, pos));
            r.op = Op::Equals;
            r.values.push_back(trim(part.substr(pos + 1)));
        } else if (part.find('(') != std::string::npos) {
            const std::size_t open = part.find('(');
            const std::size_t close = part.rfind(')');
            std::string head = trim(part.substr(0, open));
            const std::size_t space = head.find_last_of(" \t");
            if (space == std::string::npos || close == std::string::npos || close < open) {
                *error = "unable to parse requirement: \"" + part + "\"";
                return false;
            }
            const std::string op = trim(head.substr(space + 1));
            r.key = trim(head.substr(0, space));
            if (op == "in")
                r.op = Op::In;
            else if (op == "notin")
                r.op = Op::NotIn;
            else {
                *error = "unable to parse requirement: found '" + op + "', expected: in, notin, =, ==, !=, gt, lt";
                return false;
            }
            std::string inner = part.substr(open + 1, close - open - 1);
            std::size_t start = 0;
            while (true) {
                const std::size_t comma = inner.find(',', start);
                r.values.push_back(trim(inner.substr(start, comma == std::string::npos ? std::string::npos
                                                                                     : comma - start)));
                if (comma == std::string::npos)
                    break;
                start = comma + 1;
            }
        } else {
            r.key = part;
            r.op = Op::Exists;
        }
        if (!validLabelKey(r.key)) {
            *error = "unable to parse requirement: invalid label key \"" + r.key + "\"";
            return false;
        }
        for (const std::string &v : r.values) {
            if (!validLabelValue(v)) {
                *error = "unable to parse requirement: invalid label value: \"" + v + "\"";
                return false;
            }
        }
        m_requirements.push_back(std::move(r));
    }
    return true;
}

bool LabelSelector::matches(const nlohmann::json &labels) const
{
    for (const Requirement &r : m_requirements) {
        const bool has = labels.is_object() && labels.contains(r.key) && labels[r.key].is_string();
        const std::string value = has ? labels[r.key].get<std::string>() : std::string();
        const bool inValues = std::find(r.values.begin(), r.values.end(), value) != r.values.end();
        switch (r.op) {
        case Op::Equals:
        case Op::In:
            if (!has || !inValues)
                return false;
            break;
        case Op::NotEquals:
        case Op::NotIn:
            // As in kube: a missing key satisfies != and notin.
            if (has && inValues)
                return false;
            break;
        case Op::Exists:
            if (!has)
                return false;
            break;
        case Op::DoesNotExist:
            if (has)
                return false;
            break;
        }
    }
    return true;
}

std::string fieldValue(const nlohmann::json &object, const std::string &path)
{
    const nlohmann::json *node = &object;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = path.find('.', start);
        const std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!node->is_object() || !node->contains(part))
            return {};
        node = &(*node)[part];
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    return node->is_string() ? node->get<std::string>() : std::string();
}

bool FieldSelector::parse(const std::string &text, const std::vector<std::string> &allowedFields,
                          std::string *error)
{
    m_terms.clear();
    if (trim(text).empty())
        return true;
    std::vector<std::string> parts;
    splitTopLevel(text, &parts);
    for (const std::string &raw : parts) {
        const std::string part = trim(raw);
        Term t;
        std::size_t pos;
        if ((pos = part.find("!=")) != std::string::npos) {
            t.field = part.substr(0, pos);
            t.value = part.substr(pos + 2);
            t.negated = true;
        } else if ((pos = part.find("==")) != std::string::npos) {
            t.field = part.substr(0, pos);
            t.value = part.substr(pos + 2);
        } else if ((pos = part.find('=')) != std::string::npos) {
            t.field = part.substr(0, pos);
            t.value = part.substr(pos + 1);
        } else {
            *error = "invalid selector: '" + text + "'; can't understand '" + part + "'";
            return false;
        }
        t.field = trim(t.field);
        t.value = trim(t.value);
        if (std::find(allowedFields.begin(), allowedFields.end(), t.field) == allowedFields.end()) {
            // apiextensions-apiserver: `"spec.x" is not a known field selector: only "metadata.name", "metadata.namespace"`
            std::string allowed;
            for (const std::string &f : allowedFields)
                allowed += (allowed.empty() ? "\"" : ", \"") + f + "\"";
            *error = "\"" + t.field + "\" is not a known field selector: only " + allowed;
            return false;
        }
        m_terms.push_back(std::move(t));
    }
    return true;
}

bool FieldSelector::matches(const nlohmann::json &object) const
{
    for (const Term &t : m_terms) {
        const bool equal = fieldValue(object, t.field) == t.value;
        if (equal == t.negated)
            return false;
    }
    return true;
}

std::string FieldSelector::pinnedName() const
{
    for (const Term &t : m_terms) {
        if (t.field == "metadata.name" && !t.negated)
            return t.value;
    }
    return {};
}

} // namespace fleetscope::hub
