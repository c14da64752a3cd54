#pragma once

#include <functional>

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace fleetscope::testing {

// Absolute path of a file under tests/fixtures (FLEETSCOPE_FIXTURES, set by ctest).
QString fixturePath(const QString &relative);

// The whole content of a fixture; fails the calling test when it cannot be read.
QByteArray readFixture(const QString &relative);

// Writes a file for a test (a kubeconfig, a plugin script); false when it cannot.
bool writeTestFile(const QString &path, const QByteArray &text, bool executable = false);

// Writes a kubeconfig with one context, `context`, whose server is a local port
// nothing listens on (connections are refused), with a bearer token.
bool writeRefusedKubeconfig(const QString &path, const QString &context, const QByteArray &token);

// Whether this process runs with AddressSanitizer's runtime. Asked at run time:
// the tests' own code is compiled without instrumentation in the sanitizer build.
bool underAddressSanitizer();
// How many times longer a wait for a visible effect may take here
// (FLEETSCOPE_TEST_SLOWDOWN, which the sanitizer run sets; at least 1).
int slowdown();

// Path of a built executable under the build tree (FLEETSCOPE_BINARY_DIR, set by ctest).
QString builtExecutable(const QString &relativeToBuildDir);

struct ProcessResult
{
    bool started = false;
    bool finished = false;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Runs a program to completion with a deadline (no sleeps: QProcess waits on the
// process's own signals). `environment` entries are NAME=VALUE added to the current
// environment; an empty value removes the variable.
ProcessResult runProcess(const QString &program, const QStringList &arguments,
                         const QStringList &environment = {}, int deadlineMs = 30000,
                         const QByteArray &stdinData = {});

// Runs a program that does not end by itself (a watch) until `enough` holds for
// what it has written so far, or the deadline passes; then ends it with SIGTERM.
// `finished` says the program ended before either.
ProcessResult runProcessUntil(const QString &program, const QStringList &arguments, const QStringList &environment,
                              int deadlineMs, const std::function<bool(const ProcessResult &)> &enough);

// Why tests that compare with kubectl cannot run here (not on PATH, or older
// than 1.24, the first with --subresource), or empty when they can. Asked once.
QString kubectlProblem();
// The same for Debian's official Python client (python3-kubernetes in /usr/bin/python3).
QString pythonClientProblem();

} // namespace fleetscope::testing

// Skips the calling test function, never the whole class, so that ctest's
// summary names exactly what did not run (and CI, which fails on any skip).
#define FLEETSCOPE_REQUIRE_KUBECTL()                                                                                   \
    do {                                                                                                               \
        const QString fleetscopeWhyNot = fleetscope::testing::kubectlProblem();                                        \
        if (!fleetscopeWhyNot.isEmpty())                                                                               \
            QSKIP(qPrintable(fleetscopeWhyNot));                                                                       \
    } while (false)

#define FLEETSCOPE_REQUIRE_PYTHON_CLIENT()                                                                             \
    do {                                                                                                               \
        const QString fleetscopeWhyNot = fleetscope::testing::pythonClientProblem();                                   \
        if (!fleetscopeWhyNot.isEmpty())                                                                               \
            QSKIP(qPrintable(fleetscopeWhyNot));                                                                       \
    } while (false)
