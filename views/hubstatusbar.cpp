#include "hubstatusbar.h"

#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/hubstatusmodel.h"
#include "healthstyle.h"
#include "hubchiplabel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QLabel>
#include <QLocale>
#include <QTimer>

#include <utility>

namespace fleetscope {
namespace {

Health chipHealth(HubStatus::State state)
{
    switch (state) {
    case HubStatus::State::Live:
        return Health::Healthy;
    case HubStatus::State::Connecting:
    case HubStatus::State::Syncing:
        return Health::NotReported;
    case HubStatus::State::Reconnecting:
        return Health::Unknown;
    default:
        return Health::Unhealthy;
    }
}

} // namespace

HubStatusBar::HubStatusBar(const FleetStore *store, HubStatusModel *hubs, QAbstractItemModel *shown, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_hubs(hubs)
    , m_shown(shown)
    , m_counts(new QLabel(this))
    , m_countsTimer(new QTimer(this))
{
    // The first change of a quiet fleet is counted in the next turn of the event
    // loop; under churn, the changes of each interval once at its end (every
    // delta walked the fleet and re-laid out the status bar: ~10 % of a
    // dashboard's GUI thread on a hub with 300 events/s).
    m_countsTimer->setSingleShot(true);
    m_countsTimer->setInterval(countsIntervalMs);
    connect(m_countsTimer, &QTimer::timeout, this, &HubStatusBar::countIfPending);
    setObjectName(QStringLiteral("hubStatusBar"));
    m_counts->setObjectName(QStringLiteral("fleetCounts"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->setSpacing(12);
    layout->addStretch(1);
    layout->addWidget(m_counts);
    connect(hubs, &QAbstractItemModel::rowsInserted, this, &HubStatusBar::rebuildChips);
    connect(hubs, &QAbstractItemModel::rowsRemoved, this,
            [this](const QModelIndex &, int first, int last) { removeChips(first, last); });
    connect(hubs, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &from, const QModelIndex &to) {
        for (int row = from.row(); row <= to.row(); ++row)
            updateChip(row);
    });
    // A delta re-filtered under a sort reaches the proxy as hundreds of row
    // insertions and removals, and counting walks every profile (3.4 s of GUI
    // stall per 10k events at 100k rows, tests/bench/bench_gui): count once after
    // them, in a turn of the event loop of its own, and at most once per interval.
    // A delta is counted the same way: at 100k rows the walk is ~1 ms, which the
    // delta's own turn (the longest the window waits in a burst) need not carry.
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(shown, signal, this, &HubStatusBar::scheduleCounts);
    connect(shown, &QAbstractItemModel::modelReset, this, &HubStatusBar::updateCounts);
    connect(shown, &QAbstractItemModel::layoutChanged, this, &HubStatusBar::updateCounts);
    connect(store, &FleetStore::deltaApplied, this, &HubStatusBar::scheduleCounts);
    // A sync that just ended shows its whole fleet in the next turn, whatever
    // the interval (a --screenshot is taken soon after).
    connect(store, &FleetStore::hubStatusChanged, this, [this] {
        const bool settled = m_store->allHubsSettled();
        if (settled && !m_settled) {
            m_countsTimer->stop();
            m_countsPending = false;
            scheduleCounts();
        }
        m_settled = settled;
    });
    rebuildChips();
    updateCounts();
}

void HubStatusBar::rebuildChips()
{
    auto *layout = static_cast<QHBoxLayout *>(this->layout());
    while (m_chips.size() < m_hubs->rowCount()) {
        Chip chip;
        chip.icon = new QLabel(this);
        chip.text = new HubChipLabel(this);
        chip.text->setObjectName(QStringLiteral("hubChip"));
        // Reachable from the keyboard too (Tab, then Enter or Space).
        chip.text->setFocusPolicy(Qt::StrongFocus);
        chip.text->setCursor(Qt::PointingHandCursor);
        // Rows come at the end and go with their chip: a chip stays its hub's.
        const QString hub = m_hubs->index(int(m_chips.size())).data(HubStatusModel::HubNameRole).toString();
        for (QLabel *label : {chip.icon, static_cast<QLabel *>(chip.text)}) {
            label->installEventFilter(this);
            label->setContextMenuPolicy(Qt::ActionsContextMenu);
            label->addActions(chipActions(hub, label));
        }
        const int position = int(m_chips.size()) * 2;
        layout->insertWidget(position, chip.icon);
        layout->insertWidget(position + 1, chip.text);
        m_chips.append(chip);
    }
    for (int row = 0; row < m_chips.size(); ++row)
        updateChip(row);
}

void HubStatusBar::removeChips(int first, int last)
{
    // Later, not now: the chip's own menu action may be what removed its hub.
    for (int row = last; row >= first && row < m_chips.size(); --row) {
        for (QLabel *label : {m_chips[row].icon, static_cast<QLabel *>(m_chips[row].text)}) {
            label->hide();
            layout()->removeWidget(label);
            label->deleteLater();
        }
        m_chips.removeAt(row);
    }
}

QList<QAction *> HubStatusBar::chipActions(const QString &hub, QObject *parent)
{
    const auto action = [this, parent](const QString &text, auto triggered) {
        auto *action = new QAction(text, parent);
        connect(action, &QAction::triggered, this, triggered);
        return action;
    };
    return {action(tr("&Reconnect"), [this, hub] { emit reconnectRequested(hub); }),
            action(tr("Re&move hub"), [this, hub] { emit removeRequested(hub); }),
            action(tr("Hub &details…"), [this, hub] { emit hubDetailsRequested(m_store->hubIndex(hub)); })};
}

void HubStatusBar::updateChip(int row)
{
    if (row >= m_chips.size())
        return;
    const QModelIndex index = m_hubs->index(row);
    const auto state = HubStatus::State(index.data(HubStatusModel::StateRole).toInt());
    const Chip &chip = m_chips[row];
    // Shape and colour for the state, the words for the details.
    chip.icon->setPixmap(HealthStyle::icon(chipHealth(state)).pixmap(14, 14));
    chip.text->setChip(index.data(HubStatusModel::HubNameRole).toString(), index.data(HubStatusModel::SummaryRole).toString());
    const QString tip = index.data(Qt::ToolTipRole).toString() + QStringLiteral("<br><i>%1</i>").arg(tr("Click for the hub's details"));
    chip.icon->setToolTip(tip);
    chip.text->setToolTip(tip);
}

bool HubStatusBar::eventFilter(QObject *watched, QEvent *event)
{
    const bool click = event->type() == QEvent::MouseButtonRelease
        && static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton;
    const int keyPressed = event->type() == QEvent::KeyPress ? static_cast<QKeyEvent *>(event)->key() : 0;
    const bool key = keyPressed == Qt::Key_Return || keyPressed == Qt::Key_Enter || keyPressed == Qt::Key_Space;
    if (const int row = (click || key) ? chipRow(watched) : -1; row >= 0) {
        // Chips are the active hubs; the store's index is the hub's identity.
        emit hubDetailsRequested(m_hubs->index(row).data(HubStatusModel::HubIndexRole).toInt());
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

int HubStatusBar::chipRow(const QObject *widget) const
{
    for (int row = 0; row < m_chips.size(); ++row) {
        if (m_chips[row].icon == widget || m_chips[row].text == widget)
            return row;
    }
    return -1;
}

void HubStatusBar::updateCounts()
{
    int counts[4] = {0, 0, 0, 0};
    for (const FleetProfile &p : m_store->profiles())
        ++counts[int(p.health)];
    const QLocale locale;
    // The same verdicts the tree counts; "not reported" only where there are such
    // clusters, since most fleets' producers all report health.
    QString text = tr("%1 clusters · ✔ %2 healthy · ▲ %3 unhealthy · ? %4 unknown")
                       .arg(locale.toString(m_store->profileCount()), locale.toString(counts[int(Health::Healthy)]),
                            locale.toString(counts[int(Health::Unhealthy)]), locale.toString(counts[int(Health::Unknown)]));
    if (counts[int(Health::NotReported)] > 0)
        text += tr(" · ○ %1 not reported").arg(locale.toString(counts[int(Health::NotReported)]));
    m_counts->setText(text + tr(" · %1 shown").arg(locale.toString(m_shown->rowCount())));
}

void HubStatusBar::scheduleCounts()
{
    // The timer's end counts what arrives while it runs.
    if (!std::exchange(m_countsPending, true) && !m_countsTimer->isActive())
        QMetaObject::invokeMethod(this, &HubStatusBar::countIfPending, Qt::QueuedConnection);
}

void HubStatusBar::countIfPending()
{
    if (std::exchange(m_countsPending, false)) {
        updateCounts();
        m_countsTimer->start();
    }
}

} // namespace fleetscope
