#include "clioutput.h"

namespace fleetscope {

void writeBytes(FILE *stream, const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stream);
    std::fflush(stream);
}

void writeText(FILE *stream, const QString &text)
{
    writeBytes(stream, text.toUtf8());
}

QStringList splitAtDoubleDash(const QStringList &arguments, QStringList *command)
{
    const int separator = int(arguments.indexOf(QStringLiteral("--")));
    if (separator <= 0) {
        command->clear();
        return arguments;
    }
    *command = arguments.mid(separator + 1);
    return arguments.mid(0, separator);
}

} // namespace fleetscope
