#pragma once

#include "fleet/fleetstore.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

#include <vector>

namespace fleetscope {

// Text renderings of the fleet for `fleetscope list` (and exports): the same rows
// and facts the GUI shows. Rendering profiles (not rows) reads nothing but them
// and the hub names taken at construction, so an export renders on a worker
// thread while the store goes on changing.
class FleetPrinter final
{
public:
    enum class Format : quint8 { Table, Wide, Name, Json, Yaml, Csv };

    // "table", "wide", "name", "json", "yaml", "csv"; false for anything else.
    static bool parseFormat(const QString &text, Format *format);
    // Every format's name, in the order --help lists them.
    static QStringList formatNames();

    explicit FleetPrinter(const FleetStore &store, Format format, qint64 nowMs);

    // Rows sorted by hub, namespace, name: stable output for people and diffs.
    QList<int> sortedRows() const;
    QByteArray render(const QList<int> &rows) const;
    QByteArray render(const std::vector<FleetProfile> &profiles) const;
    // One line per change for --watch (no header; json/yaml print one compact
    // object per line). `deleted` adds the kubectl-like marker.
    // Table rows are padded to the widths of the last render(), so that a
    // watch's lines stay under their headers.
    QByteArray renderChange(const FleetProfile &profile, bool deleted) const;
    void setNow(qint64 nowMs) { m_nowMs = nowMs; }
    // Lines of cells in kubectl's table layout: each column as wide as its widest
    // cell plus three spaces, the last one unpadded. The widths used, if asked.
    static QByteArray alignedTable(const QList<QStringList> &table, QList<qsizetype> *widths = nullptr);

private:
    QString hubName(int hub) const { return m_hubNames.value(hub); }
    QString qualifiedName(const FleetProfile &profile) const;
    QStringList headers() const;
    QStringList cells(const FleetProfile &profile) const;
    // {"hub", "object"}: the object as the hub sent it, null when not kept.
    nlohmann::json item(const FleetProfile &profile) const;

    const FleetStore *m_store;
    QStringList m_hubNames;
    Format m_format;
    qint64 m_nowMs;
    mutable QList<qsizetype> m_widths;
};

} // namespace fleetscope
