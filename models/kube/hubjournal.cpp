#include "hubjournal.h"

#include "logcategories.h"

#include <QDateTime>
#include <QMetaEnum>
#include <QMutexLocker>

namespace fleetscope {

HubJournal::HubJournal(QString hub, QString server)
    : m_hub(std::move(hub))
    , m_server(std::move(server))
{
}

void HubJournal::record(Kind kind, const QString &text)
{
    switch (kind) {
    case Kind::State:
        qCInfo(lcFleet).noquote() << "hub" << m_hub << text;
        break;
    case Kind::Request:
        qCDebug(lcTransport).noquote() << "hub" << m_hub << text;
        break;
    case Kind::Credentials:
        qCInfo(lcExec).noquote() << "hub" << m_hub << text;
        break;
    case Kind::Error:
    case Kind::Backoff:
    case Kind::Relist:
        qCInfo(lcInformer).noquote() << "hub" << m_hub << text;
        break;
    }
    QMutexLocker lock(&m_mutex);
    if (m_entries.size() == capacity)
        m_entries.pop_front();
    m_entries.push_back({QDateTime::currentMSecsSinceEpoch(), kind, text});
}

void HubJournal::setResources(QList<Resource> resources)
{
    QMutexLocker lock(&m_mutex);
    m_resources = std::move(resources);
}

QList<HubJournal::Entry> HubJournal::entries() const
{
    QMutexLocker lock(&m_mutex);
    return QList<Entry>(m_entries.begin(), m_entries.end());
}

QList<HubJournal::Resource> HubJournal::resources() const
{
    QMutexLocker lock(&m_mutex);
    return m_resources;
}

QString HubJournal::toText() const
{
    const QMetaEnum kinds = QMetaEnum::fromType<Kind>();
    QString text;
    for (const Entry &entry : entries()) {
        text += QDateTime::fromMSecsSinceEpoch(entry.atMs).toString(Qt::ISODateWithMs) + u' '
            + QString::fromLatin1(kinds.valueToKey(int(entry.kind))).toLower() + u' ' + entry.text + u'\n';
    }
    return text;
}

} // namespace fleetscope
