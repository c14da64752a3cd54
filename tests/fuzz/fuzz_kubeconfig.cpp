// A kubeconfig file of arbitrary bytes through kubectl's loading rules: parse,
// merge with itself, resolve paths, select a context. Nothing may crash or throw,
// and a failed parse must say why. (validateContext is left out: it opens the
// files a fuzzed config names, and a FIFO there would block the fuzzer.)

#include "kube/kubeconfigvalidation.h"
#include "kube/hubconnection.h"
#include "kube/kubeconfigloader.h"
#include "kube/kubeconfigparser.h"

#include <QByteArray>
#include <QString>

#include <cstdint>

using namespace fleetscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray text(reinterpret_cast<const char *>(data), qsizetype(size));
    Kubeconfig config;
    QString error;
    if (!parseKubeconfig(text, QStringLiteral("/fuzz/dir/config"), &config, &error)) {
        if (error.isEmpty())
            __builtin_trap();
        return 0;
    }
    Kubeconfig merged = KubeconfigLoader::merge({config, config});
    KubeconfigLoader::resolveLocalPaths(&merged);
    for (const QString &contextName : {QString(), QStringLiteral("missing")}) {
        HubSettings settings;
        QString selectError;
        (void)hubSettingsForContext(merged, contextName, &settings, &selectError);
    }
    return 0;
}
