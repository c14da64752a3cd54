#pragma once

#include "api/clusterfacts.h"
#include "fleet/filter/filternode.h"

#include <QString>
#include <QtGlobal>

#include <vector>

namespace fleetscope {

struct FleetProfile;

// When the window's first-run layout shows a field's column (a saved layout wins).
enum class FieldShown : quint8 {
    Always,
    WhenFilled,      // hidden until some cluster has a value: producers differ
    OnRequest,       // hidden; the header's menu and saved views show it
    WhenMoreThanName, // Display name: once the fleet's display names say more than the names
    WhenNamesCollide, // Namespace: once two clusters of one hub share a name
};

// One fact the fleet shows about a cluster, declared once. The table of them
// (fleetField()) is, in its order, the cluster table's fixed columns; it also
// gives the command line's printed columns (-o table/wide/csv/custom-columns),
// the filter language's keys with their completion, the window's first-run
// column layout and the details pane's summary. Adding a column is adding an
// entry here (and its translations).
struct FleetField
{
    const char16_t *key;   // the filter language's key and -o custom-columns' FIELD
    const char16_t *alias; // a second spelling of both, or null
    const char *title;     // the table's header, translated in the context "fleetscope::ClusterTableModel"
    const char *toolTip;   // idem; API paths ("metadata.name") are left as they are
    const char *printHeader; // the command line's header ("HUB")

    // The filter: whether `key` is a filter key, and how a term reads the row
    // (FilterField::Column: through text()).
    bool filterable;
    FilterField filter;

    // Printing: the place among printed columns, and as in kubectl, 0: -o table,
    // 1: -o wide and csv, -1: only when -o custom-columns names it.
    int printRank;
    int printPriority;

    // The first-run layout: the place among visible columns, the width in pixels.
    int visualRank;
    int width;
    FieldShown shown;
    // Whether the details pane's summary has a row for it (in print order); an
    // empty value's row is left out unless the field is shown Always.
    bool inDetails;

    // `hubName`: the name of the row's hub (the store's, or a snapshot's off the GUI thread).
    QString (*text)(const FleetProfile &row, const QString &hubName, qint64 nowMs);
    // An integer that orders the column (versions, condition ranks, node counts,
    // times), or null: the column sorts by its text.
    qint64 (*sortKey)(const FleetProfile &row);
    // The cell's tool tip, or null for none.
    QString (*cellToolTip)(const FleetProfile &row);
    // The exact value where text() is rounded for people (ages): what -o csv writes; null: text().
    QString (*exactText)(const FleetProfile &row);
    // How the value reads where it is coloured (the details pane), or null: neutral.
    Health (*cellHealth)(const FleetProfile &row);
};

// How many fields there are: the cluster table's fixed columns.
int fleetFieldCount();
// The field at `index` (0 <= index < fleetFieldCount()).
const FleetField &fleetField(int index);
// The field whose key or alias is `key` (any case), -1 if none.
int fleetFieldIndex(QStringView key);
// Every field's index, ordered by `rank` (&FleetField::printRank, &FleetField::visualRank).
std::vector<int> fleetFieldsBy(int FleetField::*rank);
// A field's title or tool tip as the user's language says it.
QString translatedFieldText(const char *text);

} // namespace fleetscope
