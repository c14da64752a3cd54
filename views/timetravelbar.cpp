#include "timetravelbar.h"

#include "history/fleettimemachine.h"
#include "history/timetravel.h"

#include <QDateTime>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

namespace fleetscope {
namespace {

qint64 now()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

TimeTravelBar::TimeTravelBar(TimeTravel *travel, FleetTimeMachine *machine, QWidget *parent)
    : QWidget(parent)
    , m_travel(travel)
    , m_machine(machine)
    , m_title(new QLabel(tr("History:"), this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_time(new QDateTimeEdit(this))
    , m_now(new QPushButton(tr("&Now"), this))
    , m_changes(new QToolButton(this))
    , m_range(new QLabel(this))
    , m_tick(new QTimer(this))
    , m_fieldSettled(new QTimer(this))
{
    setObjectName(QStringLiteral("timeTravelBar"));
    // Its menu is the window's (toolbars and docks to show), as for the Main toolbar.
    setContextMenuPolicy(Qt::NoContextMenu);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    m_title->setBuddy(m_slider);
    m_slider->setObjectName(QStringLiteral("timeSlider"));
    m_slider->setToolTip(tr("The fleet as recorded at any moment: drag to the past, to the right end for live"));
    m_slider->setAccessibleName(tr("Moment shown"));
    m_slider->setSingleStep(60);   // arrow keys: a minute
    m_slider->setPageStep(3600);   // Page Up/Down: an hour
    m_time->setObjectName(QStringLiteral("timeField"));
    m_time->setCalendarPopup(true);
    m_time->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    m_time->setToolTip(tr("The moment shown (local time): type, use the arrows or the wheel"));
    m_time->setAccessibleName(tr("Moment shown"));
    m_now->setObjectName(QStringLiteral("timeNow"));
    m_now->setToolTip(tr("Back to the live fleet"));
    // Its action is the Time menu's (TimeTravelUi), so that both say the same.
    m_changes->setObjectName(QStringLiteral("timeChanges"));
    m_changes->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_range->setObjectName(QStringLiteral("timeRange"));
    layout->addWidget(m_title);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_time);
    layout->addWidget(m_now);
    layout->addWidget(m_changes);
    layout->addWidget(m_range);
    m_slider->setEnabled(false);
    m_time->setEnabled(false);

    connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
        if (m_updating)
            return;
        const qint64 at = value >= m_slider->maximum() ? 0 : momentOf(value);
        // The field says the moment the slider is at, also while it is dragged.
        showInField(at);
        askFor(at);
    });
    m_fieldSettled->setSingleShot(true);
    m_fieldSettled->setInterval(400);
    connect(m_fieldSettled, &QTimer::timeout, this, &TimeTravelBar::askForFieldMoment);
    connect(m_time, &QDateTimeEdit::dateTimeChanged, this, [this] {
        if (!m_updating)
            m_fieldSettled->start();
    });
    connect(m_time, &QDateTimeEdit::editingFinished, this, [this] {
        if (m_updating || !m_fieldSettled->isActive())
            return;
        m_fieldSettled->stop();
        askForFieldMoment();
    });
    connect(m_now, &QPushButton::clicked, this, [this] { askFor(0); });
    connect(machine, &FleetTimeMachine::rangesReady, this, &TimeTravelBar::setRanges);
    // A moment shown while a later one is on its way (a drag) leaves the
    // controls where the person put them.
    connect(travel, &TimeTravel::momentShown, this, [this](qint64 at) {
        if (at == m_travel->requestedMoment() && !m_slider->isSliderDown())
            showValue(at);
    });
    connect(travel, &TimeTravel::liveShown, this, [this] { showValue(0); });
    // Now moves on: the slider's right end with it, and the range now and then.
    m_tick->setInterval(5000);
    connect(m_tick, &QTimer::timeout, this, [this] {
        // Until something is recorded, and then now and then (pruning moves the start).
        if (m_start == 0 || ++m_ticks % 12 == 0)
            refreshRange();
        updateSpan();
        // Not under the person's typing.
        if (m_travel->isLive() && !m_time->hasFocus())
            showValue(0);
    });
    m_tick->start();
    refreshRange();
}

void TimeTravelBar::refreshRange()
{
    m_machine->requestRanges();
}

qint64 TimeTravelBar::momentOf(int value) const
{
    return m_start + qint64(value) * 1000;
}

int TimeTravelBar::valueOf(qint64 moment) const
{
    return int(std::clamp<qint64>((moment - m_start) / 1000, 0, m_slider->maximum()));
}

QString TimeTravelBar::rangeText() const
{
    return m_range->text();
}

void TimeTravelBar::setRanges(const QList<FleetHistoryReader::HubRange> &ranges, const QString &error)
{
    const QStringList hubs = m_travel->hubs();
    qint64 start = 0;
    for (const FleetHistoryReader::HubRange &r : ranges) {
        if (hubs.contains(r.hub))
            start = start == 0 ? r.from : std::min(start, r.from);
    }
    m_start = start;
    const bool recorded = start > 0 && error.isEmpty();
    m_slider->setEnabled(recorded);
    m_time->setEnabled(recorded);
    if (!error.isEmpty()) {
        m_range->setText(tr("History unavailable"));
        m_range->setToolTip(error);
    } else if (!recorded) {
        m_range->setText(tr("Nothing recorded yet"));
        m_range->setToolTip(QString());
    } else {
        m_range->setText(tr("Recorded since %1")
                             .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(start), QLocale::ShortFormat)));
        m_range->setToolTip(QString());
    }
    updateSpan();
    showValue(m_travel->isLive() ? 0 : m_travel->shownMoment());
    Q_EMIT rangeChanged();
}

void TimeTravelBar::moveBy(qint64 ms)
{
    if (!hasPast())
        return;
    const qint64 from = m_travel->isLive() ? now() : m_travel->shownMoment();
    const qint64 to = from + ms;
    askFor(to >= now() ? 0 : std::max(to, m_start));
}

void TimeTravelBar::focusTimeField()
{
    m_time->setFocus(Qt::ShortcutFocusReason);
    m_time->setSelectedSection(QDateTimeEdit::HourSection);
}

void TimeTravelBar::updateSpan()
{
    if (m_start == 0)
        return;
    const QSignalBlocker block(m_slider);
    const bool atEnd = m_slider->value() >= m_slider->maximum();
    m_slider->setRange(0, int(std::max<qint64>(1, (now() - m_start) / 1000)));
    if (atEnd && m_travel->isLive())
        m_slider->setValue(m_slider->maximum());
    m_time->setDateTimeRange(QDateTime::fromMSecsSinceEpoch(m_start), QDateTime::fromMSecsSinceEpoch(now()));
}

void TimeTravelBar::showValue(qint64 moment)
{
    m_updating = true;
    if (moment == 0) {
        m_slider->setValue(m_slider->maximum());
        m_time->setDateTime(QDateTime::fromMSecsSinceEpoch(now()));
    } else {
        m_slider->setValue(valueOf(moment));
        m_time->setDateTime(QDateTime::fromMSecsSinceEpoch(moment));
    }
    m_now->setEnabled(moment != 0);
    m_updating = false;
}

void TimeTravelBar::askForFieldMoment()
{
    const qint64 at = m_time->dateTime().toMSecsSinceEpoch();
    const qint64 moment = at >= now() - 1000 ? 0 : at;
    m_updating = true;
    m_slider->setValue(moment == 0 ? m_slider->maximum() : valueOf(moment));
    m_updating = false;
    askFor(moment);
}

void TimeTravelBar::showInField(qint64 moment)
{
    m_updating = true;
    m_time->setDateTime(QDateTime::fromMSecsSinceEpoch(moment == 0 ? now() : moment));
    m_updating = false;
}

void TimeTravelBar::askFor(qint64 moment)
{
    if (moment == 0)
        m_travel->showLive();
    else
        m_travel->showMoment(std::max(moment, m_start));
}

} // namespace fleetscope
