#include "emptyfleetoverlay.h"

#include "fleet/store/fleetstore.h"

#include <QAbstractItemView>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace fleetscope {

EmptyFleetOverlay::EmptyFleetOverlay(const FleetStore *store, QAbstractItemView *view)
    : QWidget(view->viewport())
    , m_store(store)
    , m_view(view)
    , m_label(new QLabel(this))
    , m_reconnect(new QPushButton(tr("&Reconnect"), this))
    , m_hubs(new QPushButton(tr("Choose &hubs…"), this))
{
    setObjectName(QStringLiteral("emptyFleetOverlay"));
    m_label->setObjectName(QStringLiteral("emptyFleetReason"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse); // people paste the message into a ticket
    m_label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_reconnect->setObjectName(QStringLiteral("emptyFleetReconnect"));
    m_reconnect->setToolTip(tr("Try every hub again now (F5)"));
    m_hubs->setObjectName(QStringLiteral("emptyFleetHubs"));
    m_hubs->setToolTip(tr("Choose which kubeconfig contexts are hubs (Ctrl+Shift+H)"));
    connect(m_reconnect, &QPushButton::clicked, this, &EmptyFleetOverlay::reconnectRequested);
    connect(m_hubs, &QPushButton::clicked, this, &EmptyFleetOverlay::hubsRequested);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_reconnect);
    buttons->addWidget(m_hubs);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 24, 24, 24);
    layout->addWidget(m_label);
    layout->addLayout(buttons);
    layout->addStretch(1);

    // The table's base colour shows through, as if the text were its content.
    setAutoFillBackground(false);
    view->viewport()->installEventFilter(this);
    connect(store, &FleetStore::hubStatusChanged, this, &EmptyFleetOverlay::refresh);
    connect(store, &FleetStore::hubRemoved, this, &EmptyFleetOverlay::refresh);
    connect(store, &FleetStore::deltaApplied, this, &EmptyFleetOverlay::refresh);
    refresh();
}

void EmptyFleetOverlay::setHubsAvailable(bool available)
{
    m_hubs->setEnabled(available);
}

void EmptyFleetOverlay::setNotice(const QString &title, const QString &text)
{
    m_noticeTitle = title;
    m_noticeText = text;
    refresh();
}

QString EmptyFleetOverlay::text() const
{
    return m_label->text();
}

void EmptyFleetOverlay::refresh()
{
    m_reason = EmptyFleetReason::of(*m_store);
    const bool noHubs = m_store->activeHubs().isEmpty();
    if (!noHubs && !m_reason.allFailed) {
        hide();
        return;
    }
    const bool notice = noHubs && !m_noticeTitle.isEmpty();
    m_reconnect->setVisible(!noHubs);
    m_hubs->setVisible(!notice);
    QString html;
    if (notice)
        html = QStringLiteral("<h2>%1</h2><p>%2</p>").arg(m_noticeTitle.toHtmlEscaped(), m_noticeText.toHtmlEscaped());
    else if (noHubs)
        html = tr("<h2>No hubs connected</h2>"
                  "<p>Fleetscope shows the ClusterProfiles published on your hub clusters.</p>"
                  "<p>Choose which contexts of your kubeconfig are hubs (File → Hubs…), "
                  "or try <tt>fleetscope --demo</tt> for a simulated fleet. On the command line, "
                  "<tt>--context NAME</tt> names a hub for one run.</p>");
    else
        html = QStringLiteral("<h3>%1</h3>").arg(tr("No clusters: no hub could be read").toHtmlEscaped());
    for (const EmptyFleetReason::Section &section : std::as_const(m_reason.sections)) {
        html += QStringLiteral("<p><b>%1</b><br>%2</p><ul>").arg(section.title.toHtmlEscaped(), section.advice.toHtmlEscaped());
        for (const QString &hub : section.hubs)
            html += QStringLiteral("<li>%1</li>").arg(hub.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    m_label->setText(html);
    place();
    show();
    raise();
}

void EmptyFleetOverlay::place()
{
    setGeometry(m_view->viewport()->rect());
}

bool EmptyFleetOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        place();
    return QWidget::eventFilter(watched, event);
}

} // namespace fleetscope
