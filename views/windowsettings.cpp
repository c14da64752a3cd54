#include "windowsettings.h"

#include "clustertableview.h"

#include <QEvent>
#include <QMainWindow>
#include <QSettings>
#include <QSplitter>

namespace fleetscope {
namespace {

constexpr auto GeometryKey = "window/geometry";
constexpr auto StateKey = "window/state";
constexpr auto SplitterKey = "window/splitter";
constexpr auto ColumnsKey = "table/columns";
// Qt's positional header state, which earlier versions wrote: never read again.
constexpr auto PositionalHeaderKey = "table/header";

} // namespace

WindowSettings::WindowSettings(QMainWindow *window, QSplitter *splitter, ClusterTableView *table)
    : QObject(window)
    , m_window(window)
    , m_splitter(splitter)
    , m_table(table)
{
    window->installEventFilter(this);
}

bool WindowSettings::restore()
{
    const QSettings settings;
    if (!settings.contains(QLatin1String(GeometryKey)))
        return false;
    // Each piece is optional and validated by Qt; a stale or foreign value is ignored.
    m_window->restoreGeometry(settings.value(QLatin1String(GeometryKey)).toByteArray());
    m_window->restoreState(settings.value(QLatin1String(StateKey)).toByteArray());
    if (m_splitter)
        m_splitter->restoreState(settings.value(QLatin1String(SplitterKey)).toByteArray());
    if (m_table)
        m_table->restoreLayout(settings.value(QLatin1String(ColumnsKey)).toByteArray());
    return true;
}

void WindowSettings::save() const
{
    QSettings settings;
    settings.setValue(QLatin1String(GeometryKey), m_window->saveGeometry());
    settings.setValue(QLatin1String(StateKey), m_window->saveState());
    if (m_splitter)
        settings.setValue(QLatin1String(SplitterKey), m_splitter->saveState());
    if (m_table)
        settings.setValue(QLatin1String(ColumnsKey), QString::fromUtf8(m_table->saveLayout()));
    settings.remove(QLatin1String(PositionalHeaderKey));
}

bool WindowSettings::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::Close)
        save();
    return QObject::eventFilter(watched, event);
}

} // namespace fleetscope
