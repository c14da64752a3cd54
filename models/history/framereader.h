#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace fleetscope {

// Reads the values of a fleet log frame's payload (fleetframecodec.h): bytes
// and LEB128 varints, each read checked against the end. The first failure is
// kept, with where it happened.
class FrameReader final
{
public:
    // `where` names the part of the payload in messages ("" for the whole).
    explicit FrameReader(QByteArrayView data, const QString &where = QString());

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }
    qsizetype remaining() const { return m_data.size() - m_at; }

    void fail(const QString &what);
    quint8 byte();
    quint64 varint();
    // A count of items that take at least `minBytes` each of `items`: never
    // more than the rest of it holds.
    quint32 count(qsizetype minBytes, const FrameReader &items);
    quint32 count(qsizetype minBytes) { return count(minBytes, *this); }
    QByteArrayView bytes(quint64 size);

private:
    QByteArrayView m_data;
    QString m_where;
    qsizetype m_at = 0;
    QString m_error;
};

void putVarint(QByteArray *out, quint64 value);

inline quint64 zigzag(qint64 value)
{
    return (quint64(value) << 1) ^ quint64(value >> 63);
}

inline qint64 unzigzag(quint64 value)
{
    return qint64(value >> 1) ^ -qint64(value & 1);
}

} // namespace fleetscope
