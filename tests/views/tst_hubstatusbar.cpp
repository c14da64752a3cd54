// The status bar's fleet counts under churn and at the end of a sync: at most
// one recount per interval while a hub churns, but a sync that just ended is
// counted in the next turn, whatever the interval.
#include "hubstatusbar.h"
#include "windowparts.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/hubstatusmodel.h"
#include "smallfleet.h"

#include <QDir>
#include <QTest>
#include <QTextDocumentFragment>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

HubDelta profiles(int from, int to)
{
    HubDelta delta;
    for (int i = from; i < to; ++i)
        delta.upsertedProfiles << smallFleetCluster(QStringLiteral("c-%1").arg(i), QStringLiteral("prod"));
    return delta;
}

HubStatus status(HubStatus::State state, bool synced)
{
    HubStatus s;
    s.hub = QStringLiteral("hub-eu");
    s.state = state;
    s.synced = synced;
    return s;
}

} // namespace

class TestHubStatusBar final : public QObject
{
    Q_OBJECT

private slots:
    void theEndOfASyncIsCountedInTheNextTurn()
    {
        FleetStore store;
        const int hub = store.addHub(QStringLiteral("hub-eu"));
        store.setHubStatus(hub, status(HubStatus::State::Syncing, false));
        ClusterTableModel table(&store);
        SortFilterProxy shown(&table);
        HubStatusModel hubs(&store);
        HubStatusBar bar(&store, &hubs, &shown);

        // The first page of the sync: counted in the next turn, and the
        // interval starts.
        store.applyDelta(hub, profiles(0, 3));
        QCoreApplication::sendPostedEvents(&bar, QEvent::MetaCall);
        QVERIFY2(countsText(&bar).startsWith(QLatin1String("3 clusters")), qPrintable(countsText(&bar)));

        // Within the interval a delta alone waits for its end...
        store.applyDelta(hub, profiles(3, 5));
        QCoreApplication::sendPostedEvents(&bar, QEvent::MetaCall);
        QVERIFY2(countsText(&bar).startsWith(QLatin1String("3 clusters")), qPrintable(countsText(&bar)));
        // ...but the sync's end is counted in the next turn.
        store.applyDelta(hub, profiles(5, 7));
        store.setHubStatus(hub, status(HubStatus::State::Live, true));
        QCoreApplication::sendPostedEvents(&bar, QEvent::MetaCall);
        QVERIFY2(countsText(&bar).startsWith(QLatin1String("7 clusters")), qPrintable(countsText(&bar)));
        QVERIFY2(countsText(&bar).endsWith(QLatin1String("7 shown")), qPrintable(countsText(&bar)));

        // Live and churning, the interval holds again.
        store.applyDelta(hub, profiles(7, 8));
        store.setHubStatus(hub, status(HubStatus::State::Live, true));
        QCoreApplication::sendPostedEvents(&bar, QEvent::MetaCall);
        QVERIFY2(countsText(&bar).startsWith(QLatin1String("7 clusters")), qPrintable(countsText(&bar)));
        QTRY_VERIFY_WITH_TIMEOUT(countsText(&bar).startsWith(QLatin1String("8 clusters")), 3 * HubStatusBar::countsIntervalMs);
    }

    void aWaitingHubCountsDown()
    {
        // The engine says "retry in 3 s" once; the chip counts 3, 2, 1 on its own.
        FleetStore store;
        const int hub = store.addHub(QStringLiteral("hub-eu"));
        ClusterTableModel table(&store);
        SortFilterProxy shown(&table);
        HubStatusModel hubs(&store);
        HubStatusBar bar(&store, &hubs, &shown);
        bar.resize(1400, 30);
        bar.show();
        HubStatus waiting = status(HubStatus::State::Reconnecting, false);
        waiting.retryInMs = 3000;
        waiting.message = QStringLiteral("connection refused");
        store.setHubStatus(hub, waiting);
        const auto chip = [&bar] { return QTextDocumentFragment::fromHtml(chipTexts(&bar).value(0)).toPlainText(); };
        QCOMPARE(chip(), QStringLiteral("hub-eu Reconnecting in 3 s: connection refused"));
        QTRY_COMPARE_WITH_TIMEOUT(chip(), QStringLiteral("hub-eu Reconnecting in 2 s: connection refused"), 2000);
        QTRY_COMPARE_WITH_TIMEOUT(chip(), QStringLiteral("hub-eu Reconnecting in 1 s: connection refused"), 2000);
        // A new status starts from what it says.
        waiting.retryInMs = 9000;
        store.setHubStatus(hub, waiting);
        QCOMPARE(chip(), QStringLiteral("hub-eu Reconnecting in 9 s: connection refused"));
    }

    void chipsAreCutBetweenWords()
    {
        // Three hubs with long reasons in a 1024 px window: each chip shows its
        // name and as many whole words of its state as fit, then "…".
        FleetStore store;
        ClusterTableModel table(&store);
        SortFilterProxy shown(&table);
        HubStatusModel hubs(&store);
        HubStatusBar bar(&store, &hubs, &shown);
        QStringList summaries;
        for (const char *name : {"hub-eu-central", "hub-us-east", "hub-ap-south"}) {
            const int hub = store.addHub(QLatin1String(name));
            HubStatus s = status(HubStatus::State::Reconnecting, false);
            s.hub = QLatin1String(name);
            s.retryInMs = 5000;
            s.message = QStringLiteral("Host %1.fleet.example.com not found").arg(QLatin1String(name));
            store.setHubStatus(hub, s);
            summaries << s.summary();
        }
        bar.resize(1024, 30);
        bar.show();
        QVERIFY(QTest::qWaitForWindowExposed(&bar));
        QCoreApplication::processEvents();
        const QList<QLabel *> chips = hubChips(&bar);
        QCOMPARE(chips.size(), 3);
        int cut = 0;
        for (int i = 0; i < chips.size(); ++i) {
            const QString text = QTextDocumentFragment::fromHtml(chips[i]->text()).toPlainText();
            const QString name = text.section(u' ', 0, 0);
            const QString state = text.section(u' ', 1);
            QVERIFY2(summaries[i].startsWith(QStringLiteral("Reconnecting")) && !name.isEmpty(), qPrintable(text));
            if (state != summaries[i]) {
                ++cut;
                QVERIFY2(state.isEmpty() || state.endsWith(u'…'), qPrintable(text));
                const QString kept = state.chopped(state.isEmpty() ? 0 : 1);
                QVERIFY2(summaries[i].startsWith(kept), qPrintable(text));
                const QChar next = summaries[i].at(kept.size());
                QVERIFY2(next == u' ' || next == u':', qPrintable(text + QStringLiteral(" | ") + summaries[i]));
            }
            // And what is shown is all in view.
            QFont bold = chips[i]->font();
            bold.setBold(true);
            const int width = QFontMetrics(bold).horizontalAdvance(name + u' ') + chips[i]->fontMetrics().horizontalAdvance(state);
            QVERIFY2(width <= chips[i]->contentsRect().width(),
                     qPrintable(QStringLiteral("%1: %2 px in %3").arg(text).arg(width).arg(chips[i]->contentsRect().width())));
        }
        QVERIFY(cut > 0); // too narrow for all three whole
        QVERIFY(bar.grab().save(QDir::temp().filePath(QStringLiteral("fleetscope-hubchips-1024.png"))));
    }
};

QTEST_MAIN(TestHubStatusBar)
#include "tst_hubstatusbar.moc"
