#include "gzipinflater.h"

#include <QtEndian>

#include <libdeflate.h>

#include <algorithm>

namespace fleetscope {

GzipInflater::GzipInflater()
    : m_decompressor(libdeflate_alloc_decompressor())
{
}

GzipInflater::~GzipInflater()
{
    libdeflate_free_decompressor(m_decompressor);
}

void GzipInflater::release()
{
    m_out = QByteArray();
}

bool GzipInflater::inflate(QByteArray *body, qint64 maxBytes, qsizetype padding, QString *error)
{
    if (!m_decompressor) {
        *error = QStringLiteral("out of memory for the gzip decompressor");
        return false;
    }
    const auto *in = reinterpret_cast<const uchar *>(body->constData());
    const size_t inSize = size_t(body->size());
    // 18 bytes: the smallest member (10-byte header, an empty block, 8-byte trailer).
    if (inSize < 18 || in[0] != 0x1f || in[1] != 0x8b) {
        *error = QStringLiteral("the body is said to be gzip but is not");
        return false;
    }
    // The last member's trailer gives its size modulo 2^32: the first guess for the
    // whole (exact for the usual single member), grown when it proves short.
    qint64 capacity = qMin<qint64>(maxBytes, qMax<qint64>(qFromLittleEndian<quint32>(in + inSize - 4), 4 * inSize));
    size_t inDone = 0;
    size_t outDone = 0;
    while (inDone < inSize) {
        m_out.resize(qsizetype(capacity) + padding);
        size_t inUsed = 0;
        size_t outMade = 0;
        const libdeflate_result result = libdeflate_gzip_decompress_ex(
            m_decompressor, in + inDone, inSize - inDone, m_out.data() + outDone, size_t(capacity) - outDone, &inUsed,
            &outMade);
        if (result == LIBDEFLATE_INSUFFICIENT_SPACE) {
            if (capacity >= maxBytes) {
                *error = QStringLiteral("the response inflates to larger than %1 MiB, refused").arg(maxBytes / (1024 * 1024));
                return false;
            }
            capacity = qMin(maxBytes, capacity * 2);
            continue; // this member again, into more room
        }
        if (result != LIBDEFLATE_SUCCESS) {
            *error = QStringLiteral("the gzip body is corrupt or cut short");
            return false;
        }
        inDone += inUsed;
        outDone += outMade;
    }
    m_out.resize(qsizetype(outDone));
    m_out.reserve(qsizetype(outDone) + padding);
    std::swap(*body, m_out);
    return true;
}

} // namespace fleetscope
