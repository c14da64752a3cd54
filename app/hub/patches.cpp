#include "patches.h"

#include <cctype>

namespace fleetscope::hub {

nlohmann::json applyMergePatch(const nlohmann::json &target, const nlohmann::json &patch)
{
    if (!patch.is_object())
        return patch;
    nlohmann::json result = target.is_object() ? target : nlohmann::json::object();
    for (auto it = patch.begin(); it != patch.end(); ++it) {
        if (it.value().is_null())
            result.erase(it.key());
        else
            result[it.key()] = applyMergePatch(result.contains(it.key()) ? result[it.key()] : nlohmann::json(),
                                               it.value());
    }
    return result;
}

namespace {

bool splitPointer(const std::string &pointer, std::vector<std::string> *tokens, std::string *error)
{
    tokens->clear();
    if (pointer.empty())
        return true;
    if (pointer[0] != '/') {
        *error = "invalid JSON pointer \"" + pointer + "\": must start with '/'";
        return false;
    }
    std::size_t start = 1;
    while (true) {
        const std::size_t slash = pointer.find('/', start);
        std::string raw = pointer.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        std::string token;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '~' && i + 1 < raw.size() && (raw[i + 1] == '0' || raw[i + 1] == '1')) {
                token.push_back(raw[i + 1] == '0' ? '~' : '/');
                ++i;
            } else {
                token.push_back(raw[i]);
            }
        }
        tokens->push_back(token);
        if (slash == std::string::npos)
            break;
        start = slash + 1;
    }
    return true;
}

bool arrayIndex(const std::string &token, std::size_t size, bool allowEnd, std::size_t *index)
{
    if (allowEnd && token == "-") {
        *index = size;
        return true;
    }
    if (token.empty() || (token.size() > 1 && token[0] == '0'))
        return false;
    for (char c : token) {
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return false;
    }
    *index = std::stoull(token);
    return allowEnd ? *index <= size : *index < size;
}

// Walks to the parent of the last token. Returns nullptr when the path does not exist.
nlohmann::json *parentOf(nlohmann::json *doc, const std::vector<std::string> &tokens)
{
    nlohmann::json *node = doc;
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
        if (node->is_object()) {
            if (!node->contains(tokens[i]))
                return nullptr;
            node = &(*node)[tokens[i]];
        } else if (node->is_array()) {
            std::size_t index;
            if (!arrayIndex(tokens[i], node->size(), false, &index))
                return nullptr;
            node = &(*node)[index];
        } else {
            return nullptr;
        }
    }
    return node;
}

bool getValue(nlohmann::json *doc, const std::vector<std::string> &tokens, nlohmann::json *out)
{
    if (tokens.empty()) {
        *out = *doc;
        return true;
    }
    nlohmann::json *parent = parentOf(doc, tokens);
    if (!parent)
        return false;
    if (parent->is_object()) {
        if (!parent->contains(tokens.back()))
            return false;
        *out = (*parent)[tokens.back()];
        return true;
    }
    std::size_t index;
    if (!parent->is_array() || !arrayIndex(tokens.back(), parent->size(), false, &index))
        return false;
    *out = (*parent)[index];
    return true;
}

bool removeValue(nlohmann::json *doc, const std::vector<std::string> &tokens)
{
    if (tokens.empty())
        return false;
    nlohmann::json *parent = parentOf(doc, tokens);
    if (!parent)
        return false;
    if (parent->is_object())
        return parent->erase(tokens.back()) == 1;
    std::size_t index;
    if (!parent->is_array() || !arrayIndex(tokens.back(), parent->size(), false, &index))
        return false;
    parent->erase(index);
    return true;
}

bool addValue(nlohmann::json *doc, const std::vector<std::string> &tokens, const nlohmann::json &value,
              bool replace)
{
    if (tokens.empty()) {
        *doc = value;
        return true;
    }
    nlohmann::json *parent = parentOf(doc, tokens);
    if (!parent)
        return false;
    if (parent->is_object()) {
        if (replace && !parent->contains(tokens.back()))
            return false;
        (*parent)[tokens.back()] = value;
        return true;
    }
    if (!parent->is_array())
        return false;
    std::size_t index;
    if (!arrayIndex(tokens.back(), parent->size(), !replace, &index))
        return false;
    if (replace)
        (*parent)[index] = value;
    else
        parent->insert(parent->begin() + static_cast<std::ptrdiff_t>(index), value);
    return true;
}

} // namespace

bool applyJsonPatch(nlohmann::json *target, const nlohmann::json &operations, std::string *error)
{
    if (!operations.is_array()) {
        *error = "json patch must be an array of operations";
        return false;
    }
    nlohmann::json doc = *target;
    for (const nlohmann::json &op : operations) {
        if (!op.is_object() || !op.contains("op") || !op["op"].is_string() || !op.contains("path")
            || !op["path"].is_string()) {
            *error = "invalid json patch operation: " + op.dump();
            return false;
        }
        const std::string name = op["op"].get<std::string>();
        const std::string path = op["path"].get<std::string>();
        std::vector<std::string> tokens;
        if (!splitPointer(path, &tokens, error))
            return false;
        bool ok = false;
        if (name == "add" || name == "replace" || name == "test") {
            if (!op.contains("value")) {
                *error = "operation \"" + name + "\" at \"" + path + "\" has no value";
                return false;
            }
        }
        if (name == "add") {
            ok = addValue(&doc, tokens, op["value"], false);
        } else if (name == "replace") {
            ok = addValue(&doc, tokens, op["value"], true);
        } else if (name == "remove") {
            ok = removeValue(&doc, tokens);
        } else if (name == "test") {
            nlohmann::json current;
            ok = getValue(&doc, tokens, &current) && current == op["value"];
            if (!ok) {
                *error = "testing value " + path + " failed";
                return false;
            }
        } else if (name == "move" || name == "copy") {
            if (!op.contains("from") || !op["from"].is_string()) {
                *error = "operation \"" + name + "\" needs \"from\"";
                return false;
            }
            std::vector<std::string> from;
            if (!splitPointer(op["from"].get<std::string>(), &from, error))
                return false;
            nlohmann::json value;
            ok = getValue(&doc, from, &value);
            if (ok && name == "move")
                ok = removeValue(&doc, from);
            if (ok)
                ok = addValue(&doc, tokens, value, false);
        } else {
            *error = "unknown json patch operation \"" + name + "\"";
            return false;
        }
        if (!ok) {
            *error = "unable to apply \"" + name + "\" at \"" + path + "\": path does not exist";
            return false;
        }
    }
    *target = std::move(doc);
    return true;
}

} // namespace fleetscope::hub
