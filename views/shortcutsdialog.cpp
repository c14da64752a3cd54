#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QRegularExpression>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace fleetscope {
namespace {

// As the keys are pressed: Qt calls Shift+Tab "Backtab" internally, and Ctrl+Backtab
// is how some keyboards deliver Ctrl+Shift+Tab, which is what a person presses.
QString keyText(const QKeySequence &key)
{
    QKeySequence pressed = key;
    if (key.count() == 1 && key[0].key() == Qt::Key_Backtab)
        pressed = QKeySequence(QKeyCombination(key[0].keyboardModifiers() | Qt::ShiftModifier, Qt::Key_Tab));
    return pressed.toString(QKeySequence::NativeText);
}

// "&Filter clusters…" → "Filter clusters"; Japanese "表示(&V)" → "表示".
QString plainText(QString text)
{
    const qsizetype bracketed = text.indexOf(QLatin1String("(&"));
    if (bracketed >= 0 && text.indexOf(u')', bracketed) == bracketed + 3)
        text.remove(bracketed, 4);
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text.replace(QLatin1String("&&"), QLatin1String("&"));
    if (text.endsWith(u'…'))
        text.chop(1);
    return text.trimmed();
}

void collect(QWidget *widget, const QString &where, QSet<QAction *> *seen, QList<QPair<QString, QAction *>> *found)
{
    for (QAction *action : widget->actions()) {
        if (seen->contains(action))
            continue;
        seen->insert(action);
        if (QMenu *menu = action->menu()) {
            collect(menu, plainText(action->text()), seen, found);
            continue;
        }
        if (!action->isSeparator() && !action->shortcut().isEmpty())
            found->append({where, action});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(QWidget *window, QWidget *parent)
    : QDialog(parent)
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("Shortcut"), tr("Action"), tr("Where")});
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setSelectionMode(QAbstractItemView::NoSelection);

    QSet<QAction *> seen;
    QList<QPair<QString, QAction *>> found;
    // Menus first (they name where an action lives), then the context actions of
    // every widget of the window (table rows, tree groups).
    collect(window, tr("Window"), &seen, &found);
    for (QWidget *child : window->findChildren<QWidget *>()) {
        if (!qobject_cast<QMenu *>(child))
            collect(child, !child->accessibleName().isEmpty() ? child->accessibleName() : tr("Window"), &seen, &found);
    }
    for (const auto &[where, action] : std::as_const(found)) {
        QStringList listed; // one line per key as pressed, however many ways Qt has to deliver it
        for (const QKeySequence &key : action->shortcuts()) {
            if (listed.contains(keyText(key)))
                continue;
            listed << keyText(key);
            auto *item = new QTreeWidgetItem(m_list);
            item->setText(0, keyText(key));
            item->setText(1, plainText(action->text()));
            item->setText(2, where);
        }
    }
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_list);
    layout->addWidget(buttons);
    resize(560, 420);
}

QStringList ShortcutsDialog::entries() const
{
    QStringList lines;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        lines << m_list->topLevelItem(i)->text(0) + u'\t' + m_list->topLevelItem(i)->text(1);
    return lines;
}

} // namespace fleetscope
