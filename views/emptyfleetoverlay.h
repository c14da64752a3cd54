#pragma once

#include "fleet/engine/hubfailure.h"

#include <QWidget>

class QAbstractItemView;
class QLabel;
class QPushButton;

namespace fleetscope {

class FleetStore;

// Covers the cluster table's empty area when no hub is configured (how to add
// one) or when every hub failed, saying why per kind of failure (refused,
// unreachable, TLS, credentials, RBAC, configuration) with the hubs and their
// messages, a Reconnect button and one for the Hubs dialog. Hidden as soon as a
// hub connects or any cluster is known, so the table itself is never touched.
class EmptyFleetOverlay final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmptyFleetOverlay)

public:
    EmptyFleetOverlay(const FleetStore *store, QAbstractItemView *view);

    const EmptyFleetReason &reason() const { return m_reason; }
    QString text() const;
    // Without an engine the Hubs dialog cannot open: the button stays, disabled.
    void setHubsAvailable(bool available);
    // Said instead of how to add a hub while none is configured yet, without the
    // buttons (the demo's hubs starting, or why they did not); empty: the advice.
    void setNotice(const QString &title, const QString &text);

    void refresh();

signals:
    void reconnectRequested();
    void hubsRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void place();

    const FleetStore *m_store;
    QAbstractItemView *m_view;
    EmptyFleetReason m_reason;
    QString m_noticeTitle;
    QString m_noticeText;
    QLabel *m_label;
    QPushButton *m_reconnect;
    QPushButton *m_hubs;
};

} // namespace fleetscope
