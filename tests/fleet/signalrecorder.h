#pragma once

// Records every structural and data signal of a model as one line with its
// arguments, in emission order (as KDE's kitemmodels tests do), so that tests
// assert the order of signals and not only their counts.

#include <QAbstractItemModel>
#include <QObject>
#include <QStringList>

namespace fleetscope {

class SignalRecorder final : public QObject
{
public:
    explicit SignalRecorder(QAbstractItemModel *model)
    {
        using M = QAbstractItemModel;
        const auto range = [](const QString &name, int first, int last) {
            return QStringLiteral("%1(%2,%3)").arg(name).arg(first).arg(last);
        };
        connect(model, &M::dataChanged, this, [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
            lines << QStringLiteral("dataChanged(%1,%2 %3,%4)")
                         .arg(topLeft.row())
                         .arg(topLeft.column())
                         .arg(bottomRight.row())
                         .arg(bottomRight.column());
        });
        connect(model, &M::rowsAboutToBeInserted, this,
                [=](const QModelIndex &, int f, int l) { lines << range(QStringLiteral("rowsAboutToBeInserted"), f, l); });
        connect(model, &M::rowsInserted, this,
                [=](const QModelIndex &, int f, int l) { lines << range(QStringLiteral("rowsInserted"), f, l); });
        connect(model, &M::rowsAboutToBeRemoved, this,
                [=](const QModelIndex &, int f, int l) { lines << range(QStringLiteral("rowsAboutToBeRemoved"), f, l); });
        connect(model, &M::rowsRemoved, this,
                [=](const QModelIndex &, int f, int l) { lines << range(QStringLiteral("rowsRemoved"), f, l); });
        connect(model, &M::rowsAboutToBeMoved, this, [this](const QModelIndex &, int f, int l, const QModelIndex &, int to) {
            lines << QStringLiteral("rowsAboutToBeMoved(%1,%2 to %3)").arg(f).arg(l).arg(to);
        });
        connect(model, &M::rowsMoved, this, [this](const QModelIndex &, int f, int l, const QModelIndex &, int to) {
            lines << QStringLiteral("rowsMoved(%1,%2 to %3)").arg(f).arg(l).arg(to);
        });
        connect(model, &M::layoutAboutToBeChanged, this, [this] { lines << QStringLiteral("layoutAboutToBeChanged"); });
        connect(model, &M::layoutChanged, this, [this] { lines << QStringLiteral("layoutChanged"); });
        connect(model, &M::modelAboutToBeReset, this, [this] { lines << QStringLiteral("modelAboutToBeReset"); });
        connect(model, &M::modelReset, this, [this] { lines << QStringLiteral("modelReset"); });
    }

    QStringList takeLines()
    {
        QStringList taken;
        taken.swap(lines);
        return taken;
    }

    QStringList lines;
};

} // namespace fleetscope
