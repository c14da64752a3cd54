#include "texttable.h"

#include <algorithm>

namespace fleetscope {

QString renderTextTable(const QList<QStringList> &rows)
{
    QList<qsizetype> widths;
    for (const QStringList &row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (qsizetype i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    }
    QString text;
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i)
            text += i + 1 < row.size() ? row[i].leftJustified(widths[i] + 3) : row[i];
        text += u'\n';
    }
    return text;
}

} // namespace fleetscope
