#pragma once

#include <QBrush>
#include <QList>
#include <QPen>
#include <QRect>
#include <QWidget>

class TstHistoryCharts;

namespace fleetscope {

// A chart's legend as a line of swatches and names under the chart, wrapping onto
// more lines in a narrow pane (a legend beside the chart would take half of it).
class SwatchLegend final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SwatchLegend)

public:
    struct Entry
    {
        QString text;
        QBrush fill;
        QPen outline = Qt::NoPen;
    };

    explicit SwatchLegend(QWidget *parent = nullptr);

    void setEntries(const QList<Entry> &entries);
    const QList<Entry> &entries() const { return m_entries; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    friend class ::TstHistoryCharts;
    // Where each entry is drawn at the current width (swatch and name).
    QList<QRect> entryRects() const { return layoutFor(width()); }

    QList<QRect> layoutFor(int width) const;
    int swatchSize() const;

    QList<Entry> m_entries;
};

} // namespace fleetscope
