#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

class QHeaderView;

namespace fleetscope {

// A table header's layout by column key, not by position: which columns show,
// in what order, how wide, and what the table sorts by. QHeaderView::saveState()
// records positions, so a column that came or went between saving and
// restoring (the Access column "Check all shown" adds, a property column)
// shifted every one after it: Namespace hidden, Access shown "not checked".
// Stored as JSON, so that settings files stay readable.
class HeaderLayout
{
public:
    // The key of a logical column, empty for one that has none.
    using KeyOf = std::function<QString(int logical)>;

    static HeaderLayout of(const QHeaderView *header, const KeyOf &keyOf);
    // Empty for anything that is not a layout written by toBytes().
    static std::optional<HeaderLayout> fromBytes(const QByteArray &bytes);
    QByteArray toBytes() const;
    bool isEmpty() const { return m_columns.isEmpty(); }

    // Places, sizes and shows or hides the columns the header has now, in the
    // saved order; columns the layout does not know keep their place after them.
    void applyTo(QHeaderView *header, const KeyOf &keyOf) const;
    // For a column that appeared after applyTo(): its saved width, visibility and
    // place (after the nearest saved column before it that the header has).
    void applyToColumn(QHeaderView *header, const KeyOf &keyOf, int logical) const;

private:
    struct Column
    {
        QString key;
        int width = 0;
        bool hidden = false;
    };
    static int logicalOf(const QHeaderView *header, const KeyOf &keyOf, const QString &key);

    QList<Column> m_columns; // in visual order
    QString m_sortKey;
    bool m_descending = false;
};

} // namespace fleetscope
