#pragma once

#include "api/pooledstring.h"

#include <QHash>
#include <QString>

namespace fleetscope {

// The pooled handles of recorded texts, remembered by the text's buffer. A
// replayed cluster shares the buffers of its unchanged texts with its version
// at the moment before (and a frame's texts are decoded once for all its
// events), so a moment built after another looks up in the process-wide pool
// (a lock and a string hash each) only the texts that are new, instead of the
// ~25 texts of each of thousands of clusters.
class RecordedTextMemo final
{
public:
    PooledString pooled(const QString &text);
    // Starts a moment: texts not asked for since the last one may be forgotten.
    void nextMoment();

private:
    struct Entry
    {
        QString text; // keeps the buffer the key points into alive
        PooledString pooled;
        quint32 moment = 0;
    };
    QHash<const void *, Entry> m_entries;
    quint32 m_moment = 1;
    qsizetype m_used = 0; // entries asked for in this moment
};

} // namespace fleetscope
