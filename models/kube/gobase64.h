#pragma once

#include <QByteArray>

namespace fleetscope {

// Decodes standard, padded base64 exactly as Go's base64.StdEncoding does when
// kubectl reads `*-data` fields: CR and LF are skipped anywhere, padding is
// required, unused trailing bits are tolerated. On failure returns false and sets
// `errorOffset` to the byte Go names in "illegal base64 data at input byte N".
bool decodeGoBase64(const QByteArray &text, QByteArray *out, qsizetype *errorOffset);

} // namespace fleetscope
