#include "completionrequest.h"

#include "clioutput.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace fleetscope {
namespace {

struct State
{
    bool active = false;
    QStringList words;
    CompletionRequest::ContextSource contexts = nullptr;
};

State &state()
{
    static State s;
    return s;
}

QString spellingOf(const QString &name)
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

// The option a word names ("--context", "-o"), if it is one of `options`.
const QCommandLineOption *optionNamed(const QList<QCommandLineOption> &options, const QString &word)
{
    for (const QCommandLineOption &option : options) {
        for (const QString &name : option.names()) {
            if (word == spellingOf(name))
                return &option;
        }
    }
    return nullptr;
}

// --kubeconfig as typed so far, so that --context offers that file's contexts.
QString kubeconfigFrom(const QStringList &words)
{
    QString path;
    for (qsizetype i = 0; i + 1 < words.size(); ++i) {
        if (words[i] == u"--kubeconfig" && words[i + 1] != u"=")
            path = words[i + 1];
        else if (words[i] == u"--kubeconfig" && i + 2 < words.size())
            path = words[i + 2];
        else if (words[i].startsWith(u"--kubeconfig="))
            path = words[i].mid(13);
    }
    if (path.startsWith(u"~/"))
        path = QDir::home().filePath(path.mid(2));
    return path;
}

QStringList withPrefix(const QStringList &candidates, const QString &prefix, const QString &prepend = {})
{
    QStringList out;
    for (const QString &candidate : candidates) {
        if (candidate.startsWith(prefix))
            out << prepend + candidate;
    }
    return out;
}

QStringList valueCandidates(const QCommandLineOption &option, const QString &prefix, const QStringList &words)
{
    // Value names are what --help shows: "file" for paths, "a|b" for a closed set.
    const QString valueName = option.valueName();
    if (valueName == u"file")
        return {QString::fromLatin1(CompletionRequest::FilesDirective)};
    if (option.names().contains(QStringLiteral("context"))) {
        const CompletionRequest::ContextSource source = state().contexts;
        return source ? withPrefix(source(kubeconfigFrom(words)), prefix) : QStringList();
    }
    if (valueName.contains(u'|'))
        return withPrefix(valueName.split(u'|'), prefix);
    return {};
}

} // namespace

void CompletionRequest::begin(const QStringList &words)
{
    state().active = true;
    state().words = words.isEmpty() ? QStringList{QString()} : words;
}

bool CompletionRequest::isActive()
{
    return state().active;
}

void CompletionRequest::setContextSource(ContextSource source)
{
    state().contexts = source;
}

QStringList CompletionRequest::candidates(const QList<QCommandLineOption> &options, const QStringList &positionals)
{
    const QStringList &words = state().words;
    QString current = words.isEmpty() ? QString() : words.last();
    const QStringList before = words.mid(0, words.size() - 1);
    // bash hands "--context=" over as "--context", "="; the value starts empty.
    if (current == u"=" && !before.isEmpty() && optionNamed(options, before.last()))
        current.clear();
    // After "--" comes another program's command line.
    if (before.contains(QStringLiteral("--")))
        return {};

    // bash splits "--context=ab" into "--context", "=", "ab".
    const qsizetype n = before.size();
    if (n >= 2 && before[n - 1] == u"=") {
        if (const QCommandLineOption *option = optionNamed(options, before[n - 2]))
            return valueCandidates(*option, current, words);
    }
    if (n >= 1 && !current.startsWith(u'-')) {
        const QCommandLineOption *option = optionNamed(options, before[n - 1]);
        if (option && !option->valueName().isEmpty())
            return valueCandidates(*option, current, words);
    }
    // zsh keeps "--context=ab" as one word.
    const qsizetype equals = current.indexOf(u'=');
    if (current.startsWith(QStringLiteral("--")) && equals > 2) {
        if (const QCommandLineOption *option = optionNamed(options, current.left(equals))) {
            const QStringList values = valueCandidates(*option, current.mid(equals + 1), words);
            if (values.value(0) == QLatin1String(FilesDirective))
                return values;
            return withPrefix(values, QString(), current.left(equals + 1));
        }
    }

    if (current.startsWith(u'-')) {
        QStringList spellings;
        for (const QCommandLineOption &option : options) {
            if (option.flags() & QCommandLineOption::HiddenFromHelp)
                continue;
            for (const QString &name : option.names())
                spellings << spellingOf(name);
        }
        return withPrefix(spellings, current);
    }
    for (const QString &positional : positionals) {
        if (positional == u"HUB/NAMESPACE/NAME")
            return withPrefix(cachedTargets(), current);
    }
    return {};
}

void CompletionRequest::answer(const QList<QCommandLineOption> &options, const QStringList &positionals, FILE *out)
{
    QByteArray bytes;
    for (const QString &candidate : candidates(options, positionals))
        bytes += candidate.toUtf8() + '\n';
    writeBytes(out, bytes);
}

QString CompletionRequest::targetCachePath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation))
        .filePath(QStringLiteral("fleetscope/completion-targets"));
}

std::unique_ptr<QSaveFile> CompletionRequest::openTargetCache()
{
    const QString path = targetCachePath();
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return nullptr;
    auto file = std::make_unique<QSaveFile>(path);
    // Cluster names are no secret, but they are nobody else's business either.
    if (!file->open(QIODevice::WriteOnly))
        return nullptr;
    file->setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return file;
}

QStringList CompletionRequest::cachedTargets()
{
    const QString path = targetCachePath();
    const QFileInfo info(path);
    if (!info.exists() || info.lastModified().secsTo(QDateTime::currentDateTime()) > TargetCacheSeconds)
        return {};
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

} // namespace fleetscope
