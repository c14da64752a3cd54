#pragma once

#include <QStringView>
#include <QtGlobal>

namespace fleetscope {

// Typed readings of the strings ClusterProfiles carry, shared by the filter, the
// table's sort role and the proxy's comparisons. All parse without allocating,
// because they run per row on 100k-row filters and sorts.

// A Kubernetes version ("v1.30.2", "1.30", "v1.29.4-gke.1043002") as numbers.
// The "v" prefix is optional; anything after major.minor.patch (pre-release or
// vendor suffixes) is ignored, so "v1.30.2-gke.1" orders as 1.30.2.
struct VersionKey
{
    int parts[3] = {0, 0, 0};
    int count = 0; // numeric components read: 0 means "not a version"

    bool isValid() const { return count > 0; }
    // One integer that sorts like the version; -1 for no version, so those sort first.
    qint64 packed() const;

    static VersionKey parse(QStringView text);
    // Three-way comparison over the first `components` parts only: "1.30" as a
    // pattern (components 2) equals every 1.30.x.
    static int compare(const VersionKey &a, const VersionKey &b, int components = 3);
};

// "100", "-2.5", "1e3": false for anything else (including empty and trailing text).
bool parseDecimal(QStringView text, double *out);

// Whether `value` equals `item`, or is a JSON string array (as list-valued
// properties are published: ["a","b"]) with an element equal to `item`.
bool valueHasItem(QStringView value, QStringView item);

// Three-way comparison of two strings without collation: case-insensitive first
// so that "alpha" and "Beta" sort as people expect, then exact as a tie-break.
int compareText(QStringView a, QStringView b);

// compareText()'s order on the first 15 characters of a text, as two integers:
// a sort keeps one per row in a contiguous array, so that most comparisons are
// decided there instead of by reading two strings from wherever they live
// (cache misses, not character compares, are what a 100k-row merge waits on).
class TextSortPrefix
{
public:
    TextSortPrefix() = default;
    static TextSortPrefix of(QStringView text);

    // -1 or 1 when the prefixes alone give compareText()'s result; 0 when they
    // cannot (equal prefixes, or a prefix that is not plain ASCII): compare the texts.
    int decide(const TextSortPrefix &other) const
    {
        if (!(m_low & usable) || !(other.m_low & usable) || (m_high == other.m_high && m_low == other.m_low))
            return 0;
        if (m_high != other.m_high)
            return m_high < other.m_high ? -1 : 1;
        return m_low < other.m_low ? -1 : 1;
    }

private:
    static constexpr quint64 usable = 1; // the low byte is a flag, not a character
    quint64 m_high = 0; // characters 0-7, case-folded, big-endian
    quint64 m_low = 0;  // characters 8-14, then the flag byte
};

} // namespace fleetscope
