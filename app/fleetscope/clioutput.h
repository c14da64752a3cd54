#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdio>

namespace fleetscope {

// The command line's output helpers: written and flushed at once, so that lines
// from several members and the summary never interleave inside a line.
void writeBytes(FILE *stream, const QByteArray &bytes);
void writeText(FILE *stream, const QString &text);

// Splits `arguments` at the first "--": what comes before is ours to parse, what
// comes after is a command passed on untouched (connect, exec).
QStringList splitAtDoubleDash(const QStringList &arguments, QStringList *command);

} // namespace fleetscope
