#include "filterbar.h"

#include "api/propertyaliases.h"
#include "fleet/filter/fleetrowfilter.h"
#include "fleet/filter/filtercompleter.h"
#include "fleet/filter/filtervalueindex.h"
#include "fleet/filter/fleetfilter.h"
#include "fleet/store/fleetstore.h"
#include "healthstyle.h"
#include "screenfit.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QLineEdit>
#include <QStringListModel>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

// Long enough to skip the keystrokes of a word, short enough to feel live.
constexpr int debounceMs = 200;

// More terms, each row its own translatable string (helpHtml() is one).
QString moreTermsHtml()
{
    const QString row = QStringLiteral("<tr><td><tt>%1</tt></td><td>%2</td></tr>");
    return QStringLiteral("<table cellspacing='4'>")
        + row.arg(QStringLiteral("region=eu-west-1"),
                  QObject::tr("a property alias: the first of its properties the cluster has (below)"))
        + row.arg(QStringLiteral("namespace=fleet-system"), QObject::tr("an inventory: the namespace of its profiles"))
        + row.arg(QStringLiteral("findings!=\"\", findings~stale"),
                  QObject::tr("clusters with inventory lint findings, or with one rule (<tt>fleetscope lint</tt>)"))
        + QStringLiteral("</table>");
}

// The alias table in use, so that the help names what `region` means here.
QString aliasesHtml()
{
    const PropertyAliases &aliases = PropertyAliases::active();
    QString html = QStringLiteral("<p>%1</p>").arg(
        QObject::tr("Property aliases (View → Property aliases…), also for grouping and columns:"));
    if (aliases.isEmpty())
        return html + QStringLiteral("<p>%1</p>").arg(QObject::tr("none"));
    html += QStringLiteral("<table cellspacing='4'>");
    for (const PropertyAliases::Alias &a : aliases.aliases())
        html += QStringLiteral("<tr><td><tt>%1</tt></td><td><tt>%2</tt></td></tr>")
                    .arg(a.name.toHtmlEscaped(), a.properties.join(QStringLiteral(", ")).toHtmlEscaped());
    return html + QStringLiteral("</table>");
}

QString helpHtml()
{
    return QObject::tr(
        "<h3>Filtering clusters</h3>"
        "<p>Terms are joined with <tt>,</tt> or <tt>&amp;&amp;</tt> (and), <tt>||</tt> (or) and parentheses.</p>"
        "<table cellspacing='4'>"
        "<tr><td><tt>prod-eu</tt></td><td>name or display name contains the word</td></tr>"
        "<tr><td><tt>clusterset in (prod,staging)</tt></td><td>one of several values (<tt>notin</tt> for none)</td></tr>"
        "<tr><td><tt>manager!=ocm</tt></td><td>not equal</td></tr>"
        "<tr><td><tt>location.topology.k8s.io=cloud/eu-west-1</tt></td><td>any property by name</td></tr>"
        "<tr><td><tt>count.node.k8s.io&gt;=100</tt></td><td>numbers compare as numbers</td></tr>"
        "<tr><td><tt>version&gt;=1.30</tt></td><td>Kubernetes versions compare as versions</td></tr>"
        "<tr><td><tt>ControlPlaneHealthy=False</tt></td><td>a condition's status</td></tr>"
        "<tr><td><tt>Joined!=True</tt></td><td>also matches clusters that do not report it</td></tr>"
        "<tr><td><tt>health=unhealthy</tt></td><td>healthy, unhealthy, unknown</td></tr>"
        "<tr><td><tt>label:env=prod</tt></td><td>a label of the ClusterProfile</td></tr>"
        "<tr><td><tt>type.node.k8s.io~H100</tt></td><td>contains (<tt>~/regex/</tt> for a regular expression)</td></tr>"
        "<tr><td><tt>cluster-endpoints.k8s.io</tt> / <tt>!key</tt></td><td>the property or label exists / is absent</td></tr>"
        "<tr><td><tt>hub=hub-eu, namespace=fleet</tt></td><td>where the profile lives</td></tr>"
        "</table>"
        "<p>Example: <tt>clusterset=prod &amp;&amp; (ControlPlaneHealthy=False || version&lt;1.30)</tt></p>")
        + moreTermsHtml() + aliasesHtml();
}

} // namespace

FilterBar::FilterBar(const FleetStore *store, FleetRowFilter *filter, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_filter(filter)
    , m_edit(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_noMatch(new QLabel(this))
    , m_help(new QToolButton(this))
    , m_debounce(new QTimer(this))
    , m_completeDebounce(new QTimer(this))
    , m_completer(new QCompleter(this))
    , m_completions(new QStringListModel(this))
    , m_values(new FilterValueIndex(store, this))
{
    setObjectName(QStringLiteral("filterBar"));
    m_edit->setObjectName(QStringLiteral("filterEdit"));
    m_edit->setPlaceholderText(tr("Filter clusters: clusterset in (prod,staging), version>=1.30, ControlPlaneHealthy=False …"));
    m_edit->setClearButtonEnabled(true);
    m_error->setObjectName(QStringLiteral("filterError"));
    m_error->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setVisible(false);
    HealthStyle::setErrorText(m_error, true);
    m_noMatch->setObjectName(QStringLiteral("filterNoMatch"));
    m_noMatch->setWordWrap(true);
    m_noMatch->setVisible(false);
    m_help->setText(QStringLiteral("?"));
    m_help->setToolTip(tr("Filter syntax and examples"));
    connect(m_help, &QToolButton::clicked, this, &FilterBar::showHelp);

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_edit, 1);
    row->addWidget(m_help);
    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    column->addLayout(row);
    column->addWidget(m_error);
    column->addWidget(m_noMatch);
    // The proxy's row count settles after a whole delta or refilter: look then.
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(filter->proxy(), signal, this, &FilterBar::updateNoMatch, Qt::QueuedConnection);
    connect(filter->proxy(), &QAbstractItemModel::layoutChanged, this, &FilterBar::updateNoMatch, Qt::QueuedConnection);
    connect(filter->proxy(), &QAbstractItemModel::modelReset, this, &FilterBar::updateNoMatch, Qt::QueuedConnection);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(debounceMs);
    connect(m_debounce, &QTimer::timeout, this, &FilterBar::apply);
    connect(m_edit, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_edit, &QLineEdit::returnPressed, this, &FilterBar::apply);

    m_completer->setModel(m_completions);
    m_completer->setWidget(m_edit);
    m_completer->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    // Completion waits for a pause in typing, like the filter.
    m_completeDebounce->setSingleShot(true);
    m_completeDebounce->setInterval(debounceMs);
    connect(m_completeDebounce, &QTimer::timeout, this, &FilterBar::updateCompletions);
    connect(m_edit, &QLineEdit::textEdited, m_completeDebounce, qOverload<>(&QTimer::start));
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this, &FilterBar::insertCompletion);
    // Escape closes the popup for good: a completion still waiting must not bring it back.
    m_edit->installEventFilter(this);
    m_completer->popup()->installEventFilter(this);
}

bool FilterBar::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape)
        m_completeDebounce->stop();
    return QWidget::eventFilter(watched, event);
}

void FilterBar::updateNoMatch()
{
    const bool byFilter = !m_filter->filter().text().trimmed().isEmpty();
    const bool byScope = !m_filter->scope().isEmpty();
    const bool none = (byFilter || byScope) && m_filter->proxy()->rowCount() == 0 && m_store->profileCount() > 0;
    if (none) {
        const QString all = QLocale().toString(m_store->profileCount());
        m_noMatch->setText(!byScope  ? tr("No cluster matches this filter (of %1).").arg(all)
                           : byFilter ? tr("No cluster of the chosen group or placement matches this filter.")
                                      : tr("None of the %1 clusters is in the chosen group or placement.").arg(all));
    }
    m_noMatch->setVisible(none);
}

QString FilterBar::text() const
{
    return m_edit->text();
}

void FilterBar::setText(const QString &text)
{
    m_edit->setText(text);
    apply();
}

void FilterBar::setTabOrderAround(QWidget *next)
{
    setTabOrder(m_help, m_edit);
    setTabOrder(m_edit, next);
}

void FilterBar::focusFilter()
{
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
}

QString FilterBar::errorText() const
{
    return m_error->isVisible() ? m_error->text() : QString();
}

void FilterBar::apply()
{
    m_debounce->stop();
    FilterError error;
    if (!m_filter->setFilterText(m_edit->text(), &error)) {
        // The caret sits under the offending character; the old filter stays.
        const int offset = std::min<int>(error.offset, int(m_edit->text().size()));
        m_error->setText(m_edit->text() + u'\n' + QString(offset, u' ') + QStringLiteral("^ ") + error.message);
        m_error->setVisible(true);
        return;
    }
    m_error->setVisible(false);
    updateNoMatch();
}

void FilterBar::updateCompletions()
{
    // An empty line (just cleared) offers nothing: every key at once is no help.
    if (m_edit->text().trimmed().isEmpty()) {
        m_completer->popup()->hide();
        return;
    }
    const FilterCompletions found =
        FilterCompleter::completions(*m_store, *m_values, m_edit->text(), m_edit->cursorPosition());
    m_replaceStart = found.replaceStart;
    m_replaceLength = found.replaceLength;
    m_completions->setStringList(found.candidates);
    if (found.candidates.isEmpty()) {
        m_completer->popup()->hide();
        return;
    }
    m_completer->complete();
}

void FilterBar::insertCompletion(const QString &completion)
{
    QString text = m_edit->text();
    text.replace(m_replaceStart, m_replaceLength, completion);
    m_edit->setText(text);
    m_edit->setCursorPosition(m_replaceStart + int(completion.size()));
}

void FilterBar::showHelp()
{
    // A window, not a What's This popup: the help is taller than a 700 px screen,
    // where a popup ran off its bottom; here it scrolls, and stays open beside
    // the filter while the person types.
    if (!m_helpWindow) {
        m_helpWindow = new QDialog(window());
        m_helpWindow->setObjectName(QStringLiteral("filterHelp"));
        m_helpWindow->setWindowTitle(tr("Filter syntax"));
        m_helpWindow->setAttribute(Qt::WA_DeleteOnClose);
        auto *layout = new QVBoxLayout(m_helpWindow);
        auto *text = new QTextBrowser(m_helpWindow);
        text->setObjectName(QStringLiteral("filterHelpText"));
        text->setOpenLinks(false);
        layout->addWidget(text);
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, m_helpWindow);
        connect(buttons, &QDialogButtonBox::rejected, m_helpWindow, &QDialog::reject);
        layout->addWidget(buttons);
        ScreenFit::resize(m_helpWindow, QSize(640, 760));
    }
    // Written at each opening: the alias table may have changed.
    m_helpWindow->findChild<QTextBrowser *>()->setHtml(helpHtml());
    m_helpWindow->show();
    m_helpWindow->raise();
    m_helpWindow->activateWindow();
}

} // namespace fleetscope
