// Slow start-up work waits for the window's first frame on the screen: it runs
// after that paint (not before, not from a grab()), and still runs when the
// window never paints.

#include "afterfirstpaint.h"

#include <QEvent>
#include <QLabel>
#include <QPointer>
#include <QTest>
#include <QWindow>

using namespace fleetscope;

namespace {

// Counts a widget's paints on the screen (a grab() paints it too).
class ScreenPaints final : public QObject
{
public:
    explicit ScreenPaints(QWidget *widget)
        : m_widget(widget)
    {
        widget->installEventFilter(this);
    }
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && m_widget->windowHandle() && m_widget->windowHandle()->isExposed())
            ++count;
        return false;
    }

private:
    QWidget *m_widget;
};

} // namespace

class TestAfterFirstPaint final : public QObject
{
    Q_OBJECT

private slots:
    void runsAfterTheFirstFrame();
    void runsWhenTheWindowNeverPaints();
    void neverRunsWithAWindowGoneFirst();
};

void TestAfterFirstPaint::runsAfterTheFirstFrame()
{
    QLabel window(QStringLiteral("Starting…"));
    window.resize(1400, 900);
    ScreenPaints paints(&window);
    int ran = 0;
    int paintsWhenRan = -1;
    AfterFirstPaint::run(&window, [&] {
        ++ran;
        paintsWhenRan = paints.count;
    });
    window.show();
    // A picture of the window is no frame on the screen.
    QVERIFY(!window.grab().isNull());
    QCOMPARE(ran, 0);
    QTRY_COMPARE_WITH_TIMEOUT(ran, 1, 5000);
    QVERIFY(paintsWhenRan >= 1);
    // Once: later paints and the deadline do not run it again.
    window.update();
    QTest::qWait(AfterFirstPaint::deadlineMs + 200);
    QCOMPARE(ran, 1);
}

void TestAfterFirstPaint::runsWhenTheWindowNeverPaints()
{
    QLabel window(QStringLiteral("never shown"));
    bool ran = false;
    AfterFirstPaint::run(&window, [&] { ran = true; });
    QVERIFY(!ran);
    QTRY_VERIFY_WITH_TIMEOUT(ran, AfterFirstPaint::deadlineMs * 5);
}

void TestAfterFirstPaint::neverRunsWithAWindowGoneFirst()
{
    bool ran = false;
    {
        QLabel window(QStringLiteral("closed at once"));
        AfterFirstPaint::run(&window, [&] { ran = true; });
        window.show();
    }
    QTest::qWait(AfterFirstPaint::deadlineMs + 200);
    QVERIFY(!ran);
}

QTEST_MAIN(TestAfterFirstPaint)
#include "tst_afterfirstpaint.moc"
