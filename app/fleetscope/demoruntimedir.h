#pragma once

#include <QString>
#include <QTemporaryDir>

namespace fleetscope {

// A private (0700) folder of the demo's in the runtime directory, removed when
// the demo ends. A demo that did not end (killed, crashed) cannot remove its own:
// each folder names the process that made it, and the next demo removes the
// folders of processes that are gone, with the throwaway tokens in them.
class DemoRuntimeDir final
{
public:
    // `prefix`: "fleetscope-demo" makes fleetscope-demo-XXXXXX.
    explicit DemoRuntimeDir(const QString &prefix);

    bool isValid() const { return m_dir.isValid(); }
    QString errorString() const { return m_dir.errorString(); }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }
    QString path() const { return m_dir.path(); }
    void remove() { m_dir.remove(); }

    // Removes the leftovers of demos whose process is gone; returns how many.
    static int removeLeftovers(const QString &runtimeDirectory, const QString &prefix);

private:
    QTemporaryDir m_dir;
};

} // namespace fleetscope
