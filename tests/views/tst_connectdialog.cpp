// The connect dialog as an administrator uses it: the provider choice when several
// match, the explanation when none does, the warnings, Save as (0600), Copy kubectl
// command (run for real), Connect (a fake terminal on a private PATH), and the
// main window's Connect action on the selected rows.

#include "clustertableview.h"
#include "connect/connectsession.h"
#include "memberactions.h"
#include "connectdialog.h"
#include "fleet/store/fleetstore.h"
#include "mainwindow.h"
#include "smallfleet.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

#include <sys/stat.h>

using namespace fleetscope;
using namespace fleetscope::testing;

namespace {

constexpr int launchDeadlineMs = 20000;

AccessProvider access(const QString &name, const QString &server = QStringLiteral("https://m.example:6443"))
{
    AccessProvider a;
    a.name = name;
    a.cluster.server = server;
    a.cluster.certificateAuthorityData = QByteArray("not-a-real-ca");
    a.cluster.extensions << NamedExtension{QString::fromUtf16(extension_names::execCluster), QByteArray("{\"clusterName\":\"m\"}")};
    return a;
}

MemberTarget target(const QString &name, const QList<AccessProvider> &providers)
{
    MemberTarget t;
    t.hub = QStringLiteral("hub-eu");
    t.namespaceName = QStringLiteral("fleet");
    t.name = name;
    t.profile.metadata.namespaceName = t.namespaceName;
    t.profile.metadata.name = name;
    t.profile.accessProviders = providers;
    return t;
}

QByteArray providerJson(const QStringList &names)
{
    QByteArray json = "{\"providers\": [";
    for (int i = 0; i < names.size(); ++i) {
        if (i)
            json += ", ";
        json += "{\"name\": \"" + names[i].toUtf8() + "\", \"execConfig\": {\"apiVersion\": "
                "\"client.authentication.k8s.io/v1\", \"command\": \"plugin-" + names[i].toUtf8()
              + "\", \"provideClusterInfo\": true, \"interactiveMode\": \"Never\"}}";
    }
    return json + "]}";
}

bool writeFile(const QString &path, const QByteArray &content, QFile::Permissions mode = {})
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(content);
    file.close();
    return mode ? file.setPermissions(mode) : true;
}

constexpr QFile::Permissions executable = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;

QFile::Permissions mode(const QString &path)
{
    constexpr QFile::Permissions bits = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
        | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
    return QFileInfo(path).permissions() & bits;
}

} // namespace

class TestConnectDialog final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void severalProvidersOfferAChoice();
    void noneMatchingExplains();
    void missingProviderFileExplains();
    void warnsAboutHttpAndInsecureTls();
    void severalClustersShareOneKubeconfig();
    void saveAsWrites0600();
    void copiedKubectlCommandWorks();
    void connectOpensTheTerminal();
    void providerFileSettingIsRemembered();
    void noTerminalDisablesConnectOnly();
    void theDialogFitsItsWrappedText();
    void mainWindowConnectsTheSelectedRows();

private:
    QString providerFile(const QStringList &names);

    QTemporaryDir m_dir;
    QTemporaryDir m_runtime;
    int m_files = 0;
};

void TestConnectDialog::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_runtime.isValid());
    QVERIFY(QFile::setPermissions(m_runtime.path(), executable));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
    // Never the user's settings or provider file.
    QStandardPaths::setTestModeEnabled(true);
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config"))));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("fleetscope"));
    QCoreApplication::setApplicationName(QStringLiteral("fleetscope"));
    ::umask(022);
}

void TestConnectDialog::init()
{
    QSettings().remove(QStringLiteral("connect"));
}

QString TestConnectDialog::providerFile(const QStringList &names)
{
    const QString path = m_dir.filePath(QStringLiteral("providers-%1.json").arg(++m_files));
    if (!writeFile(path, providerJson(names)))
        return {};
    return path;
}

void TestConnectDialog::severalProvidersOfferAChoice()
{
    const QString file = providerFile({"b", "x", "a"});
    QSettings().setValue(QStringLiteral("connect/providerFile"), file);
    ConnectDialog dialog({target(QStringLiteral("prod-1"), {access(QStringLiteral("a")), access(QStringLiteral("b"))})});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.providerFile(), file);
    QVERIFY2(dialog.problemText().isEmpty(), qPrintable(dialog.problemText()));

    auto *choice = dialog.findChild<QComboBox *>(QStringLiteral("providerChoice"));
    QVERIFY(choice);
    QVERIFY(choice->isVisible());
    // Provider-file order, not the profile's: the reference library's default.
    QCOMPARE(choice->count(), 2);
    QCOMPARE(choice->itemText(0), QStringLiteral("b"));
    QCOMPARE(choice->itemText(1), QStringLiteral("a"));
    QCOMPARE(dialog.chosenProviders(), QStringList{"b"});
    QVERIFY(dialog.kubeconfigYaml().contains("command: plugin-b"));

    choice->setCurrentIndex(1);
    QCOMPARE(dialog.chosenProviders(), QStringList{"a"});
    QVERIFY(dialog.kubeconfigYaml().contains("command: plugin-a"));
    QVERIFY(!dialog.kubeconfigYaml().contains("plugin-b"));
    QCOMPARE(dialog.contextNames(), QStringList{"prod-1"});
    QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("copyKubectlButton"))->isEnabled());
}

void TestConnectDialog::noneMatchingExplains()
{
    const QString file = providerFile({"x", "y"});
    QSettings().setValue(QStringLiteral("connect/providerFile"), file);
    ConnectDialog dialog({target(QStringLiteral("prod-1"), {access(QStringLiteral("a")), access(QStringLiteral("b"))})});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString problem = dialog.problemText();
    for (const char *expected : {"hub-eu/fleet/prod-1", "\"a\"", "\"b\"", "\"x\"", "\"y\""})
        QVERIFY2(problem.contains(QString::fromUtf8(expected)), qPrintable(problem));
    QVERIFY2(problem.contains(file), qPrintable(problem));
    auto *messages = dialog.findChild<QLabel *>(QStringLiteral("connectMessages"));
    QVERIFY(messages && messages->isVisible());
    QVERIFY(messages->text().contains(u"Cannot connect"));
    QVERIFY(messages->text().contains(u"&quot;x&quot;") || messages->text().contains(u"\"x\""));
    QVERIFY(dialog.kubeconfigYaml().isEmpty());
    QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("connectButton"))->isEnabled());
    QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("copyKubectlButton"))->isEnabled());
    QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("saveKubeconfigButton"))->isEnabled());
    QVERIFY(!dialog.findChild<QComboBox *>(QStringLiteral("providerChoice")));

    // Pointing the dialog at a file that knows "b" fixes it in place.
    dialog.setProviderFile(providerFile({"b"}));
    QVERIFY2(dialog.problemText().isEmpty(), qPrintable(dialog.problemText()));
    QCOMPARE(dialog.chosenProviders(), QStringList{"b"});
    QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("saveKubeconfigButton"))->isEnabled());
}

void TestConnectDialog::missingProviderFileExplains()
{
    const QString missing = m_dir.filePath(QStringLiteral("nope/providers.json"));
    QSettings().setValue(QStringLiteral("connect/providerFile"), missing);
    ConnectDialog dialog({target(QStringLiteral("prod-1"), {access(QStringLiteral("a"))})});
    QVERIFY2(dialog.problemText().contains(missing), qPrintable(dialog.problemText()));
    QVERIFY(dialog.problemText().contains(u"does not exist"));

    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    QVERIFY(writeFile(broken, "{\"providers\": [{\"name\": \"a\"}]}"));
    dialog.setProviderFile(broken);
    QVERIFY2(dialog.problemText().contains(broken) && dialog.problemText().contains(u"providers[0]"),
             qPrintable(dialog.problemText()));
}

void TestConnectDialog::warnsAboutHttpAndInsecureTls()
{
    QSettings().setValue(QStringLiteral("connect/providerFile"), providerFile({"a"}));
    AccessProvider plain = access(QStringLiteral("a"), QStringLiteral("http://m.example:8080"));
    ConnectDialog httpDialog({target(QStringLiteral("prod-1"), {plain})});
    QVERIFY(httpDialog.problemText().isEmpty());
    QVERIFY2(httpDialog.warnings().join(u'\n').contains(u"plain http"), qPrintable(httpDialog.warnings().join(u'\n')));
    QVERIFY(httpDialog.findChild<QLabel *>(QStringLiteral("connectMessages"))->text().contains(u"plain http"));

    AccessProvider insecure = access(QStringLiteral("a"));
    insecure.cluster.insecureSkipTlsVerify = true;
    ConnectDialog tlsDialog({target(QStringLiteral("prod-1"), {insecure})});
    QVERIFY2(tlsDialog.warnings().join(u'\n').contains(u"insecure-skip-tls-verify"),
             qPrintable(tlsDialog.warnings().join(u'\n')));
    // Warnings do not block: the admin decides.
    QVERIFY(tlsDialog.findChild<QPushButton *>(QStringLiteral("copyKubectlButton"))->isEnabled());
}

void TestConnectDialog::severalClustersShareOneKubeconfig()
{
    QSettings().setValue(QStringLiteral("connect/providerFile"), providerFile({"a", "b"}));
    ConnectDialog dialog({target(QStringLiteral("prod-1"), {access(QStringLiteral("a"))}),
                          target(QStringLiteral("prod-2"), {access(QStringLiteral("b")), access(QStringLiteral("a"))})});
    QCOMPARE(dialog.contextNames(), (QStringList{"prod-1", "prod-2"}));
    QCOMPARE(dialog.chosenProviders(), (QStringList{"a", "a"}));
    QVERIFY(dialog.kubeconfigYaml().contains("current-context: prod-1"));
    QVERIFY(dialog.chooseProvider(1, QStringLiteral("b")));
    QCOMPARE(dialog.chosenProviders(), (QStringList{"a", "b"}));
    // The first cluster offers one match only: nothing to choose there.
    QVERIFY(!dialog.chooseProvider(0, QStringLiteral("b")));
}

void TestConnectDialog::saveAsWrites0600()
{
    QSettings().setValue(QStringLiteral("connect/providerFile"), providerFile({"a"}));
    ConnectDialog dialog({target(QStringLiteral("prod-1"), {access(QStringLiteral("a"))})});
    const QString path = m_dir.filePath(QStringLiteral("saved.kubeconfig"));
    QVERIFY(writeFile(path, "old", QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
    QString error;
    QVERIFY2(dialog.saveKubeconfig(path, &error), qPrintable(error));
    QCOMPARE(mode(path), QFile::ReadOwner | QFile::WriteOwner);
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(saved.readAll(), dialog.kubeconfigYaml());
    // No runtime copy is left behind by saving.
    QVERIFY(dialog.takeSessions().empty());
}

void TestConnectDialog::copiedKubectlCommandWorks()
{
    QSettings().setValue(QStringLiteral("connect/providerFile"), providerFile({"a"}));
    ConnectDialog dialog({target(QStringLiteral("prod 1"), {access(QStringLiteral("a"))})});
    dialog.show();
    QApplication::clipboard()->clear();
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("copyKubectlButton")), Qt::LeftButton);
    const QString command = QApplication::clipboard()->text();
    QVERIFY2(command.startsWith(u"KUBECONFIG=") && command.endsWith(u" kubectl get nodes"), qPrintable(command));

    // Run it as a user would paste it, with a kubectl that asks the real kubectl which
    // context the file makes current (no cluster needed) and records its arguments.
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    const QString real = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    if (real.isEmpty())
        QSKIP("kubectl is not installed");
    QVERIFY(writeFile(QDir(bin.path()).filePath(QStringLiteral("kubectl")),
                      "#!/bin/sh\nprintf '%s\\n' \"$*\" > '" + QFile::encodeName(bin.path()) + "/args'\nexec '"
                          + QFile::encodeName(real) + "' config current-context\n",
                      executable));
    const ProcessResult r = runProcess(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command},
                                       {QStringLiteral("PATH=") + bin.path() + QStringLiteral(":/usr/bin:/bin")});
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out.trimmed(), QByteArray("prod 1"));
    QFile args(QDir(bin.path()).filePath(QStringLiteral("args")));
    QVERIFY(args.open(QIODevice::ReadOnly));
    QCOMPARE(args.readAll(), QByteArray("get nodes\n"));

    // The session file it names is private and kept for the dashboard's lifetime.
    auto sessions = dialog.takeSessions();
    QCOMPARE(sessions.size(), size_t(1));
    const QString sessionFile = sessions.front()->kubeconfigPath();
    QVERIFY(command.contains(sessionFile));
    QCOMPARE(mode(sessionFile), QFile::ReadOwner | QFile::WriteOwner);
    sessions.clear();
    QVERIFY(!QFileInfo::exists(sessionFile));

    // After "Save kubeconfig as…" the command names the saved file instead.
    const QString saved = m_dir.filePath(QStringLiteral("prod 1.kubeconfig"));
    QString error;
    QVERIFY2(dialog.saveKubeconfig(saved, &error), qPrintable(error));
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("copyKubectlButton")), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("KUBECONFIG='%1' kubectl get nodes").arg(saved));
}

void TestConnectDialog::connectOpensTheTerminal()
{
    QSettings().setValue(QStringLiteral("connect/providerFile"), providerFile({"a"}));
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    const QByteArray out = QFile::encodeName(bin.path());
    // A terminal that records what it got, and a shell that waits until told to end
    // (30 s at most, so that a failed test leaves nothing running).
    QVERIFY(writeFile(QDir(bin.path()).filePath(QStringLiteral("xterm")),
                      "#!/bin/sh\nprintf '%s\\0' \"$KUBECONFIG\" \"$@\" > '" + out + "/args.tmp'\nmv '" + out
                          + "/args.tmp' '" + out + "/args'\nshift\nexec \"$@\"\n",
                      executable));
    QVERIFY(writeFile(QDir(bin.path()).filePath(QStringLiteral("fake-shell")),
                      "#!/bin/sh\ni=0\nwhile ! test -e '" + out + "/end' && test $i -lt 600; do sleep 0.05; i=$((i+1)); done\n",
                      executable));
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), bin.path() + QStringLiteral(":/usr/bin:/bin"));
    env.insert(QStringLiteral("SHELL"), QDir(bin.path()).filePath(QStringLiteral("fake-shell")));
    // The fake terminal named, as a user names theirs: /usr/bin may hold a real one
    // (x-terminal-emulator comes before xterm in autodetection).
    env.insert(QStringLiteral("TERMINAL"), QDir(bin.path()).filePath(QStringLiteral("xterm")));

    ConnectDialog dialog({target(QStringLiteral("prod-1"), {access(QStringLiteral("a"))})});
    dialog.setLauncherEnvironment(env);
    auto *hint = dialog.findChild<QLabel *>(QStringLiteral("terminalHint"));
    QVERIFY2(hint->text().contains(u"xterm"), qPrintable(hint->text()));
    dialog.show();
    QSignalSpy started(&dialog, &ConnectDialog::terminalStarted);
    QSignalSpy finished(&dialog, &QDialog::finished);
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("connectButton")), Qt::LeftButton);
    QCOMPARE(started.size(), 1);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const QString kubeconfig = started.first().first().toString();

    const QString argsFile = QDir(bin.path()).filePath(QStringLiteral("args"));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(argsFile), launchDeadlineMs);
    QFile args(argsFile);
    QVERIFY(args.open(QIODevice::ReadOnly));
    const QList<QByteArray> received = args.readAll().split('\0');
    QCOMPARE(QString::fromUtf8(received.value(0)), kubeconfig); // KUBECONFIG in the terminal's environment
    QCOMPARE(received.value(1), QByteArray("-e"));
    QCOMPARE(QString::fromUtf8(received.value(6)), kubeconfig);
    QCOMPARE(QString::fromUtf8(received.value(7)), env.value(QStringLiteral("SHELL")));
    QVERIFY(QFileInfo::exists(kubeconfig));

    // The controller keeps the session while the terminal runs; ending the shell removes it.
    auto sessions = dialog.takeSessions();
    QCOMPARE(sessions.size(), size_t(1));
    QVERIFY(writeFile(QDir(bin.path()).filePath(QStringLiteral("end")), ""));
    QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(kubeconfig), launchDeadlineMs);
    QSettings settings;
    QCOMPARE(settings.value(QStringLiteral("connect/sessionCommand")).toString(), QStringLiteral("shell"));
}

void TestConnectDialog::providerFileSettingIsRemembered()
{
    const QString file = providerFile({"a"});
    {
        ConnectDialog dialog({target(QStringLiteral("prod-1"), {access(QStringLiteral("a"))})});
        dialog.setProviderFile(file);
        dialog.setTerminalCommand(QStringLiteral("xterm -T {title} -e {command}"));
    }
    QSettings settings;
    QCOMPARE(settings.value(QStringLiteral("connect/providerFile")).toString(), file);
    QCOMPARE(settings.value(QStringLiteral("connect/terminalCommand")).toString(),
             QStringLiteral("xterm -T {title} -e {command}"));
    ConnectDialog again({target(QStringLiteral("prod-1"), {access(QStringLiteral("a"))})});
    QCOMPARE(again.providerFile(), file);
    QCOMPARE(again.launcher().commandTemplate(), QStringLiteral("xterm -T {title} -e {command}"));
    QVERIFY(again.problemText().isEmpty());
}

void TestConnectDialog::noTerminalDisablesConnectOnly()
{
    QSettings().setValue(QStringLiteral("connect/providerFile"), providerFile({"a"}));
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), bin.path());
    ConnectDialog dialog({target(QStringLiteral("prod-1"), {access(QStringLiteral("a"))})});
    dialog.setLauncherEnvironment(env);
    auto *connect = dialog.findChild<QPushButton *>(QStringLiteral("connectButton"));
    QVERIFY(!connect->isEnabled());
    QVERIFY2(connect->toolTip().contains(u"no terminal emulator found"), qPrintable(connect->toolTip()));
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("terminalHint"))->text().contains(u"xterm"));
    QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("copyKubectlButton"))->isEnabled());
    // Only the shell is offered without kubectl or k9s on PATH.
    QCOMPARE(dialog.findChild<QComboBox *>(QStringLiteral("sessionChoice"))->count(), 1);
    // A template naming a program that exists enables it again.
    QFile script(QDir(bin.path()).filePath(QStringLiteral("myterm")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\n");
    script.close();
    QVERIFY(script.setPermissions(executable));
    dialog.setTerminalCommand(QStringLiteral("myterm --run {command}"));
    QVERIFY(connect->isEnabled());
    dialog.setTerminalCommand(QStringLiteral("myterm --run"));
    QVERIFY(!connect->isEnabled());
    QVERIFY2(connect->toolTip().contains(u"{command}"), qPrintable(connect->toolTip()));
}

void TestConnectDialog::theDialogFitsItsWrappedText()
{
    // No terminal on PATH, several warnings and a long status: every label shows
    // all of its wrapped lines inside the dialog, the "tried …" line included.
    QSettings().setValue(QStringLiteral("connect/providerFile"), providerFile({"a"}));
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), bin.path());
    ConnectDialog dialog({target(QStringLiteral("prod-1"), {access(QStringLiteral("a"), QStringLiteral("http://m.example:80"))}),
                          target(QStringLiteral("prod-2"), {access(QStringLiteral("a"), QStringLiteral("http://n.example:80"))})});
    dialog.setLauncherEnvironment(env);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *hint = dialog.findChild<QLabel *>(QStringLiteral("terminalHint"));
    QVERIFY2(hint->text().contains(u"no terminal emulator found"), qPrintable(hint->text()));
    for (int width : {820, 560}) {
        dialog.resize(width, dialog.minimumHeight());
        QTRY_COMPARE(dialog.width(), width);
        const QString shots = qEnvironmentVariable("FLEETSCOPE_SCREENSHOTS");
        if (!shots.isEmpty())
            dialog.grab().save(QDir(shots).filePath(QStringLiteral("connectdialog-%1.png").arg(width)));
        for (QLabel *label : dialog.findChildren<QLabel *>()) {
            if (!label->isVisible() || label->text().isEmpty())
                continue;
            const QRect inDialog(label->mapTo(&dialog, QPoint(0, 0)), label->size());
            QVERIFY2(dialog.rect().contains(inDialog),
                     qPrintable(QStringLiteral("%1 at %2 px wide: label %3 outside").arg(label->objectName()).arg(width).arg(label->text())));
            if (label->wordWrap())
                QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                         qPrintable(QStringLiteral("%1 at %2 px wide: %3 < %4 px")
                                        .arg(label->objectName())
                                        .arg(width)
                                        .arg(label->height())
                                        .arg(label->heightForWidth(label->width()))));
        }
    }
}

void TestConnectDialog::mainWindowConnectsTheSelectedRows()
{
    QSettings().setValue(QStringLiteral("connect/providerFile"), providerFile({"a"}));
    FleetStore store;
    QList<ProfilePtr> profiles;
    for (const char *name : {"prod-1", "prod-2", "prod-3"}) {
        auto record = std::make_shared<ProfileRecord>();
        record->profile = target(QString::fromUtf8(name), {access(QStringLiteral("a"))}).profile;
        profiles << record;
    }
    fillLiveHub(store, profiles);

    MainWindow window(&store);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    MemberActions *controller = window.memberActions();
    QAction *connect = controller->connectAction();
    QVERIFY(!connect->isEnabled());
    // On the toolbar and in the row context menu.
    bool onToolbar = false;
    for (QToolBar *toolbar : window.findChildren<QToolBar *>())
        onToolbar = onToolbar || toolbar->actions().contains(connect);
    QVERIFY(onToolbar);
    ClusterTableView *table = window.clusterTable();
    QCOMPARE(table->contextMenuPolicy(), Qt::ActionsContextMenu);
    QVERIFY(table->actions().contains(connect));

    // Rows 0 and 2 selected, row 2 current: the details follow the current row,
    // and the kubeconfig gets a context each, the current one first.
    window.selectClusterRow(0);
    table->selectionModel()->select(table->model()->index(2, 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    table->selectionModel()->setCurrentIndex(table->model()->index(2, 0), QItemSelectionModel::NoUpdate);
    QCOMPARE(table->selectedStoreRows().size(), 2);
    QVERIFY(connect->isEnabled());

    // A double-click only selects.
    const QRect rect = table->visualRect(table->model()->index(1, 0));
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    QVERIFY(!window.findChild<ConnectDialog *>());
    table->selectionModel()->select(table->model()->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table->selectionModel()->select(table->model()->index(2, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    table->selectionModel()->setCurrentIndex(table->model()->index(2, 0), QItemSelectionModel::NoUpdate);

    // Enter on the table opens the dialog for the selection.
    table->setFocus();
    QTRY_VERIFY(table->hasFocus());
    QTest::keyClick(table, Qt::Key_Return);
    ConnectDialog *dialog = window.findChild<ConnectDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QCOMPARE(dialog->contextNames(), (QStringList{"prod-1", "prod-3"}));
    QVERIFY(dialog->kubeconfigYaml().contains("current-context: prod-3"));
    QString error;
    QVERIFY(!dialog->kubectlCommand(&error).isEmpty());
    dialog->reject();
    QTRY_VERIFY(!window.findChild<ConnectDialog *>());
    // The copied command's file lives on with the controller, and goes with the window.
    QCOMPARE(controller->sessionCount(), 1);
}

QTEST_MAIN(TestConnectDialog)
#include "tst_connectdialog.moc"
