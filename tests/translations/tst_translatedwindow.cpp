// The main window in German and Japanese: the menus, the empty-fleet hint and
// texts that come from the models (health, hub states) are all translated.
#include "applanguage.h"
#include "healthstyle.h"
#include "kube/hubstatus.h"
#include "emptyfleetoverlay.h"
#include "mainwindow.h"
#include "shortcutsdialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QTest>

using namespace fleetscope;

namespace {

QStringList menuTitles(const MainWindow &window)
{
    QStringList titles;
    for (QAction *menu : window.menuBar()->actions())
        titles << menu->text();
    return titles;
}

} // namespace

class TestTranslatedWindow final : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { AppLanguage::install(qApp, QLocale(QLocale::English)); }
    void mainWindow_data();
    void mainWindow();
    void unknownLanguageIsReported();
};

void TestTranslatedWindow::mainWindow_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QStringList>("menus");
    QTest::addColumn<QString>("hint");
    QTest::addColumn<QString>("unhealthy");
    QTest::addColumn<QString>("live");
    QTest::addColumn<QString>("oneNotReporting");
    QTest::addColumn<QString>("close"); // Qt's own text (qt6-translations-l10n)
    QTest::newRow("en") << "en" << QStringList{"&File", "&View", "&Help"} << "No hubs connected" << "Unhealthy" << "Live"
                        << "1 does not report health." << "Close";
    // One word for unhealthy everywhere: the chart's legend, the status bar, the tree.
    QTest::newRow("de") << "de" << QStringList{"&Datei", "&Ansicht", "&Hilfe"} << "Keine Hubs verbunden"
                        << "Gestört" << "Aktuell" << "1 meldet keinen Zustand." << "Schließen";
    QTest::newRow("ja") << "ja" << QStringList{"ファイル(&F)", "表示(&V)", "ヘルプ(&H)"} << "接続されているハブはありません"
                        << "異常" << "監視中" << "1 件は状態を報告していません。" << "閉じる";
}

void TestTranslatedWindow::mainWindow()
{
    QFETCH(QString, language);
    QFETCH(QStringList, menus);
    QFETCH(QString, hint);
    QFETCH(QString, unhealthy);
    QFETCH(QString, live);
    QFETCH(QString, oneNotReporting);
    QFETCH(QString, close);
    QString warning;
    QVERIFY(AppLanguage::install(qApp, AppLanguage::choose(language, &warning)));
    QVERIFY2(warning.isEmpty(), qPrintable(warning));

    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QStringList titles = menuTitles(window);
    for (const QString &menu : menus)
        QVERIFY2(titles.contains(menu), qPrintable(titles.join(u", ")));
    const QString emptyHint = window.emptyFleetOverlay()->text();
    QVERIFY2(emptyHint.contains(hint), qPrintable(emptyHint));
    QCOMPARE(HealthStyle::text(Health::Unhealthy), unhealthy);
    HubStatus status;
    status.state = HubStatus::State::Live;
    QCOMPARE(status.summary(), live);
    QCOMPARE(QCoreApplication::translate("fleetscope::FleetHealthChart", "%n do(es) not report health.", nullptr, 1),
             oneNotReporting);
    // The F1 dialog's button is Qt's: in the window's language too.
    ShortcutsDialog shortcuts(&window);
    const QPushButton *closeButton = shortcuts.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Close);
    QCOMPARE(closeButton->text(), close);
}

void TestTranslatedWindow::unknownLanguageIsReported()
{
    QString warning;
    AppLanguage::choose(QStringLiteral("klingon!"), &warning);
    QVERIFY2(warning.contains(u"--lang") && warning.contains(u"klingon!"), qPrintable(warning));
}

QTEST_MAIN(TestTranslatedWindow)
#include "tst_translatedwindow.moc"
