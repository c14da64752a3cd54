#include "history/recordedtextmemo.h"

#include <QTest>

using namespace fleetscope;

// The memo hands out pooled texts by buffer: whatever it remembers or forgets,
// the text a profile of the past shows must be the recorded one.
class TstRecordedTextMemo final : public QObject
{
    Q_OBJECT

private slots:
    void sharedBuffersGiveTheSameText()
    {
        RecordedTextMemo memo;
        const QString reason = QStringLiteral("ManagedClusterAvailable").toLower(); // a buffer of its own
        const QString copy = reason; // shares the buffer, as an unchanged field of a replayed cluster does
        memo.nextMoment();
        const PooledString first = memo.pooled(reason);
        const PooledString second = memo.pooled(copy);
        QCOMPARE(first.toString(), reason);
        QVERIFY(first == second);
        QCOMPARE(memo.pooled(QString()).toString(), QString());
        QCOMPARE(memo.pooled(QStringLiteral("literal")).toString(), QStringLiteral("literal"));
    }

    void textsStayRightAcrossManyMoments()
    {
        RecordedTextMemo memo;
        // Each moment brings texts of its own (a frame's new reasons and messages)
        // and keeps a few: old ones are forgotten, buffers reused, texts never mixed.
        QList<QString> kept;
        for (int i = 0; i < 16; ++i)
            kept.append(QStringLiteral("kept-%1").arg(i));
        for (int moment = 0; moment < 40; ++moment) {
            memo.nextMoment();
            for (const QString &text : std::as_const(kept))
                QCOMPARE(memo.pooled(text).toString(), text);
            for (int i = 0; i < 2000; ++i) {
                const QString fresh = QStringLiteral("moment %1 text %2").arg(moment).arg(i);
                QCOMPARE(memo.pooled(fresh).toString(), fresh);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TstRecordedTextMemo)
#include "tst_recordedtextmemo.moc"
