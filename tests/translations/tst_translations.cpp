// The .ts files are complete (nothing unfinished, obsolete or vanished), keep every
// placeholder, and are not stale: lupdate over today's sources finds no string they
// lack and none they have in excess.
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace fleetscope::testing;

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    QString type; // "", "unfinished", "obsolete", "vanished"
    QStringList translations; // one, or one per numerus form
    bool numerus = false;

    QString key() const { return context + u'\x1f' + source + u'\x1f' + comment; }
    QString where() const
    {
        return QStringLiteral("[%1] \"%2\"%3").arg(context, source.left(80),
                                                   comment.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(comment));
    }
};

QList<Message> readTs(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("context")) {
                context.clear();
            } else if (name == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                current = Message();
                current.context = context;
                current.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            } else if (name == QLatin1String("source")) {
                current.source = xml.readElementText();
            } else if (name == QLatin1String("comment")) {
                current.comment = xml.readElementText();
            } else if (name == QLatin1String("translation")) {
                current.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!current.numerus)
                    current.translations.append(xml.readElementText());
            } else if (name == QLatin1String("numerusform")) {
                current.translations.append(xml.readElementText());
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            messages.append(current);
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return messages;
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression arg(QStringLiteral("%L?([1-9][0-9]?)"));
    QSet<QString> found;
    for (auto it = arg.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured(1));
    return found;
}

QStringList tsFiles()
{
    return QStringLiteral(FLEETSCOPE_TS_FILES).split(u'|', Qt::SkipEmptyParts);
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void complete_data();
    void complete();
    void current_data() { complete_data(); }
    void current();
};

void TestTranslations::complete_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &path : tsFiles())
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void TestTranslations::complete()
{
    QFETCH(QString, path);
    QString error;
    const QList<Message> messages = readTs(path, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const bool english = path.endsWith(QLatin1String("_en.ts"));
    // English holds only plural forms; the others hold every string.
    QVERIFY2(english || messages.size() > 100, "suspiciously few messages");
    QStringList problems;
    for (const Message &m : messages) {
        if (!m.type.isEmpty()) {
            problems.append(m.type + QStringLiteral(": ") + m.where());
            continue;
        }
        for (const QString &translation : m.translations) {
            if (translation.trimmed().isEmpty()) {
                problems.append(QStringLiteral("empty: ") + m.where());
                break;
            }
            // %n may be spelled out in a singular ("ein Cluster"); numbered arguments may not.
            QSet<QString> expected = placeholders(m.source);
            if (placeholders(translation) != expected) {
                problems.append(QStringLiteral("placeholders differ: %1 -> \"%2\"").arg(m.where(), translation));
                break;
            }
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 (run the update_translations target, then translate):\n  %2")
                                                .arg(path, problems.join(QStringLiteral("\n  ")))));
}

void TestTranslations::current()
{
    QFETCH(QString, path);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString copy = tmp.filePath(QFileInfo(path).fileName());
    QVERIFY(QFile::copy(path, copy));
    // The same lupdate run as the update_translations target (translations/CMakeLists.txt).
    QStringList arguments{QStringLiteral("-silent"), QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                          QStringLiteral("none"), QStringLiteral("@" FLEETSCOPE_LUPDATE_SOURCES), QStringLiteral("-ts"), copy};
    if (path.endsWith(QLatin1String("_en.ts")))
        arguments.prepend(QStringLiteral("-pluralonly"));
    const ProcessResult lupdate = runProcess(QStringLiteral(FLEETSCOPE_LUPDATE), arguments, {}, 120000);
    QVERIFY2(lupdate.finished && lupdate.exitCode == 0, lupdate.out + lupdate.err);

    QString error;
    QSet<QString> committed;
    for (const Message &m : readTs(path, &error))
        committed.insert(m.key());
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QStringList added;
    QSet<QString> fresh;
    for (const Message &m : readTs(copy, &error)) {
        fresh.insert(m.key());
        if (!committed.contains(m.key()))
            added.append(m.where());
    }
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QStringList gone;
    for (const QString &key : committed) {
        if (!fresh.contains(key))
            gone.append(key.section(u'\x1f', 0, 1).replace(u'\x1f', QStringLiteral(": ")));
    }
    gone.sort();
    QVERIFY2(added.isEmpty() && gone.isEmpty(),
             qPrintable(QStringLiteral("%1 is stale; run the update_translations target and translate.\n"
                                       "  new in the sources:\n    %2\n  no longer in the sources:\n    %3")
                            .arg(path, added.join(QStringLiteral("\n    ")), gone.join(QStringLiteral("\n    ")))));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
