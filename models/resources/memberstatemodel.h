#pragma once

#include <QAbstractListModel>

namespace fleetscope {

class ResourceEngine;

// The member strip: one row per member of the Resources table, its cluster name
// and where it stands ("live (120)", "forbidden: …", "unreachable: …"), live.
class MemberStateModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberStateModel)

public:
    enum Role {
        PhaseRole = Qt::UserRole + 1, // MemberState::Phase as int
        CountRole,
        ReasonRole,
        ClusterRole,
        SeverityRole, // 0 failed, 1 forbidden or not served, 2 connecting, 3 live
    };

    explicit MemberStateModel(ResourceEngine *engine, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    // "live (120)", translated, for the strip.
    static QString phaseText(int phase, int count);

private:
    ResourceEngine *m_engine;
    int m_rows = 0;
};

} // namespace fleetscope
