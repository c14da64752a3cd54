#pragma once

#include "jsoncursor.h"

#include <QByteArray>

#include <string>

namespace fleetscope {

// Copies the next JSON value from `c` to `out` exactly as compactJson() prints
// the same value once parsed into a nlohmann DOM: no whitespace, object members
// in std::map order, strings escaped as nlohmann escapes them, integers as
// stored. Extension bodies are kept that way, and the DOM-free decoder must
// produce the same bytes. Values it cannot reproduce byte for byte (doubles,
// repeated keys, more than 32 levels) return false: the caller takes the DOM path.
bool copyCompactJson(JsonCursor &c, QByteArray *out, std::string *scratch, int depth = 0);

} // namespace fleetscope
