#include "apppalette.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace fleetscope {

QPalette AppPalette::dark()
{
    // Close to Breeze Dark: enough contrast for text, links and the health colours.
    QPalette p;
    const QColor window(0x2a, 0x2e, 0x32);
    const QColor base(0x1b, 0x1e, 0x20);
    const QColor text(0xfc, 0xfc, 0xfc);
    const QColor disabledText(0x80, 0x84, 0x88);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::ToolTipBase, QColor(0x31, 0x36, 0x3b));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabledText);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x31, 0x36, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x40, 0x46, 0x4c));
    p.setColor(QPalette::Midlight, QColor(0x36, 0x3b, 0x40));
    p.setColor(QPalette::Mid, QColor(0x24, 0x27, 0x2a));
    p.setColor(QPalette::Dark, QColor(0x18, 0x1a, 0x1c));
    p.setColor(QPalette::Shadow, QColor(0x0e, 0x0f, 0x10));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
    p.setColor(QPalette::HighlightedText, QColor(0x10, 0x12, 0x14));
    p.setColor(QPalette::Link, QColor(0x64, 0xb5, 0xf6));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xdb));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4a, 0x50, 0x56));
    return p;
}

QPalette AppPalette::light()
{
    QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    const QPalette p = fusion ? fusion->standardPalette() : QPalette();
    delete fusion;
    return p;
}

bool AppPalette::apply(const QString &name)
{
    if (name.isEmpty())
        return true;
    if (name != QLatin1String("dark") && name != QLatin1String("light"))
        return false;
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(name == QLatin1String("dark") ? dark() : light());
    return true;
}

} // namespace fleetscope
