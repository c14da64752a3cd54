// The Debian package as a user gets it: built by cpack from this build tree,
// unpacked with dpkg-deb, validated with the desktop's own validators, and run.
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace fleetscope::testing;

namespace {

const QString AppId = QStringLiteral("io.github.fleetscope.Fleetscope");

// Every file (not directory) below root, relative, sorted.
QStringList filesBelow(const QString &root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(QDir(root).relativeFilePath(it.next()));
    files.sort();
    return files;
}

// What an install holds: `under` is "usr/" for the package's root and "" for a
// cmake --install prefix.
QStringList expectedFiles(const QString &under)
{
    QStringList files = {
        under + QStringLiteral("bin/fleetscope"),
        under + QStringLiteral("bin/fleetscope-hub"),
        under + QStringLiteral("libexec/fleetscope-dashboard"),
        under + QStringLiteral("share/applications/") + AppId + QStringLiteral(".desktop"),
        under + QStringLiteral("share/metainfo/") + AppId + QStringLiteral(".metainfo.xml"),
        under + QStringLiteral("share/icons/hicolor/scalable/apps/") + AppId + QStringLiteral(".svg"),
        under + QStringLiteral("share/man/man1/fleetscope.1.gz"),
        under + QStringLiteral("share/man/man1/fleetscope-hub.1.gz"),
        under + QStringLiteral("share/fleetscope/translations/fleetscope_de.qm"),
        under + QStringLiteral("share/fleetscope/translations/fleetscope_en.qm"),
        under + QStringLiteral("share/fleetscope/translations/fleetscope_ja.qm"),
        under + QStringLiteral("share/bash-completion/completions/fleetscope"),
        under + QStringLiteral("share/zsh/vendor-completions/_fleetscope"),
        under + QStringLiteral("lib/systemd/user/fleetscope-record.service"),
    };
    for (int size : {16, 22, 24, 32, 48, 64, 128, 256})
        files.append(QStringLiteral("%1share/icons/hicolor/%2x%2/apps/%3.png").arg(under).arg(size).arg(AppId));
    files.sort();
    return files;
}

} // namespace

class TestDebPackage : public QObject
{
    Q_OBJECT

private slots:
    void installIntoAnyPrefix();
    void debianPackage();

private:
    void verifyOpensInstalledDashboard(const QString &fleetscope);

    QTemporaryDir m_tmp;
};

void TestDebPackage::installIntoAnyPrefix()
{
    QVERIFY(m_tmp.isValid());
    const QString prefix = m_tmp.filePath(QStringLiteral("opt with space/fleetscope"));
    const ProcessResult install = runProcess(QStringLiteral(FLEETSCOPE_CMAKE),
        {QStringLiteral("--install"), builtExecutable(QString()), QStringLiteral("--prefix"), prefix}, {}, 120000);
    QVERIFY2(install.finished && install.exitCode == 0, install.out + install.err);
    QCOMPARE(filesBelow(prefix), expectedFiles(QString()));

    const ProcessResult version = runProcess(prefix + QStringLiteral("/bin/fleetscope"), {QStringLiteral("--version")});
    QVERIFY2(version.finished && version.exitCode == 0, version.err);
    QCOMPARE(version.out.trimmed(), QByteArray("fleetscope " FLEETSCOPE_VERSION));
    verifyOpensInstalledDashboard(prefix + QStringLiteral("/bin/fleetscope"));
}

// `fleetscope` without a command execs the installed fleetscope-dashboard: on a
// platform that does not exist, that is the dashboard's one error line.
void TestDebPackage::verifyOpensInstalledDashboard(const QString &fleetscope)
{
    const ProcessResult gui = runProcess(fleetscope, {QStringLiteral("--kubeconfig"), QStringLiteral("/nonexistent/kubeconfig")},
                                         {QStringLiteral("QT_QPA_PLATFORM=none-such"), QStringLiteral("DISPLAY=")});
    QVERIFY(gui.finished);
    QCOMPARE(gui.exitCode, 1);
    QVERIFY2(gui.err.startsWith("error: cannot open a window: "), gui.err.constData());
}

void TestDebPackage::debianPackage()
{
    QVERIFY(m_tmp.isValid());
    const QString out = m_tmp.filePath(QStringLiteral("deb"));
    // cpack packs what the build tree installs; it does not rebuild (ctest runs after the build).
    const ProcessResult pack = runProcess(QStringLiteral(FLEETSCOPE_CPACK),
        {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("--config"), builtExecutable(QStringLiteral("CPackConfig.cmake")),
         QStringLiteral("-B"), out}, {}, 240000);
    QVERIFY2(pack.finished && pack.exitCode == 0, pack.out + pack.err);
    const QStringList debs = QDir(out).entryList({QStringLiteral("*.deb")}, QDir::Files);
    QCOMPARE(debs.size(), 1);
    const QString deb = QDir(out).filePath(debs.first());
    QVERIFY2(QRegularExpression(QStringLiteral("^fleetscope_" FLEETSCOPE_VERSION "_[a-z0-9]+\\.deb$")).match(debs.first()).hasMatch(),
             qPrintable(debs.first()));
    qInfo("package %s: %lld bytes", qPrintable(debs.first()), QFileInfo(deb).size());

    // Depends: the shared libraries dpkg-shlibdeps found, plus the plugins Qt loads at run time.
    const ProcessResult depends = runProcess(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), deb, QStringLiteral("Depends")});
    QVERIFY2(depends.finished && depends.exitCode == 0, depends.err);
    qInfo("Depends: %s", depends.out.trimmed().constData());
    QStringList names;
    for (const QString &entry : QString::fromUtf8(depends.out).split(u',', Qt::SkipEmptyParts))
        names.append(entry.trimmed().section(u' ', 0, 0));
    for (const char *needed : {"libc6", "libstdc++6", "libqt6core6", "libqt6gui6", "libqt6widgets6", "libqt6network6",
                               "libyaml-cpp0.7", "libssl3", "qt6-qpa-plugins", "libqt6svg6", "libqt6sql6-sqlite"})
        QVERIFY2(names.contains(QLatin1String(needed)), qPrintable(QStringLiteral("%1 missing from Depends: %2").arg(QLatin1String(needed), names.join(u','))));
    // Nothing a build needs (development packages) may leak into Depends.
    for (const QString &name : names)
        QVERIFY2(!name.endsWith(QLatin1String("-dev")), qPrintable(name));

    const QString root = m_tmp.filePath(QStringLiteral("root"));
    const ProcessResult unpack = runProcess(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), deb, root});
    QVERIFY2(unpack.finished && unpack.exitCode == 0, unpack.err);
    QCOMPARE(filesBelow(root), expectedFiles(QStringLiteral("usr/")));

    const QString desktop = root + QStringLiteral("/usr/share/applications/") + AppId + QStringLiteral(".desktop");
    const ProcessResult desktopCheck = runProcess(QStringLiteral("desktop-file-validate"), {desktop});
    QVERIFY2(desktopCheck.started, "desktop-file-validate is missing: install desktop-file-utils (installer/debian-build-deps.txt)");
    QVERIFY2(desktopCheck.exitCode == 0 && !desktopCheck.out.contains("error"), desktopCheck.out + desktopCheck.err);

    const QString metainfo = root + QStringLiteral("/usr/share/metainfo/") + AppId + QStringLiteral(".metainfo.xml");
    const ProcessResult metainfoCheck = runProcess(QStringLiteral("appstreamcli"), {QStringLiteral("validate"), QStringLiteral("--no-net"), metainfo});
    QVERIFY2(metainfoCheck.started, "appstreamcli is missing: install appstream (installer/debian-build-deps.txt)");
    QVERIFY2(metainfoCheck.exitCode == 0, metainfoCheck.out + metainfoCheck.err);

    // The unpacked binaries run from anywhere: the project's libraries are static.
    const ProcessResult version = runProcess(root + QStringLiteral("/usr/bin/fleetscope"), {QStringLiteral("--version")});
    QVERIFY2(version.finished && version.exitCode == 0, version.err);
    QCOMPARE(version.out.trimmed(), QByteArray("fleetscope " FLEETSCOPE_VERSION));
    verifyOpensInstalledDashboard(root + QStringLiteral("/usr/bin/fleetscope"));
    const ProcessResult hubHelp = runProcess(root + QStringLiteral("/usr/bin/fleetscope-hub"), {QStringLiteral("--help")});
    QVERIFY2(hubHelp.finished && hubHelp.exitCode == 0, hubHelp.err);

    // The recorder's user unit runs the packaged `fleetscope record`, and nothing
    // enables it (no .wants link: off until the user turns it on).
    QFile unit(root + QStringLiteral("/usr/lib/systemd/user/fleetscope-record.service"));
    QVERIFY(unit.open(QIODevice::ReadOnly));
    const QByteArray unitText = unit.readAll();
    QVERIFY2(unitText.contains("\nExecStart=fleetscope record $FLEETSCOPE_RECORD_ARGS\n")
                 && unitText.contains("\nWantedBy=default.target\n"),
             unitText.constData());
    const ProcessResult recordHelp = runProcess(root + QStringLiteral("/usr/bin/fleetscope"),
                                                {QStringLiteral("record"), QStringLiteral("--help")});
    QVERIFY2(recordHelp.finished && recordHelp.exitCode == 0 && recordHelp.out.contains("--status"), recordHelp.err);
    // systemd's own check of its syntax, where systemd is installed. The binary
    // and the man page are not installed here: those two complaints are expected.
    const ProcessResult verify = runProcess(QStringLiteral("systemd-analyze"), {QStringLiteral("verify"), unit.fileName()});
    if (verify.started) {
        for (const QByteArray &line : verify.err.split('\n')) {
            QVERIFY2(line.isEmpty() || line.contains("is not executable") || line.contains("Command 'man ")
                         || !line.startsWith("fleetscope-record.service:"),
                     line.constData());
        }
    }

    // The man page came from --help, so it documents the options.
    const ProcessResult man = runProcess(QStringLiteral("gzip"), {QStringLiteral("-dc"), root + QStringLiteral("/usr/share/man/man1/fleetscope.1.gz")});
    QVERIFY(man.finished && man.exitCode == 0);
    QVERIFY2(man.out.contains("kubeconfig") && man.out.contains(".TH FLEETSCOPE"), man.out.left(400));

    // The installed bash completion answers `fleetscope li<TAB>` with the packaged binary.
    const QString script = root + QStringLiteral("/usr/share/bash-completion/completions/fleetscope");
    const ProcessResult completion = runProcess(
        QStringLiteral("bash"),
        {QStringLiteral("--norc"), QStringLiteral("-c"),
         QStringLiteral("source \"$1\" && COMP_WORDS=(\"$2\" li) && COMP_CWORD=1 && _fleetscope && "
                        "printf '%s\\n' \"${COMPREPLY[@]}\""),
         QStringLiteral("bash"), script, root + QStringLiteral("/usr/bin/fleetscope")});
    QVERIFY2(completion.finished && completion.exitCode == 0, completion.err);
    QCOMPARE(completion.out, QByteArray("list\nlint\n"));
}

QTEST_GUILESS_MAIN(TestDebPackage)
#include "tst_debpackage.moc"
