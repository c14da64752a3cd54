#include "fleetframecodec.h"
#include "framereader.h"

#include <QCoreApplication>

#include <zstd.h>

#include <limits>

namespace fleetscope {
namespace {

// Format 1 interleaved every event's values; format 2 keeps them in columns.
constexpr quint8 interleavedFormat = 1;
constexpr quint8 columnsFormat = 2;
constexpr quint8 keyframeFlag = 1;
// Cluster slots stay near the fleet's size (they are reused); a slot beyond
// this comes from damaged bytes.
constexpr quint32 maxSlot = 1u << 22;
// zstd's high levels: a frame is written once and read many times, and at the
// soak's churn level 15 makes a heartbeat's frame (~26 KB, ~1,500 events) 9 %
// smaller than level 3 for ~2 ms of the history thread's CPU every 5 s; level 19
// makes a keyframe (~0.8 MB of state) 18 % smaller for ~170 ms every ~11 minutes.
// Reading costs the same at any level.
constexpr int frameCompressionLevel = 15;
constexpr int keyframeCompressionLevel = 19;

// The columns of format 2, in the order they follow the string table.
enum Column : int {
    Kinds,  // one byte per event
    Steps,  // ms since the event before (varint)
    Slots,  // varint
    Texts,  // string table references (varint)
    Codes,  // small enumerations: condition status, API version, field, a time's unit
    Times,  // differences from the event's time (zigzag varint)
    Counts, // labels, properties, conditions, decisions (varint)
    ColumnCount,
};
constexpr const char *columnNames[] = {"kinds", "steps", "slots", "texts", "codes", "times", "counts"};

// A time's unit in format 2 (Codes), then its difference from the event's time
// (Times) in that unit. Kubernetes writes whole seconds: those cost a byte.
enum class TimeUnit : quint8 { None, Seconds, Milliseconds };

qint64 floorSeconds(qint64 ms)
{
    return ms / 1000 - (ms % 1000 < 0 ? 1 : 0);
}

// Reads the events of either format. Format 1 reads every value from one
// reader; format 2 from its column's.
class Decoder
{
public:
    Decoder(FrameReader *const (&columns)[ColumnCount], quint8 format, qint64 firstAt)
        : m_format(format)
        , m_at(firstAt)
    {
        std::copy(std::begin(columns), std::end(columns), std::begin(m_columns));
    }

    // The string table (before the events, in the reader of the header).
    static bool strings(FrameReader &in, QList<QString> *strings)
    {
        const quint32 n = in.count(1);
        strings->reserve(n);
        for (quint32 i = 0; i < n && !in.failed(); ++i) {
            const QByteArrayView utf8 = in.bytes(in.varint());
            strings->append(QString::fromUtf8(utf8));
        }
        return !in.failed();
    }

    bool events(quint32 n, const QList<QString> &strings, std::vector<FleetEvent> *out)
    {
        m_strings = &strings;
        out->reserve(n);
        for (quint32 i = 0; i < n && !failed(); ++i) {
            FleetEvent e;
            if (!event(&e))
                break;
            out->push_back(std::move(e));
        }
        for (int c = 0; c < ColumnCount && !failed(); ++c) {
            if (m_columns[c]->remaining() != 0)
                m_columns[c]->fail(QCoreApplication::translate("History", "%1 bytes after the last event").arg(m_columns[c]->remaining()));
        }
        return !failed();
    }

    QString error() const
    {
        for (const FrameReader *column : m_columns) {
            if (column->failed())
                return column->error();
        }
        return {};
    }

private:
    FrameReader &in(Column column) { return *m_columns[column]; }

    bool failed() const
    {
        return std::any_of(std::begin(m_columns), std::end(m_columns), [](const FrameReader *c) { return c->failed(); });
    }

    QString string()
    {
        const quint64 id = in(Texts).varint();
        if (id >= quint64(m_strings->size())) {
            in(Texts).fail(QCoreApplication::translate("History", "text %1 of %2").arg(id).arg(m_strings->size()));
            return {};
        }
        return m_strings->at(qsizetype(id));
    }

    qint64 time()
    {
        quint64 difference = 0;
        TimeUnit unit = TimeUnit::Milliseconds;
        if (m_format == interleavedFormat) {
            const quint64 v = in(Times).varint();
            if (v == 0)
                return 0;
            difference = v - 1;
        } else {
            const quint8 code = in(Codes).byte();
            if (code > quint8(TimeUnit::Milliseconds)) {
                in(Codes).fail(QCoreApplication::translate("History", "time unit %1").arg(code));
                return 0;
            }
            unit = TimeUnit(code);
            if (unit == TimeUnit::None)
                return 0;
            difference = in(Times).varint();
        }
        qint64 value = 0;
        const bool overflow = unit == TimeUnit::Seconds
            ? __builtin_sub_overflow(floorSeconds(m_at), unzigzag(difference), &value) || __builtin_mul_overflow(value, 1000, &value)
            : __builtin_sub_overflow(m_at, unzigzag(difference), &value);
        if (overflow) {
            in(Times).fail(QCoreApplication::translate("History", "time out of range"));
            return 0;
        }
        return value;
    }

    quint32 slot()
    {
        const quint64 s = in(Slots).varint();
        if (s >= maxSlot)
            in(Slots).fail(QCoreApplication::translate("History", "cluster slot %1 out of range").arg(s));
        return quint32(s);
    }

    // A count of items of at least `texts` string references each (in format
    // 1, of at least `interleavedBytes` bytes).
    quint32 count(qsizetype texts, qsizetype interleavedBytes)
    {
        return in(Counts).count(m_format == interleavedFormat ? interleavedBytes : texts, in(Texts));
    }

    RecordedLabels labels()
    {
        RecordedLabels result;
        const quint32 n = count(2, 2);
        result.reserve(n);
        for (quint32 i = 0; i < n && !failed(); ++i) {
            QString key = string();
            result.append({std::move(key), string()});
        }
        return result;
    }

    RecordedCondition condition()
    {
        RecordedCondition c;
        c.type = string();
        const quint8 status = in(Codes).byte();
        if (status > quint8(ConditionStatus::Unknown))
            in(Codes).fail(QCoreApplication::translate("History", "condition status %1").arg(status));
        c.status = ConditionStatus(status);
        c.reason = string();
        c.message = string();
        c.lastTransitionTime = time();
        return c;
    }

    quint8 apiVersion()
    {
        const quint8 v = in(Codes).byte();
        if (v > 1)
            in(Codes).fail(QCoreApplication::translate("History", "API version %1").arg(v));
        return v;
    }

    bool event(FleetEvent *e)
    {
        const quint8 kind = in(Kinds).byte();
        const quint64 dt = in(Steps).varint();
        if (dt > quint64(std::numeric_limits<qint64>::max() - m_at)) {
            in(Steps).fail(QCoreApplication::translate("History", "time out of range"));
            return false;
        }
        m_at += qint64(dt);
        e->at = m_at;
        using Kind = FleetEvent::Kind;
        switch (Kind(kind)) {
        case Kind::Appear: {
            e->slot = slot();
            auto c = std::make_shared<RecordedCluster>();
            c->namespaceName = string();
            c->name = string();
            c->apiVersion = apiVersion();
            c->creationTimestamp = time();
            c->displayName = string();
            c->clusterManager = string();
            c->kubernetesVersion = string();
            c->labels = labels();
            const quint32 properties = count(2, 2);
            c->properties.reserve(properties);
            for (quint32 i = 0; i < properties && !failed(); ++i) {
                QString name = string();
                c->properties.append({std::move(name), string()});
            }
            const quint32 conditions = count(3, 5);
            c->conditions.reserve(conditions);
            for (quint32 i = 0; i < conditions && !failed(); ++i)
                c->conditions.append(condition());
            e->cluster = std::move(c);
            break;
        }
        case Kind::Field: {
            e->slot = slot();
            const quint8 field = in(Codes).byte();
            if (field > quint8(RecordedField::CreationTimestamp)) {
                in(Codes).fail(QCoreApplication::translate("History", "field %1").arg(field));
                return false;
            }
            e->field = RecordedField(field);
            if (e->field == RecordedField::ApiVersion)
                e->number = apiVersion();
            else if (e->field == RecordedField::CreationTimestamp)
                e->number = time();
            else
                e->value = string();
            break;
        }
        case Kind::Label:
        case Kind::Property:
            e->slot = slot();
            e->key = string();
            e->value = string();
            break;
        case Kind::LabelGone:
        case Kind::PropertyGone:
        case Kind::ConditionGone:
            e->slot = slot();
            e->key = string();
            break;
        case Kind::Condition:
            e->slot = slot();
            e->condition = condition();
            break;
        case Kind::Remove:
            e->slot = slot();
            break;
        case Kind::Namespace: {
            auto ns = std::make_shared<RecordedNamespace>();
            ns->name = string();
            ns->labels = labels();
            e->ns = std::move(ns);
            break;
        }
        case Kind::NamespaceGone:
            e->key = string();
            break;
        case Kind::Placement: {
            auto p = std::make_shared<RecordedPlacement>();
            p->namespaceName = string();
            p->name = string();
            p->apiVersion = apiVersion();
            p->scheduler = string();
            p->labels = labels();
            const quint32 decisions = count(3, 3);
            p->decisions.reserve(decisions);
            for (quint32 i = 0; i < decisions && !failed(); ++i) {
                RecordedDecision d;
                d.clusterName = string();
                d.clusterNamespace = string();
                d.reason = string();
                p->decisions.append(std::move(d));
            }
            e->placement = std::move(p);
            break;
        }
        case Kind::PlacementGone:
            e->key = string();
            e->value = string();
            break;
        default:
            in(Kinds).fail(QCoreApplication::translate("History", "unknown event kind %1").arg(kind));
            return false;
        }
        e->kind = Kind(kind);
        return !failed();
    }

    FrameReader *m_columns[ColumnCount] = {};
    quint8 m_format;
    qint64 m_at;
    const QList<QString> *m_strings = nullptr;
};

} // namespace

void FleetFrameEncoder::string(const QString &text)
{
    auto it = m_stringIds.constFind(text);
    if (it == m_stringIds.constEnd()) {
        const QByteArray utf8 = text.toUtf8();
        putVarint(&m_strings, quint64(utf8.size()));
        m_strings.append(utf8);
        it = m_stringIds.insert(text, quint32(m_stringIds.size()));
    }
    putVarint(&m_columns[Texts], *it);
}

void FleetFrameEncoder::time(qint64 value, qint64 at)
{
    // Most times are recent: a small difference from the event's time, in
    // seconds when the time is a whole second. Computed without overflow for
    // any value (the decoder refuses what does not fit).
    TimeUnit unit = TimeUnit::None;
    quint64 difference = 0;
    if (value == 0) {
    } else if (value % 1000 == 0) {
        unit = TimeUnit::Seconds;
        difference = zigzag(qint64(quint64(floorSeconds(at)) - quint64(value / 1000)));
    } else {
        unit = TimeUnit::Milliseconds;
        difference = zigzag(qint64(quint64(at) - quint64(value)));
    }
    m_columns[Codes].append(char(unit));
    if (unit != TimeUnit::None)
        putVarint(&m_columns[Times], difference);
}

void FleetFrameEncoder::labels(const RecordedLabels &labels)
{
    putVarint(&m_columns[Counts], quint64(labels.size()));
    for (const auto &[key, value] : labels) {
        string(key);
        string(value);
    }
}

void FleetFrameEncoder::condition(const RecordedCondition &c, qint64 at)
{
    string(c.type);
    m_columns[Codes].append(char(c.status));
    string(c.reason);
    string(c.message);
    time(c.lastTransitionTime, at);
}

void FleetFrameEncoder::add(const FleetEvent &e)
{
    const qint64 at = m_events == 0 ? e.at : std::max(e.at, m_lastAt);
    if (m_events == 0)
        m_firstAt = at;
    m_columns[Kinds].append(char(e.kind));
    putVarint(&m_columns[Steps], quint64(at - (m_events == 0 ? at : m_lastAt)));
    m_lastAt = at;
    ++m_events;
    using Kind = FleetEvent::Kind;
    switch (e.kind) {
    case Kind::Appear: {
        const RecordedCluster &c = *e.cluster;
        putVarint(&m_columns[Slots], e.slot);
        string(c.namespaceName);
        string(c.name);
        m_columns[Codes].append(char(c.apiVersion));
        time(c.creationTimestamp, at);
        string(c.displayName);
        string(c.clusterManager);
        string(c.kubernetesVersion);
        labels(c.labels);
        putVarint(&m_columns[Counts], quint64(c.properties.size()));
        for (const auto &[name, value] : c.properties) {
            string(name);
            string(value);
        }
        putVarint(&m_columns[Counts], quint64(c.conditions.size()));
        for (const RecordedCondition &condition : c.conditions)
            this->condition(condition, at);
        break;
    }
    case Kind::Field:
        putVarint(&m_columns[Slots], e.slot);
        m_columns[Codes].append(char(e.field));
        if (e.field == RecordedField::ApiVersion)
            m_columns[Codes].append(char(e.number));
        else if (e.field == RecordedField::CreationTimestamp)
            time(e.number, at);
        else
            string(e.value);
        break;
    case Kind::Label:
    case Kind::Property:
        putVarint(&m_columns[Slots], e.slot);
        string(e.key);
        string(e.value);
        break;
    case Kind::LabelGone:
    case Kind::PropertyGone:
    case Kind::ConditionGone:
        putVarint(&m_columns[Slots], e.slot);
        string(e.key);
        break;
    case Kind::Condition:
        putVarint(&m_columns[Slots], e.slot);
        condition(e.condition, at);
        break;
    case Kind::Remove:
        putVarint(&m_columns[Slots], e.slot);
        break;
    case Kind::Namespace:
        string(e.ns->name);
        labels(e.ns->labels);
        break;
    case Kind::NamespaceGone:
        string(e.key);
        break;
    case Kind::Placement: {
        const RecordedPlacement &p = *e.placement;
        string(p.namespaceName);
        string(p.name);
        m_columns[Codes].append(char(p.apiVersion));
        string(p.scheduler);
        labels(p.labels);
        putVarint(&m_columns[Counts], quint64(p.decisions.size()));
        for (const RecordedDecision &d : p.decisions) {
            string(d.clusterName);
            string(d.clusterNamespace);
            string(d.reason);
        }
        break;
    }
    case Kind::PlacementGone:
        string(e.key);
        string(e.value);
        break;
    }
}

QByteArray FleetFrameEncoder::finish(bool keyframe)
{
    static_assert(columnCount == ColumnCount);
    qsizetype size = m_strings.size() + 24;
    for (const QByteArray &column : m_columns)
        size += column.size() + 5;
    QByteArray payload;
    payload.reserve(size);
    payload.append(char(columnsFormat));
    payload.append(char(keyframe ? keyframeFlag : 0));
    putVarint(&payload, quint64(m_stringIds.size()));
    payload.append(m_strings);
    putVarint(&payload, quint64(m_events));
    for (QByteArray &column : m_columns) {
        putVarint(&payload, quint64(column.size()));
        payload.append(column);
        column.clear();
    }
    m_strings.clear();
    m_stringIds.clear();
    m_events = 0;

    QByteArray packed(qsizetype(ZSTD_compressBound(size_t(payload.size()))), Qt::Uninitialized);
    const size_t packedSize = ZSTD_compress(packed.data(), size_t(packed.size()), payload.constData(),
                                            size_t(payload.size()),
                                            keyframe ? keyframeCompressionLevel : frameCompressionLevel);
    if (ZSTD_isError(packedSize))
        return {};
    packed.truncate(qsizetype(packedSize));
    return packed;
}

bool decodeFleetFrame(QByteArrayView packed, qint64 firstAt, std::vector<FleetEvent> *events, bool *keyframe,
                      QString *error)
{
    events->clear();
    const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), size_t(packed.size()));
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN) {
        *error = QCoreApplication::translate("History", "not a compressed frame");
        return false;
    }
    if (size > quint64(FleetFrameEncoder::maxPayloadBytes) || size < 4) {
        *error = QCoreApplication::translate("History", "frame of %1 bytes").arg(size);
        return false;
    }
    QByteArray payload(qsizetype(size), Qt::Uninitialized);
    const size_t got = ZSTD_decompress(payload.data(), size_t(payload.size()), packed.data(), size_t(packed.size()));
    if (ZSTD_isError(got) || got != size) {
        *error = ZSTD_isError(got)
            ? QCoreApplication::translate("History", "cannot decompress: %1")
                  .arg(QString::fromUtf8(ZSTD_getErrorName(got)))
            : QCoreApplication::translate("History", "decompressed to %1 of %2 bytes").arg(got).arg(size);
        return false;
    }
    FrameReader in(payload);
    const quint8 format = in.byte();
    const quint8 flags = in.byte();
    if (format != interleavedFormat && format != columnsFormat) {
        *error = QCoreApplication::translate("History", "format %1 (this Fleetscope reads %2 and %3)")
                     .arg(format)
                     .arg(interleavedFormat)
                     .arg(columnsFormat);
        return false;
    }
    *keyframe = flags & keyframeFlag;
    QList<QString> strings;
    const auto failed = [&](const QString &why) {
        events->clear();
        *error = why;
        return false;
    };
    if (!Decoder::strings(in, &strings))
        return failed(in.error());
    // Format 1: every value follows in one sequence, at least two bytes an event.
    std::vector<FrameReader> columns;
    FrameReader *readers[ColumnCount];
    quint32 count = 0;
    if (format == interleavedFormat) {
        count = in.count(2);
        std::fill(std::begin(readers), std::end(readers), &in);
    } else {
        const quint64 declared = in.varint();
        columns.reserve(ColumnCount);
        for (int c = 0; c < ColumnCount; ++c) {
            columns.emplace_back(in.bytes(in.varint()), QString::fromLatin1(columnNames[c]));
            readers[c] = &columns.back();
        }
        if (!in.failed() && in.remaining() != 0)
            in.fail(QCoreApplication::translate("History", "%1 bytes after the last column").arg(in.remaining()));
        if (!in.failed() && declared > quint64(columns[Kinds].remaining()))
            in.fail(QCoreApplication::translate("History", "count %1 larger than the data").arg(declared));
        count = quint32(declared);
    }
    if (in.failed())
        return failed(in.error());
    Decoder decoder(readers, format, firstAt);
    if (!decoder.events(count, strings, events))
        return failed(decoder.error());
    return true;
}

} // namespace fleetscope
