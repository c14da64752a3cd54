#pragma once

#include <QList>
#include <QMutex>
#include <QObject>
#include <QString>

#include <deque>
#include <memory>

namespace fleetscope {

// A hub's recent history, for people: what "Hub details" shows and `-v` prints.
// The hub's thread writes (state changes, requests, errors, backoffs, relists),
// the GUI thread reads a copy on demand; a mutex guards the few hundred entries.
// record() also logs each entry to its category (logcategories.h), so the
// command line's -v and the window tell the same story. Never holds a secret:
// callers pass what they would show a person (no headers, tokens, plugin output).
class HubJournal final
{
    Q_GADGET

public:
    enum class Kind : quint8 { State, Request, Error, Backoff, Relist, Credentials };
    Q_ENUM(Kind)

    struct Entry
    {
        qint64 atMs = 0; // ms since the epoch
        Kind kind = Kind::State;
        QString text;
    };

    // Per resource, refreshed by the hub's thread whenever its state changes.
    struct Resource
    {
        QString name;            // "clusterprofiles (multicluster.x-k8s.io/v1alpha2)"
        QString phase;           // Listing, Watching, Backoff, …
        qint64 objects = 0;
        QString resourceVersion;
        qint64 watchSinceMs = 0; // ms since the epoch the current watch opened, 0 when none
        int relists = 0;
        QString lastError;
    };

    // `server`: the server URL as the kubeconfig names it (no credentials in it).
    explicit HubJournal(QString hub, QString server = {});

    const QString &server() const { return m_server; }
    void record(Kind kind, const QString &text);
    void setResources(QList<Resource> resources);

    QList<Entry> entries() const; // oldest first
    QList<Resource> resources() const;

    // Everything as plain text, for "Copy": one line per entry, its kind in lower case.
    QString toText() const;

private:
    static constexpr size_t capacity = 200;

    const QString m_hub;
    const QString m_server;
    mutable QMutex m_mutex;
    std::deque<Entry> m_entries;
    QList<Resource> m_resources;
};

using HubJournalPtr = std::shared_ptr<HubJournal>;

} // namespace fleetscope
