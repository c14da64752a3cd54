#pragma once

#include "resourcedelta.h"
#include "tabledecoder.h"

#include "kube/informersink.h"

#include <QHash>
#include <QSet>

#include <functional>
#include <memory>

namespace fleetscope {

// One member's objects of the kind being watched, as its informers report them,
// turned into deltas: keyed by namespace/name, a real change told from a replay by
// resourceVersion, and a relist (after 410) diffed, so that unchanged objects cost
// nothing and vanished ones become removals. Several informers (one per chosen
// namespace) may share it. Lives on the member's thread; `changed` runs after each
// batch so that the owner can arm its flush timer.
class MemberRowCache final : public InformerSink
{
public:
    explicit MemberRowCache(bool keepJson, std::function<void()> changed = [] {});

    void listStarted(const ResourceSpec &spec) override;
    void objects(const ResourceSpec &spec, ObjectChange change, ResponseObjects &objects) override;
    void listFinished(const ResourceSpec &spec) override;
    void columns(const ResourceSpec &spec, ResponseObjects &definitions) override;

    int count() const { return int(m_rows.size()); }
    bool hasPendingChanges() const;
    // Everything that changed since the last call, coalesced per key.
    ResourceDelta takeDelta();
    // The rows as they are now (a member's snapshot, for -o json after the list).
    QList<std::shared_ptr<const ResourceRow>> rows() const { return m_rows.values(); }

    // Decode errors are reported, at most this many per delta; the rest are counted.
    static constexpr int maxReportedErrors = 5;

private:
    void upsert(std::shared_ptr<const ResourceRow> row, const ResourceSpec &spec, bool listed);
    void remove(const QString &key);
    void setColumns(const QList<TableColumn> &columns);
    void decodeFailed(const QString &where);

    QHash<QString, std::shared_ptr<const ResourceRow>> m_rows;
    // Per list in progress (by the namespace it lists, "" for all): the keys it delivered.
    QHash<QString, QSet<QString>> m_listing;
    QHash<QString, std::shared_ptr<const ResourceRow>> m_pending; // null: removed
    QList<TableColumn> m_columns;
    bool m_columnsChanged = false;
    bool m_tableSeen = false;
    QStringList m_errors;
    int m_errorCount = 0;
    TableDecoder m_decoder;
    bool m_keepJson;
    std::function<void()> m_changed;
};

} // namespace fleetscope
