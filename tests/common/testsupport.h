#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace fleetscope::testing {

// Absolute path of a file under tests/fixtures (FLEETSCOPE_FIXTURES, set by ctest).
QString fixturePath(const QString &relative);

// The whole content of a fixture; fails the calling test when it cannot be read.
QByteArray readFixture(const QString &relative);

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

} // namespace fleetscope::testing
