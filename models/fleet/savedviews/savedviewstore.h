#pragma once

#include "savedview.h"

#include <QList>
#include <QObject>

#include <optional>

class QSettings;

namespace fleetscope {

// The user's saved views, kept in QSettings under "views/saved" in the order the
// user made them. Names are unique and compared case-sensitively, as typed.
// Every change is written at once, so two windows (or a crash) lose nothing.
class SavedViewStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SavedViewStore)

public:
    // `settings` defaults to the application's QSettings; tests pass their own file.
    explicit SavedViewStore(QSettings *settings = nullptr, QObject *parent = nullptr);
    ~SavedViewStore() override;

    const QList<SavedView> &views() const { return m_views; }
    std::optional<SavedView> find(const QString &name) const;
    // Adds the view, or replaces the one with the same name in place.
    // A view without a name (after trimming) is refused.
    bool save(const SavedView &view);
    bool remove(const QString &name);
    // Re-reads the settings (another window may have written them).
    void reload();

signals:
    void changed();

private:
    void write();

    QSettings *m_settings;
    bool m_ownsSettings;
    QList<SavedView> m_views;
};

} // namespace fleetscope
