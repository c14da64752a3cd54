#include "windowsettings.h"

#include "clustertableview.h"
#include "fleettreeview.h"
#include "mainwindow.h"

#include <QEvent>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>

namespace fleetscope {
namespace {

constexpr auto GeometryKey = "window/geometry";
constexpr auto StateKey = "window/state";
constexpr auto SplitterKey = "window/splitter";
constexpr auto ColumnsKey = "table/columns";
constexpr auto GroupingKey = "tree/grouping";
constexpr auto LeftTabKey = "window/leftTab";
// Qt's positional header state, which earlier versions wrote: never read again.
constexpr auto PositionalHeaderKey = "table/header";

} // namespace

WindowSettings::WindowSettings(MainWindow *window)
    : QObject(window)
    , m_window(window)
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
    m_window->splitter()->restoreState(settings.value(QLatin1String(SplitterKey)).toByteArray());
    m_window->clusterTable()->restoreLayout(settings.value(QLatin1String(ColumnsKey)).toByteArray());
    // A grouping that does not parse (one a later version wrote) leaves the default.
    if (const QString grouping = settings.value(QLatin1String(GroupingKey)).toString(); !grouping.isEmpty())
        m_window->fleetTree()->setGroupingSpec(grouping);
    bool ok = false;
    const int tab = settings.value(QLatin1String(LeftTabKey)).toInt(&ok);
    if (ok && tab >= 0 && tab < m_window->leftTabs()->count())
        m_window->leftTabs()->setCurrentIndex(tab);
    return true;
}

void WindowSettings::save() const
{
    QSettings settings;
    settings.setValue(QLatin1String(GeometryKey), m_window->saveGeometry());
    settings.setValue(QLatin1String(StateKey), m_window->saveState());
    settings.setValue(QLatin1String(SplitterKey), m_window->splitter()->saveState());
    settings.setValue(QLatin1String(ColumnsKey), QString::fromUtf8(m_window->clusterTable()->saveLayout()));
    settings.setValue(QLatin1String(GroupingKey), m_window->fleetTree()->groupingSpec());
    settings.setValue(QLatin1String(LeftTabKey), m_window->leftTabs()->currentIndex());
    settings.remove(QLatin1String(PositionalHeaderKey));
}

bool WindowSettings::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::Close)
        save();
    return QObject::eventFilter(watched, event);
}

} // namespace fleetscope
