#pragma once

#include <QLabel>

namespace fleetscope {

// A hub's chip in the status bar: its name in bold, then its state. Where the bar
// is too narrow for every chip whole, the state gives up whole words from its end
// ("Reconnecting in 5 s: connection…"), never the name and never half a word;
// the tool tip keeps all of it. Its size hint is the whole text, so the layout
// gives it back its room when there is some.
class HubChipLabel final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HubChipLabel)

public:
    explicit HubChipLabel(QWidget *parent = nullptr);

    void setChip(const QString &hub, const QString &summary);
    // The state as shown now, without the name: all of it, or whole words and "…".
    QString shownSummary() const { return m_shown; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // The words of `summary` that fit `width` pixels of `metrics`, with "…" when cut.
    static QString elideWords(const QString &summary, const QFontMetrics &metrics, int width);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    int nameWidth() const;
    void render();

    QString m_hub;
    QString m_summary;
    QString m_shown;
};

} // namespace fleetscope
