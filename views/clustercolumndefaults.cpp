#include "clustercolumndefaults.h"

#include "fleet/itemmodels/clustertablemodel.h"
#include "fleet/itemmodels/fleetfields.h"
#include "fleet/store/fleetstore.h"

#include <QEvent>
#include <QHeaderView>
#include <QSet>

namespace fleetscope {
namespace {

// Enough rows to see whether a fleet uses display names, few enough to stay
// instant at 100k clusters.
constexpr int displayNameSample = 500;

} // namespace

ClusterColumnDefaults::ClusterColumnDefaults(QHeaderView *header, const FleetStore *store, QObject *parent)
    : QObject(parent)
    , m_header(header)
    , m_store(store)
{
    setObjectName(QStringLiteral("clusterColumnDefaults"));
    apply();
    connect(store, &FleetStore::deltaApplied, this, &ClusterColumnDefaults::checkDisplayNames);
    connect(store, &FleetStore::hubStatusChanged, this, &ClusterColumnDefaults::fitHubColumn);
    if (QWidget *table = header->parentWidget())
        table->installEventFilter(this);
}

void ClusterColumnDefaults::fitHubColumn()
{
    if (m_userLayout)
        return;
    // Wide enough for the longest hub name, so that rows of two hubs never read
    // alike; a very long name is cut in the middle (and has its tooltip).
    int widest = 0;
    const QFontMetrics metrics(m_header->font());
    for (int hub : m_store->activeHubs())
        widest = qMax(widest, metrics.horizontalAdvance(m_store->hubName(hub)));
    int width = qBound(80, widest + 2 * metrics.averageCharWidth() + 8, 220);
    // In a narrow window the hub stays in view, cut in the middle, rather than
    // pushed past the edge where its telling end is lost.
    if (const QWidget *table = m_header->parentWidget()) {
        int before = 0;
        for (int visual = 0; visual < m_header->visualIndex(ClusterTableModel::HubColumn); ++visual) {
            const int logical = m_header->logicalIndex(visual);
            if (!m_header->isSectionHidden(logical))
                before += m_header->sectionSize(logical);
        }
        const int room = table->width() - before - 24; // the vertical scroll bar and frame
        if (room >= 80)
            width = qMin(width, room);
    }
    if (m_header->sectionSize(ClusterTableModel::HubColumn) != width)
        m_header->resizeSection(ClusterTableModel::HubColumn, width);
}

void ClusterColumnDefaults::apply()
{
    // The fields' visual order and widths (fleetfields.h): what a row is, its
    // health, version and hub fit the ~500 px a 1024 px window leaves the table
    // beside the groups and the details pane, the manager too at 1400 px.
    int visual = 0;
    for (const int column : fleetFieldsBy(&FleetField::visualRank)) {
        if (column >= m_header->count())
            continue;
        m_header->moveSection(m_header->visualIndex(column), visual++);
        m_header->resizeSection(column, fleetField(column).width);
        // Display name and Namespace wait for the data; the others on request stay hidden.
        m_header->setSectionHidden(column, fleetField(column).shown != FieldShown::Always
                                               && fleetField(column).shown != FieldShown::WhenFilled);
    }
    m_displayNameDecided = false;
    m_fillDecided = false;
    m_namespaceShown = false;
    m_hiddenUntilFilled.clear();
    m_namespaceOfName.clear();
    m_namesChecked = 0;
    checkDisplayNames();
    fitHubColumn();
}

bool ClusterColumnDefaults::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && watched == m_header->parentWidget())
        fitHubColumn();
    return QObject::eventFilter(watched, event);
}

void ClusterColumnDefaults::keepUserLayout()
{
    m_userLayout = true;
}

bool ClusterColumnDefaults::displayNamesAddInformation(const FleetStore &store)
{
    const int rows = qMin(store.profileCount(), displayNameSample);
    for (int row = 0; row < rows; ++row) {
        const ClusterProfile &p = store.profileAt(row).profile();
        if (!p.displayName.isEmpty() && p.displayName != p.metadata.name)
            return true;
    }
    return false;
}

bool ClusterColumnDefaults::anyFills(const FleetStore &store, int column)
{
    // The first rows and the newest: a second hub's clusters come last.
    const int count = store.profileCount();
    const FleetField &spec = fleetField(column);
    for (int i = 0; i < qMin(count, 2 * displayNameSample); ++i) {
        const int row = i < displayNameSample ? i : count - 1 - (i - displayNameSample);
        const FleetProfile &p = store.profileAt(row);
        if (!spec.text(p, QString(), 0).isEmpty())
            return true;
    }
    return false;
}

bool ClusterColumnDefaults::namesCollide(const FleetStore &store)
{
    QHash<QString, std::pair<int, QString>> seen;
    int checked = 0;
    return findNameCollision(store, &seen, &checked);
}

bool ClusterColumnDefaults::findNameCollision(const FleetStore &store, QHash<QString, std::pair<int, QString>> *seen,
                                              int *checkedRows)
{
    // A member in two inventories (OCM binds one cluster into several namespaces)
    // gives two rows that read alike without the namespace. Only rows not looked at
    // yet (new rows come last), so that a churning fleet costs nothing here; the
    // names share their text with the profiles.
    if (*checkedRows > store.profileCount())
        *checkedRows = store.profileCount();
    for (int row = *checkedRows; row < store.profileCount(); ++row) {
        const FleetProfile &p = store.profileAt(row);
        const QString &ns = p.profile().metadata.namespaceName.toString();
        const auto it = seen->constFind(p.profile().metadata.name);
        if (it != seen->cend() && it->first == p.hub && it->second != ns)
            return true;
        seen->insert(p.profile().metadata.name, {p.hub, ns});
    }
    *checkedRows = store.profileCount();
    return false;
}

void ClusterColumnDefaults::checkFilledColumns()
{
    if (m_userLayout || m_store->profileCount() == 0)
        return;
    // Hidden once, on the first clusters; shown later when clusters that fill
    // them arrive, never hidden again while the window runs. Only what was hidden
    // here comes back here: a column the person hid from the header's menu stays
    // hidden, whatever the fleet brings.
    for (int column = 0; column < qMin(fleetFieldCount(), m_header->count()); ++column) {
        if (fleetField(column).shown != FieldShown::WhenFilled)
            continue;
        const bool filled = anyFills(*m_store, column);
        if (!m_fillDecided && !filled) {
            m_header->setSectionHidden(column, true);
            m_hiddenUntilFilled.insert(column);
        } else if (filled && m_hiddenUntilFilled.remove(column)) {
            m_header->setSectionHidden(column, false);
        }
    }
    m_fillDecided = true;
    if (m_header->isSectionHidden(ClusterTableModel::NamespaceColumn) && !m_namespaceShown
        && findNameCollision(*m_store, &m_namespaceOfName, &m_namesChecked)) {
        m_namespaceShown = true;
        m_namespaceOfName.clear();
        m_header->moveSection(m_header->visualIndex(ClusterTableModel::NamespaceColumn),
                              m_header->visualIndex(ClusterTableModel::NameColumn) + 1);
        m_header->setSectionHidden(ClusterTableModel::NamespaceColumn, false);
    }
}

void ClusterColumnDefaults::checkDisplayNames()
{
    checkFilledColumns();
    if (m_userLayout || m_displayNameDecided || m_store->profileCount() == 0)
        return;
    // Decided once, on the first clusters: a column must not come and go as rows change.
    m_displayNameDecided = true;
    if (!displayNamesAddInformation(*m_store))
        return;
    // Right after the ones that must fit: it is the human name of the row.
    m_header->moveSection(m_header->visualIndex(ClusterTableModel::DisplayNameColumn),
                          m_header->visualIndex(ClusterTableModel::ManagerColumn) + 1);
    m_header->setSectionHidden(ClusterTableModel::DisplayNameColumn, false);
}

} // namespace fleetscope
