#include "condition.h"

namespace fleetscope {

ConditionStatus conditionStatusFromString(QStringView text)
{
    if (text == u"True")
        return ConditionStatus::True;
    if (text == u"False")
        return ConditionStatus::False;
    // The CRD only admits True/False/Unknown; anything else is as good as Unknown.
    return ConditionStatus::Unknown;
}

QString conditionStatusName(ConditionStatus status)
{
    switch (status) {
    case ConditionStatus::True:
        return QStringLiteral("True");
    case ConditionStatus::False:
        return QStringLiteral("False");
    case ConditionStatus::Unknown:
        return QStringLiteral("Unknown");
    case ConditionStatus::Absent:
        break;
    }
    return QString();
}

} // namespace fleetscope
