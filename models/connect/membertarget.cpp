#include "membertarget.h"

#include "fleet/store/fleetstore.h"

namespace fleetscope {

bool MemberTarget::parse(const QString &text, MemberTarget *out)
{
    const int last = text.lastIndexOf(u'/');
    const int middle = last > 0 ? text.lastIndexOf(u'/', last - 1) : -1;
    if (middle <= 0 || last == middle + 1 || last == text.size() - 1)
        return false;
    out->hub = text.left(middle);
    out->namespaceName = text.mid(middle + 1, last - middle - 1);
    out->name = text.mid(last + 1);
    return true;
}

MemberTarget MemberTarget::fromRow(const FleetStore &store, int row)
{
    const FleetProfile &p = store.profileAt(row);
    MemberTarget t;
    t.hub = store.hubName(p.hub);
    t.namespaceName = p.profile().metadata.namespaceName;
    t.name = p.profile().metadata.name;
    t.profile = p.profile();
    return t;
}

QList<MemberTarget> MemberTarget::fromRows(const FleetStore &store, const QList<int> &rows)
{
    QList<MemberTarget> targets;
    for (const int row : rows) {
        if (row >= 0 && row < store.profileCount())
            targets << fromRow(store, row);
    }
    return targets;
}

} // namespace fleetscope
