// The Hubs dialog offscreen against real fleetscope-hub processes, and hubs
// chosen in it (or removed from a status bar chip) coming and going live in the
// main window.

#include "applanguage.h"
#include "fleet/engine/fleetengine.h"
#include "fleet/store/fleetstore.h"
#include "fleet/itemmodels/hubchoicemodel.h"
#include "hubdetailsdialog.h"
#include "hubprocess.h"
#include "testsupport.h"
#include "hubsdialog.h"
#include "hubstatusbar.h"
#include "emptyfleetoverlay.h"
#include "mainwindow.h"
#include "windowparts.h"

#include <QAction>
#include <functional>
#include <QTimer>
#include <QMessageBox>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTcpServer>
#include <QTest>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

QStringList shownContexts(const QTableView *view)
{
    QStringList contexts;
    for (int row = 0; row < view->model()->rowCount(); ++row)
        contexts << view->model()->index(row, HubChoiceModel::ContextColumn).data().toString();
    return contexts;
}

// The dashboard on a running engine watching `contexts` of `kubeconfig`.
struct LiveWindow
{
    LiveWindow(const QString &kubeconfig, const QStringList &contexts)
    {
        FleetEngineOptions options;
        options.kubeconfigPath = kubeconfig;
        options.contexts = contexts;
        QString error;
        if (!engine.configure(options, &error))
            qWarning("%s", qPrintable(error));
        engine.start();
        window.show();
    }

    FleetStore store;
    FleetEngine engine{&store};
    MainWindow window{&store, &engine};
};

// Answers the next question box by clicking the button labelled `button`, and
// keeps what it asked.
struct Question
{
    QString text;
    QString details;
    bool answered = false;
};

std::shared_ptr<Question> answerNextQuestion(const QString &button)
{
    auto question = std::make_shared<Question>();
    auto *timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, question, button] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        question->text = box->text();
        question->details = box->informativeText();
        timer->stop();
        timer->deleteLater();
        for (QAbstractButton *candidate : box->buttons()) {
            if (candidate->text() == button) {
                question->answered = true;
                candidate->click();
                return;
            }
        }
        box->reject();
    });
    timer->start();
    return question;
}

// Opens File → Hubs… and lets `act` work on the dialog before it is answered
// (it returns whether to Apply).
void withHubsDialog(MainWindow &window, const std::function<bool(HubsDialog *)> &act)
{
    QTimer::singleShot(0, &window, [act] {
        auto *dialog = qobject_cast<HubsDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        if (act(dialog))
            dialog->accept();
        else
            dialog->reject();
    });
    hubsAction(&window)->trigger();
}

int rowOf(const HubChoiceModel *model, const QString &context)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, HubChoiceModel::ContextColumn).data().toString().startsWith(context))
            return row;
    }
    return -1;
}

} // namespace

class TestHubsDialog final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void showsProbesServingContextsFirst();
    void appliesHubsLiveAndRemembersThem();
    void chipMenuReconnectsAndRemoves();
    void theDialogListsTheWatchedHubsAndChangesOnlyWhatChanged();
    void liveHubsHaveNoProblemAndSayWhatTheyServe();

private:
    std::unique_ptr<HubProcess> m_eu;
    std::unique_ptr<HubProcess> m_legacy;
    std::unique_ptr<HubProcess> m_plain;
    QTemporaryDir m_dir;
    QString m_kubeconfig; // all contexts in one file, like ~/.kube/config
};

void TestHubsDialog::initTestCase()
{
    // The remembered choice goes to a private settings file, never the user's.
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("fleetscope"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_hubsdialog"));
    QSettings().clear();
    AppLanguage::install(qApp, QLocale(QLocale::English)); // English plural forms, as the app shows them
    m_eu = std::make_unique<HubProcess>(QStringList{QStringLiteral("--generate"), QStringLiteral("120")},
                                        QStringLiteral("hub-eu"));
    m_legacy = std::make_unique<HubProcess>(QStringList{QStringLiteral("--generate"), QStringLiteral("35"),
                                                        QStringLiteral("--inventory-versions"), QStringLiteral("v1alpha1"),
                                                        QStringLiteral("--no-placements")},
                                            QStringLiteral("hub-us-legacy"));
    m_plain = std::make_unique<HubProcess>(QStringList{QStringLiteral("--inventory-versions"), QStringLiteral("none")},
                                           QStringLiteral("dev-cluster"));
    QString error;
    for (HubProcess *hub : {m_eu.get(), m_legacy.get(), m_plain.get()})
        QVERIFY2(hub->start(&error), qPrintable(error));

    // One kubeconfig with the three hubs, a context whose exec plugin fails and one nobody answers for.
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost));
    const quint16 port = closed.serverPort();
    closed.close();
    const QString plugin = m_dir.filePath(QStringLiteral("sso-login"));
    QVERIFY(writeTestFile(plugin, "#!/bin/sh\necho 'sso-login: session expired, run sso-login --renew' >&2\nexit 1\n",
                          true));
    QByteArray clusters, contexts, users;
    for (HubProcess *hub : {m_eu.get(), m_legacy.get(), m_plain.get()}) {
        const QByteArray text = hub->kubeconfig();
        const QByteArray name = hub->context().toUtf8();
        const int ca = text.indexOf("certificate-authority-data:");
        const QByteArray caLine = text.mid(ca, text.indexOf('\n', ca) - ca).trimmed();
        clusters += "- name: " + name + "\n  cluster:\n    server: " + hub->url().toUtf8() + "\n    " + caLine + "\n";
        contexts += "- name: " + name + "\n  context:\n    cluster: " + name + "\n    user: " + name + "\n";
        users += "- name: " + name + "\n  user:\n    token: " + hub->token() + "\n";
    }
    clusters += "- name: staging\n  cluster:\n    server: https://127.0.0.1:" + QByteArray::number(port) + "\n";
    contexts += "- name: staging\n  context:\n    cluster: staging\n    user: staging\n";
    users += "- name: staging\n  user:\n    token: staging-token\n";
    contexts += "- name: prod-sso\n  context:\n    cluster: hub-eu\n    user: sso\n";
    users += "- name: sso\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
             "      interactiveMode: Never\n      command: " + plugin.toUtf8() + "\n";
    m_kubeconfig = m_dir.filePath(QStringLiteral("config"));
    QVERIFY(writeTestFile(m_kubeconfig, "apiVersion: v1\nkind: Config\ncurrent-context: staging\nclusters:\n" + clusters
                                            + "contexts:\n" + contexts + "users:\n" + users));
}

void TestHubsDialog::showsProbesServingContextsFirst()
{
    KubeconfigLoadOptions load;
    load.explicitPath = m_kubeconfig;
    HubsDialog dialog(load, {}, {}, true);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.model()->rowCount(), 5);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.model()->probesRunning() == 0, 30000);
    QTRY_VERIFY2(dialog.statusText().startsWith(u"2 contexts serve"), qPrintable(dialog.statusText()));
    const QStringList shown = shownContexts(dialog.view());
    QCOMPARE(shown.mid(0, 2), (QStringList{QStringLiteral("hub-eu"), QStringLiteral("hub-us-legacy")}));
    QCOMPARE(shown.size(), 5);
    // A first run: the contexts that serve the API are preselected.
    QCOMPARE(dialog.selection().hubs, (QList<HubChoice>{{QString(), QStringLiteral("hub-eu")},
                                                         {QString(), QStringLiteral("hub-us-legacy")}}));
    // Every problem in words, nothing secret anywhere in the table.
    QStringList problems;
    QString everything;
    for (int row = 0; row < dialog.model()->rowCount(); ++row) {
        for (int column = 0; column < HubChoiceModel::ColumnCount; ++column)
            everything += dialog.model()->index(row, column).data().toString() + u'\n';
        problems << dialog.model()->index(row, HubChoiceModel::ProblemColumn).data().toString();
    }
    QVERIFY2(everything.contains(u"NotServed"), qPrintable(everything));
    QVERIFY2(everything.contains(u"Unreachable"), qPrintable(everything));
    QVERIFY2(everything.contains(u"ExecPlugin") && everything.contains(u"session expired"), qPrintable(everything));
    QVERIFY(everything.contains(u"120"));
    for (HubProcess *hub : {m_eu.get(), m_legacy.get(), m_plain.get()})
        QVERIFY(!everything.contains(QString::fromUtf8(hub->token())));
    QVERIFY(!everything.contains(u"staging-token"));
    // The picture in docs/screenshots (FLEETSCOPE_SCREENSHOT_DIR=docs/screenshots), else a check that it renders.
    const QString shots = qEnvironmentVariable("FLEETSCOPE_SCREENSHOT_DIR");
    dialog.resize(1180, 330);
    dialog.view()->clearSelection();
    QVERIFY(dialog.grab().save((shots.isEmpty() ? m_dir.path() : shots) + QStringLiteral("/hubs-dialog.png"), "PNG"));

    // Added files are probed too, and remembered.
    QVERIFY(dialog.addKubeconfigFile(m_legacy->kubeconfigPath()));
    QCOMPARE(dialog.model()->rowCount(), 6);
    QVERIFY(!dialog.addKubeconfigFile(m_dir.filePath(QStringLiteral("missing"))));
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("hubsDialogErrors"))->text().contains(u"missing"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog.model()->probesRunning() == 0, 30000);
    QCOMPARE(dialog.selection().files, QStringList{m_legacy->kubeconfigPath()});
    // The same context name from two files cannot be told apart: Apply says so.
    const int added = int(dialog.model()->rowCount()) - 1;
    QVERIFY(dialog.model()->setData(dialog.model()->index(added, 0), Qt::Checked, Qt::CheckStateRole));
    QPushButton *ok = nullptr;
    for (QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (button->text() == u"Apply")
            ok = button;
    }
    QVERIFY(ok);
    QVERIFY(!ok->isEnabled());
    QVERIFY(ok->toolTip().contains(u"hub-us-legacy"));
    QVERIFY(dialog.model()->setData(dialog.model()->index(added, 0), Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(ok->isEnabled());

}

void TestHubsDialog::appliesHubsLiveAndRemembersThem()
{
    LiveWindow live(m_kubeconfig, {QStringLiteral("hub-us-legacy")});
    FleetStore &store = live.store;
    MainWindow &window = live.window;
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(hubsAction(&window)->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(store.allHubsSettled(), 30000);
    QCOMPARE(chipTexts(&window).size(), 1);

    HubSelection selection;
    selection.saved = true;
    selection.hubs = {{QString(), QStringLiteral("hub-eu")}};
    // Stopping to watch a hub is asked first, naming it and what leaves.
    const auto question = answerNextQuestion(QStringLiteral("Stop watching"));
    window.applyHubSelection(selection);
    QVERIFY(question->answered);
    QVERIFY2(question->text.contains(u"hub-us-legacy"), qPrintable(question->text));
    QVERIFY2(question->details.startsWith(u"35 clusters leave the window"), qPrintable(question->details));
    QCOMPARE(store.hubIndex(QStringLiteral("hub-us-legacy")), -1);
    QTRY_VERIFY_WITH_TIMEOUT(store.allHubsSettled() && store.profileCount() == 120, 30000);
    QCOMPARE(chipTexts(&window).size(), 1);
    QVERIFY(chipTexts(&window).first().contains(u"hub-eu"));
    const HubSelection remembered = HubSelection::load();
    QVERIFY(remembered.saved);
    QCOMPARE(remembered.hubs, selection.hubs);

    // Nothing chosen: the empty page with its button, and that is remembered too.
    answerNextQuestion(QStringLiteral("Stop watching"));
    window.applyHubSelection(HubSelection{{}, {}, true});
    QCOMPARE(store.profileCount(), 0);
    QVERIFY(hubsButton(window.emptyFleetOverlay())->isVisible());
    QVERIFY(HubSelection::load().saved);
    QVERIFY(HubSelection::load().hubs.isEmpty());
}

void TestHubsDialog::chipMenuReconnectsAndRemoves()
{
    LiveWindow live(m_kubeconfig, {QStringLiteral("hub-eu"), QStringLiteral("hub-us-legacy")});
    FleetStore &store = live.store;
    FleetEngine &engine = live.engine;
    MainWindow &window = live.window;
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(store.allHubsSettled() && store.profileCount() == 155, 30000);
    HubStatusBar *bar = window.hubStatusBar();
    QVERIFY(chipOf(bar, QStringLiteral("hub-eu")));

    // The chip's context menu; the main window leads "Hub details…" to its Hub details window.
    QList<QAction *> actions = chipOf(bar, QStringLiteral("hub-eu"))->actions();
    QStringList texts;
    for (QAction *action : actions)
        texts << action->text();
    QCOMPARE(texts, (QStringList{QStringLiteral("&Reconnect"), QStringLiteral("Re&move hub"),
                                 QStringLiteral("Hub &details…")}));
    actions.last()->trigger();
    auto *details = window.findChild<HubDetailsDialog *>(
        QStringLiteral("hubDetails-%1").arg(store.hubIndex(QStringLiteral("hub-eu"))));
    QVERIFY(details);
    QVERIFY(details->windowTitle().endsWith(QStringLiteral("hub-eu")));
    details->close();

    // Reconnect starts the hub over; the fleet stays.
    QSignalSpy statuses(&store, &FleetStore::hubStatusChanged);
    actions.first()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(statuses.size() > 0 && store.allHubsSettled(), 30000);
    QCOMPARE(store.profileCount(), 155);

    // Remove, from the chip's own menu as a person does it: the chip that owns the
    // action goes with its hub, after the action is done with. Cancel first: nothing changes.
    QAction *remove = nullptr;
    for (QAction *action : chipOf(bar, QStringLiteral("hub-eu"))->actions()) {
        if (action->text() == u"Re&move hub")
            remove = action;
    }
    QVERIFY(remove);
    const auto kept = answerNextQuestion(QStringLiteral("Cancel"));
    remove->trigger();
    QTRY_VERIFY(kept->answered);
    QCOMPARE(store.profileCount(), 155);
    const auto removed = answerNextQuestion(QStringLiteral("Stop watching"));
    remove->trigger();
    QTRY_COMPARE(store.hubIndex(QStringLiteral("hub-eu")), -1);
    QVERIFY(removed->answered);
    QCOMPARE(store.profileCount(), 35);
    QTRY_COMPARE(chipTexts(bar).size(), 1);
    QVERIFY(!chipOf(bar, QStringLiteral("hub-eu")));
    QCOMPARE(engine.hubs(), (QList<HubChoice>{{QString(), QStringLiteral("hub-us-legacy")}}));
    QCOMPARE(HubSelection::load().hubs, engine.hubs());
}

void TestHubsDialog::theDialogListsTheWatchedHubsAndChangesOnlyWhatChanged()
{
    LiveWindow live(m_kubeconfig, {QStringLiteral("hub-eu"), QStringLiteral("hub-us-legacy")});
    FleetStore &store = live.store;
    FleetEngine &engine = live.engine;
    MainWindow &window = live.window;
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(store.allHubsSettled() && store.profileCount() == 155, 30000);

    // The hubs watched now are listed and checked; Apply with nothing changed
    // changes nothing.
    QStringList chosen;
    withHubsDialog(window, [&chosen](HubsDialog *dialog) {
        for (const HubChoice &hub : dialog->selection().hubs)
            chosen << hub.context;
        return true;
    });
    QCOMPARE(chosen, (QStringList{QStringLiteral("hub-eu"), QStringLiteral("hub-us-legacy")}));
    QCOMPARE(store.activeHubs().size(), 2);
    QCOMPARE(store.profileCount(), 155);

    // Add another kubeconfig file, uncheck one hub, check a context of the new
    // file: asked about the one that goes, the others stay.
    const QString other = m_dir.filePath(QStringLiteral("other"));
    QFile::remove(other);
    QVERIFY(QFile::copy(m_kubeconfig, other));
    QSettings().remove(QStringLiteral("hubs"));
    const auto question = answerNextQuestion(QStringLiteral("Stop watching"));
    withHubsDialog(window, [&other](HubsDialog *dialog) {
        HubChoiceModel *model = dialog->model();
        if (!dialog->addKubeconfigFile(other))
            return false;
        model->setData(model->index(rowOf(model, QStringLiteral("hub-us-legacy")), 0), Qt::Unchecked, Qt::CheckStateRole);
        return true;
    });
    QVERIFY(question->answered);
    QVERIFY(question->text.contains(u"hub-us-legacy"));
    QTRY_COMPARE(store.activeHubs().size(), 1);
    QCOMPARE(store.profileCount(), 120);
    QCOMPARE(engine.hubs(), (QList<HubChoice>{{QString(), QStringLiteral("hub-eu")}}));
    QCOMPARE(HubSelection::load().files, QStringList{other});

    // Cancel on the question leaves the fleet as it was.
    const auto declined = answerNextQuestion(QStringLiteral("Cancel"));
    withHubsDialog(window, [](HubsDialog *dialog) {
        HubChoiceModel *model = dialog->model();
        model->setData(model->index(rowOf(model, QStringLiteral("hub-eu")), 0), Qt::Unchecked, Qt::CheckStateRole);
        return true;
    });
    QVERIFY(declined->answered);
    QCOMPARE(store.activeHubs().size(), 1);
    QCOMPARE(store.profileCount(), 120);
}

void TestHubsDialog::liveHubsHaveNoProblemAndSayWhatTheyServe()
{
    // Hubs that no kubeconfig read by the dialog lists (as the demo's): what the
    // engine knows stands in for a probe, and a live hub has nothing in Problem.
    LiveWindow live(m_kubeconfig, {QStringLiteral("hub-eu"), QStringLiteral("hub-us-legacy")});
    QTRY_VERIFY_WITH_TIMEOUT(live.store.allHubsSettled() && live.store.profileCount() == 155, 30000);
    QList<WatchedHub> watched = live.engine.watchedHubs();
    QCOMPARE(watched.size(), 2);
    for (WatchedHub &hub : watched)
        hub.choice.kubeconfig = m_dir.filePath(QStringLiteral("gone"));
    KubeconfigLoadOptions gone;
    gone.explicitPath = m_dir.filePath(QStringLiteral("gone"));
    HubsDialog dialog(gone, {}, watched, false);
    HubChoiceModel *model = dialog.model();
    for (const QString &hub : {QStringLiteral("hub-eu"), QStringLiteral("hub-us-legacy")}) {
        const int row = rowOf(model, hub);
        QVERIFY2(row >= 0, qPrintable(hub));
        QCOMPARE(model->index(row, HubChoiceModel::ProfilesColumn).data().toString().isEmpty(), false);
        QCOMPARE(model->index(row, HubChoiceModel::ProblemColumn).data().toString(), QString());
    }
    // Placements as the engine found them: hub-us-legacy serves none.
    QCOMPARE(model->index(rowOf(model, QStringLiteral("hub-eu")), HubChoiceModel::PlacementsColumn).data().toString(),
             QStringLiteral("Yes"));
    QCOMPARE(model->index(rowOf(model, QStringLiteral("hub-us-legacy")), HubChoiceModel::PlacementsColumn).data().toString(),
             QStringLiteral("No"));
}

QTEST_MAIN(TestHubsDialog)
#include "tst_hubsdialog.moc"
