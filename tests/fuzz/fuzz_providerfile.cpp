// A KEP-5339 provider file of arbitrary bytes (JSON or YAML): parse must either
// succeed or name what is wrong, never crash or throw.

#include "connect/providerfile.h"

#include <QByteArray>
#include <QString>

#include <cstdint>

using namespace fleetscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray text(reinterpret_cast<const char *>(data), qsizetype(size));
    ProviderFile file;
    QString error;
    if (!ProviderFile::parse(text, QStringLiteral("fuzz.json"), &file, &error)) {
        if (error.isEmpty())
            __builtin_trap();
        return 0;
    }
    for (const QString &name : file.names()) {
        if (!file.provider(name))
            __builtin_trap();
    }
    return 0;
}
