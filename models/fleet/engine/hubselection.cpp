#include "hubselection.h"

#include <QSettings>

namespace fleetscope {
namespace {

constexpr auto FilesKey = "hubs/files";
constexpr auto ChosenFilesKey = "hubs/chosenFiles";
constexpr auto ChosenContextsKey = "hubs/chosenContexts";

} // namespace

HubSelection HubSelection::load()
{
    const QSettings settings;
    HubSelection selection;
    selection.saved = settings.contains(QLatin1String(ChosenContextsKey));
    selection.files = settings.value(QLatin1String(FilesKey)).toStringList();
    const QStringList files = settings.value(QLatin1String(ChosenFilesKey)).toStringList();
    const QStringList contexts = settings.value(QLatin1String(ChosenContextsKey)).toStringList();
    // Lists edited by hand may disagree in length: a context without its file
    // would silently switch kubeconfigs, so only complete pairs count.
    for (qsizetype i = 0; i < contexts.size() && i < files.size(); ++i) {
        if (!contexts[i].isEmpty())
            selection.hubs.append({files[i], contexts[i]});
    }
    return selection;
}

void HubSelection::save() const
{
    QSettings settings;
    QStringList chosenFiles;
    QStringList chosenContexts;
    for (const HubChoice &hub : hubs) {
        chosenFiles << hub.kubeconfig;
        chosenContexts << hub.context;
    }
    settings.setValue(QLatin1String(FilesKey), files);
    settings.setValue(QLatin1String(ChosenFilesKey), chosenFiles);
    settings.setValue(QLatin1String(ChosenContextsKey), chosenContexts);
}

} // namespace fleetscope
