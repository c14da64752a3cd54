#include "healthstyle.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QWidget>

#include <array>

namespace fleetscope {
namespace {

enum class Shape { Check, Cross, Question, Ring };

// Okabe–Ito inspired hues: distinguishable with the common colour-vision deficiencies.
const QColor healthyColor(0x1b, 0x9e, 0x4b);
const QColor unhealthyColor(0xd5, 0x4e, 0x00);
const QColor unknownColor(0x8a, 0x8f, 0x98);
// Lighter than unknown: not reporting is no warning, only an absence.
const QColor notReportedColor(0xb4, 0xb8, 0xbf);

QIcon draw(Shape shape, const QColor &color)
{
    QIcon icon;
    for (int size : {16, 24, 32, 48}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        const qreal s = size;
        const QRectF box(s * 0.08, s * 0.08, s * 0.84, s * 0.84);
        QPen mark(Qt::white, s * 0.13, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        switch (shape) {
        case Shape::Check:
            p.drawEllipse(box);
            p.setPen(mark);
            p.drawPolyline(QPolygonF{{s * 0.28, s * 0.52}, {s * 0.44, s * 0.68}, {s * 0.72, s * 0.34}});
            break;
        case Shape::Cross: {
            // A triangle: "warning" reads as such without colour.
            QPainterPath triangle;
            triangle.moveTo(s * 0.5, s * 0.06);
            triangle.lineTo(s * 0.95, s * 0.9);
            triangle.lineTo(s * 0.05, s * 0.9);
            triangle.closeSubpath();
            p.drawPath(triangle);
            p.setPen(mark);
            p.drawLine(QPointF(s * 0.5, s * 0.34), QPointF(s * 0.5, s * 0.6));
            p.drawPoint(QPointF(s * 0.5, s * 0.76));
            break;
        }
        case Shape::Question: {
            QPolygonF diamond{{s * 0.5, s * 0.04}, {s * 0.96, s * 0.5}, {s * 0.5, s * 0.96}, {s * 0.04, s * 0.5}};
            p.drawPolygon(diamond);
            QFont font = p.font();
            font.setPixelSize(int(s * 0.6));
            font.setBold(true);
            p.setFont(font);
            p.setPen(Qt::white);
            p.drawText(QRectF(0, 0, s, s), Qt::AlignCenter, QStringLiteral("?"));
            break;
        }
        case Shape::Ring:
            p.setPen(QPen(color, s * 0.12));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(box.adjusted(s * 0.06, s * 0.06, -s * 0.06, -s * 0.06));
            break;
        }
        p.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace

QIcon HealthStyle::icon(Health health)
{
    static const std::array<QIcon, 4> icons{draw(Shape::Check, healthyColor), draw(Shape::Cross, unhealthyColor),
                                            draw(Shape::Question, unknownColor), draw(Shape::Ring, notReportedColor)};
    return icons[size_t(health)];
}

Health HealthStyle::health(ConditionStatus status)
{
    switch (status) {
    case ConditionStatus::True:
        return Health::Healthy;
    case ConditionStatus::False:
        return Health::Unhealthy;
    case ConditionStatus::Unknown:
        return Health::Unknown;
    case ConditionStatus::Absent:
        break;
    }
    return Health::NotReported;
}

QColor HealthStyle::color(Health health)
{
    switch (health) {
    case Health::Healthy:
        return healthyColor;
    case Health::Unhealthy:
        return unhealthyColor;
    case Health::NotReported:
        return notReportedColor;
    default:
        return unknownColor;
    }
}

QString HealthStyle::text(Health health)
{
    switch (health) {
    case Health::Healthy:
        return QCoreApplication::translate("HealthStyle", "Healthy");
    case Health::Unhealthy:
        return QCoreApplication::translate("HealthStyle", "Unhealthy");
    case Health::Unknown:
        return QCoreApplication::translate("HealthStyle", "Unknown");
    case Health::NotReported:
        return QCoreApplication::translate("HealthStyle", "Not reported");
    }
    return QString();
}

QColor HealthStyle::errorText()
{
    return unhealthyColor;
}

QColor HealthStyle::mutedText(const QPalette &palette)
{
    return palette.color(QPalette::PlaceholderText);
}

void HealthStyle::setErrorText(QWidget *label, bool error)
{
    // Only the colour set here overrides; every other role is the parent's.
    QPalette palette;
    if (error)
        palette.setColor(QPalette::WindowText, errorText());
    label->setPalette(palette);
}

} // namespace fleetscope
