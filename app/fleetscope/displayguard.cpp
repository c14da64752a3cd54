#include "displayguard.h"

#include <QList>
#include <QString>

#include <cstdio>
#include <cstdlib>

namespace fleetscope {
namespace {

struct HeldMessage
{
    QtMsgType type;
    QString category;
    QString text;
};

QtMessageHandler previousHandler = nullptr;
QList<HeldMessage> *heldMessages = nullptr;

void guardHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const QString category = QString::fromLatin1(context.category ? context.category : "");
    if (type == QtFatalMsg) {
        // The platform plugin's own warning says why ("could not connect to
        // display :1"); Qt's fatal line only says that it gave up.
        QString reason;
        for (const HeldMessage &held : std::as_const(*heldMessages)) {
            if (held.category.startsWith(QLatin1String("qt.qpa")) && reason.isEmpty())
                reason = held.text;
        }
        if (reason.isEmpty())
            reason = message.section(u'\n', 0, 0);
        std::_Exit(DisplayGuard::fail(reason.trimmed()));
    }
    heldMessages->append({type, category, message});
}

} // namespace

DisplayGuard::DisplayGuard()
{
    heldMessages = new QList<HeldMessage>;
    previousHandler = qInstallMessageHandler(guardHandler);
}

DisplayGuard::~DisplayGuard()
{
    release();
}

void DisplayGuard::release()
{
    if (!heldMessages)
        return;
    qInstallMessageHandler(previousHandler);
    const QList<HeldMessage> held = std::move(*heldMessages);
    delete heldMessages;
    heldMessages = nullptr;
    // Warnings of a start that worked in the end (a fallback plugin) still matter.
    for (const HeldMessage &message : held) {
        const QByteArray category = message.category.toLatin1();
        const QMessageLogContext context(nullptr, 0, nullptr, category.constData());
        qt_message_output(message.type, context, message.text);
    }
}

QString DisplayGuard::missingDisplay()
{
    // An explicit platform (offscreen, vnc, eglfs, …) needs no display; a
    // windowing one does. Unset means xcb or wayland on Linux.
    const QString platform = qEnvironmentVariable("QT_QPA_PLATFORM");
    const bool windowing = platform.isEmpty() || platform.startsWith(QLatin1String("xcb"))
        || platform.startsWith(QLatin1String("wayland"));
    if (!windowing)
        return {};
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return QStringLiteral("no display (DISPLAY / WAYLAND_DISPLAY unset)");
    return {};
}

int DisplayGuard::fail(const QString &reason)
{
    std::fprintf(stderr, "error: cannot open a window: %s; use \"fleetscope list\" on a terminal\n",
                 reason.toLocal8Bit().constData());
    std::fflush(stderr);
    return 1;
}

} // namespace fleetscope
