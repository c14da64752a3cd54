#include "resourceswindow.h"

#include "accesscontroller.h"
#include "connectdialog.h"
#include "memberstrip.h"
#include "rundialog.h"
#include "screenfit.h"

#include "fleet/itemmodels/sortfilterproxy.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/store/fleetstore.h"
#include "fleet/savedviews/savedviewstore.h"
#include "resources/memberstatemodel.h"
#include "resources/resourceengine.h"
#include "resources/resourcetablemodel.h"

#include <QAction>
#include <QCloseEvent>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QTableView>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

// Kinds offered before the members have said what they serve.
const char *const commonKinds[] = {"pods", "deployments.apps", "services", "events", "namespaces", "nodes", "secrets"};

// Rows of members that are not live read greyed; with grouping, a cluster's name
// shows on its first row only, under a separator line.
class RowDelegate final : public QStyledItemDelegate
{
public:
    RowDelegate(ResourceTableModel *model, QObject *parent)
        : QStyledItemDelegate(parent)
        , m_model(model)
    {
    }

    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(ResourceTableModel::StaleRole).toBool())
            option->palette.setColor(QPalette::Text, option->palette.color(QPalette::PlaceholderText));
        if (!m_model->groupByCluster() || index.column() != ResourceTableModel::ClusterColumn)
            return;
        if (isGroupStart(index))
            option->font.setBold(true);
        else
            option->text.clear();
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::paint(painter, option, index);
        if (m_model->groupByCluster() && index.row() > 0 && isGroupStart(index)) {
            painter->save();
            painter->setPen(option.palette.color(QPalette::Mid));
            painter->drawLine(option.rect.topLeft(), option.rect.topRight());
            painter->restore();
        }
    }

private:
    static bool isGroupStart(const QModelIndex &index)
    {
        if (index.row() == 0)
            return true;
        const QModelIndex above = index.sibling(index.row() - 1, ResourceTableModel::ClusterColumn);
        return above.data(ResourceTableModel::MemberRole) != index.sibling(index.row(), 0).data(ResourceTableModel::MemberRole);
    }

    ResourceTableModel *m_model;
};

} // namespace

ResourcesWindow::ResourcesWindow(FleetStore *store, SavedViewStore *views, std::function<QList<int>()> selectedRows,
                                 QWidget *parent)
    : QMainWindow(parent)
    , m_store(store)
    , m_views(views)
    , m_selectedRows(std::move(selectedRows))
    , m_engine(new ResourceEngine(this))
    , m_model(new ResourceTableModel(m_engine, this))
    , m_proxy(new SortFilterProxy(m_model, this))
    , m_memberModel(new MemberStateModel(m_engine, this))
{
    setObjectName(QStringLiteral("resourcesWindow"));
    setWindowTitle(tr("Resources — Fleetscope"));
    m_proxy->setSortRole(ResourceTableModel::SortRole);
    buildControls();
    connect(m_engine, &ResourceEngine::memberStateChanged, this, &ResourcesWindow::updateStatus);
    connect(m_engine, &ResourceEngine::kindsChanged, this, &ResourcesWindow::fillKinds);
    connect(m_engine, &ResourceEngine::namespacesChanged, this, &ResourcesWindow::fillNamespaces);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &ResourcesWindow::updateStatus);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &ResourcesWindow::updateStatus);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &ResourcesWindow::updateStatus);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ResourcesWindow::updateStatus);
    // Priority columns (kubectl's -o wide) start hidden; the header's menu shows them.
    connect(m_model, &QAbstractItemModel::columnsInserted, this, [this](const QModelIndex &, int first, int last) {
        for (int c = first; c <= last; ++c)
            m_table->setColumnHidden(c, m_model->isWideColumn(c));
        m_sized = false;
    });
    // Once the first rows of a query are in, the columns fit what they show (the
    // rows on screen: cheap at any size); later the person's widths stay.
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_sized)
            return;
        m_sized = true;
        QTimer::singleShot(0, this, [this] {
            // A little room beyond the rows measured: the next ones may be wider.
            for (int c = 0; c + 1 < m_model->columnCount(); ++c) {
                m_table->resizeColumnToContents(c);
                m_table->setColumnWidth(c, m_table->columnWidth(c) + m_table->fontMetrics().averageCharWidth() * 3);
            }
        });
    });
    // As the person left it, the first time as large as it is made for; either fitted
    // to the screen it opens on (a size left on a larger one is made smaller).
    const bool restored = restoreGeometry(QSettings().value(QLatin1String(geometryKey)).toByteArray());
    ScreenFit::resize(this, restored ? size() : QSize(1400, 900));
    // Opened on the main window's selection, it shows that at once (pods, all
    // namespaces); with nothing selected the status line says what to do.
    apply();
}

ResourcesWindow::~ResourcesWindow()
{
    m_engine->stop();
}

void ResourcesWindow::closeEvent(QCloseEvent *event)
{
    QSettings().setValue(QLatin1String(geometryKey), saveGeometry());
    QMainWindow::closeEvent(event);
}

void ResourcesWindow::buildControls()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    auto *controls = new QHBoxLayout;
    m_source = new QComboBox(central);
    m_source->setObjectName(QStringLiteral("clusterSource"));
    m_source->setToolTip(tr("Which member clusters to look into"));
    m_filter = new QLineEdit(central);
    m_filter->setObjectName(QStringLiteral("clusterFilter"));
    m_filter->setPlaceholderText(tr("Filter clusters, e.g. clusterset=prod"));
    m_kind = new QComboBox(central);
    m_kind->setObjectName(QStringLiteral("kind"));
    m_kind->setEditable(true);
    // A typed kind is watched, not added to the list of what the members serve.
    m_kind->setInsertPolicy(QComboBox::NoInsert);
    m_kind->setMinimumContentsLength(30);
    m_kind->setToolTip(tr("The kind: pods, deploy, certificates.cert-manager.io…; the list shows what the members serve"));
    for (const char *kind : commonKinds)
        m_kind->addItem(QLatin1String(kind), QLatin1String(kind));
    m_namespaces = new QComboBox(central);
    m_namespaces->setObjectName(QStringLiteral("namespaces"));
    m_namespaces->setEditable(true);
    m_namespaces->setInsertPolicy(QComboBox::NoInsert);
    m_namespaces->addItem(tr("All namespaces"), QString());
    m_namespaces->setMinimumContentsLength(14);
    m_namespaces->setToolTip(tr("All namespaces, one, or several separated by commas"));
    m_selector = new QLineEdit(central);
    m_selector->setObjectName(QStringLiteral("labelSelector"));
    m_selector->setPlaceholderText(tr("Label selector, e.g. app=web"));
    m_apply = new QPushButton(tr("&Watch"), central);
    m_apply->setObjectName(QStringLiteral("applyButton"));
    m_apply->setDefault(true);
    // Two rows: at 1024 px one would push Watch off the window.
    controls->addWidget(new QLabel(tr("Clusters:"), central));
    controls->addWidget(m_source);
    controls->addWidget(m_filter, 1);
    controls->addWidget(new QLabel(tr("Kind:"), central));
    controls->addWidget(m_kind, 1);
    layout->addLayout(controls);
    auto *where = new QHBoxLayout;
    where->addWidget(new QLabel(tr("Namespaces:"), central));
    where->addWidget(m_namespaces, 1);
    where->addWidget(m_selector, 1);
    where->addWidget(m_apply);
    layout->addLayout(where);
    auto *closeAction = new QAction(tr("Close"), this);
    closeAction->setObjectName(QStringLiteral("closeResourcesAction"));
    // The platform's Close keys (Ctrl+F4 on some), Ctrl+W everywhere, and Escape.
    QList<QKeySequence> closeKeys = QKeySequence::keyBindings(QKeySequence::Close);
    for (const QKeySequence &key : {QKeySequence(Qt::CTRL | Qt::Key_W), QKeySequence(Qt::Key_Escape)}) {
        if (!closeKeys.contains(key))
            closeKeys << key;
    }
    closeAction->setShortcuts(closeKeys);
    connect(closeAction, &QAction::triggered, this, &QWidget::close);
    addAction(closeAction);

    auto *viewRow = new QHBoxLayout;
    m_search = new QLineEdit(central);
    m_search->setObjectName(QStringLiteral("search"));
    m_search->setPlaceholderText(tr("Search the table"));
    m_search->setClearButtonEnabled(true);
    m_group = new QCheckBox(tr("&Group by cluster"), central);
    m_group->setObjectName(QStringLiteral("groupByCluster"));
    m_status = new QLabel(central);
    m_status->setObjectName(QStringLiteral("status"));
    // A long hint wraps rather than widening the window.
    m_status->setWordWrap(true);
    viewRow->addWidget(m_search, 2);
    viewRow->addWidget(m_group);
    viewRow->addWidget(m_status, 3);
    layout->addLayout(viewRow);

    m_strip = new MemberStrip(m_memberModel, central);
    layout->addWidget(m_strip);

    // A table view, not a tree: rows coming and going at 100k do not relayout every row.
    m_table = new QTableView(central);
    m_table->setObjectName(QStringLiteral("resourceTable"));
    m_table->setModel(m_proxy);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setItemDelegate(new RowDelegate(m_model, m_table));
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    layout->addWidget(m_table, 1);
    auto *bottom = new QDialogButtonBox(QDialogButtonBox::Close, central);
    m_close = bottom->button(QDialogButtonBox::Close);
    m_close->setObjectName(QStringLiteral("closeButton"));
    m_close->setAutoDefault(false);
    connect(bottom, &QDialogButtonBox::rejected, this, &QWidget::close);
    layout->addWidget(bottom);
    setCentralWidget(central);

    m_yamlAction = new QAction(tr("Show &YAML"), this);
    m_yamlAction->setObjectName(QStringLiteral("showYamlAction"));
    m_connectAction = new QAction(tr("&Connect to this cluster…"), this);
    m_connectAction->setObjectName(QStringLiteral("connectAction"));
    m_runAction = new QAction(tr("&Run a command on this cluster…"), this);
    m_runAction->setObjectName(QStringLiteral("runAction"));
    connect(m_yamlAction, &QAction::triggered, this, [this] { openYaml(); });
    connect(m_connectAction, &QAction::triggered, this, &ResourcesWindow::connectToCurrent);
    connect(m_runAction, &QAction::triggered, this, &ResourcesWindow::runOnCurrent);
    connect(m_table, &QTableView::activated, this, [this] { openYaml(); });
    connect(m_table, &QWidget::customContextMenuRequested, this, &ResourcesWindow::showRowMenu);
    connect(m_table->horizontalHeader(), &QWidget::customContextMenuRequested, this, [this](const QPoint &position) {
        QMenu menu(this);
        for (int c = 1; c < m_model->columnCount(); ++c) {
            QAction *toggle = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
            toggle->setCheckable(true);
            toggle->setChecked(!m_table->isColumnHidden(c));
            connect(toggle, &QAction::toggled, this, [this, c](bool shown) { m_table->setColumnHidden(c, !shown); });
        }
        menu.exec(m_table->horizontalHeader()->mapToGlobal(position));
    });

    fillClusterSources();
    connect(m_source, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setVisible(m_source->currentData().toString() == u"filter");
    });
    // A saved view or the selection names its clusters at once; a filter waits for its text.
    connect(m_source, &QComboBox::activated, this, [this] {
        if (m_source->currentData().toString() == u"filter")
            m_filter->setFocus(Qt::OtherFocusReason);
        else
            applyIfChanged();
    });
    m_filter->setVisible(false);
    connect(m_apply, &QPushButton::clicked, this, &ResourcesWindow::apply);
    connect(m_filter, &QLineEdit::returnPressed, this, &ResourcesWindow::apply);
    connect(m_selector, &QLineEdit::returnPressed, this, &ResourcesWindow::apply);
    connect(m_namespaces->lineEdit(), &QLineEdit::returnPressed, this, &ResourcesWindow::apply);
    // Enter in the kind's text, or a kind picked from its list, watches that kind.
    connect(m_kind->lineEdit(), &QLineEdit::returnPressed, this, &ResourcesWindow::applyIfChanged);
    connect(m_kind, &QComboBox::activated, this, &ResourcesWindow::applyIfChanged);
    connect(m_namespaces, &QComboBox::activated, this, &ResourcesWindow::applyIfChanged);
    connect(m_search, &QLineEdit::textChanged, this, &ResourcesWindow::setSearchText);
    connect(m_group, &QCheckBox::toggled, this, &ResourcesWindow::setGroupByCluster);
}

void ResourcesWindow::fillClusterSources()
{
    m_source->clear();
    m_source->addItem(tr("Selected clusters"), QStringLiteral("selection"));
    m_source->addItem(tr("Filter…"), QStringLiteral("filter"));
    if (m_views) {
        for (const SavedView &view : m_views->views())
            m_source->addItem(tr("View: %1").arg(view.name), QString(QStringLiteral("view:") + view.name));
    }
}

void ResourcesWindow::fillKinds()
{
    // What the members serve, with how many serve it. A kind picked from the list
    // stays picked, with its count as it is now; a typed one stays as typed.
    const int current = m_kind->currentIndex();
    const QString typed = m_kind->currentText();
    const QString picked = current >= 0 && typed == m_kind->itemText(current) ? m_kind->itemData(current).toString() : QString();
    const QSignalBlocker blocker(m_kind);
    m_kind->clear();
    for (const ResourceEngine::KindCount &entry : m_engine->kinds()) {
        const QString name = entry.kind.qualifiedResource();
        m_kind->addItem(tr("%1 (%n cluster(s))", nullptr, entry.members).arg(name), name);
    }
    if (const int index = picked.isEmpty() ? -1 : m_kind->findData(picked); index >= 0)
        m_kind->setCurrentIndex(index);
    else
        m_kind->setEditText(typed);
}

void ResourcesWindow::fillNamespaces()
{
    // Added in order among those offered; what is typed or picked stays.
    const QString text = m_namespaces->currentText();
    const QSignalBlocker blocker(m_namespaces);
    int at = 1;
    for (const QString &ns : m_engine->namespaces()) {
        while (at < m_namespaces->count() && m_namespaces->itemData(at).toString() < ns)
            ++at;
        if (at >= m_namespaces->count() || m_namespaces->itemData(at).toString() != ns)
            m_namespaces->insertItem(at, ns, ns);
        ++at;
    }
    if (m_namespaces->currentText() != text)
        m_namespaces->setEditText(text);
}

QList<MemberTarget> ResourcesWindow::chosenMembers(QString *problem) const
{
    const QString source = m_source->currentData().toString();
    QList<int> rows;
    if (source == u"selection") {
        rows = m_selectedRows ? m_selectedRows() : QList<int>();
        if (rows.isEmpty())
            *problem = tr("Select clusters in the main window first, or pick a saved view or a filter.");
    } else {
        QString text = m_filter->text();
        if (source.startsWith(QLatin1String("view:")) && m_views) {
            for (const SavedView &view : m_views->views()) {
                if (view.name == source.mid(5))
                    text = view.filter;
            }
        }
        FilterError error;
        const FleetFilter filter = FleetFilter::compile(text, &error);
        if (error.isError()) {
            *problem = tr("The filter is not valid: %1").arg(error.message);
            return {};
        }
        for (int row = 0; row < m_store->profileCount(); ++row) {
            if (filter.matches(m_store->profileAt(row), m_store))
                rows << row;
        }
        if (rows.isEmpty())
            *problem = tr("No cluster matches.");
    }
    QList<MemberTarget> members = MemberTarget::fromRows(*m_store, rows);
    std::sort(members.begin(), members.end(),
              [](const MemberTarget &a, const MemberTarget &b) { return a.label() < b.label(); });
    return members;
}

bool ResourcesWindow::readControls(QList<MemberTarget> *members, ResourceQuery *query)
{
    m_problem.clear();
    *members = chosenMembers(&m_problem);
    QString kind = m_kind->currentText().trimmed();
    if (const int index = m_kind->findText(kind); index >= 0 && !m_kind->itemData(index).toString().isEmpty())
        kind = m_kind->itemData(index).toString();
    if (kind.isEmpty() && m_problem.isEmpty())
        m_problem = tr("Choose a kind.");
    if (!m_problem.isEmpty() || members->isEmpty())
        return false;
    query->kind = kind;
    const QString namespaces = m_namespaces->currentIndex() == 0 && m_namespaces->currentText() == m_namespaces->itemText(0)
        ? QString()
        : m_namespaces->currentText();
    for (const QString &ns : namespaces.split(u',', Qt::SkipEmptyParts))
        query->namespaces << ns.trimmed();
    query->labelSelector = m_selector->text().trimmed();
    query->watch = true;
    return true;
}

bool ResourcesWindow::applyIfChanged()
{
    QList<MemberTarget> members;
    ResourceQuery query;
    if (!readControls(&members, &query)) {
        updateStatus();
        return false;
    }
    const ResourceQuery &watched = m_engine->query();
    const auto labels = [](const QList<MemberTarget> &list) {
        QStringList out;
        for (const MemberTarget &member : list)
            out << member.label();
        return out;
    };
    if (m_engine->memberCount() > 0 && watched.kind == query.kind && watched.namespaces == query.namespaces
        && watched.labelSelector == query.labelSelector && labels(members) == labels(m_members))
        return true;
    return apply();
}

bool ResourcesWindow::apply()
{
    QList<MemberTarget> members;
    ResourceQuery query;
    if (!readControls(&members, &query)) {
        updateStatus();
        return false;
    }
    ResourceAccessSettings access;
    const QString providerPath = AccessController::providerFile();
    if (!ProviderFile::load(providerPath, &access.providers, &access.providerFileError))
        access.providers.path = providerPath;
    m_members = members;
    m_sized = false;
    m_engine->setAccess(access);
    m_engine->start(members, query);
    setSearchText(m_search->text());
    return true;
}

void ResourcesWindow::setSearchText(const QString &text)
{
    if (m_search->text() != text)
        m_search->setText(text);
    // Several namespaces beyond those watched one by one are read cluster-wide: pick them here.
    const QStringList chosen = m_engine->query().namespaces;
    m_proxy->setRowFilter([this, chosen, text](int row) {
        if (chosen.size() > ResourceQuery::maxNamespaceWatches
            && !chosen.contains(m_model->rowAt(row).metadata.namespaceName.toString()))
            return false;
        return text.isEmpty() || m_model->rowContains(row, text);
    });
    updateStatus();
}

void ResourcesWindow::setGroupByCluster(bool group)
{
    if (m_group->isChecked() != group)
        m_group->setChecked(group);
    m_model->setGroupByCluster(group);
    // Unsorted, grouping sorts by cluster; a chosen column stays the order within each.
    if (group && m_proxy->sortColumn() < 0)
        m_table->sortByColumn(ResourceTableModel::ClusterColumn, Qt::AscendingOrder);
    m_table->viewport()->update();
}

QString ResourcesWindow::statusText() const
{
    return m_status->text();
}

void ResourcesWindow::updateStatus()
{
    if (!m_problem.isEmpty()) {
        m_status->setText(m_problem);
        return;
    }
    int live = 0;
    int failed = 0;
    for (int i = 0; i < m_engine->memberCount(); ++i) {
        const MemberState &state = m_engine->state(i);
        live += state.phase == MemberState::Phase::Live ? 1 : 0;
        failed += state.isFailure() ? 1 : 0;
    }
    m_status->setText(tr("%1 of %2 objects shown · %3 of %4 clusters live, %5 failed")
                          .arg(m_proxy->rowCount())
                          .arg(m_model->rowCount())
                          .arg(live)
                          .arg(m_engine->memberCount())
                          .arg(failed));
}

int ResourcesWindow::currentSourceRow() const
{
    const QModelIndex current = m_proxy->mapToSource(m_table->currentIndex());
    return current.isValid() ? current.row() : -1;
}

QList<QAction *> ResourcesWindow::rowActions() const
{
    return {m_yamlAction, m_connectAction, m_runAction};
}

void ResourcesWindow::showRowMenu(const QPoint &position)
{
    if (currentSourceRow() < 0)
        return;
    QMenu menu(this);
    menu.addActions(rowActions());
    menu.exec(m_table->viewport()->mapToGlobal(position));
}

QPlainTextEdit *ResourcesWindow::openYaml()
{
    const int row = currentSourceRow();
    if (row < 0)
        return nullptr;
    const int member = m_model->memberOf(row);
    const ResourceRow &object = m_model->rowAt(row);
    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("yamlDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString title = m_engine->member(member).label() + u' ' + m_engine->qualifiedKind() + u'/' + object.metadata.name;
    dialog->setWindowTitle(title);
    auto *layout = new QVBoxLayout(dialog);
    auto *text = new QPlainTextEdit(dialog);
    text->setObjectName(QStringLiteral("yamlText"));
    text->setReadOnly(true);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setPlainText(tr("Loading %1…").arg(title));
    layout->addWidget(text);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QPushButton *connectButton = buttons->addButton(tr("Connect…"), QDialogButtonBox::ActionRole);
    QPushButton *runButton = buttons->addButton(tr("Run a command…"), QDialogButtonBox::ActionRole);
    connect(connectButton, &QPushButton::clicked, this, &ResourcesWindow::connectToCurrent);
    connect(runButton, &QPushButton::clicked, this, &ResourcesWindow::runOnCurrent);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    const int id = m_engine->fetchObject(member, object.metadata.namespaceName.toString(), object.metadata.name);
    QPointer<QPlainTextEdit> target(text);
    connect(m_engine, &ResourceEngine::objectFetched, dialog, [target, id](int answered, const QByteArray &yaml, const QString &error) {
        if (answered != id || !target)
            return;
        target->setPlainText(error.isEmpty() ? QString::fromUtf8(yaml) : tr("Could not fetch the object: %1").arg(error));
    });
    dialog->resize(760, 640);
    dialog->show();
    return text;
}

void ResourcesWindow::connectToCurrent()
{
    const int row = currentSourceRow();
    if (row < 0)
        return;
    auto *dialog = new ConnectDialog({m_engine->member(m_model->memberOf(row))}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (const QString &path = AccessController::providerFileOverride(); !path.isEmpty()) {
        // The dialog saves its file as the person's choice; an override (the demo's) is not one.
        const QString key = QStringLiteral("connect/providerFile");
        const QVariant saved = QSettings().value(key);
        dialog->setProviderFile(path);
        const auto restore = [key, saved] {
            QSettings settings;
            if (saved.isValid())
                settings.setValue(key, saved);
            else
                settings.remove(key);
        };
        restore();
        connect(dialog, &QDialog::finished, this, restore);
    }
    dialog->open();
}

void ResourcesWindow::runOnCurrent()
{
    const int row = currentSourceRow();
    if (row < 0)
        return;
    auto *dialog = new RunDialog({m_engine->member(m_model->memberOf(row))}, AccessController::providerFile(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

} // namespace fleetscope
