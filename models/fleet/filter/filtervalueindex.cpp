#include "filtervalueindex.h"

#include "api/stringpool.h"
#include "fleet/store/fleetstore.h"

#include <algorithm>

namespace fleetscope {

void FilterValueIndex::Tally::add(const QString &text, int delta)
{
    if (text.isEmpty())
        return;
    // A plain sum, so that a row's old values may go before its new ones are
    // counted, or after: a count may dip below zero meanwhile.
    auto it = m_entries.find(text.constData());
    if (it == m_entries.end())
        it = m_entries.insert(text.constData(), {text, 0});
    it->second += delta;
    if (it->second == 0)
        m_entries.erase(it);
}

void FilterValueIndex::Tally::appendTo(QStringList *out, const QString &prefix) const
{
    for (const auto &entry : m_entries) {
        if (entry.second > 0)
            out->append(prefix + entry.first);
    }
}

FilterValueIndex::FilterValueIndex(const FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    // Old values go at once: the store is about to drop those profiles, and a
    // queue holding them would free them later in a slice of its own, where
    // the allocator's catching up lands on the next paint.
    connect(store, &FleetStore::profilesAboutToChange, this, &FilterValueIndex::uncount);
    connect(store, &FleetStore::profilesAboutToBeRemoved, this, &FilterValueIndex::uncount);
    connect(store, &FleetStore::profilesChanged, this, &FilterValueIndex::queue);
    connect(store, &FleetStore::profilesInserted, this, &FilterValueIndex::queue);
    // A slice of ~1000 rows takes a millisecond or two; the first waits for a
    // burst to pass.
    m_drainTimer.setSingleShot(true);
    connect(&m_drainTimer, &QTimer::timeout, this, [this] { drain(1024); });
    m_idleTimer.setSingleShot(true);
    m_idleTimer.setInterval(idleMs);
    connect(&m_idleTimer, &QTimer::timeout, this, &FilterValueIndex::sleep);
}

FilterValueIndex::~FilterValueIndex() = default;

void FilterValueIndex::wake()
{
    if (!m_counting) {
        m_counting = true;
        for (int row = 0; row < m_store->profileCount(); ++row)
            count(m_store->profileAt(row), +1);
    }
    drain(m_queue.size());
    m_idleTimer.start();
}

void FilterValueIndex::sleep()
{
    m_counting = false;
    m_drainTimer.stop();
    m_queue = {};
    m_queueAt = 0;
    for (Tally *tally : {&m_propertyNames, &m_conditionTypes, &m_labelKeys, &m_namespaces, &m_clusterSets,
                         &m_managers, &m_versions})
        *tally = Tally();
    m_propertyValues = {};
    m_labelValues = {};
}

void FilterValueIndex::uncount(int first, int last)
{
    if (!m_counting)
        return;
    for (int row = first; row <= last; ++row)
        count(m_store->profileAt(row), -1);
}

void FilterValueIndex::queue(int first, int last)
{
    if (!m_counting)
        return;
    for (int row = first; row <= last; ++row)
        m_queue.push_back(m_store->profileAt(row));
    if (!m_drainTimer.isActive())
        m_drainTimer.start(100);
}

void FilterValueIndex::drain(size_t rows)
{
    const size_t end = std::min(m_queue.size(), m_queueAt + rows);
    for (; m_queueAt < end; ++m_queueAt)
        count(m_queue[m_queueAt], +1);
    if (m_queueAt < m_queue.size()) {
        m_drainTimer.start(0);
        return;
    }
    m_queue.clear();
    m_queueAt = 0;
    m_drainTimer.stop();
}

void FilterValueIndex::count(const FleetProfile &row, int delta)
{
    const ClusterProfile &p = row.profile();
    m_namespaces.add(p.metadata.namespaceName, delta);
    m_clusterSets.add(row.clusterSet, delta);
    m_managers.add(row.manager, delta);
    m_versions.add(p.kubernetesVersion, delta);
    for (const Property &property : p.properties) {
        const QString &name = property.name;
        m_propertyNames.add(name, delta);
        // Identifiers (UTF-8 in the profile's block) are one per cluster: no completions.
        if (const QString *value = p.valueText(property).pooled())
            m_propertyValues[name.constData()].add(*value, delta);
    }
    for (const Condition &condition : p.conditions)
        m_conditionTypes.add(condition.type, delta);
    for (const LabelMap::Entry &label : p.metadata.labels.entries()) {
        const QString &key = label.first;
        m_labelKeys.add(key, delta);
        if (const QString *value = p.metadata.labels.text(label).pooled())
            m_labelValues[key.constData()].add(*value, delta);
    }
}

QStringList FilterValueIndex::keys()
{
    wake();
    QStringList keys;
    m_propertyNames.appendTo(&keys);
    m_conditionTypes.appendTo(&keys);
    m_labelKeys.appendTo(&keys, QStringLiteral("label:"));
    return keys;
}

const FilterValueIndex::Tally *FilterValueIndex::find(const QHash<const QChar *, Tally> &tallies, const QString &key)
{
    // Keys from the filter text are interned, so they share the profiles' buffers.
    const QString interned = StringPool::shared().intern(key);
    const auto it = tallies.constFind(interned.constData());
    return it == tallies.cend() ? nullptr : &*it;
}

QStringList FilterValueIndex::values(FilterField field, const QString &key)
{
    wake();
    QStringList values;
    switch (field) {
    case FilterField::Namespace:
        m_namespaces.appendTo(&values);
        break;
    case FilterField::ClusterSet:
        m_clusterSets.appendTo(&values);
        break;
    case FilterField::Manager:
        m_managers.appendTo(&values);
        break;
    case FilterField::Version:
        m_versions.appendTo(&values);
        break;
    case FilterField::Property:
    case FilterField::Label:
    case FilterField::PropertyOrLabel:
        if (field != FilterField::Label) {
            if (const Tally *tally = find(m_propertyValues, key))
                tally->appendTo(&values);
        }
        if (field != FilterField::Property) {
            if (const Tally *tally = find(m_labelValues, key))
                tally->appendTo(&values);
        }
        break;
    default:
        break;
    }
    return values;
}

} // namespace fleetscope
