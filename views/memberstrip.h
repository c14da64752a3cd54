#pragma once

#include <QListView>

namespace fleetscope {

class MemberStateModel;

// The Resources window's member strip: a chip per member (cluster name and state,
// coloured by it: live, working, forbidden, failed), wrapping over a few lines; the
// reason in the tooltip.
class MemberStrip final : public QListView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemberStrip)

public:
    explicit MemberStrip(MemberStateModel *model, QWidget *parent = nullptr);

    QSize sizeHint() const override;
};

} // namespace fleetscope
