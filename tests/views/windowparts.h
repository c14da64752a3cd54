#pragma once

// The window's parts that tests reach into, found as accessibility tools and
// scripts find them: by object name or by type, under the widget that holds them,
// or through the view that shows them.

#include "mainwindow.h"
#include "clustertableview.h"
#include "fleet/itemmodels/sortfilterproxy.h"

#include <QAction>
#include <QDateTimeEdit>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QTextDocumentFragment>

namespace fleetscope::testing {

// A part a window holds once: its placements view, saved views, pane cycler, findings…
template<typename Part>
Part *part(const QObject *window)
{
    const QList<Part *> parts = window->findChildren<Part *>();
    if (parts.size() != 1)
        qFatal("%lld parts of type %s in the window, not one", qlonglong(parts.size()), Part::staticMetaObject.className());
    return parts.first();
}

// The cluster table's filter and sort proxy: the model the table shows.
inline SortFilterProxy *clusterProxy(const MainWindow &window)
{
    return qobject_cast<SortFilterProxy *>(window.clusterTable()->model());
}

// The status bar's fleet counts, as shown.
inline QString countsText(const QObject *parent)
{
    return parent->findChild<QLabel *>(QStringLiteral("fleetCounts"))->text();
}

// The status bar's hub chips (a chip whose hub was removed is hidden until it goes).
inline QList<QLabel *> hubChips(const QObject *parent)
{
    QList<QLabel *> chips;
    for (QLabel *chip : parent->findChildren<QLabel *>(QStringLiteral("hubChip"))) {
        if (!chip->isHidden())
            chips << chip;
    }
    return chips;
}
inline QStringList chipTexts(const QObject *parent)
{
    QStringList texts;
    for (const QLabel *chip : hubChips(parent))
        texts << chip->text();
    return texts;
}
// The chip of `hub` (its text starts with the hub's name), or null.
inline QLabel *chipOf(const QObject *parent, const QString &hub)
{
    for (QLabel *chip : hubChips(parent)) {
        if (QTextDocumentFragment::fromHtml(chip->text()).toPlainText().section(u' ', 0, 0) == hub)
            return chip;
    }
    return nullptr;
}

// The empty fleet overlay's Reconnect and Hubs buttons.
inline QPushButton *reconnectButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("emptyFleetReconnect"));
}
inline QPushButton *hubsButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("emptyFleetHubs"));
}

// The time travel banner's Back to live button.
inline QPushButton *backButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("timeTravelBack"));
}

// The time bar's slider, date-time field and Now button.
inline QSlider *slider(const QObject *parent)
{
    return parent->findChild<QSlider *>(QStringLiteral("timeSlider"));
}
inline QDateTimeEdit *timeField(const QObject *parent)
{
    return parent->findChild<QDateTimeEdit *>(QStringLiteral("timeField"));
}
inline QPushButton *nowButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("timeNow"));
}

// The changes view's From and To fields and Show button.
inline QDateTimeEdit *fromField(const QObject *parent)
{
    return parent->findChild<QDateTimeEdit *>(QStringLiteral("changesFrom"));
}
inline QDateTimeEdit *toField(const QObject *parent)
{
    return parent->findChild<QDateTimeEdit *>(QStringLiteral("changesTo"));
}
inline QPushButton *showButton(const QObject *parent)
{
    return parent->findChild<QPushButton *>(QStringLiteral("changesShow"));
}

// The run dialog's output.
inline QPlainTextEdit *outputView(const QObject *parent)
{
    return parent->findChild<QPlainTextEdit *>(QStringLiteral("runOutput"));
}

// The window's actions: File > Hubs, and the Time menu's hour steps and Back to now.
inline QAction *hubsAction(const QObject *window)
{
    return window->findChild<QAction *>(QStringLiteral("hubsAction"));
}
inline QAction *earlierAction(const QObject *window)
{
    return window->findChild<QAction *>(QStringLiteral("timeEarlier"));
}
inline QAction *laterAction(const QObject *window)
{
    return window->findChild<QAction *>(QStringLiteral("timeLater"));
}
inline QAction *nowAction(const QObject *window)
{
    return window->findChild<QAction *>(QStringLiteral("timeBackToNow"));
}

} // namespace fleetscope::testing
