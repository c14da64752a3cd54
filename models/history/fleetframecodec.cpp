#include "fleetframecodec.h"

#include <QCoreApplication>

#include <zstd.h>

#include <limits>

namespace fleetscope {
namespace {

constexpr quint8 formatVersion = 1;
constexpr quint8 keyframeFlag = 1;
// Cluster slots stay near the fleet's size (they are reused); a slot beyond
// this comes from damaged bytes.
constexpr quint32 maxSlot = 1u << 22;
// zstd's level 3 packs a second of churn (~300 events) into ~1.5 KB in ~50 µs.
constexpr int compressionLevel = 3;

void putVarint(QByteArray *out, quint64 value)
{
    while (value >= 0x80) {
        out->append(char(quint8(value) | 0x80));
        value >>= 7;
    }
    out->append(char(value));
}

quint64 zigzag(qint64 value)
{
    return (quint64(value) << 1) ^ quint64(value >> 63);
}

qint64 unzigzag(quint64 value)
{
    return qint64(value >> 1) ^ -qint64(value & 1);
}


// Reads a payload; every read is checked against its end.
class Reader
{
public:
    Reader(const char *data, qsizetype size)
        : m_data(reinterpret_cast<const quint8 *>(data))
        , m_size(size)
    {
    }

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }
    qsizetype remaining() const { return m_size - m_at; }

    void fail(const QString &what)
    {
        if (m_error.isEmpty())
            m_error = QCoreApplication::translate("History", "byte %1: %2").arg(m_at).arg(what);
    }

    quint8 byte()
    {
        if (m_at >= m_size) {
            fail(QCoreApplication::translate("History", "ends early"));
            return 0;
        }
        return m_data[m_at++];
    }

    quint64 varint()
    {
        quint64 value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_at >= m_size) {
                fail(QCoreApplication::translate("History", "ends early"));
                return 0;
            }
            const quint8 b = m_data[m_at++];
            value |= quint64(b & 0x7f) << shift;
            if (!(b & 0x80))
                return value;
        }
        fail(QCoreApplication::translate("History", "number too long"));
        return 0;
    }

    // A count of items that take at least `minBytes` each: never more than the rest holds.
    quint32 count(qsizetype minBytes)
    {
        const quint64 n = varint();
        if (n > quint64(remaining() / std::max<qsizetype>(1, minBytes))) {
            fail(QCoreApplication::translate("History", "count %1 larger than the data").arg(n));
            return 0;
        }
        return quint32(n);
    }

    QByteArrayView bytes(quint64 size)
    {
        if (size > quint64(remaining())) {
            fail(QCoreApplication::translate("History", "text longer than the data"));
            return {};
        }
        const QByteArrayView view(reinterpret_cast<const char *>(m_data + m_at), qsizetype(size));
        m_at += qsizetype(size);
        return view;
    }

private:
    const quint8 *m_data;
    qsizetype m_size;
    qsizetype m_at = 0;
    QString m_error;
};

class Decoder
{
public:
    Decoder(Reader *in, qint64 firstAt)
        : m_in(*in)
        , m_at(firstAt)
    {
    }

    bool strings()
    {
        const quint32 n = m_in.count(1);
        m_strings.reserve(n);
        for (quint32 i = 0; i < n && !m_in.failed(); ++i) {
            const QByteArrayView utf8 = m_in.bytes(m_in.varint());
            m_strings.append(QString::fromUtf8(utf8));
        }
        return !m_in.failed();
    }

    bool events(std::vector<FleetEvent> *out)
    {
        const quint32 n = m_in.count(2);
        out->reserve(n);
        for (quint32 i = 0; i < n && !m_in.failed(); ++i) {
            FleetEvent e;
            if (!event(&e))
                break;
            out->push_back(std::move(e));
        }
        if (!m_in.failed() && m_in.remaining() != 0)
            m_in.fail(QCoreApplication::translate("History", "%1 bytes after the last event").arg(m_in.remaining()));
        return !m_in.failed();
    }

private:
    QString string()
    {
        const quint64 id = m_in.varint();
        if (id >= quint64(m_strings.size())) {
            m_in.fail(QCoreApplication::translate("History", "text %1 of %2").arg(id).arg(m_strings.size()));
            return {};
        }
        return m_strings.at(qsizetype(id));
    }

    qint64 time()
    {
        const quint64 v = m_in.varint();
        if (v == 0)
            return 0;
        qint64 value = 0;
        if (__builtin_sub_overflow(m_at, unzigzag(v - 1), &value)) {
            m_in.fail(QCoreApplication::translate("History", "time out of range"));
            return 0;
        }
        return value;
    }

    quint32 slot()
    {
        const quint64 s = m_in.varint();
        if (s >= maxSlot)
            m_in.fail(QCoreApplication::translate("History", "cluster slot %1 out of range").arg(s));
        return quint32(s);
    }

    RecordedLabels labels()
    {
        RecordedLabels result;
        const quint32 n = m_in.count(2);
        result.reserve(n);
        for (quint32 i = 0; i < n && !m_in.failed(); ++i) {
            QString key = string();
            result.append({std::move(key), string()});
        }
        return result;
    }

    RecordedCondition condition()
    {
        RecordedCondition c;
        c.type = string();
        const quint8 status = m_in.byte();
        if (status > quint8(ConditionStatus::Unknown))
            m_in.fail(QCoreApplication::translate("History", "condition status %1").arg(status));
        c.status = ConditionStatus(status);
        c.reason = string();
        c.message = string();
        c.lastTransitionTime = time();
        return c;
    }

    quint8 apiVersion()
    {
        const quint8 v = m_in.byte();
        if (v > 1)
            m_in.fail(QCoreApplication::translate("History", "API version %1").arg(v));
        return v;
    }

    bool event(FleetEvent *e)
    {
        const quint8 kind = m_in.byte();
        const quint64 dt = m_in.varint();
        if (dt > quint64(std::numeric_limits<qint64>::max() - m_at)) {
            m_in.fail(QCoreApplication::translate("History", "time out of range"));
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
            const quint32 properties = m_in.count(2);
            c->properties.reserve(properties);
            for (quint32 i = 0; i < properties && !m_in.failed(); ++i) {
                QString name = string();
                c->properties.append({std::move(name), string()});
            }
            const quint32 conditions = m_in.count(5);
            c->conditions.reserve(conditions);
            for (quint32 i = 0; i < conditions && !m_in.failed(); ++i)
                c->conditions.append(condition());
            e->cluster = std::move(c);
            break;
        }
        case Kind::Field: {
            e->slot = slot();
            const quint8 field = m_in.byte();
            if (field > quint8(RecordedField::CreationTimestamp)) {
                m_in.fail(QCoreApplication::translate("History", "field %1").arg(field));
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
            const quint32 decisions = m_in.count(3);
            p->decisions.reserve(decisions);
            for (quint32 i = 0; i < decisions && !m_in.failed(); ++i) {
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
            m_in.fail(QCoreApplication::translate("History", "unknown event kind %1").arg(kind));
            return false;
        }
        e->kind = Kind(kind);
        return !m_in.failed();
    }

    Reader &m_in;
    qint64 m_at;
    QList<QString> m_strings;
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
    putVarint(&m_body, *it);
}

void FleetFrameEncoder::time(qint64 value, qint64 at)
{
    // Most times are recent: a small difference from the event's time. Computed
    // without overflow for any value (the decoder refuses what does not fit).
    putVarint(&m_body, value == 0 ? 0 : zigzag(qint64(quint64(at) - quint64(value))) + 1);
}

void FleetFrameEncoder::labels(const RecordedLabels &labels)
{
    putVarint(&m_body, quint64(labels.size()));
    for (const auto &[key, value] : labels) {
        string(key);
        string(value);
    }
}

void FleetFrameEncoder::condition(const RecordedCondition &c, qint64 at)
{
    string(c.type);
    m_body.append(char(c.status));
    string(c.reason);
    string(c.message);
    time(c.lastTransitionTime, at);
}

void FleetFrameEncoder::add(const FleetEvent &e)
{
    const qint64 at = m_events == 0 ? e.at : std::max(e.at, m_lastAt);
    if (m_events == 0)
        m_firstAt = at;
    m_body.append(char(e.kind));
    putVarint(&m_body, quint64(at - (m_events == 0 ? at : m_lastAt)));
    m_lastAt = at;
    ++m_events;
    using Kind = FleetEvent::Kind;
    switch (e.kind) {
    case Kind::Appear: {
        const RecordedCluster &c = *e.cluster;
        putVarint(&m_body, e.slot);
        string(c.namespaceName);
        string(c.name);
        m_body.append(char(c.apiVersion));
        time(c.creationTimestamp, at);
        string(c.displayName);
        string(c.clusterManager);
        string(c.kubernetesVersion);
        labels(c.labels);
        putVarint(&m_body, quint64(c.properties.size()));
        for (const auto &[name, value] : c.properties) {
            string(name);
            string(value);
        }
        putVarint(&m_body, quint64(c.conditions.size()));
        for (const RecordedCondition &condition : c.conditions)
            this->condition(condition, at);
        break;
    }
    case Kind::Field:
        putVarint(&m_body, e.slot);
        m_body.append(char(e.field));
        if (e.field == RecordedField::ApiVersion)
            m_body.append(char(e.number));
        else if (e.field == RecordedField::CreationTimestamp)
            time(e.number, at);
        else
            string(e.value);
        break;
    case Kind::Label:
    case Kind::Property:
        putVarint(&m_body, e.slot);
        string(e.key);
        string(e.value);
        break;
    case Kind::LabelGone:
    case Kind::PropertyGone:
    case Kind::ConditionGone:
        putVarint(&m_body, e.slot);
        string(e.key);
        break;
    case Kind::Condition:
        putVarint(&m_body, e.slot);
        condition(e.condition, at);
        break;
    case Kind::Remove:
        putVarint(&m_body, e.slot);
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
        m_body.append(char(p.apiVersion));
        string(p.scheduler);
        labels(p.labels);
        putVarint(&m_body, quint64(p.decisions.size()));
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
    QByteArray payload;
    payload.reserve(m_strings.size() + m_body.size() + 24);
    payload.append(char(formatVersion));
    payload.append(char(keyframe ? keyframeFlag : 0));
    putVarint(&payload, quint64(m_stringIds.size()));
    payload.append(m_strings);
    putVarint(&payload, quint64(m_events));
    payload.append(m_body);
    m_body.clear();
    m_strings.clear();
    m_stringIds.clear();
    m_events = 0;

    QByteArray packed(qsizetype(ZSTD_compressBound(size_t(payload.size()))), Qt::Uninitialized);
    const size_t size = ZSTD_compress(packed.data(), size_t(packed.size()), payload.constData(),
                                      size_t(payload.size()), compressionLevel);
    if (ZSTD_isError(size))
        return {};
    packed.truncate(qsizetype(size));
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
    Reader in(payload.constData(), payload.size());
    const quint8 version = in.byte();
    const quint8 flags = in.byte();
    if (version != formatVersion) {
        *error = QCoreApplication::translate("History", "format %1 (this Fleetscope reads %2)")
                     .arg(version)
                     .arg(formatVersion);
        return false;
    }
    *keyframe = flags & keyframeFlag;
    Decoder decoder(&in, firstAt);
    if (!decoder.strings() || !decoder.events(events)) {
        events->clear();
        *error = in.error();
        return false;
    }
    return true;
}

} // namespace fleetscope
