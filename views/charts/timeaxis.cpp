#include "timeaxis.h"

#include <QDateTime>
#include <QFontMetricsF>
#include <QTimeZone>

#include <algorithm>
#include <iterator>

namespace fleetscope {
namespace {

constexpr qint64 second = 1000;
constexpr qint64 minute = 60 * second;
constexpr qint64 hour = 60 * minute;
constexpr qint64 day = 24 * hour;
constexpr qint64 week = 7 * day;
constexpr qint64 month = 30 * day; // a nominal month: the ticks themselves fall on the 1st
constexpr qint64 year = 365 * day;

constexpr qint64 ladder[] = {second,     2 * second, 5 * second, 10 * second, 15 * second, 30 * second,
                             minute,     2 * minute, 5 * minute, 10 * minute, 15 * minute, 30 * minute,
                             hour,       2 * hour,   3 * hour,   6 * hour,    12 * hour,   day,
                             2 * day,    week,       month,      3 * month,   year};

QString labelFor(const QDateTime &at, qint64 step, const QLocale &locale)
{
    if (step < minute)
        return at.toString(QStringLiteral("HH:mm:ss"));
    if (step < day) {
        if (at.time() == QTime(0, 0))
            return locale.toString(at.date(), QStringLiteral("ddd d")); // the day begins: name it
        return at.toString(QStringLiteral("HH:mm"));
    }
    if (step < month)
        return locale.toString(at.date(), QStringLiteral("d MMM"));
    return locale.toString(at.date(), QStringLiteral("MMM yyyy"));
}

// The tick times of `step` in [from, to], on local-time boundaries.
QList<qint64> tickTimes(qint64 from, qint64 to, qint64 step)
{
    QList<qint64> times;
    if (step < day) {
        // Local clock boundaries: shift by the offset from UTC at the start.
        const qint64 offset = qint64(QDateTime::fromMSecsSinceEpoch(from).offsetFromUtc()) * 1000;
        qint64 t = (from + offset) / step * step - offset;
        if (t < from)
            t += step;
        for (; t <= to; t += step)
            times.append(t);
        return times;
    }
    QDate date = QDateTime::fromMSecsSinceEpoch(from).date();
    if (step == week) {
        date = date.addDays(-(date.dayOfWeek() - 1)); // Mondays
    } else if (step >= month) {
        const int months = step == year ? 12 : int(step / month);
        date = QDate(date.year(), 1 + (date.month() - 1) / months * months, 1);
    } else if (step == 2 * day) {
        date = date.addDays(-(date.dayOfYear() % 2)); // the same days whatever the range's start
    }
    for (int guard = 0; guard < 10000; ++guard) {
        const qint64 t = date.startOfDay().toMSecsSinceEpoch();
        if (t > to)
            break;
        if (t >= from)
            times.append(t);
        if (step >= month)
            date = date.addMonths(step == year ? 12 : int(step / month));
        else
            date = date.addDays(step / day);
    }
    return times;
}

QList<TimeTick> place(const QList<qint64> &times, qint64 from, qint64 to, qint64 step, double left, double width,
                      double top, const QFontMetricsF &metrics, const QLocale &locale)
{
    QList<TimeTick> ticks;
    ticks.reserve(times.size());
    const double span = double(std::max<qint64>(1, to - from));
    for (qint64 t : times) {
        TimeTick tick;
        tick.time = t;
        tick.x = left + width * double(t - from) / span;
        tick.label = labelFor(QDateTime::fromMSecsSinceEpoch(t), step, locale);
        const double w = metrics.horizontalAdvance(tick.label);
        // Centred on the tick, but kept inside the axis: the first and last labels lean in.
        const double x0 = std::clamp(tick.x - w / 2, left, std::max(left, left + width - w));
        tick.labelRect = QRectF(x0, top, w, metrics.height());
        ticks.append(tick);
    }
    return ticks;
}

bool fits(const QList<TimeTick> &ticks, double gap, double left, double width)
{
    for (qsizetype i = 0; i < ticks.size(); ++i) {
        if (ticks[i].labelRect.width() > width + 0.5 || ticks[i].labelRect.left() < left - 0.5)
            return false;
        if (i > 0 && ticks[i - 1].labelRect.right() + gap > ticks[i].labelRect.left())
            return false;
    }
    return true;
}

// Clears the labels that would touch the one before them or leave the axis, left to right.
void keepLabelsThatFit(QList<TimeTick> *ticks, double gap, double left, double width)
{
    double lastRight = -1e9;
    for (TimeTick &tick : *ticks) {
        if (tick.labelRect.left() < lastRight + gap || tick.labelRect.right() > left + width + 0.5) {
            tick.label.clear();
            tick.labelRect = QRectF();
            continue;
        }
        lastRight = tick.labelRect.right();
    }
}

} // namespace

QList<TimeTick> TimeAxis::layout(qint64 from, qint64 to, double left, double width, double top,
                                 const QFontMetricsF &metrics, const QLocale &locale)
{
    if (to <= from || width <= 1)
        return {};
    const double gap = metrics.averageCharWidth() * gapInCharacters;
    const double narrowest = metrics.horizontalAdvance(QStringLiteral("00:00"));
    // The step follows the span whatever the width: no seconds over an hour, no
    // clock times over days.
    const qint64 span = to - from;
    const qint64 finest = span > 2 * day ? day : span > 6 * hour ? hour : span > 30 * minute ? minute : 0;
    QList<TimeTick> ticks;
    QList<TimeTick> finer; // the last step's ticks, while there were at least two
    for (qint64 step : ladder) {
        if (step < finest)
            continue;
        // Far more ticks than could ever fit: do not even make them.
        if (double(to - from) / double(step) * (narrowest + gap) > width * 1.5)
            continue;
        if (ticks.size() >= 2)
            finer = ticks;
        ticks = place(tickTimes(from, to, step), from, to, step, left, width, top, metrics, locale);
        if (!fits(ticks, gap, left, width))
            continue;
        // A step so coarse that one label (or none) is left says less than every
        // other label of the finer step: a week's range on a narrow axis reads
        // "24 Nov … 26 Nov … 28 Nov", not "23 Nov" alone.
        if (ticks.size() < 2 && !finer.isEmpty()) {
            keepLabelsThatFit(&finer, gap, left, width);
            if (std::count_if(finer.cbegin(), finer.cend(), [](const TimeTick &t) { return !t.label.isEmpty(); }) >= 2)
                return finer;
        }
        return ticks;
    }
    // Too narrow for even the coarsest step: keep the labels that fit, left to right.
    keepLabelsThatFit(&ticks, gap, left, width);
    return ticks;
}

qint64 TimeAxis::stepOf(const QList<TimeTick> &ticks)
{
    return ticks.size() < 2 ? 0 : ticks[1].time - ticks[0].time;
}

} // namespace fleetscope
