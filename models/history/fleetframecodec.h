#pragma once

#include "fleetrecords.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QString>

#include <memory>
#include <vector>

namespace fleetscope {

// One change of a hub's recorded fleet (the fleet log, fleetlogtables.h). A
// cluster is named by its slot: a small number the writer gives it when it
// appears and takes back when it is removed, so that the many changes of a
// churning fleet cost a byte or two for "which cluster" instead of its name.
// A frame is decoded from the keyframe before it, which names every slot.
struct FleetEvent
{
    enum class Kind : quint8 {
        Appear = 1,    // `cluster`, whole: a new cluster, or every cluster of a keyframe
        Field,         // `field` set to `value` (ApiVersion, CreationTimestamp: `number`)
        Label,         // `key` = `value`
        LabelGone,     // `key`
        Property,      // `key` = `value`
        PropertyGone,  // `key`
        Condition,     // `condition` set (status, reason or lastTransitionTime changed)
        ConditionGone, // `key`: the type no longer reported
        Remove,        // the cluster is gone; its slot is free
        Namespace,     // `ns`, whole
        NamespaceGone, // `key`
        Placement,     // `placement`, whole
        PlacementGone, // `key` namespace, `value` name
    };

    Kind kind = Kind::Remove;
    qint64 at = 0; // ms since the epoch, when it was observed
    quint32 slot = 0;
    RecordedField field = RecordedField::DisplayName;
    qint64 number = 0;
    QString key;
    QString value;
    RecordedCondition condition;
    std::shared_ptr<RecordedCluster> cluster;
    std::shared_ptr<RecordedNamespace> ns;
    std::shared_ptr<RecordedPlacement> placement;
};

// Builds one frame: the events of a hub's flush (or a keyframe's state), their
// strings once each in a table, and their values in columns (kinds, time steps,
// slots, text references, small codes, times, counts: each column holds one
// kind of value for every event, so that zstd finds alike bytes side by side),
// zstd-compressed. Events keep their order; a time earlier than the one before
// it (a wall clock set back) is written as that one, so that a frame's times
// never go back. The decoder also reads the first format, whose values were
// interleaved event by event.
class FleetFrameEncoder final
{
public:
    void add(const FleetEvent &event);
    bool isEmpty() const { return m_events == 0; }
    int eventCount() const { return m_events; }
    qint64 firstAt() const { return m_firstAt; }
    qint64 lastAt() const { return m_lastAt; }
    // The packed frame; the encoder is empty again.
    QByteArray finish(bool keyframe);

    // Payloads larger than this are refused when decoding (a keyframe of 100k
    // clusters is ~15 MB).
    static constexpr qint64 maxPayloadBytes = 256 * 1024 * 1024;

private:
    void string(const QString &text);
    void labels(const RecordedLabels &labels);
    void condition(const RecordedCondition &condition, qint64 at);
    void time(qint64 value, qint64 at);

    static constexpr int columnCount = 7;
    QByteArray m_columns[columnCount];
    QByteArray m_strings;
    QHash<QString, quint32> m_stringIds;
    int m_events = 0;
    qint64 m_firstAt = 0;
    qint64 m_lastAt = 0;
};

// Decodes a frame written by FleetFrameEncoder whose first event was at
// `firstAt`. Bytes from a damaged or foreign file give false and an `error`
// saying where, never a crash; `events` then holds nothing.
bool decodeFleetFrame(QByteArrayView packed, qint64 firstAt, std::vector<FleetEvent> *events, bool *keyframe,
                      QString *error);

} // namespace fleetscope
