#pragma once

#include "fleet/store/fleetstore.h"
#include "tableprinter.h"

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

    // The fleet's columns, declared once: -o table shows those of priority 0,
    // -o wide and -o csv all of them. Their ids are the filter language's keys
    // (hub, namespace, name, clusterset, …), for -o custom-columns.
    static const QList<PrintColumn> &columns();

    explicit FleetPrinter(const FleetStore &store, Format format, qint64 nowMs);
    // The table as -o custom-columns and --no-headers ask for it (columns() declared).
    void setTable(const TablePrinter &table);

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

private:
    QString hubName(int hub) const { return m_hubNames.value(hub); }
    QString qualifiedName(const FleetProfile &profile) const;
    QString cell(const FleetProfile &profile, int column) const;
    // {"hub", "object"}: the object as the hub sent it, null when not kept.
    nlohmann::json item(const FleetProfile &profile) const;

    const FleetStore *m_store;
    QStringList m_hubNames;
    Format m_format;
    qint64 m_nowMs;
    TablePrinter m_table;
};

} // namespace fleetscope
