#include "valueorder.h"

#include <cmath>

namespace fleetscope {

qint64 VersionKey::packed() const
{
    if (!isValid())
        return -1;
    // 20 bits per part: Kubernetes minors and patches stay far below a million.
    constexpr qint64 mask = (qint64(1) << 20) - 1;
    return (qint64(qMin(parts[0], int(mask))) << 40) | (qint64(qMin(parts[1], int(mask))) << 20)
        | qint64(qMin(parts[2], int(mask)));
}

VersionKey VersionKey::parse(QStringView text)
{
    VersionKey key;
    qsizetype i = 0;
    if (i < text.size() && (text[i] == u'v' || text[i] == u'V'))
        ++i;
    while (key.count < 3) {
        const qsizetype start = i;
        int value = 0;
        while (i < text.size() && text[i] >= u'0' && text[i] <= u'9') {
            value = qMin(value * 10 + (text[i].unicode() - u'0'), 1 << 24);
            ++i;
        }
        if (i == start)
            break;
        key.parts[key.count++] = value;
        if (i < text.size() && text[i] == u'.' && key.count < 3)
            ++i;
        else
            break;
    }
    // "v" alone or "1." followed by letters still read as far as the numbers go;
    // text that does not start with a number is no version at all.
    if (key.count == 0)
        return key;
    if (i < text.size() && text[i] != u'-' && text[i] != u'+' && text[i] != u'.')
        return VersionKey(); // "1.30abc": not a version
    return key;
}

int VersionKey::compare(const VersionKey &a, const VersionKey &b, int components)
{
    for (int i = 0; i < qMin(components, 3); ++i) {
        if (a.parts[i] != b.parts[i])
            return a.parts[i] < b.parts[i] ? -1 : 1;
    }
    return 0;
}

bool parseDecimal(QStringView text, double *out)
{
    // Hand-rolled: QStringView::toDouble converts through a temporary buffer and
    // accepts locale quirks we do not want in a query language.
    qsizetype i = 0;
    const qsizetype n = text.size();
    bool negative = false;
    if (i < n && (text[i] == u'-' || text[i] == u'+'))
        negative = text[i++] == u'-';
    double value = 0;
    qsizetype digits = 0;
    while (i < n && text[i] >= u'0' && text[i] <= u'9') {
        value = value * 10 + (text[i++].unicode() - u'0');
        ++digits;
    }
    if (i < n && text[i] == u'.') {
        ++i;
        double scale = 0.1;
        while (i < n && text[i] >= u'0' && text[i] <= u'9') {
            value += (text[i++].unicode() - u'0') * scale;
            scale /= 10;
            ++digits;
        }
    }
    if (digits == 0)
        return false;
    if (i < n && (text[i] == u'e' || text[i] == u'E')) {
        ++i;
        bool negativeExponent = false;
        if (i < n && (text[i] == u'-' || text[i] == u'+'))
            negativeExponent = text[i++] == u'-';
        int exponent = 0;
        qsizetype exponentDigits = 0;
        while (i < n && text[i] >= u'0' && text[i] <= u'9' && exponent < 400) {
            exponent = exponent * 10 + (text[i++].unicode() - u'0');
            ++exponentDigits;
        }
        if (exponentDigits == 0)
            return false;
        value *= std::pow(10.0, negativeExponent ? -exponent : exponent);
    }
    if (i != n)
        return false;
    *out = negative ? -value : value;
    return true;
}

bool valueHasItem(QStringView value, QStringView item)
{
    if (value == item)
        return true;
    if (!value.startsWith(u'['))
        return false;
    // Walk the JSON string elements in place; escapes are rare in property values
    // and an escaped element simply never equals a plain item.
    qsizetype i = 1;
    while (i < value.size()) {
        const qsizetype open = value.indexOf(u'"', i);
        if (open < 0)
            return false;
        qsizetype close = open + 1;
        while (close < value.size() && value[close] != u'"') {
            if (value[close] == u'\\')
                ++close;
            ++close;
        }
        if (close >= value.size())
            return false;
        if (value.sliced(open + 1, close - open - 1) == item)
            return true;
        i = close + 1;
    }
    return false;
}

TextSortPrefix TextSortPrefix::of(QStringView text)
{
    // Padding with zero bytes orders a shorter text first, as compareText() does;
    // so a NUL or a non-ASCII character in the window makes the prefix unusable.
    TextSortPrefix prefix;
    quint64 bytes[2] = {0, 0};
    const qsizetype window = qMin<qsizetype>(text.size(), 15);
    for (qsizetype i = 0; i < window; ++i) {
        char16_t c = text[i].unicode();
        if (c == 0 || c >= 0x80)
            return prefix;
        if (c >= u'A' && c <= u'Z')
            c = char16_t(c + 32);
        bytes[i / 8] |= quint64(c) << (8 * (7 - i % 8));
    }
    prefix.m_high = bytes[0];
    prefix.m_low = bytes[1] | usable;
    return prefix;
}

int compareText(QStringView a, QStringView b)
{
    // Names, namespaces and versions are ASCII: fold those here, a few times
    // faster than Qt's Unicode folding (the sort's inner loop), and hand the rest
    // from the first non-ASCII character on to Qt. Same order either way.
    const qsizetype common = qMin(a.size(), b.size());
    qsizetype i = 0;
    for (; i < common; ++i) {
        const char16_t x = a[i].unicode();
        const char16_t y = b[i].unicode();
        if (x >= 0x80 || y >= 0x80)
            break;
        if (x == y)
            continue;
        const char16_t lx = x >= u'A' && x <= u'Z' ? char16_t(x + 32) : x;
        const char16_t ly = y >= u'A' && y <= u'Z' ? char16_t(y + 32) : y;
        if (lx != ly)
            return lx < ly ? -1 : 1;
    }
    const int folded = i == common ? (a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1))
                                   : a.mid(i).compare(b.mid(i), Qt::CaseInsensitive);
    if (folded != 0)
        return folded < 0 ? -1 : 1;
    const int exact = a.compare(b, Qt::CaseSensitive);
    return exact < 0 ? -1 : (exact > 0 ? 1 : 0);
}

} // namespace fleetscope
