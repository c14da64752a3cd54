#include "memberstrip.h"


#include "resources/memberstate.h"
#include "fleet/itemmodels/sortfilterproxy.h"
#include "resources/memberstatemodel.h"

#include <QPainter>
#include <QStyledItemDelegate>

namespace fleetscope {
namespace {

QColor phaseColor(MemberState::Phase phase, const QPalette &palette)
{
    switch (phase) {
    case MemberState::Phase::Live:
    case MemberState::Phase::Listed:
        return QColor(0x2e, 0x9d, 0x4f);
    case MemberState::Phase::Forbidden:
    case MemberState::Phase::NotServed:
        return QColor(0xd9, 0x8c, 0x1f);
    case MemberState::Phase::Unreachable:
    case MemberState::Phase::CredentialError:
    case MemberState::Phase::Failed:
        return QColor(0xc8, 0x3a, 0x3a);
    default:
        return palette.color(QPalette::PlaceholderText);
    }
}

// A rounded chip with a dot in the state's colour, then the text.
class ChipDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        const QRect chip = option.rect.adjusted(2, 2, -2, -2);
        const QColor color = phaseColor(MemberState::Phase(index.data(MemberStateModel::PhaseRole).toInt()), option.palette);
        QColor fill = color;
        fill.setAlpha(option.state & QStyle::State_Selected ? 70 : 28);
        painter->setPen(QPen(color, 1));
        painter->setBrush(fill);
        painter->drawRoundedRect(chip, 6, 6);
        const int dot = chip.height() / 3;
        painter->setBrush(color);
        painter->setPen(Qt::NoPen);
        painter->drawEllipse(QRect(chip.left() + 6, chip.center().y() - dot / 2, dot, dot));
        painter->setPen(option.palette.color(QPalette::Text));
        const QRect text = chip.adjusted(12 + dot, 0, -6, 0);
        painter->drawText(text, Qt::AlignVCenter | Qt::AlignLeft,
                          option.fontMetrics.elidedText(index.data().toString(), Qt::ElideMiddle, text.width()));
        painter->restore();
    }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const int width = option.fontMetrics.horizontalAdvance(index.data().toString()) + 40;
        return QSize(qMin(width, 520), option.fontMetrics.height() + 12);
    }
};

} // namespace

MemberStrip::MemberStrip(MemberStateModel *model, QWidget *parent)
    : QListView(parent)
{
    setObjectName(QStringLiteral("memberStrip"));
    auto *sorted = new SortFilterProxy(model, this);
    sorted->setSortRole(MemberStateModel::SeverityRole);
    sorted->sort(0);
    setModel(sorted);
    setItemDelegate(new ChipDelegate(this));
    setFlow(QListView::LeftToRight);
    setWrapping(true);
    setResizeMode(QListView::Adjust);
    setSpacing(2);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setFrameShape(QFrame::NoFrame);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

QSize MemberStrip::sizeHint() const
{
    // Room for about three lines of chips; more scroll.
    return QSize(QListView::sizeHint().width(), 3 * (fontMetrics().height() + 16) + 4);
}

} // namespace fleetscope
