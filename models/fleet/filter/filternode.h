#pragma once

#include "valueorder.h"

#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <vector>

namespace fleetscope {

// What a filter term looks at. Keys are resolved to one of these at compile
// time, so evaluation never looks at the key's spelling again.
enum class FilterField : quint8 {
    Name,
    DisplayName,
    Hub,
    Namespace,
    ClusterSet,
    Manager,
    MemberId,
    Version,
    Health,
    Condition,       // key = condition type
    Label,           // key = label key
    Property,        // key = property name
    PropertyOrLabel, // an unqualified dotted key: the property, else the label
    Column,          // a field of the field table read through its text (fleetfields.h)
};

enum class FilterOp : quint8 {
    Exists,
    Equal,
    NotEqual,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Contains,
    NotContains,
    Regex,
    NotRegex,
    In,
    NotIn,
};

// How ordering and equality read the row's value.
enum class FilterValueType : quint8 { Text, Number, Version };

// One node of a compiled filter. Nodes live in a flat vector and refer to their
// children by index: one allocation for the whole filter, none per row.
struct FilterNode
{
    enum class Kind : quint8 { And, Or, Not, Test, FreeText };

    Kind kind = Kind::Test;
    FilterField field = FilterField::Name;
    FilterOp op = FilterOp::Exists;
    FilterValueType valueType = FilterValueType::Text;
    // Conditions: a bit per ConditionStatus; health: a bit per Health.
    quint8 statusMask = 0;
    int offset = 0; // where the term starts in the filter text
    int fieldIndex = -1; // Column: which field (fleetField())
    QString key;    // interned, so that it shares its buffer with the profiles' names
    QStringList values;
    double number = 0;
    VersionKey version;               // ordering against a version
    std::vector<VersionKey> versions; // version equality: one per value (invalid: compare text)
    QRegularExpression regex;
    std::vector<int> children;
};

} // namespace fleetscope
