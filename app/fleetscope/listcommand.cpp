#include "listcommand.h"

#include "clioutput.h"
#include "commandparser.h"
#include "completionrequest.h"
#include "demohubs.h"
#include "historyoptions.h"
#include "outputoptions.h"
#include "pastlistcommand.h"

#include "fleet/engine/fleetengine.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/lint/fleetfindings.h"
#include "fleet/output/fleetprinter.h"
#include "fleet/store/fleetstore.h"
#include "history/momentexpression.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QSaveFile>
#include <QStringEncoder>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <utility>

// GCC says __SANITIZE_ADDRESS__; clang only answers __has_feature.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FLEETSCOPE_CLANG_ASAN 1
#endif
#endif
#ifndef FLEETSCOPE_CLANG_ASAN
#define FLEETSCOPE_CLANG_ASAN 0
#endif

namespace fleetscope {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("list", text);
}

// Drives one `list` run: waits for the hubs, observes, prints, then watches or quits.
class ListRun final : public QObject
{
public:
    ListRun(FleetStore *store, FleetFilter filter, FleetPrinter::Format format, std::optional<TablePrinter> table,
            bool watch, int observeForMs, int timeoutMs)
        : m_store(store)
        , m_filter(std::move(filter))
        , m_format(format)
        , m_table(std::move(table))
        , m_watch(watch)
        , m_observeForMs(observeForMs)
    {
        // The lint runs only for a filter that reads its findings: a plain list
        // stays as fast as it was.
        if (m_filter.readsFact(FleetFindings::filterKey)) {
            m_findings = std::make_unique<FleetFindings>(store);
            store->addFilterFacts(m_findings.get());
        }
        connect(store, &FleetStore::hubStatusChanged, this, &ListRun::check);
        m_deadline.setSingleShot(true);
        connect(&m_deadline, &QTimer::timeout, this, [this] { printAndFinish(); });
        if (timeoutMs > 0)
            m_deadline.start(timeoutMs);
        QTimer::singleShot(0, this, &ListRun::check);
    }

    ~ListRun() override
    {
        if (m_findings)
            m_store->removeFilterFacts(m_findings.get());
    }

private:
    void check()
    {
        if (m_phase != Phase::WaitingForSync || !m_store->allHubsSettled())
            return;
        m_deadline.stop();
        if (m_observeForMs > 0) {
            m_phase = Phase::Observing;
            QTimer::singleShot(m_observeForMs, this, [this] { printAndFinish(); });
            return;
        }
        printAndFinish();
    }

    void printAndFinish()
    {
        if (m_phase == Phase::Printed)
            return;
        m_phase = Phase::Printed;
        m_printer = std::make_unique<FleetPrinter>(*m_store, m_format, QDateTime::currentMSecsSinceEpoch());
        if (m_table)
            m_printer->setTable(*m_table);
        if (m_findings)
            m_findings->relint();
        QList<int> rows = m_printer->sortedRows();
        if (!m_filter.isEmpty())
            rows.removeIf([this](int row) { return !m_filter.matches(m_store->profileAt(row), m_store); });
        int synced = 0;
        for (int hub = 0; hub < m_store->hubCount(); ++hub)
            synced += m_store->hubStatus(hub).synced ? 1 : 0;
        // Like kubectl: when no hub could be read there is no table, not even its
        // header, on stdout (scripts read stdout); the errors go to stderr.
        if (synced > 0 || m_store->hubCount() == 0) {
            // `-o name` prints exactly the completion cache's lines: made once.
            const bool names = m_format == FleetPrinter::Format::Name;
            if (!names)
                writeBytes(stdout, m_printer->render(rows));
            const std::unique_ptr<QSaveFile> cache = CompletionRequest::openTargetCache();
            if (names || cache) {
                writeTargetLines(rows, [&](const QByteArray &lines) {
                    if (names)
                        writeBytes(stdout, lines);
                    if (cache)
                        cache->write(lines);
                });
            }
            if (cache)
                cache->commit();
        }
        const int failures = reportHubs();
        if (!m_watch) {
            QCoreApplication::exit(failures ? 1 : 0);
            return;
        }
        connect(m_store, &FleetStore::profilesUpdated, this, [this](const QList<int> &rows) {
            QList<int> changed = rows;
            if (m_findings) {
                // Findings as of this change (rows whose findings the change moved
                // arrive through FleetFindings::changed, into m_relinted).
                m_relinting = true;
                m_findings->relint();
                m_relinting = false;
                changed += std::exchange(m_relinted, {});
                std::sort(changed.begin(), changed.end());
                changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
            }
            printChanges(changed);
        });
        if (m_findings) {
            // A change elsewhere (a member id's other profile, a property turning
            // stale on the clock) can change a row's findings.
            connect(m_findings.get(), &FleetFindings::changed, this, [this](const QList<int> &rows) {
                if (m_relinting)
                    m_relinted += rows;
                else
                    printChanges(rows);
            });
        }
        connect(m_store, &FleetStore::profilesDeleting, this, [this](const QList<FleetProfile> &profiles) {
            for (const FleetProfile &p : profiles) {
                if (m_filter.matches(p, m_store))
                    writeBytes(stdout, m_printer->renderChange(p, true));
            }
        });
    }

    void printChanges(const QList<int> &rows)
    {
        m_printer->setNow(QDateTime::currentMSecsSinceEpoch());
        for (int row : rows) {
            if (m_filter.matches(m_store->profileAt(row), m_store))
                writeBytes(stdout, m_printer->renderChange(m_store->profileAt(row), false));
        }
    }

    // HUB/NAMESPACE/NAME, one per line in UTF-8: what `-o name` prints, and what
    // `fleetscope connect <TAB>` and its siblings offer after a list. Handed to
    // `out` ~64 KiB at a time: one buffer of every line would be 3.5 MB at 100k
    // clusters, alive at the peak of `list`.
    template<typename Out>
    void writeTargetLines(const QList<int> &rows, Out out) const
    {
        constexpr qsizetype pieceBytes = 64 * 1024;
        QList<QByteArray> hubs; // each hub's name and a slash, in UTF-8
        for (int hub = 0; hub < m_store->hubCount(); ++hub)
            hubs << m_store->hubName(hub).toUtf8() + '/';
        // Encoded straight into the output: a QByteArray per field costs ~2 % of a 100k list.
        QStringEncoder utf8(QStringEncoder::Utf8, QStringEncoder::Flag::Stateless);
        QByteArray lines;
        lines.reserve(pieceBytes + 1024);
        for (int row : rows) {
            const FleetProfile &p = m_store->profileAt(row);
            const ObjectMeta &meta = p.profile().metadata;
            const QByteArray &hub = hubs.at(p.hub);
            const QStringView namespaceName = meta.namespaceName.view();
            const qsizetype at = lines.size();
            lines.resize(at + hub.size() + utf8.requiredSpace(namespaceName.size() + meta.name.size()) + 2);
            char *end = std::copy(hub.cbegin(), hub.cend(), lines.data() + at);
            end = utf8.appendToBuffer(end, namespaceName);
            *end++ = '/';
            end = utf8.appendToBuffer(end, meta.name);
            *end++ = '\n';
            lines.truncate(end - lines.constData());
            if (lines.size() >= pieceBytes) {
                out(std::as_const(lines));
                lines.truncate(0); // keeps the allocation
            }
        }
        if (!lines.isEmpty())
            out(std::as_const(lines));
    }

    // One line per hub that is not live, on stderr; the count of failed hubs.
    int reportHubs() const
    {
        int failures = 0;
        for (int hub = 0; hub < m_store->hubCount(); ++hub) {
            const HubStatus &status = m_store->hubStatus(hub);
            for (const QString &warning : status.warnings)
                writeBytes(stderr, (QStringLiteral("warning: hub %1: %2\n").arg(status.hub, warning)).toUtf8());
            for (const QString &error : m_store->hubDecodeErrors(hub))
                writeBytes(stderr, (QStringLiteral("warning: hub %1: skipped %2\n").arg(status.hub, error)).toUtf8());
            if (!status.forbiddenScopes.isEmpty() && status.synced)
                writeBytes(stderr, (QStringLiteral("warning: hub %1: forbidden: %2\n")
                                        .arg(status.hub, status.forbiddenScopes.join(QStringLiteral(", "))))
                                       .toUtf8());
            if (!status.synced) {
                ++failures;
                writeBytes(stderr, (QStringLiteral("error: hub %1: %2\n").arg(status.hub, status.summary())).toUtf8());
            }
        }
        return failures;
    }

    enum class Phase { WaitingForSync, Observing, Printed };

    FleetStore *m_store;
    FleetFilter m_filter;
    FleetPrinter::Format m_format;
    std::optional<TablePrinter> m_table; // custom columns, --no-headers
    bool m_watch;
    int m_observeForMs;
    Phase m_phase = Phase::WaitingForSync;
    QTimer m_deadline;
    std::unique_ptr<FleetPrinter> m_printer;
    std::unique_ptr<FleetFindings> m_findings; // only for a filter that reads `findings`
    bool m_relinting = false;
    QList<int> m_relinted; // rows whose findings a change's relint moved
};

} // namespace

int runListCommand(const QStringList &arguments)
{
    CommandParser cli(arguments.value(0));
    cli.setDescription(tr("List the ClusterProfiles of one or more hubs, merged into one fleet."));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), tr("Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)."), tr("file"));
    const QCommandLineOption context(QStringLiteral("context"), tr("A kubeconfig context to use as a hub (repeatable; default: the current context)."), tr("name"));
    const QCommandLineOption allContexts(QStringLiteral("all-contexts"), tr("Use every context of the kubeconfig as a hub."));
    OutputOptions output(QStringLiteral("table"), FleetPrinter::formatNames(), FleetPrinter::columns());
    const QCommandLineOption watch({QStringLiteral("w"), QStringLiteral("watch")}, tr("After listing, print one line per change until interrupted."));
    const QCommandLineOption observeFor(QStringLiteral("observe-for"), tr("Keep the engine running this many seconds after the first sync before printing."), tr("seconds"));
    const QCommandLineOption timeout(QStringLiteral("timeout"), tr("Give up waiting for hubs to sync after this many seconds (0: wait forever)."), tr("seconds"), QStringLiteral("60"));
    const QCommandLineOption namespaceOption(QStringLiteral("namespace"), tr("A namespace to read when cluster-wide lists are forbidden (repeatable)."), tr("name"));
    const QCommandLineOption filterOption(QStringLiteral("filter"), tr("Only clusters matching this filter (the dashboard's filter language, see the README)."), tr("expression"));
    const QCommandLineOption at(QStringLiteral("at"), tr("The fleet as the history recorded it at this time: RFC 3339 (2026-05-01T03:00:00Z) or before now (-2h, -30m, -1d12h). Reads the history, connects to no hub."), tr("time"));
    const QCommandLineOption historyFile = history_options::historyFileOption();
    const QCommandLineOption demo = DemoHubs::option();
    cli.addOptions({kubeconfig, context, allContexts, demo});
    output.describe(&cli);
    cli.addOptions({watch, observeFor, timeout, namespaceOption, filterOption, at, historyFile});
    cli.setExitStatus(1, QStringLiteral("a hub could not be synced, or with --at was not recorded at that time (the others are still printed)"));
    if (!cli.parse(arguments))
        return cli.exitCode();

    int observeForSeconds = 0;
    int timeoutSeconds = 60;
    if (!output.read(&cli) || !cli.intValue(observeFor, 0, 7 * 24 * 3600, &observeForSeconds)
        || !cli.intValue(timeout, 0, 7 * 24 * 3600, &timeoutSeconds) || !cli.exclusive(context, allContexts))
        return cli.exitCode();
    FleetPrinter::Format format = FleetPrinter::Format::Table; // custom columns print a table
    FleetPrinter::parseFormat(output.format(), &format);
    // Custom columns and --no-headers: the table as asked, in place of the format's own.
    std::optional<TablePrinter> table;
    if (output.isTable())
        table = output.table();
    FilterError filterError;
    const QString filterText = cli.value(filterOption);
    FleetFilter filter = FleetFilter::compile(filterText, &filterError);
    if (filterError.isError()) {
        // The expression and a caret under the mistake follow the one error line.
        cli.usageError(QStringLiteral("--filter: %1").arg(filterError.message));
        writeBytes(stderr, QStringLiteral("  %1\n  %2^\n").arg(filterText, QString(filterError.offset, u' ')).toUtf8());
        return cli.exitCode();
    }
    if (cli.isSet(at)) {
        PastListRequest past;
        QString atError;
        if (!cli.exclusive(at, watch) || !cli.exclusive(at, observeFor) || !cli.exclusive(at, namespaceOption)
            || !cli.exclusive(at, demo))
            return cli.exitCode();
        if (!parseMoment(cli.value(at), QDateTime::currentMSecsSinceEpoch(), &past.at, &atError)) {
            cli.usageError(QStringLiteral("--at: %1").arg(atError));
            return cli.exitCode();
        }
        QString hubError;
        if (!history_options::hubNames(cli.value(kubeconfig), cli.values(context), cli.isSet(allContexts), &past.hubs,
                                       &hubError)) {
            writeBytes(stderr, (QStringLiteral("error: ") + hubError + u'\n').toUtf8());
            return 1;
        }
        past.historyPath = history_options::historyPath(cli, historyFile);
        past.format = format;
        past.table = table;
        past.filter = std::move(filter);
        return runPastList(past);
    }
    FleetEngineOptions options;
    options.kubeconfigPath = cli.value(kubeconfig);
    options.contexts = cli.values(context);
    options.allContexts = cli.isSet(allContexts);
    options.namespaces = cli.values(namespaceOption);
    options.keepRawJson = format == FleetPrinter::Format::Json || format == FleetPrinter::Format::Yaml;
    // A one-shot list prints what the lists said: watching would only open more
    // connections (and TLS handshakes) before the exit.
    options.informer.watch = cli.isSet(watch) || observeForSeconds > 0;
    if (!DemoHubs::apply(cli, demo, &options))
        return cli.exitCode() != CommandParser::ExitOk ? cli.exitCode() : CommandParser::ExitFailure;

    FleetStore store;
    // A one-shot list prints and exits: trimming the heap would only cost time.
    store.setReleaseMemoryWhenSettled(cli.isSet(watch));
    FleetEngine engine(&store);
    QString error;
    if (!engine.configure(options, &error)) {
        writeBytes(stderr, (QStringLiteral("error: ") + error + u'\n').toUtf8());
        return 1;
    }
    ListRun run(&store, std::move(filter), format, table, cli.isSet(watch), observeForSeconds * 1000, timeoutSeconds * 1000);
    engine.start();
    const int code = QCoreApplication::exec();
    engine.stop();
#if !defined(__SANITIZE_ADDRESS__) && !FLEETSCOPE_CLANG_ASAN
    // Everything is printed and flushed. Freeing a 100k fleet block by block (rows,
    // records, strings, the hubs' caches, the string pool) costs ~10 % of a cold
    // sync's CPU; the OS takes the whole address space back at once. Sanitizer
    // builds still tear down, so that leaks stay visible there.
    std::fflush(nullptr);
    std::_Exit(code);
#endif
    return code;
}

} // namespace fleetscope
