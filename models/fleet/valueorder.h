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
bool valueHasItem(QStringView value, QStringView item, Qt::CaseSensitivity cs = Qt::CaseSensitive);

// Three-way comparison of two strings without collation: case-insensitive first
// so that "alpha" and "Beta" sort as people expect, then exact as a tie-break.
int compareText(QStringView a, QStringView b);

} // namespace fleetscope
