#include "sortkey.h"

#include <QDateTime>

namespace fleetscope {

SortKey::SortKey(const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::UnknownType:
        return;
    case QMetaType::Bool:
    case QMetaType::Char:
    case QMetaType::SChar:
    case QMetaType::UChar:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::LongLong:
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        m_kind = Kind::Integer;
        m_integer = value.toLongLong();
        return;
    case QMetaType::Float:
    case QMetaType::Double:
        m_kind = Kind::Real;
        m_real = value.toDouble();
        return;
    case QMetaType::QDateTime:
        m_kind = Kind::Integer;
        m_integer = value.toDateTime().toMSecsSinceEpoch();
        return;
    case QMetaType::QDate:
        m_kind = Kind::Integer;
        m_integer = value.toDate().toJulianDay();
        return;
    case QMetaType::QTime:
        m_kind = Kind::Integer;
        m_integer = value.toTime().msecsSinceStartOfDay();
        return;
    default:
        break;
    }
    m_text = value.toString();
    if (m_text.isEmpty()) {
        m_text = QString();
        return;
    }
    m_kind = Kind::Text;
    m_prefix = TextSortPrefix::of(m_text);
}

int SortKey::compare(const SortKey &a, const SortKey &b)
{
    const auto threeWay = [](auto x, auto y) { return x < y ? -1 : (y < x ? 1 : 0); };
    if (a.m_kind == b.m_kind) {
        switch (a.m_kind) {
        case Kind::Missing:
            return 0;
        case Kind::Integer:
            return threeWay(a.m_integer, b.m_integer);
        case Kind::Real:
            return threeWay(a.m_real, b.m_real);
        case Kind::Text:
            if (const int c = a.m_prefix.decide(b.m_prefix))
                return c;
            return compareText(a.m_text, b.m_text);
        }
    }
    const auto isNumber = [](Kind kind) { return kind == Kind::Integer || kind == Kind::Real; };
    if (isNumber(a.m_kind) && isNumber(b.m_kind)) {
        const double x = a.m_kind == Kind::Integer ? double(a.m_integer) : a.m_real;
        const double y = b.m_kind == Kind::Integer ? double(b.m_integer) : b.m_real;
        return threeWay(x, y);
    }
    const auto rank = [](Kind kind) { return kind == Kind::Missing ? 0 : (kind == Kind::Text ? 2 : 1); };
    return threeWay(rank(a.m_kind), rank(b.m_kind));
}

} // namespace fleetscope
