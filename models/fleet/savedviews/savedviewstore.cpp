#include "savedviewstore.h"

#include <QSettings>

#include <algorithm>

namespace fleetscope {
namespace {

const QString arrayKey = QStringLiteral("views/saved");

} // namespace

SavedViewStore::SavedViewStore(QSettings *settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings ? settings : new QSettings)
    , m_ownsSettings(settings == nullptr)
{
    reload();
}

SavedViewStore::~SavedViewStore()
{
    if (m_ownsSettings)
        delete m_settings;
}

void SavedViewStore::reload()
{
    QList<SavedView> views;
    const int count = m_settings->beginReadArray(arrayKey);
    for (int i = 0; i < count; ++i) {
        m_settings->setArrayIndex(i);
        SavedView view;
        view.name = m_settings->value(QStringLiteral("name")).toString().trimmed();
        // A hand-edited or half-written entry without a name cannot be chosen: skip it.
        if (view.name.isEmpty())
            continue;
        if (std::any_of(views.cbegin(), views.cend(), [&view](const SavedView &seen) { return seen.name == view.name; }))
            continue;
        view.filter = m_settings->value(QStringLiteral("filter")).toString();
        view.grouping = m_settings->value(QStringLiteral("grouping")).toString();
        view.group = m_settings->value(QStringLiteral("group")).toStringList();
        view.columns = m_settings->value(QStringLiteral("columns")).toStringList();
        view.headerState = m_settings->value(QStringLiteral("headerState")).toByteArray();
        // Strict: a hand-edited "yes please" must not switch notifications on.
        const QVariant notify = m_settings->value(QStringLiteral("notify"));
        view.notify = notify.typeId() == QMetaType::Bool ? notify.toBool() : notify.toString() == u"true";
        views.append(view);
    }
    m_settings->endArray();
    if (views != m_views) {
        m_views = views;
        emit changed();
    }
}

std::optional<SavedView> SavedViewStore::find(const QString &name) const
{
    for (const SavedView &view : m_views) {
        if (view.name == name)
            return view;
    }
    return std::nullopt;
}

bool SavedViewStore::save(const SavedView &view)
{
    SavedView cleaned = view;
    cleaned.name = view.name.trimmed();
    if (cleaned.name.isEmpty())
        return false;
    const auto existing = std::find_if(m_views.begin(), m_views.end(),
                                       [&cleaned](const SavedView &v) { return v.name == cleaned.name; });
    if (existing == m_views.end())
        m_views.append(cleaned);
    else if (*existing == cleaned)
        return true;
    else
        *existing = cleaned;
    write();
    emit changed();
    return true;
}

bool SavedViewStore::remove(const QString &name)
{
    if (m_views.removeIf([&name](const SavedView &v) { return v.name == name; }) == 0)
        return false;
    write();
    emit changed();
    return true;
}

void SavedViewStore::write()
{
    m_settings->remove(arrayKey);
    m_settings->beginWriteArray(arrayKey, int(m_views.size()));
    for (int i = 0; i < m_views.size(); ++i) {
        const SavedView &view = m_views[i];
        m_settings->setArrayIndex(i);
        m_settings->setValue(QStringLiteral("name"), view.name);
        m_settings->setValue(QStringLiteral("filter"), view.filter);
        m_settings->setValue(QStringLiteral("grouping"), view.grouping);
        if (!view.group.isEmpty())
            m_settings->setValue(QStringLiteral("group"), view.group);
        // QSettings writes an empty list as "@Invalid()": no entry reads back the same.
        if (!view.columns.isEmpty())
            m_settings->setValue(QStringLiteral("columns"), view.columns);
        // The layout is JSON: kept as text, so that the file stays readable.
        m_settings->setValue(QStringLiteral("headerState"), QString::fromUtf8(view.headerState));
        m_settings->setValue(QStringLiteral("notify"), view.notify);
    }
    m_settings->endArray();
    m_settings->sync();
}

} // namespace fleetscope
