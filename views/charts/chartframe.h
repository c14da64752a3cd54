#pragma once

#include <QList>
#include <QObject>
#include <QString>

class QButtonGroup;
class QLabel;
class QToolButton;
class QWidget;

namespace fleetscope {

struct ConditionTransition;

// What both history charts put around their chart: a bold title line, a row of span
// presets and a CSV export button above it and a status line below it, and the texts
// both say: the export's file dialog and result, the recorded-range note.
class ChartFrame final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChartFrame)

public:
    static constexpr qint64 hour = 3600 * 1000LL;
    // The spans the presets offer, shortest first: 1 h, 24 h, 7 d, 30 d.
    static constexpr qint64 presetSpans[] = {hour, 24 * hour, 7 * 24 * hour, 30 * 24 * hour};
    static constexpr qint64 defaultSpan = 24 * hour;

    // Lays out `owner`: the title row with one preset button per presetSpans entry (the one
    // of `span` checked), then `chart` stretched, then the status line.
    ChartFrame(QWidget *owner, QWidget *chart, qint64 span);

    QLabel *title() const { return m_title; }
    // The title in full (on a line of its own: it wraps rather than being cut).
    void setTitle(const QString &text);
    QString titleText() const;
    QLabel *status() const { return m_status; }
    QToolButton *exportButton() const { return m_export; }
    // Checks the preset of `span`; a span no preset has (a screenshot's) leaves none checked.
    void checkSpan(qint64 span);

    // Asks where to save the CSV, suggesting `fileName`; empty when cancelled.
    QString askExportPath(const QString &fileName);
    // Writes `transitions` to `path` as CSV, all or nothing, and says how it went in the status
    // line (the fetch's `error` if there is one).
    void exportCsv(const QString &path, const QList<ConditionTransition> &transitions, const QString &error);
    // Put before the status when the chart opens on a history younger than the preset.
    static QString recordedSince(qint64 from);
    // Put before the status when the shown window starts in simulated history (the demo's past).
    static QString simulatedUntil(qint64 until);
    // "Zoomed to 2 Dec 10:32 – 11:05 (33m)." for a window that is no preset.
    static QString zoomedTo(qint64 from, qint64 to);

signals:
    void presetChosen(qint64 span);

private:
    QWidget *m_owner;
    QLabel *m_title;
    QLabel *m_status;
    QButtonGroup *m_presets;
    QToolButton *m_export = nullptr;
};

} // namespace fleetscope
