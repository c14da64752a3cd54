#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

// Columns padded to their widest cell with three spaces between them, the last
// column unpadded: the layout of kubectl's and `fleetscope list`'s tables.
QString renderTextTable(const QList<QStringList> &rows);

} // namespace fleetscope
