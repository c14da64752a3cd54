#pragma once

#include "fleet/filter/valueorder.h"

#include <QString>
#include <QVariant>

namespace fleetscope {

// One cell's sort value as the proxy keeps it per source row: the model's
// sort-role QVariant read once into a form that compares without QVariant
// dispatch. Missing values sort first, then numbers (integers exactly, others
// as doubles), then text (compareText(), decided by the prefix for most pairs).
// Dates and times count as numbers; any other type as its text.
class SortKey
{
public:
    SortKey() = default;
    explicit SortKey(const QVariant &value);

    static int compare(const SortKey &a, const SortKey &b);
    friend bool operator==(const SortKey &a, const SortKey &b) { return compare(a, b) == 0; }
    friend bool operator!=(const SortKey &a, const SortKey &b) { return compare(a, b) != 0; }

private:
    enum class Kind : quint8 { Missing, Integer, Real, Text };

    QString m_text;
    TextSortPrefix m_prefix;
    union {
        qint64 m_integer = 0;
        double m_real;
    };
    Kind m_kind = Kind::Missing;
};

} // namespace fleetscope
