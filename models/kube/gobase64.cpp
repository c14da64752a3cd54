#include "gobase64.h"

namespace fleetscope {
namespace {

int sextet(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

bool isNewline(char c)
{
    return c == '\n' || c == '\r';
}

} // namespace

bool decodeGoBase64(const QByteArray &text, QByteArray *out, qsizetype *errorOffset)
{
    // Follows Go's decodeQuantum so that the reported offsets match kubectl's messages.
    const qsizetype n = text.size();
    qsizetype si = 0;
    QByteArray result;
    result.reserve(n / 4 * 3);
    auto fail = [errorOffset](qsizetype at) {
        if (errorOffset)
            *errorOffset = at;
        return false;
    };
    while (true) {
        int buf[4] = {0, 0, 0, 0};
        int length = 4;
        bool finished = false;
        for (int j = 0; j < 4; ++j) {
            if (si == n) {
                if (j == 0) {
                    *out = result;
                    return true;
                }
                return fail(si - j); // a partial quantum without padding
            }
            const char c = text.at(si++);
            const int value = sextet(c);
            if (value >= 0) {
                buf[j] = value;
                continue;
            }
            if (isNewline(c)) {
                --j;
                continue;
            }
            if (c != '=')
                return fail(si - 1);
            if (j < 2)
                return fail(si - 1); // "=" too early
            if (j == 2) { // "==" expected; skip newlines between the two
                while (si < n && isNewline(text.at(si)))
                    ++si;
                if (si == n)
                    return fail(n);
                if (text.at(si) != '=')
                    return fail(si - 1);
                ++si;
            }
            while (si < n && isNewline(text.at(si)))
                ++si;
            if (si < n)
                return fail(si); // data after the padding
            length = j;
            finished = true;
            break;
        }
        const unsigned v = unsigned(buf[0]) << 18 | unsigned(buf[1]) << 12 | unsigned(buf[2]) << 6 | unsigned(buf[3]);
        result.append(char((v >> 16) & 0xff));
        if (length > 2)
            result.append(char((v >> 8) & 0xff));
        if (length > 3)
            result.append(char(v & 0xff));
        if (finished) {
            *out = result;
            return true;
        }
    }
}

} // namespace fleetscope
