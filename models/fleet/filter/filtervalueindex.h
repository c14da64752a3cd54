#pragma once

#include "filternode.h"

#include "fleet/store/fleetprofile.h"

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <vector>

class TestFleetFilter;

namespace fleetscope {

class FleetStore;

// The distinct keys and shared values of the live fleet, for the filter bar's
// completion: counted per value as rows come, change and go (the store says
// before it changes a row), so that a keystroke reads a few hundred strings
// instead of scanning every profile. A row's new profile is only queued (shared,
// so a pointer copy) and counted in short slices soon after, or at once when
// completions are asked, so that a burst of events pays half the counting while
// the store applies it. Values that are pooled strings (namespaces, clustersets,
// managers, versions, property and label values) are counted by their buffer,
// so counting a row costs pointer hashes, not text hashes. Names,
// display names and member ids are one per cluster: an index of them would cost
// as much as the fleet's own copies, so FilterCompleter scans for those.
//
// Counting only while someone completes: the first question counts the whole
// fleet (~20 ms at 100k profiles), changes are counted from then on, and
// idleMs after the last question the counts are dropped. A dashboard left
// open on a churning hub counts nothing (~5 % of its GUI thread at 300 events/s).
class FilterValueIndex final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilterValueIndex)

public:
    explicit FilterValueIndex(const FleetStore *store, QObject *parent = nullptr);
    ~FilterValueIndex() override;

    // How long the counts are kept current after the last question.
    static constexpr int idleMs = 5000;

    // Property names, condition types and "label:KEY", in no particular order.
    QStringList keys();
    // The values of an indexed field (namespace, clusterset, manager, version,
    // property, label; for a plain dotted key the property's and the label's),
    // in no particular order; empty for other fields.
    QStringList values(FilterField field, const QString &key);

private:
    friend class ::TestFleetFilter;
    // Whether changes are being counted (since a question, for idleMs after the last).
    bool isCounting() const { return m_counting; }

    // Distinct strings with how many rows hold them, keyed by buffer.
    class Tally
    {
    public:
        void add(const QString &text, int delta);
        void appendTo(QStringList *out, const QString &prefix = QString()) const;
        bool isEmpty() const { return m_entries.isEmpty(); }

    private:
        QHash<const QChar *, std::pair<QString, int>> m_entries;
    };

    void uncount(int first, int last);
    void queue(int first, int last);
    // Before answering: counts the fleet if it is not counted, drains the queue,
    // and keeps counting for idleMs more.
    void wake();
    void sleep();
    void count(const FleetProfile &row, int delta);
    // Counts the queued rows: up to `rows` of them, then again on the next turn.
    void drain(size_t rows);
    static const Tally *find(const QHash<const QChar *, Tally> &tallies, const QString &key);

    const FleetStore *m_store;
    // New and changed rows waiting to be counted.
    std::vector<FleetProfile> m_queue;
    size_t m_queueAt = 0;
    QTimer m_drainTimer;
    QTimer m_idleTimer;
    bool m_counting = false;
    Tally m_propertyNames;
    Tally m_conditionTypes;
    Tally m_labelKeys;
    Tally m_namespaces;
    Tally m_clusterSets;
    Tally m_managers;
    Tally m_versions;
    QHash<const QChar *, Tally> m_propertyValues; // by property name
    QHash<const QChar *, Tally> m_labelValues;    // by label key
};

} // namespace fleetscope
