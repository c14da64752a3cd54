#pragma once

#include <QCommandLineOption>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <memory>

class QSaveFile;

namespace fleetscope {

// Shell completion, answered by the parser every mode already declares:
// `fleetscope __complete WORD... CURRENT` (what the bash and zsh scripts in
// installer/completion run) prints one candidate per line for CURRENT, or the
// single line ":files" when the shell should complete file names. The subcommand
// runs as usual up to CommandParser::parse(), which answers instead of parsing,
// so the options offered are exactly those the mode accepts.
//
// Values the parser cannot know come from two sources: kubeconfig contexts (for
// --context), read with kubectl's rules by a function the program installs, and
// HUB/NAMESPACE/NAME targets from the short-lived cache of the last
// `fleetscope list` (TargetCache).
class CompletionRequest final
{
public:
    // The line that asks the shell for file names instead of words.
    static constexpr const char *FilesDirective = ":files";

    // Starts answering: `words` are the mode's own words, the last being the one
    // completed (possibly empty).
    static void begin(const QStringList &words);
    static bool isActive();

    // Reads the contexts of the kubeconfig named by --kubeconfig (empty: kubectl's default).
    using ContextSource = QStringList (*)(const QString &kubeconfig);
    static void setContextSource(ContextSource source);

    // The candidates for the current word, given a mode's options and positional names.
    static QStringList candidates(const QList<QCommandLineOption> &options, const QStringList &positionals);
    // Prints them on `out`, one a line.
    static void answer(const QList<QCommandLineOption> &options, const QStringList &positionals, FILE *out);

    // Where `fleetscope list` leaves the targets it printed, and how long they count.
    static QString targetCachePath();
    static constexpr int TargetCacheSeconds = 600;
    // The cache, opened to be replaced by HUB/NAMESPACE/NAME lines (UTF-8, each
    // ending in a newline) that the caller writes as it makes them, then commit()s;
    // null when it cannot be written (completion is a convenience, never a reason
    // for `list` to fail). Written in pieces, not from a list or one buffer: at
    // 100k clusters a QStringList, its join and UTF-8 copy were ~30 MB alive at
    // once, the peak of `list`.
    static std::unique_ptr<QSaveFile> openTargetCache();
    // The cached targets, or none when the cache is older than TargetCacheSeconds.
    static QStringList cachedTargets();
};

} // namespace fleetscope
