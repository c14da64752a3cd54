#pragma once

#include "resourcerow.h"

#include <QList>
#include <QMetaType>
#include <QStringList>

#include <memory>

namespace fleetscope {

// What changed of one member's objects since its last delta: rows added or
// changed, keys (namespace/name) removed, the columns when they changed, and the
// objects that could not be read.
struct ResourceDelta
{
    QList<std::shared_ptr<const ResourceRow>> upserted;
    QStringList removed;
    QList<TableColumn> columns;
    bool columnsChanged = false;
    QStringList decodeErrors;
    int decodeErrorCount = 0;

    bool isEmpty() const
    {
        return upserted.isEmpty() && removed.isEmpty() && !columnsChanged && decodeErrorCount == 0;
    }
};

} // namespace fleetscope

Q_DECLARE_METATYPE(fleetscope::ResourceDelta)
