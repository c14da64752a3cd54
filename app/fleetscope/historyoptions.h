#pragma once

#include <QCommandLineOption>
#include <QString>
#include <QStringList>

namespace fleetscope {

class CommandParser;

// What the commands that read or write the history share (`list --at`, `diff`,
// `record`): the file (--history-file, else the dashboard's own), and the hubs
// named the way `list` names them.
namespace history_options {

QCommandLineOption historyFileOption();
// --history-file, else the dashboard's history.sqlite.
QString historyPath(const CommandParser &cli, const QCommandLineOption &option);

// The hubs `--context` names (used as given: a hub recorded once need not be in
// today's kubeconfig), or every context of the kubeconfig with `all`, or its
// current context. False with `error` naming what is wrong with the kubeconfig.
bool hubNames(const QString &kubeconfig, const QStringList &contexts, bool all, QStringList *hubs, QString *error);

} // namespace history_options
} // namespace fleetscope
