#include "detailspane.h"

#include "api/conditionreasons.h"
#include "api/yamljson.h"
#include "fleet/lint/fleetfindings.h"
#include "fleet/store/fleetstore.h"
#include "healthstyle.h"
#include "fleet/itemmodels/fleetfields.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QScrollBar>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace fleetscope {
namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString ageOf(KubeTime time, qint64 now)
{
    if (!time)
        return QStringLiteral("—");
    // kubectl's AGE spelling (5m, 3d) stays; only the sentence around it is translated.
    return QStringLiteral("<span title='%1'>%2</span>")
        .arg(formatKubeTime(time), QCoreApplication::translate("DetailsPane", "%1 ago").arg(humanDuration(now - time)));
}

QString statusCell(ConditionStatus status)
{
    const Health health = HealthStyle::health(status);
    // A symbol as well as a colour: readable without colour vision.
    const QString symbol = health == Health::Healthy ? QStringLiteral("✔") : health == Health::Unhealthy ? QStringLiteral("▲") : QStringLiteral("?");
    return QStringLiteral("<span style='color:%1'>%2</span> %3")
        .arg(HealthStyle::color(health).name(), symbol, esc(conditionStatusName(status)));
}

// Inflate, parse, convert: milliseconds for a big object, so never on the GUI thread.
QString yamlOf(const ProfilePtr &record)
{
    const QByteArray raw = record->json();
    const nlohmann::json object = nlohmann::json::parse(raw.constData(), raw.constData() + raw.size(), nullptr, false);
    if (object.is_discarded())
        return QString();
    return QString::fromUtf8(jsonToYaml(object));
}

const QString yamlLink = QStringLiteral("fleetscope:yaml");

// A property's value: plain text, or, when a producer put JSON in it (an
// endpoint list), that JSON as YAML lines.
QString propertyValueHtml(const QString &value)
{
    const QString trimmed = value.trimmed();
    if (trimmed.startsWith(u'[') || trimmed.startsWith(u'{')) {
        const QByteArray utf8 = trimmed.toUtf8();
        const nlohmann::json parsed = nlohmann::json::parse(utf8.constData(), utf8.constData() + utf8.size(), nullptr, false);
        if (!parsed.is_discarded() && (parsed.is_array() || parsed.is_object()) && !parsed.empty())
            return QStringLiteral("<pre style='margin:0'>%1</pre>").arg(esc(QString::fromUtf8(jsonToYaml(parsed)).trimmed()));
    }
    return QStringLiteral("<b>%1</b>").arg(esc(value));
}

// Secondary text in its own paragraph: an empty state or a status.
QString note(const QString &color, const QString &text)
{
    return QStringLiteral("<p style='color:%1'>%2</p>").arg(color, esc(text));
}

QString section(const QString &title)
{
    return QStringLiteral("<h4 style='margin-top:12px; margin-bottom:4px'>%1</h4>").arg(esc(title));
}

} // namespace

DetailsPane::DetailsPane(const FleetStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_browser(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("detailsPane"));
    m_browser->setObjectName(QStringLiteral("detailsBrowser"));
    m_browser->setOpenLinks(false);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &DetailsPane::onAnchor);
    connect(store, &FleetStore::hubRemoved, this, &DetailsPane::refresh);
    connect(&m_yamlJob, &QFutureWatcher<QString>::finished, this, [this] {
        const ProfilePtr record = std::exchange(m_yamlRecord, {});
        if (m_yamlJob.isCanceled() || record != m_shownRecord)
            return; // made for a cluster or a version no longer shown
        m_yamlRecord = record;
        m_yaml = m_yamlJob.result();
        rerender();
        emit yamlShown();
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    showCluster(-1);
}

QString DetailsPane::plainText() const
{
    return m_browser->toPlainText();
}

void DetailsPane::showCluster(int storeRow)
{
    const bool valid = storeRow >= 0 && storeRow < m_store->profileCount();
    const ProfilePtr previous = std::exchange(m_shownRecord, {});
    if (valid) {
        const FleetProfile &p = m_store->profileAt(storeRow);
        const ObjectKey key{p.profile().metadata.namespaceName, p.profile().metadata.name};
        // The YAML stays open while the same cluster is updated, not for the next one.
        if (!previous || p.hub != m_hub || !(key == m_key))
            m_yamlWanted = false;
        m_shownRecord = p.record;
        m_hub = p.hub;
        m_key = key;
    } else {
        m_yamlWanted = false;
    }
    if (m_yamlWanted) {
        startYaml(); // the previous version's YAML stays until this one is ready: no flicker under churn
    } else {
        m_yaml.clear();
        m_yamlRecord.reset();
    }
    m_browser->setHtml(render(valid ? storeRow : -1, now()));
}

int DetailsPane::shownRow() const
{
    // Rows move when others are removed and vanish with their hub: the shown
    // cluster is found by its key each time, never by a row kept from before.
    return m_shownRecord && m_store->isHubActive(m_hub) ? m_store->rowOf(m_hub, m_key) : -1;
}

void DetailsPane::refresh()
{
    if (!m_shownRecord)
        return;
    const int row = shownRow();
    if (row < 0) {
        const QString cluster = m_key.toString();
        const bool hubGone = !m_store->isHubActive(m_hub);
        m_shownRecord.reset();
        m_yamlWanted = false;
        // Rows showing a recorded moment lack the clusters that did not exist then.
        const QString why = hubGone ? tr("%1 is gone: its hub %2 was removed.").arg(cluster, m_store->hubName(m_hub))
            : m_store->isShowingPast()  ? tr("%1 did not exist at the moment shown.").arg(cluster)
                                        : tr("%1 was deleted from its hub.").arg(cluster);
        m_browser->setHtml(note(HealthStyle::mutedText(palette()).name(), why));
        return;
    }
    if (m_store->profileAt(row).record != m_shownRecord) {
        const int scroll = m_browser->verticalScrollBar()->value();
        showCluster(row);
        m_browser->verticalScrollBar()->setValue(scroll); // an update must not lose the reader's place
    }
}

void DetailsPane::setNow(qint64 msSinceEpoch)
{
    if (m_now == msSinceEpoch)
        return;
    m_now = msSinceEpoch;
    if (m_shownRecord)
        rerender();
}

qint64 DetailsPane::now() const
{
    return m_now ? m_now : QDateTime::currentMSecsSinceEpoch();
}

void DetailsPane::showYaml()
{
    if (!m_shownRecord || !m_shownRecord->hasJson())
        return;
    m_yamlWanted = true;
    startYaml();
    rerender();
}

void DetailsPane::startYaml()
{
    if (m_yamlJob.isRunning())
        m_yamlJob.cancel(); // its result is ignored when it comes
    m_yamlRecord = m_shownRecord;
    m_yamlJob.setFuture(QtConcurrent::run(yamlOf, m_shownRecord));
}

void DetailsPane::onAnchor(const QUrl &url)
{
    if (url.toString() == yamlLink)
        showYaml();
}

void DetailsPane::rerender()
{
    const int row = shownRow();
    if (row < 0) {
        refresh(); // the cluster went before the store's signal reached the pane: say so
        return;
    }
    const int scroll = m_browser->verticalScrollBar()->value();
    m_browser->setHtml(render(row, now()));
    m_browser->verticalScrollBar()->setValue(scroll);
}

QString DetailsPane::yamlSection() const
{
    if (!m_shownRecord || !m_shownRecord->hasJson())
        return QString();
    QString html = section(tr("Object (YAML)"));
    const QString muted = HealthStyle::mutedText(palette()).name();
    if (!m_yamlWanted)
        return html + QStringLiteral("<p><a href='%1'>%2</a></p>").arg(yamlLink, esc(tr("Show as YAML")));
    if (m_yaml.isEmpty() && m_yamlJob.isRunning())
        return html + note(muted, tr("Rendering…"));
    if (m_yaml.isEmpty())
        return html + note(muted, tr("The object could not be read back."));
    return html + QStringLiteral("<pre style='font-size:small'>%1</pre>").arg(esc(m_yaml));
}

void DetailsPane::setFindings(const FleetFindings *findings)
{
    m_findings = findings;
    // The cluster did not change, what is said about it did: render it again.
    connect(findings, &FleetFindings::changed, this, [this] {
        if (m_shownRecord)
            rerender();
    });
}

QString DetailsPane::render(int row, qint64 now) const
{
    const QString muted = HealthStyle::mutedText(palette()).name();
    if (row < 0)
        return note(muted, tr("Select a cluster to see its conditions, properties and access providers."));
    // A copy: what renders it asks the store, and no reference into the store's
    // rows may outlive a call into it.
    const FleetProfile fp = m_store->profileAt(row);
    const ClusterProfile &p = fp.profile();
    QString html;
    const QString title = p.displayName.isEmpty() ? p.metadata.name : p.displayName.toString();
    html += QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3>").arg(esc(title));
    html += QStringLiteral("<div><span style='color:%1'>%2</span> &nbsp; %3/%4/%5</div>")
                .arg(HealthStyle::color(fp.health).name(), esc(HealthStyle::text(fp.health)), esc(m_store->hubName(fp.hub)),
                     esc(p.metadata.namespaceName), esc(p.metadata.name));

    html += QStringLiteral("<table cellspacing='2'>");
    auto row2 = [&html, &muted](const QString &key, const QString &valueHtml) {
        html += QStringLiteral("<tr><td style='color:%1; padding-right:10px'>%2</td><td>%3</td></tr>").arg(muted, esc(key), valueHtml);
    };
    // The summary is the field table's: each field's value, coloured by how it
    // reads, and its cell's tool tip beside it (the tip alone when it already
    // starts with the value, as a health verdict's explanation does).
    const QString hub = m_store->hubName(fp.hub);
    for (const int index : fleetFieldsBy(&FleetField::printRank)) {
        const FleetField &field = fleetField(index);
        if (!field.inDetails)
            continue;
        const QString text = field.text(fp, hub, now);
        if (text.isEmpty() && field.shown != FieldShown::Always)
            continue;
        const QString tip = field.cellToolTip ? field.cellToolTip(fp) : QString();
        const Health tone = field.cellHealth ? field.cellHealth(fp) : Health::NotReported;
        const QString color = tone == Health::NotReported ? QString() : HealthStyle::color(tone).name();
        const bool tipSaysIt = !text.isEmpty() && tip.startsWith(text);
        QString value = tipSaysIt ? tip : text.isEmpty() ? noValueText() : text;
        value = color.isEmpty() ? esc(value) : QStringLiteral("<span style='color:%1'>%2</span>").arg(color, esc(value));
        if (!tip.isEmpty() && !tipSaysIt)
            value += QStringLiteral(" <span style='color:%1'>(%2)</span>").arg(color.isEmpty() ? muted : color, esc(tip));
        row2(translatedFieldText(field.title), value);
    }
    html += QStringLiteral("</table>");

    const QList<int> siblings = m_store->rowsOfMember(fp.memberId);
    if (siblings.size() > 1) {
        html += section(tr("Published %n times", nullptr, int(siblings.size())));
        html += QStringLiteral("<p>") + esc(tr("This member cluster is published by several ClusterProfiles:")) + QStringLiteral("<br>");
        for (int other : siblings) {
            html += esc(m_store->qualifiedName(m_store->profileAt(other)))
                + (other == row ? esc(tr(" (this one)")) : QString()) + QStringLiteral("<br>");
        }
        html += QStringLiteral("</p>");
    }

    if (m_findings) {
        const QList<LintFinding> findings = m_findings->findingsOf(fp);
        if (!findings.isEmpty()) {
            html += section(tr("Findings"));
            for (const LintFinding &f : findings) {
                const Health shape = f.severity == LintFinding::Severity::Error ? Health::Unhealthy : Health::Unknown;
                html += QStringLiteral("<p><span style='color:%1'>%2 %3</span> <tt>%4</tt><br>%5</p>")
                            .arg(HealthStyle::color(shape).name(),
                                 f.severity == LintFinding::Severity::Error ? QStringLiteral("◆") : QStringLiteral("▲"),
                                 esc(f.severity == LintFinding::Severity::Error ? tr("error") : tr("warning")), esc(f.rule),
                                 esc(f.message));
                if (!f.hint.isEmpty()) {
                    html.chop(4); // the hint joins the finding's paragraph
                    html += QStringLiteral("<br><span style='color:%1'>%2 %3</span></p>")
                                .arg(muted, esc(tr("Fix:")), esc(f.hint));
                }
            }
        }
    }

    // One fact per line, in the pane's full width: identifiers (reasons, property
    // names, label keys) wrap between words, not inside them, in a narrow pane.
    html += section(tr("Conditions"));
    if (p.conditions.isEmpty()) {
        html += note(muted, tr("No conditions reported."));
    } else {
        for (const Condition &c : p.conditions) {
            html += QStringLiteral("<p style='margin-bottom:6px'><b>%1</b> &nbsp; %2 &nbsp; <span style='color:%3'>%4</span>")
                        .arg(esc(c.type), statusCell(c.status), muted, ageOf(c.lastTransitionTime, now));
            if (!c.reason.isEmpty())
                html += QStringLiteral("<br><span style='color:%1'>%2</span> %3").arg(muted, esc(tr("Reason")), esc(c.reason));
            // The producer's reason in words, before its own message.
            const QString meaning = conditionReasonText(c.type.view(), c.reason.view());
            if (!meaning.isEmpty())
                html += QStringLiteral("<br><i>%1</i>").arg(esc(tr("%1: %2").arg(conditionReasonProducer(c.reason.view()), meaning)));
            if (!c.message.isEmpty())
                html += QStringLiteral("<br><span style='color:%1'>%2</span>").arg(muted, esc(c.message));
            html += QStringLiteral("</p>");
        }
    }

    html += section(tr("Properties"));
    if (p.properties.isEmpty()) {
        html += note(muted, tr("No properties reported."));
    } else {
        for (const Property &prop : p.properties) {
            const QString age = prop.lastObservedTime ? QStringLiteral(" &nbsp; <span style='color:%1'>%2</span>")
                                                            .arg(muted, ageOf(prop.lastObservedTime, now))
                                                      : QString();
            html += QStringLiteral("<p style='margin-bottom:4px'><span style='color:%1'>%2</span>%3<br>%4</p>")
                        .arg(muted, esc(prop.name), age, propertyValueHtml(p.valueText(prop).toString()));
        }
    }

    html += section(tr("Labels"));
    QStringList labels;
    for (const LabelMap::Entry &label : p.metadata.labels.entries())
        labels << QStringLiteral("<span style='color:%1'>%2</span><br><tt>%3</tt>")
                      .arg(muted, esc(label.first), esc(p.metadata.labels.text(label).toString()));
    html += labels.isEmpty() ? note(muted, QStringLiteral("—"))
                             : QStringLiteral("<p>") + labels.join(QStringLiteral("<br>")) + QStringLiteral("</p>");

    html += section(tr("Access providers"));
    if (p.accessProviders.isEmpty())
        html += note(muted, tr("None: Fleetscope cannot connect to this cluster."));
    for (const AccessProvider &ap : p.accessProviders) {
        const KubeconfigCluster &c = ap.cluster;
        QStringList facts{tr("server %1").arg(c.server.isEmpty() ? tr("missing") : c.server.toString()),
                          c.certificateAuthorityData.isEmpty() ? tr("no CA data (system roots)") : tr("CA data present")};
        if (!c.tlsServerName.isEmpty())
            facts << tr("TLS name %1").arg(c.tlsServerName);
        if (!c.proxyUrl.isEmpty()) {
            // The API allows http, https and socks5 proxies; Connect refuses anything else.
            const QString scheme = QUrl(c.proxyUrl.toString()).scheme();
            facts << (scheme == u"http" || scheme == u"https" || scheme == u"socks5"
                          ? tr("proxy %1").arg(c.proxyUrl)
                          : tr("▲ proxy %1 (not http, https or socks5: Connect refuses it)").arg(c.proxyUrl));
        }
        if (c.disableCompression)
            facts << tr("compression off");
        if (c.insecureSkipTlsVerify)
            facts << tr("▲ TLS verification disabled");
        QStringList extensions;
        for (const NamedExtension &e : c.extensions)
            extensions << e.name;
        if (!extensions.isEmpty())
            facts << tr("extensions: %1").arg(extensions.join(QStringLiteral(", ")));
        if (ap.fromCredentialProviders)
            facts << tr("from the deprecated credentialProviders");
        html += QStringLiteral("<p><b>%1</b><br>%2</p>").arg(esc(ap.name), esc(facts.join(QStringLiteral(" · "))));
    }

    html += section(tr("Placements"));
    QStringList chosenBy;
    for (const PlacementPtr &placement : m_store->placements(fp.hub)) {
        for (const ClusterDecision &d : placement->decisions) {
            if (d.clusterProfileName == p.metadata.name && placement->profileNamespace(d) == p.metadata.namespaceName) {
                const QString key = placement->placementKey().isEmpty() ? placement->metadata.name : placement->placementKey();
                chosenBy << esc(key) + (d.reason.isEmpty() ? QString() : QStringLiteral(" <span style='color:%1'>(").arg(muted) + esc(d.reason) + QStringLiteral(")</span>"));
            }
        }
    }
    chosenBy.removeDuplicates();
    html += chosenBy.isEmpty() ? note(muted, tr("Not chosen by any PlacementDecision."))
                               : QStringLiteral("<p>") + chosenBy.join(QStringLiteral("<br>")) + QStringLiteral("</p>");

    html += yamlSection();
    return html;
}

} // namespace fleetscope
