#include "memberstatemodel.h"

#include "resourceengine.h"

namespace fleetscope {

MemberStateModel::MemberStateModel(ResourceEngine *engine, QObject *parent)
    : QAbstractListModel(parent)
    , m_engine(engine)
{
    connect(engine, &ResourceEngine::started, this, [this] {
        // A new set of members (or the same, asked anew): the strip starts over.
        beginResetModel();
        m_rows = m_engine->memberCount();
        endResetModel();
    });
    connect(engine, &ResourceEngine::memberStateChanged, this, [this](int member) {
        if (member < m_rows)
            emit dataChanged(index(member), index(member));
    });
}

int MemberStateModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

QString MemberStateModel::phaseText(int phase, int count)
{
    switch (MemberState::Phase(phase)) {
    case MemberState::Phase::Waiting:
        return tr("waiting");
    case MemberState::Phase::Connecting:
        return tr("connecting");
    case MemberState::Phase::Discovering:
        return tr("discovering");
    case MemberState::Phase::Listing:
        return tr("listing");
    case MemberState::Phase::Live:
        return tr("live (%1)").arg(count);
    case MemberState::Phase::Listed:
        return tr("listed (%1)").arg(count);
    case MemberState::Phase::Forbidden:
        return tr("forbidden");
    case MemberState::Phase::Unreachable:
        return tr("unreachable");
    case MemberState::Phase::CredentialError:
        return tr("credential error");
    case MemberState::Phase::NotServed:
        return tr("not served");
    case MemberState::Phase::Failed:
        return tr("failed");
    case MemberState::Phase::Stopped:
        return tr("stopped");
    }
    return QString();
}

QVariant MemberStateModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows || index.row() >= m_engine->memberCount())
        return QVariant();
    const MemberState &state = m_engine->state(index.row());
    const QString cluster = m_engine->member(index.row()).label();
    switch (role) {
    case Qt::DisplayRole: {
        QString text = cluster + QStringLiteral(": ") + phaseText(int(state.phase), state.count);
        if (state.phase == MemberState::Phase::Forbidden)
            text += u' ' + (state.namespaceName.isEmpty() ? tr("(%1, cluster-wide)").arg(state.verb)
                                                          : tr("(%1 in %2)").arg(state.verb, state.namespaceName));
        return text;
    }
    case Qt::ToolTipRole:
        return state.reason.isEmpty() ? cluster : cluster + u'\n' + state.reason;
    case PhaseRole:
        return int(state.phase);
    case SeverityRole: { // what needs a look is on the strip's first line
        using P = MemberState::Phase;
        const P p = state.phase;
        return p == P::Unreachable || p == P::CredentialError || p == P::Failed ? 0
            : p == P::Forbidden || p == P::NotServed                            ? 1
            : p == P::Live || p == P::Listed                                    ? 3
                                                                                : 2;
    }
    case CountRole:
        return state.count;
    case ReasonRole:
        return state.reason;
    case ClusterRole:
        return cluster;
    default:
        return QVariant();
    }
}

} // namespace fleetscope
