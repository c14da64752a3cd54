#pragma once

#include "connect/membertarget.h"
#include "resources/resourcequery.h"

#include <QMainWindow>
#include <QPointer>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace fleetscope {

class SortFilterProxy;
class FleetStore;
class MemberStateModel;
class MemberStrip;
class ResourceEngine;
class ResourceTableModel;
class SavedViewStore;

// Resources: one kind of object across the chosen member clusters, live. The
// clusters come from the main window's selection, a saved view or a filter; the
// kind from the members' discovery (with how many serve each). One table, Cluster
// first, then the columns the servers print; namespaces (all, one or several), a
// label selector, text search, sorting by any column, grouping by cluster. The
// member strip says where each member stands. A row opens its object's YAML
// (fetched only then: a Secret's data never comes otherwise) and offers Connect and
// Run on its cluster.
class ResourcesWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourcesWindow)

public:
    // `selectedRows` gives the main window's selected store rows when asked.
    ResourcesWindow(FleetStore *store, SavedViewStore *views, std::function<QList<int>()> selectedRows,
                    QWidget *parent = nullptr);
    ~ResourcesWindow() override;

    // Applies the controls: finds the members and starts watching. False (and a
    // message in the status line) when there is nothing to watch.
    bool apply();
    // apply() unless the controls ask for what is already watched (a kind picked
    // again, Enter after a pick).
    bool applyIfChanged();
    void setSearchText(const QString &text);
    void setGroupByCluster(bool group);

    QList<MemberTarget> members() const { return m_members; }
    ResourceEngine *engine() const { return m_engine; }
    SortFilterProxy *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    // Where its size and place are kept across launches.
    static constexpr const char *geometryKey = "resources/geometry";
    QString statusText() const;

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    // The YAML view of the current row's object (fetched now); its text edit.
    QPlainTextEdit *openYaml();
    QList<QAction *> rowActions() const;
    void buildControls();
    void fillClusterSources();
    void fillKinds();
    void fillNamespaces();
    QList<MemberTarget> chosenMembers(QString *problem) const;
    // What the controls ask for; false with m_problem set when nothing can be watched.
    bool readControls(QList<MemberTarget> *members, ResourceQuery *query);
    void updateStatus();
    void showRowMenu(const QPoint &position);
    int currentSourceRow() const;
    void connectToCurrent();
    void runOnCurrent();

    FleetStore *m_store;
    SavedViewStore *m_views;
    std::function<QList<int>()> m_selectedRows;
    ResourceEngine *m_engine;
    ResourceTableModel *m_model;
    SortFilterProxy *m_proxy;
    MemberStateModel *m_memberModel;
    QComboBox *m_source = nullptr;
    QLineEdit *m_filter = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_namespaces = nullptr;
    QLineEdit *m_selector = nullptr;
    QLineEdit *m_search = nullptr;
    QCheckBox *m_group = nullptr;
    QPushButton *m_apply = nullptr;
    QPushButton *m_close = nullptr;
    QLabel *m_status = nullptr;
    QString m_problem;
    MemberStrip *m_strip = nullptr;
    QTableView *m_table = nullptr;
    QAction *m_yamlAction = nullptr;
    QAction *m_connectAction = nullptr;
    QAction *m_runAction = nullptr;
    QList<MemberTarget> m_members;
    bool m_sized = false;
};

} // namespace fleetscope
