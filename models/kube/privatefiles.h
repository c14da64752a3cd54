#pragma once

#include <QString>

namespace fleetscope::private_files {

// Files that hold the fleet's inventory or credentials (the history database,
// the fleet cache, kubeconfigs) are the user's alone: 0600 in a 0700 folder,
// also when the folder or the file already existed with wider modes.

// Creates `path` (and its parents) or tightens it to 0700. False, with `error`
// naming the folder, when it cannot be made private: not a folder, a symbolic
// link, or someone else's.
bool makeDirectory(const QString &path, QString *error);

// Creates `path` empty with 0600 when it does not exist, else tightens it to
// 0600; a missing file with `createIfMissing` false is fine.
bool makeFile(const QString &path, bool createIfMissing, QString *error);

} // namespace fleetscope::private_files
