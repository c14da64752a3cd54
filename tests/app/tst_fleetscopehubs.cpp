// `fleetscope hubs` as a user runs it: every context of a merged KUBECONFIG with
// what the Inventory API probe found, as a table and as JSON, exit 0; nothing secret.

#include "hubprocess.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace fleetscope::testing;

namespace {

QByteArray readFileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString fleetscopeExecutable()
{
    return builtExecutable(QStringLiteral("app/fleetscope/fleetscope"));
}

} // namespace

class TestFleetscopeHubs final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void jsonNamesEveryContext();
    void tableHasTheColumns();
    void customColumnsAndNoHeaders();
    void usageAndRuntimeErrors();
    void plainStartWatchesTheRememberedChoice();

private:
    std::unique_ptr<HubProcess> m_full;
    std::unique_ptr<HubProcess> m_old;
    QTemporaryDir m_dir;
    QString m_refusedKubeconfig;
    QStringList m_environment;
};

void TestFleetscopeHubs::initTestCase()
{
    m_full = std::make_unique<HubProcess>(QStringList{QStringLiteral("--generate"), QStringLiteral("12")},
                                          QStringLiteral("hub-full"));
    m_old = std::make_unique<HubProcess>(QStringList{QStringLiteral("--generate"), QStringLiteral("4"),
                                                     QStringLiteral("--inventory-versions"), QStringLiteral("v1alpha1"),
                                                     QStringLiteral("--no-placements")},
                                         QStringLiteral("hub-old"));
    QString error;
    QVERIFY2(m_full->start(&error), qPrintable(error));
    QVERIFY2(m_old->start(&error), qPrintable(error));
    m_refusedKubeconfig = m_dir.filePath(QStringLiteral("refused.kubeconfig"));
    QVERIFY(writeRefusedKubeconfig(m_refusedKubeconfig, QStringLiteral("gone"), "refused-secret"));
    m_environment = {QStringLiteral("KUBECONFIG=") + m_full->kubeconfigPath() + u':' + m_old->kubeconfigPath() + u':'
                         + m_refusedKubeconfig,
                     QStringLiteral("HOME=") + m_dir.path()};
}

void TestFleetscopeHubs::jsonNamesEveryContext()
{
    const ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("hubs"), QStringLiteral("-o"),
                                                                QStringLiteral("json")},
                                       m_environment, 60000);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    const nlohmann::json document = nlohmann::json::parse(r.out.toStdString(), nullptr, false);
    QVERIFY2(document.is_object() && document.contains("items"), r.out.constData());
    std::map<std::string, nlohmann::json> byContext;
    for (const auto &item : document["items"])
        byContext[item["context"].get<std::string>()] = item;
    QCOMPARE(byContext.size(), size_t(3));

    const nlohmann::json &full = byContext["hub-full"];
    QCOMPARE(full["server"].get<std::string>(), m_full->url().toStdString());
    QCOMPARE(full["inventory"].get<bool>(), true);
    QVERIFY(full["versions"] == nlohmann::json({"v1alpha2", "v1alpha1"}));
    QCOMPARE(full["placements"].get<bool>(), true);
    QCOMPARE(full["profiles"].get<int>(), 12);
    QVERIFY(full["error"].is_null());

    const nlohmann::json &old = byContext["hub-old"];
    QVERIFY(old["versions"] == nlohmann::json({"v1alpha1"}));
    QCOMPARE(old["placements"].get<bool>(), false);
    QCOMPARE(old["profiles"].get<int>(), 4);

    const nlohmann::json &gone = byContext["gone"];
    QCOMPARE(gone["inventory"].get<bool>(), false);
    QVERIFY(gone["versions"].empty());
    QVERIFY(gone["profiles"].is_null());
    QVERIFY2(gone["error"].is_string() && QString::fromStdString(gone["error"]).contains(u"refused", Qt::CaseInsensitive),
             r.out.constData());

    for (const QByteArray &secret : {m_full->token(), m_old->token(), QByteArray("refused-secret")}) {
        QVERIFY(!secret.isEmpty());
        QVERIFY(!r.out.contains(secret));
        QVERIFY(!r.err.contains(secret));
    }
}

void TestFleetscopeHubs::tableHasTheColumns()
{
    const ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("hubs")}, m_environment, 60000);
    QCOMPARE(r.exitCode, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QVERIFY2(lines[0].simplified() == "CONTEXT SERVER INVENTORY API PLACEMENTS PROFILES PROBLEM", lines[0].constData());
    const QByteArray old = r.out.mid(r.out.indexOf("hub-old"));
    QVERIFY2(old.left(old.indexOf('\n')).simplified().contains("yes (v1alpha1) no 4 -"), r.out.constData());
    QVERIFY2(r.out.contains("Unreachable: "), r.out.constData());
}

void TestFleetscopeHubs::customColumnsAndNoHeaders()
{
    ProcessResult r = runProcess(fleetscopeExecutable(), {QStringLiteral("hubs"), QStringLiteral("--no-headers")},
                                 m_environment, 60000);
    QCOMPARE(r.exitCode, 0);
    QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    for (const QByteArray &line : std::as_const(lines))
        QVERIFY2(!line.startsWith("CONTEXT"), r.out.constData());

    r = runProcess(fleetscopeExecutable(), {QStringLiteral("hubs"), QStringLiteral("-o"),
                                            QStringLiteral("custom-columns=HUB:context,COUNT:profiles")},
                   m_environment, 60000);
    QCOMPARE(r.exitCode, 0);
    lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[0].simplified(), QByteArray("HUB COUNT"));
    QStringList rows;
    for (const QByteArray &line : lines.mid(1))
        rows << QString::fromUtf8(line.simplified());
    rows.sort();
    QCOMPARE(rows, QStringList({QStringLiteral("gone -"), QStringLiteral("hub-full 12"), QStringLiteral("hub-old 4")}));

    r = runProcess(fleetscopeExecutable(), {QStringLiteral("hubs"), QStringLiteral("-o"), QStringLiteral("custom-columns=A:contxt")},
                   m_environment, 60000);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("unknown field \"contxt\" (fields: context, server, inventory, placements, profiles, problem); "
                            "did you mean \"context\"?"),
             r.err.constData());
}

void TestFleetscopeHubs::usageAndRuntimeErrors()
{
    const ProcessResult yaml = runProcess(fleetscopeExecutable(), {QStringLiteral("hubs"), QStringLiteral("-o"),
                                                                   QStringLiteral("yaml")},
                                          m_environment);
    QCOMPARE(yaml.exitCode, 2);
    QVERIFY2(yaml.err.startsWith("error: ") && yaml.err.count('\n') == 1, yaml.err.constData());

    const QString missing = m_dir.filePath(QStringLiteral("missing.kubeconfig"));
    const ProcessResult gone = runProcess(fleetscopeExecutable(), {QStringLiteral("hubs"), QStringLiteral("--kubeconfig"),
                                                                   missing},
                                          m_environment);
    QCOMPARE(gone.exitCode, 1);
    QVERIFY2(gone.err.startsWith("error: ") && gone.err.contains(missing.toUtf8()), gone.err.constData());

    // --kubeconfig wins over KUBECONFIG.
    const ProcessResult one = runProcess(fleetscopeExecutable(), {QStringLiteral("hubs"), QStringLiteral("--kubeconfig"),
                                                                  m_old->kubeconfigPath(), QStringLiteral("-o"),
                                                                  QStringLiteral("json")},
                                         m_environment, 60000);
    QCOMPARE(one.exitCode, 0);
    const nlohmann::json document = nlohmann::json::parse(one.out.toStdString(), nullptr, false);
    QCOMPARE(document["items"].size(), size_t(1));
    QCOMPARE(document["items"][0]["context"].get<std::string>(), std::string("hub-old"));
}

void TestFleetscopeHubs::plainStartWatchesTheRememberedChoice()
{
    // A churning hub: its fleet changes after the sync, so the dashboard's
    // fleet cache writes it on exit, which tells which hubs were watched.
    HubProcess chosen({QStringLiteral("--generate"), QStringLiteral("5"), QStringLiteral("--churn"), QStringLiteral("40")},
                      QStringLiteral("hub-chosen"));
    QString error;
    QVERIFY2(chosen.start(&error), qPrintable(error));
    const QString home = m_dir.filePath(QStringLiteral("gui-home"));
    QVERIFY(QDir().mkpath(home + QStringLiteral("/.config/fleetscope")));
    QVERIFY(QDir().mkpath(home + QStringLiteral("/run")));
    QFile::setPermissions(home + QStringLiteral("/run"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QVERIFY(writeTestFile(home + QStringLiteral("/.config/fleetscope/fleetscope.conf"),
                          "[hubs]\nfiles=" + chosen.kubeconfigPath().toUtf8() + "\nchosenFiles="
                              + chosen.kubeconfigPath().toUtf8() + "\nchosenContexts=hub-chosen\n"));
    const QStringList environment{QStringLiteral("HOME=") + home,
                                  QStringLiteral("XDG_CONFIG_HOME=") + home + QStringLiteral("/.config"),
                                  QStringLiteral("XDG_CACHE_HOME=") + home + QStringLiteral("/.cache"),
                                  QStringLiteral("XDG_DATA_HOME=") + home + QStringLiteral("/.local/share"),
                                  QStringLiteral("XDG_RUNTIME_DIR=") + home + QStringLiteral("/run"),
                                  // The current context of this kubeconfig is hub-full: not what was chosen.
                                  m_environment.first(),
                                  QStringLiteral("QT_QPA_PLATFORM=offscreen")};
    const ProcessResult r = runProcess(fleetscopeExecutable(),
                                       {QStringLiteral("--screenshot"), home + QStringLiteral("/shot.png")},
                                       environment, 60000);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QStringList cachedHubs;
    const QDir cache(home + QStringLiteral("/.cache/fleetscope/fleetscope/fleet"));
    for (const QString &name : cache.entryList({QStringLiteral("hub-*.json")}, QDir::Files)) {
        const nlohmann::json document = nlohmann::json::parse(readFileBytes(cache.filePath(name)).toStdString(), nullptr, false);
        cachedHubs << QString::fromStdString(document.value("hub", std::string()));
    }
    QCOMPARE(cachedHubs, QStringList{QStringLiteral("hub-chosen")});
}

QTEST_GUILESS_MAIN(TestFleetscopeHubs)
#include "tst_fleetscopehubs.moc"
