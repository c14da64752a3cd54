#pragma once

#include <QList>
#include <QLocale>
#include <QRectF>
#include <QString>

class QFontMetricsF;

class TstTimeAxis;

namespace fleetscope {

// One tick of a time axis: where it is and what its label says.
struct TimeTick
{
    qint64 time = 0;
    double x = 0;
    QString label; // empty: a tick without a label (it would not fit)
    QRectF labelRect;
};

// Ticks for a time axis that read at a glance at any width: steps from a ladder of
// round times (seconds to months, on local-time boundaries), the finest whose
// labels fit side by side with room between them; labels follow the step (clock
// times with minutes for hours, dates for days), and a tick at midnight names the
// day. Labels never overlap each other nor leave [left, left + width].
class TimeAxis final
{
public:
    // `top`: where the labels' boxes begin.
    static QList<TimeTick> layout(qint64 from, qint64 to, double left, double width, double top,
                                  const QFontMetricsF &metrics, const QLocale &locale = QLocale());

    // Room kept free between two labels, in multiples of the font's average character width.
    static constexpr double gapInCharacters = 2.0;

private:
    friend class ::TstTimeAxis;
    // The step layout() chose for the last ticks it returned, in milliseconds.
    static qint64 stepOf(const QList<TimeTick> &ticks);
};

} // namespace fleetscope
