// The time axis of the history charts: at every width from a narrow pane to a wide
// window and for every preset span, in English, German and Japanese, labels never
// overlap, never leave the axis, say what the span calls for (clock times for hours,
// dates for days) and fall on round times.

#include "charts/timeaxis.h"

#include <QApplication>
#include <QDateTime>
#include <QFontMetricsF>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace fleetscope;

namespace {

constexpr qint64 kMinute = 60'000;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;

} // namespace

class TstTimeAxis : public QObject
{
    Q_OBJECT

private slots:
    void labelsFit_data()
    {
        QTest::addColumn<qint64>("span");
        QTest::addColumn<double>("width");
        QTest::addColumn<QString>("locale");
        const struct
        {
            const char *name;
            qint64 span;
        } spans[] = {{"1 h", kHour}, {"24 h", kDay}, {"7 d", 7 * kDay}, {"30 d", 30 * kDay}, {"52 min", 52 * kMinute},
                     {"90 s", 90'000}};
        for (const auto &span : spans) {
            for (double width : {90.0, 180.0, 260.0, 420.0, 800.0, 1300.0}) {
                for (const char *locale : {"en_US", "de_DE", "ja_JP"})
                    QTest::addRow("%s %gpx %s", span.name, width, locale) << span.span << width << QString::fromLatin1(locale);
            }
        }
    }

    void labelsFit()
    {
        QFETCH(qint64, span);
        QFETCH(double, width);
        QFETCH(QString, locale);
        const QFontMetricsF metrics(QApplication::font());
        const qint64 to = QDateTime(QDate(2026, 11, 28), QTime(10, 37, 12)).toMSecsSinceEpoch();
        const qint64 from = to - span;
        const double left = 57;
        const QList<TimeTick> ticks = TimeAxis::layout(from, to, left, width, 100, metrics, QLocale(locale));
        int labelled = 0;
        const double gap = metrics.averageCharWidth();
        for (qsizetype i = 0; i < ticks.size(); ++i) {
            const TimeTick &tick = ticks[i];
            QVERIFY(tick.time >= from && tick.time <= to);
            QVERIFY(tick.x >= left - 0.01 && tick.x <= left + width + 0.01);
            if (tick.label.isEmpty())
                continue;
            ++labelled;
            // Inside the axis, wide enough for its text, and apart from the next label.
            QVERIFY2(tick.labelRect.left() >= left - 0.5 && tick.labelRect.right() <= left + width + 0.5,
                     qPrintable(tick.label));
            QVERIFY(tick.labelRect.width() >= metrics.horizontalAdvance(tick.label) - 0.01);
            for (qsizetype j = i + 1; j < ticks.size(); ++j) {
                if (ticks[j].label.isEmpty())
                    continue;
                QVERIFY2(tick.labelRect.right() + gap <= ticks[j].labelRect.left(),
                         qPrintable(tick.label + QStringLiteral(" | ") + ticks[j].label));
                break;
            }
        }
        // Any pane wide enough for two labels gets at least two.
        if (width >= 260 && span >= kHour)
            QVERIFY2(labelled >= 2, qPrintable(QString::number(labelled)));

        const qint64 step = TimeAxis::stepOf(ticks);
        if (labelled >= 2 && step > 0) {
            // The step follows the span: minutes for an hour, hours for a day, days for weeks.
            if (span == kHour)
                QVERIFY2(step >= kMinute && step <= 30 * kMinute, qPrintable(QString::number(step)));
            if (span == kDay)
                QVERIFY2(step >= kHour && step <= 12 * kHour, qPrintable(QString::number(step)));
            if (span >= 7 * kDay)
                QVERIFY2(step >= kDay, qPrintable(QString::number(step)));
            // Ticks fall on round local times: a whole number of steps past local midnight.
            for (const TimeTick &tick : ticks) {
                const QDateTime at = QDateTime::fromMSecsSinceEpoch(tick.time);
                if (step < kDay)
                    QCOMPARE(qint64(at.time().msecsSinceStartOfDay()) % step, 0);
                else
                    QCOMPARE(at.time(), QTime(0, 0));
            }
        }
        // Clock times for spans of hours, dates (no clock) for weeks.
        for (const TimeTick &tick : ticks) {
            if (tick.label.isEmpty())
                continue;
            if (span <= kHour)
                QVERIFY2(tick.label.contains(u':'), qPrintable(tick.label));
            if (span >= 7 * kDay)
                QVERIFY2(!tick.label.contains(u':'), qPrintable(tick.label));
        }
    }

    // Whatever day a week's range ends on, a pane with room for two dates shows at
    // least two: the week step can leave one Monday alone in the range.
    void weekKeepsTwoLabelsOnAnyDay()
    {
        const QFontMetricsF metrics(QApplication::font());
        const QLocale locale(QLocale::English);
        const double twoDates = 2 * metrics.horizontalAdvance(QStringLiteral("28 Nov"))
            + metrics.averageCharWidth() * TimeAxis::gapInCharacters;
        for (int day = 0; day < 14; ++day) {
            const qint64 to = QDateTime(QDate(2026, 11, 20).addDays(day), QTime(17, 5)).toMSecsSinceEpoch();
            for (double width = std::ceil(1.5 * twoDates); width <= 420; width += 7) {
                const QList<TimeTick> ticks = TimeAxis::layout(to - 7 * kDay, to, 0, width, 0, metrics, locale);
                const auto labelled = std::count_if(ticks.cbegin(), ticks.cend(),
                                                    [](const TimeTick &t) { return !t.label.isEmpty(); });
                QVERIFY2(labelled >= 2, qPrintable(QStringLiteral("day %1, %2 px: %3 label(s)")
                                                       .arg(day)
                                                       .arg(width)
                                                       .arg(labelled)));
            }
        }
    }

    void midnightNamesTheDay()
    {
        const QFontMetricsF metrics(QApplication::font());
        const qint64 to = QDateTime(QDate(2026, 11, 28), QTime(10, 0)).toMSecsSinceEpoch();
        const QList<TimeTick> ticks = TimeAxis::layout(to - kDay, to, 0, 600, 0, metrics, QLocale(QLocale::English));
        bool named = false;
        for (const TimeTick &tick : ticks) {
            if (QDateTime::fromMSecsSinceEpoch(tick.time).time() == QTime(0, 0) && !tick.label.isEmpty()) {
                QCOMPARE(tick.label, QStringLiteral("Sat 28"));
                named = true;
            }
        }
        QVERIFY(named);
    }

    void emptyWindow()
    {
        const QFontMetricsF metrics(QApplication::font());
        QVERIFY(TimeAxis::layout(1000, 1000, 0, 500, 0, metrics).isEmpty());
        QVERIFY(TimeAxis::layout(0, kHour, 0, 0, 0, metrics).isEmpty());
    }
};

QTEST_MAIN(TstTimeAxis)
#include "tst_timeaxis.moc"
