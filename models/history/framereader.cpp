#include "framereader.h"

#include <QCoreApplication>

#include <algorithm>

namespace fleetscope {

FrameReader::FrameReader(QByteArrayView data, const QString &where)
    : m_data(data)
    , m_where(where)
{
}

void FrameReader::fail(const QString &what)
{
    if (!m_error.isEmpty())
        return;
    m_error = m_where.isEmpty() ? QCoreApplication::translate("History", "byte %1: %2").arg(m_at).arg(what)
                                : QCoreApplication::translate("History", "%1, byte %2: %3").arg(m_where).arg(m_at).arg(what);
}

quint8 FrameReader::byte()
{
    if (m_at >= m_data.size()) {
        fail(QCoreApplication::translate("History", "ends early"));
        return 0;
    }
    return quint8(m_data[m_at++]);
}

quint64 FrameReader::varint()
{
    quint64 value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (m_at >= m_data.size()) {
            fail(QCoreApplication::translate("History", "ends early"));
            return 0;
        }
        const quint8 b = quint8(m_data[m_at++]);
        value |= quint64(b & 0x7f) << shift;
        if (!(b & 0x80))
            return value;
    }
    fail(QCoreApplication::translate("History", "number too long"));
    return 0;
}

quint32 FrameReader::count(qsizetype minBytes, const FrameReader &items)
{
    const quint64 n = varint();
    if (n > quint64(items.remaining() / std::max<qsizetype>(1, minBytes))) {
        fail(QCoreApplication::translate("History", "count %1 larger than the data").arg(n));
        return 0;
    }
    return quint32(n);
}

QByteArrayView FrameReader::bytes(quint64 size)
{
    if (size > quint64(remaining())) {
        fail(QCoreApplication::translate("History", "text longer than the data"));
        return {};
    }
    const QByteArrayView view = m_data.sliced(m_at, qsizetype(size));
    m_at += qsizetype(size);
    return view;
}

void putVarint(QByteArray *out, quint64 value)
{
    while (value >= 0x80) {
        out->append(char(quint8(value) | 0x80));
        value >>= 7;
    }
    out->append(char(value));
}

} // namespace fleetscope
