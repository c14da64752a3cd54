<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>AppLanguage</name>
    <message>
        <source>%1: unknown language &quot;%2&quot;; using the system language</source>
        <translation>%1: unbekannte Sprache „%2“; die Systemsprache wird verwendet</translation>
    </message>
</context>
<context>
    <name>ClusterFacts</name>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
</context>
<context>
    <name>ConditionReasons</name>
    <message>
        <source>The member agent stopped sending heartbeats to the hub: the cluster&apos;s health is not known.</source>
        <translation>Der Member-Agent sendet keine Heartbeats mehr an den Hub: der Zustand des Clusters ist nicht bekannt.</translation>
    </message>
    <message>
        <source>The member agent reports that the cluster&apos;s API server is unhealthy.</source>
        <translation>Der Member-Agent meldet, dass der API-Server des Clusters fehlerhaft ist.</translation>
    </message>
    <message>
        <source>The member agent has not reported any status yet.</source>
        <translation>Der Member-Agent hat noch keinen Status gemeldet.</translation>
    </message>
    <message>
        <source>The member agent reports, but without the API server&apos;s health.</source>
        <translation>Der Member-Agent meldet sich, aber ohne den Zustand des API-Servers.</translation>
    </message>
    <message>
        <source>The member agent reports that the cluster&apos;s API server is healthy.</source>
        <translation>Der Member-Agent meldet, dass der API-Server des Clusters gesund ist.</translation>
    </message>
    <message>
        <source>The klusterlet agent reports that the cluster&apos;s API server is available.</source>
        <translation>Der Klusterlet-Agent meldet, dass der API-Server des Clusters erreichbar ist.</translation>
    </message>
    <message>
        <source>The klusterlet agent reports that the cluster&apos;s API server is unavailable.</source>
        <translation>Der Klusterlet-Agent meldet, dass der API-Server des Clusters nicht erreichbar ist.</translation>
    </message>
    <message>
        <source>The klusterlet agent stopped renewing its lease on the hub: the cluster&apos;s state is not known.</source>
        <translation>Der Klusterlet-Agent erneuert seinen Lease auf dem Hub nicht mehr: der Zustand des Clusters ist nicht bekannt.</translation>
    </message>
    <message>
        <source>The cluster&apos;s klusterlet agent has joined the hub.</source>
        <translation>Der Klusterlet-Agent des Clusters ist dem Hub beigetreten.</translation>
    </message>
</context>
<context>
    <name>DetailsPane</name>
    <message>
        <source>%1 ago</source>
        <translation>vor %1</translation>
    </message>
</context>
<context>
    <name>FilterParser</name>
    <message>
        <source>a regex</source>
        <translation>ein regulärer Ausdruck</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>das Ende</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 an Position %2</translation>
    </message>
    <message>
        <source>unterminated quote</source>
        <translation>Anführungszeichen nicht geschlossen</translation>
    </message>
    <message>
        <source>unterminated regex</source>
        <translation>regulärer Ausdruck nicht abgeschlossen</translation>
    </message>
    <message>
        <source>expected &apos;&amp;&amp;&apos;</source>
        <translation>„&amp;&amp;“ erwartet</translation>
    </message>
    <message>
        <source>expected &apos;||&apos;</source>
        <translation>„||“ erwartet</translation>
    </message>
    <message>
        <source>unexpected &apos;)&apos;</source>
        <translation>unerwartetes „)“</translation>
    </message>
    <message>
        <source>expected a key before %1</source>
        <translation>Schlüssel vor %1 erwartet</translation>
    </message>
    <message>
        <source>unexpected %1</source>
        <translation>unerwartet: %1</translation>
    </message>
    <message>
        <source>expected a term after &apos;||&apos;</source>
        <translation>Ausdruck nach „||“ erwartet</translation>
    </message>
    <message>
        <source>expected a term after %1</source>
        <translation>Ausdruck nach %1 erwartet</translation>
    </message>
    <message>
        <source>expected a term after &apos;!&apos;</source>
        <translation>Ausdruck nach „!“ erwartet</translation>
    </message>
    <message>
        <source>expected a term after &apos;(&apos;</source>
        <translation>Ausdruck nach „(“ erwartet</translation>
    </message>
    <message>
        <source>expected &apos;)&apos;</source>
        <translation>„)“ erwartet</translation>
    </message>
    <message>
        <source>expected a term</source>
        <translation>Ausdruck erwartet</translation>
    </message>
    <message>
        <source>a label key</source>
        <translation>ein Label-Schlüssel</translation>
    </message>
    <message>
        <source>a property name</source>
        <translation>ein Property-Name</translation>
    </message>
    <message>
        <source>a condition type</source>
        <translation>ein Condition-Typ</translation>
    </message>
    <message>
        <source>expected %1 after &apos;%2&apos;</source>
        <translation>%1 nach „%2“ erwartet</translation>
    </message>
    <message>
        <source>expected a value after %1</source>
        <translation>Wert nach %1 erwartet</translation>
    </message>
    <message>
        <source>expected &apos;(&apos; after &apos;%1&apos;</source>
        <translation>„(“ nach „%1“ erwartet</translation>
    </message>
    <message>
        <source>expected a value in the list</source>
        <translation>Wert in der Liste erwartet</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;)&apos;</source>
        <translation>„,“ oder „)“ erwartet</translation>
    </message>
    <message>
        <source>%1 does not apply to &apos;%2&apos;</source>
        <translation>%1 ist auf „%2“ nicht anwendbar</translation>
    </message>
    <message>
        <source>expected True, False, Unknown or Absent</source>
        <translation>True, False, Unknown oder Absent erwartet</translation>
    </message>
    <message>
        <source>invalid regex: %1</source>
        <translation>ungültiger regulärer Ausdruck: %1</translation>
    </message>
    <message>
        <source>expected a version after %1</source>
        <translation>Version nach %1 erwartet</translation>
    </message>
    <message>
        <source>expected a number or a version after %1</source>
        <translation>Zahl oder Version nach %1 erwartet</translation>
    </message>
    <message>
        <source>expected healthy, unhealthy, unknown or not-reported</source>
        <translation>erwartet healthy, unhealthy, unknown oder not-reported</translation>
    </message>
</context>
<context>
    <name>FlapColumn</name>
    <message>
        <source>Flaps</source>
        <translation>Wechsel</translation>
    </message>
    <message>
        <source>Status changes in the last %1 h; %2 or more is flapping</source>
        <translation>Statuswechsel in den letzten %1 h; ab %2 gilt ein Cluster als instabil</translation>
    </message>
</context>
<context>
    <name>FleetFindings</name>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Inventory lint: the rules this cluster&apos;s ClusterProfile trips (fleetscope lint)</source>
        <translation>Inventar-Prüfung: die Regeln, gegen die das ClusterProfile dieses Clusters verstößt (fleetscope lint)</translation>
    </message>
</context>
<context>
    <name>FleetTreeView</name>
    <message>
        <source>Hub › ClusterSet › Manager</source>
        <translation>Hub › ClusterSet › Manager</translation>
    </message>
    <message>
        <source>Hub › Manager › ClusterSet</source>
        <translation>Hub › Manager › ClusterSet</translation>
    </message>
    <message>
        <source>ClusterSet › Manager</source>
        <translation>ClusterSet › Manager</translation>
    </message>
    <message>
        <source>Manager › ClusterSet</source>
        <translation>Manager › ClusterSet</translation>
    </message>
    <message>
        <source>Hub › Inventory › Manager</source>
        <translation>Hub › Inventar › Manager</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Hub › Region</source>
        <translation>Hub › Region</translation>
    </message>
</context>
<context>
    <name>HealthRules</name>
    <message>
        <source>the default rule</source>
        <translation>die Standardregel</translation>
    </message>
    <message>
        <source>the rule for %1</source>
        <translation>die Regel für %1</translation>
    </message>
    <message>
        <source>%1 is given twice</source>
        <translation>%1 ist doppelt angegeben</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>: only condition terms decide health (like Joined=True) at %1: &apos;%2&apos;</source>
        <translation>: nur Bedingungsterme entscheiden über den Zustand (etwa Joined=True), bei %1: „%2“</translation>
    </message>
    <message>
        <source>there is no default rule (a rule without a manager)</source>
        <translation>es gibt keine Standardregel (eine Regel ohne Manager)</translation>
    </message>
    <message>
        <source>health rules in the settings: %1; using the built-in rules</source>
        <translation>Zustandsregeln in den Einstellungen: %1; die eingebauten Regeln werden verwendet</translation>
    </message>
    <message>
        <source>%1 by %2: %3</source>
        <translation>%1 nach %2: %3</translation>
    </message>
    <message>
        <source>Not reported: the producer writes no conditions; %1 reads %2.</source>
        <translation>Ohne Angabe: der Herausgeber schreibt keine Bedingungen; %1 liest %2.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Not reported: %1 reads %2; the producer writes %3, which no part of the rule matches.</source>
        <translation>Ohne Angabe: %1 liest %2; der Herausgeber schreibt %3, worauf kein Teil der Regel zutrifft.</translation>
    </message>
</context>
<context>
    <name>HealthStyle</name>
    <message>
        <source>Healthy</source>
        <translation>Gesund</translation>
    </message>
    <message>
        <source>Unhealthy</source>
        <translation>Gestört</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Not reported</source>
        <translation>Ohne Angabe</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>history database %1: %2: %3</source>
        <translation>Verlaufsdatenbank %1: %2: %3</translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation>kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>not a file</source>
        <translation>keine Datei</translation>
    </message>
    <message>
        <source>locked</source>
        <translation>gesperrt</translation>
    </message>
    <message>
        <source>another program (another Fleetscope?) is using it</source>
        <translation>ein anderes Programm (ein weiteres Fleetscope?) verwendet sie</translation>
    </message>
    <message>
        <source>unusable</source>
        <translation>unbrauchbar</translation>
    </message>
    <message>
        <source>written by a newer Fleetscope (schema %1, this one knows %2)</source>
        <translation>von einem neueren Fleetscope geschrieben (Schema %1, diese Version kennt %2)</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>geschlossen</translation>
    </message>
    <message>
        <source>cannot write</source>
        <translation>kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>cannot prune</source>
        <translation>alte Einträge können nicht entfernt werden</translation>
    </message>
    <message>
        <source>cannot read</source>
        <translation>kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>history is off</source>
        <translation>Verlauf ist ausgeschaltet</translation>
    </message>
    <message>
        <source>cannot keep it private</source>
        <translation>kann nicht privat gehalten werden</translation>
    </message>
    <message>
        <source>%1 no longer reported</source>
        <translation>%1 wird nicht mehr gemeldet</translation>
    </message>
    <message>
        <source>label %1=%2</source>
        <translation>Label %1=%2</translation>
    </message>
    <message>
        <source>label %1 removed</source>
        <translation>Label %1 entfernt</translation>
    </message>
    <message>
        <source>property %1=%2</source>
        <translation>Property %1=%2</translation>
    </message>
    <message>
        <source>property %1 removed</source>
        <translation>Property %1 entfernt</translation>
    </message>
    <message>
        <source>spec changed</source>
        <translation>Spec geändert</translation>
    </message>
    <message>
        <source>as first seen after a gap: %1</source>
        <translation>wie nach einer Lücke zuerst gesehen: %1</translation>
    </message>
    <message>
        <source>byte %1: %2</source>
        <translation>Byte %1: %2</translation>
    </message>
    <message>
        <source>ends early</source>
        <translation>endet zu früh</translation>
    </message>
    <message>
        <source>number too long</source>
        <translation>Zahl zu lang</translation>
    </message>
    <message>
        <source>count %1 larger than the data</source>
        <translation>Anzahl %1 größer als die Daten</translation>
    </message>
    <message>
        <source>text longer than the data</source>
        <translation>Text länger als die Daten</translation>
    </message>
    <message>
        <source>%1 bytes after the last event</source>
        <translation>%1 Bytes nach dem letzten Ereignis</translation>
    </message>
    <message>
        <source>text %1 of %2</source>
        <translation>Text %1 von %2</translation>
    </message>
    <message>
        <source>cluster slot %1 out of range</source>
        <translation>Cluster-Platz %1 außerhalb des Bereichs</translation>
    </message>
    <message>
        <source>condition status %1</source>
        <translation>Condition-Status %1</translation>
    </message>
    <message>
        <source>API version %1</source>
        <translation>API-Version %1</translation>
    </message>
    <message>
        <source>time out of range</source>
        <translation>Zeit außerhalb des Bereichs</translation>
    </message>
    <message>
        <source>field %1</source>
        <translation>Feld %1</translation>
    </message>
    <message>
        <source>unknown event kind %1</source>
        <translation>unbekannte Ereignisart %1</translation>
    </message>
    <message>
        <source>not a compressed frame</source>
        <translation>kein komprimierter Frame</translation>
    </message>
    <message>
        <source>frame of %1 bytes</source>
        <translation>Frame mit %1 Bytes</translation>
    </message>
    <message>
        <source>cannot decompress: %1</source>
        <translation>kann nicht entpackt werden: %1</translation>
    </message>
    <message>
        <source>decompressed to %1 of %2 bytes</source>
        <translation>auf %1 von %2 Bytes entpackt</translation>
    </message>
    <message>
        <source>history database %1: cannot read: %2</source>
        <translation>Verlaufsdatenbank %1: kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>history database %1: %2</source>
        <translation>Verlaufsdatenbank %1: %2</translation>
    </message>
    <message>
        <source>fleet log of hub %1, frame %2: %3</source>
        <translation>Flottenprotokoll des Hubs %1, Frame %2: %3</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
    </message>
    <message>
        <source>%1 is writing it</source>
        <translation>%1 schreibt sie</translation>
    </message>
    <message>
        <source>another program is writing it</source>
        <translation>ein anderes Programm schreibt sie</translation>
    </message>
    <message>
        <source>no history has been recorded there</source>
        <translation>dort wurde noch kein Verlauf aufgezeichnet</translation>
    </message>
    <message>
        <source>another program (an older Fleetscope?) holds it whole</source>
        <translation>ein anderes Programm (ein älteres Fleetscope?) sperrt sie ganz</translation>
    </message>
    <message>
        <source>written by an older Fleetscope (schema %1); the dashboard or fleetscope record converts it when it next opens it</source>
        <translation>von einem älteren Fleetscope geschrieben (Schema %1); das Dashboard oder fleetscope record wandelt sie beim nächsten Öffnen um</translation>
    </message>
    <message>
        <source>another program</source>
        <translation>ein anderes Programm</translation>
    </message>
    <message>
        <source>a program</source>
        <translation>ein Programm</translation>
    </message>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither a time (RFC 3339, e.g. 2026-05-01T03:00:00Z) nor one before now (e.g. -2h, -30m, -1d12h)</source>
        <translation>„%1“ ist weder eine Zeit (RFC 3339, z. B. 2026-05-01T03:00:00Z) noch eine vor jetzt (z. B. -2h, -30m, -1d12h)</translation>
    </message>
    <message>
        <source>time unit %1</source>
        <translation>Zeiteinheit %1</translation>
    </message>
    <message>
        <source>format %1 (this Fleetscope reads %2 and %3)</source>
        <translation>Format %1 (diese Version liest %2 und %3)</translation>
    </message>
    <message>
        <source>%1 bytes after the last column</source>
        <translation>%1 Bytes nach der letzten Spalte</translation>
    </message>
    <message>
        <source>%1, byte %2: %3</source>
        <translation>%1, Byte %2: %3</translation>
    </message>
</context>
<context>
    <name>HubStatus</name>
    <message>
        <source>Connecting</source>
        <translation>Verbindungsaufbau</translation>
    </message>
    <message>
        <source>Syncing</source>
        <translation>Synchronisierung</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Aktuell</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>Neuverbindung</translation>
    </message>
    <message>
        <source>Forbidden</source>
        <translation>Zugriff verweigert</translation>
    </message>
    <message>
        <source>Unauthorized</source>
        <translation>Nicht angemeldet</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Syncing %1 of ~%2</source>
        <translation>Synchronisierung: %1 von ~%2</translation>
    </message>
    <message>
        <source>Syncing %1</source>
        <translation>Synchronisierung: %1</translation>
    </message>
    <message>
        <source>Reconnecting in %1 s</source>
        <translation>Neuverbindung in %1 s</translation>
    </message>
    <message>
        <source>Live (forbidden: %1)</source>
        <translation>Aktuell (verweigert: %1)</translation>
    </message>
</context>
<context>
    <name>Notifications</name>
    <message numerus="yes">
        <source>%n cluster(s) in %1 became unhealthy</source>
        <translation>
            <numerusform>%n Cluster in %1 ist jetzt gestört</numerusform>
            <numerusform>%n Cluster in %1 sind jetzt gestört</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) in %1 recovered</source>
        <translation>
            <numerusform>%n Cluster in %1 hat sich erholt</numerusform>
            <numerusform>%n Cluster in %1 haben sich erholt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) in %1 became unknown</source>
        <translation>
            <numerusform>%n Cluster in %1 ist in unbekanntem Zustand</numerusform>
            <numerusform>%n Cluster in %1 sind in unbekanntem Zustand</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PropertyAliases</name>
    <message>
        <source>alias &quot;%1&quot;: a name cannot be empty nor contain spaces, commas, quotes or operators</source>
        <translation>Alias „%1“: ein Name darf nicht leer sein und keine Leerzeichen, Kommas, Anführungszeichen oder Operatoren enthalten</translation>
    </message>
    <message>
        <source>alias &quot;%1&quot; is defined twice</source>
        <translation>Alias „%1“ ist doppelt definiert</translation>
    </message>
    <message>
        <source>alias &quot;%1&quot; names no property</source>
        <translation>Alias „%1“ nennt keine Property</translation>
    </message>
    <message>
        <source>alias &quot;%1&quot;: &quot;%2&quot; is not a property name</source>
        <translation>Alias „%1“: „%2“ ist kein Property-Name</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>&lt;h3&gt;Filtering clusters&lt;/h3&gt;&lt;p&gt;Terms are joined with &lt;tt&gt;,&lt;/tt&gt; or &lt;tt&gt;&amp;amp;&amp;amp;&lt;/tt&gt; (and), &lt;tt&gt;||&lt;/tt&gt; (or) and parentheses.&lt;/p&gt;&lt;table cellspacing=&apos;4&apos;&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;prod-eu&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;name or display name contains the word&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;clusterset in (prod,staging)&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;one of several values (&lt;tt&gt;notin&lt;/tt&gt; for none)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;manager!=ocm&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;not equal&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;location.topology.k8s.io=cloud/eu-west-1&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;any property by name&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;count.node.k8s.io&amp;gt;=100&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;numbers compare as numbers&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;version&amp;gt;=1.30&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;Kubernetes versions compare as versions&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;ControlPlaneHealthy=False&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;a condition&apos;s status&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;Joined!=True&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;also matches clusters that do not report it&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;health=unhealthy&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;healthy, unhealthy, unknown&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;label:env=prod&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;a label of the ClusterProfile&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;type.node.k8s.io~H100&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;contains (&lt;tt&gt;~/regex/&lt;/tt&gt; for a regular expression)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;cluster-endpoints.k8s.io&lt;/tt&gt; / &lt;tt&gt;!key&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;the property or label exists / is absent&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;hub=hub-eu, namespace=fleet&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;where the profile lives&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Example: &lt;tt&gt;clusterset=prod &amp;amp;&amp;amp; (ControlPlaneHealthy=False || version&amp;lt;1.30)&lt;/tt&gt;&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Cluster filtern&lt;/h3&gt;&lt;p&gt;Ausdrücke werden mit &lt;tt&gt;,&lt;/tt&gt; oder &lt;tt&gt;&amp;amp;&amp;amp;&lt;/tt&gt; (und), &lt;tt&gt;||&lt;/tt&gt; (oder) und Klammern verknüpft.&lt;/p&gt;&lt;table cellspacing=&apos;4&apos;&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;prod-eu&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;Name oder Anzeigename enthält das Wort&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;clusterset in (prod,staging)&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;einer von mehreren Werten (&lt;tt&gt;notin&lt;/tt&gt; für keinen)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;manager!=ocm&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;ungleich&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;location.topology.k8s.io=cloud/eu-west-1&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;jede Property über ihren Namen&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;count.node.k8s.io&amp;gt;=100&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;Zahlen werden als Zahlen verglichen&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;version&amp;gt;=1.30&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;Kubernetes-Versionen werden als Versionen verglichen&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;ControlPlaneHealthy=False&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;Status einer Condition&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;Joined!=True&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;trifft auch Cluster, die sie nicht melden&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;health=unhealthy&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;healthy, unhealthy, unknown&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;label:env=prod&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;ein Label des ClusterProfile&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;type.node.k8s.io~H100&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;enthält (&lt;tt&gt;~/regex/&lt;/tt&gt; für einen regulären Ausdruck)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;cluster-endpoints.k8s.io&lt;/tt&gt; / &lt;tt&gt;!key&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;die Property bzw. das Label existiert / fehlt&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;hub=hub-eu, namespace=fleet&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;wo das Profil liegt&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Beispiel: &lt;tt&gt;clusterset=prod &amp;amp;&amp;amp; (ControlPlaneHealthy=False || version&amp;lt;1.30)&lt;/tt&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>a property alias: the first of its properties the cluster has (below)</source>
        <translation>ein Property-Alias: die erste seiner Properties, die der Cluster hat (unten)</translation>
    </message>
    <message>
        <source>an inventory: the namespace of its profiles</source>
        <translation>ein Inventar: der Namespace seiner Profile</translation>
    </message>
    <message>
        <source>clusters with inventory lint findings, or with one rule (&lt;tt&gt;fleetscope lint&lt;/tt&gt;)</source>
        <translation>Cluster mit Befunden der Inventar-Prüfung, oder mit einer Regel (&lt;tt&gt;fleetscope lint&lt;/tt&gt;)</translation>
    </message>
    <message>
        <source>Property aliases (View → Property aliases…), also for grouping and columns:</source>
        <translation>Property-Aliase (Ansicht → Property-Aliase…), auch für Gruppierung und Spalten:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>TimeTravel</name>
    <message>
        <source>appeared</source>
        <translation>erschienen</translation>
    </message>
    <message>
        <source>left</source>
        <translation>verschwunden</translation>
    </message>
    <message>
        <source>health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>placement</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>%1 → %2: %3</source>
        <translation>%1 → %2: %3</translation>
    </message>
    <message>
        <source>added %1</source>
        <translation>hinzugefügt: %1</translation>
    </message>
    <message>
        <source>dropped %1</source>
        <translation>entfernt: %1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Hub</source>
        <translation>Hub</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Einzelheiten</translation>
    </message>
    <message>
        <source>gone now</source>
        <translation>jetzt weg</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <source>Clusters of the moment shown that are not in the live fleet now (deleted since, or their hub is no longer watched)</source>
        <translation>Cluster des gezeigten Zeitpunkts, die jetzt nicht mehr in der Live-Flotte sind (inzwischen gelöscht, oder ihr Hub wird nicht mehr beobachtet)</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>not reported</source>
        <translation>nicht gemeldet</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
</context>
<context>
    <name>fleetscope</name>
    <message>
        <source>Fleetscope</source>
        <translation>Fleetscope</translation>
    </message>
    <message>
        <source>the demo&apos;s simulated hubs</source>
        <translation>die simulierten Hubs der Demo</translation>
    </message>
    <message>
        <source>Starting the demo&apos;s simulated hubs…</source>
        <translation>Die simulierten Hubs der Demo starten…</translation>
    </message>
    <message>
        <source>Two simulated hubs with about 500 clusters start on this computer; their fleet appears in a moment.</source>
        <translation>Zwei simulierte Hubs mit etwa 500 Clustern starten auf diesem Computer; ihre Flotte erscheint gleich.</translation>
    </message>
    <message>
        <source>The demo could not start</source>
        <translation>Die Demo konnte nicht starten</translation>
    </message>
</context>
<context>
    <name>fleetscope::AccessController</name>
    <message>
        <source>Check &amp;access</source>
        <translation>Zugriff &amp;prüfen</translation>
    </message>
    <message>
        <source>Check that the selected clusters can be reached with your credential provider file</source>
        <translation>Prüfen, ob die ausgewählten Cluster mit Ihrer Credential-Provider-Datei erreichbar sind</translation>
    </message>
    <message>
        <source>Check every cluster the table shows (filter and group applied)</source>
        <translation>Jeden Cluster prüfen, den die Tabelle zeigt (mit Filter und Gruppe)</translation>
    </message>
    <message numerus="yes">
        <source>Checking access to %n cluster(s)…</source>
        <translation>
            <numerusform>Zugriff auf %n Cluster wird geprüft…</numerusform>
            <numerusform>Zugriff auf %n Cluster wird geprüft…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Check access</source>
        <translation>Zugriff prüfen</translation>
    </message>
    <message>
        <source>Check all shown</source>
        <translation>Alle angezeigten prüfen</translation>
    </message>
    <message>
        <source>Check access of all &amp;shown clusters</source>
        <translation>Zugriff aller &amp;angezeigten Cluster prüfen</translation>
    </message>
    <message numerus="yes">
        <source>Checked access to %n cluster(s).</source>
        <translation>
            <numerusform>Zugriff auf %n Cluster geprüft.</numerusform>
            <numerusform>Zugriff auf %n Cluster geprüft.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::AccessResults</name>
    <message>
        <source>not checked</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>✓ %1, %2 ms</source>
        <translation>✓ %1, %2 ms</translation>
    </message>
    <message>
        <source> (profile says %1)</source>
        <translation> (Profil sagt %1)</translation>
    </message>
    <message>
        <source>✗ %1: %2</source>
        <translation>✗ %1: %2</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>Zugriff</translation>
    </message>
    <message>
        <source>Whether this session reached the member with your credential provider file (Check access): the version it serves and how long /version took, or the step that failed</source>
        <translation>Ob diese Sitzung den Cluster mit Ihrer Credential-Provider-Datei erreicht hat (Zugriff prüfen): die Version, die er ausliefert, und wie lange /version dauerte, oder der Schritt, der fehlschlug</translation>
    </message>
</context>
<context>
    <name>fleetscope::ChartFrame</name>
    <message>
        <source>1 h</source>
        <translation>1 h</translation>
    </message>
    <message>
        <source>24 h</source>
        <translation>24 h</translation>
    </message>
    <message>
        <source>7 d</source>
        <translation>7 T</translation>
    </message>
    <message>
        <source>30 d</source>
        <translation>30 T</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Als CSV exportieren …</translation>
    </message>
    <message>
        <source>Export condition history</source>
        <translation>Condition-Verlauf exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Recorded since %1, so this shows that instead of the whole preset.</source>
        <translation>Aufgezeichnet seit %1, daher wird dieser Zeitraum statt der ganzen Voreinstellung gezeigt.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n transition(s) to %1.</source>
        <translation>
            <numerusform>%n Wechsel nach %1 exportiert.</numerusform>
            <numerusform>%n Wechsel nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Before %1 (the dashed line) the demo&apos;s history is simulated, not recorded.</source>
        <translation>Vor %1 (die gestrichelte Linie) ist der Verlauf der Demo simuliert, nicht aufgezeichnet.</translation>
    </message>
    <message>
        <source>Zoomed to %1 – %2 (%3).</source>
        <translation>Vergrößert auf %1 – %2 (%3).</translation>
    </message>
</context>
<context>
    <name>fleetscope::ClusterActions</name>
    <message>
        <source>&amp;Copy rows</source>
        <translation>Zeilen &amp;kopieren</translation>
    </message>
    <message>
        <source>Copy the selected rows as tab-separated text</source>
        <translation>Die ausgewählten Zeilen als tabulatorgetrennten Text kopieren</translation>
    </message>
    <message>
        <source>Copy &amp;names</source>
        <translation>&amp;Namen kopieren</translation>
    </message>
    <message>
        <source>&amp;Export shown clusters…</source>
        <translation>Angezeigte Cluster &amp;exportieren …</translation>
    </message>
    <message>
        <source>Save the clusters the filter shows as CSV or JSON</source>
        <translation>Die vom Filter angezeigten Cluster als CSV oder JSON speichern</translation>
    </message>
    <message>
        <source>Cluster table</source>
        <translation>Cluster-Tabelle</translation>
    </message>
    <message>
        <source>Fleet groups</source>
        <translation>Flottengruppen</translation>
    </message>
    <message>
        <source>&amp;Copy group name</source>
        <translation>Gruppennamen &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Expand all</source>
        <translation>Alle &amp;aufklappen</translation>
    </message>
    <message>
        <source>C&amp;ollapse all</source>
        <translation>Alle &amp;zuklappen</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export shown clusters</source>
        <translation>Angezeigte Cluster exportieren</translation>
    </message>
    <message>
        <source>Open every group</source>
        <translation>Alle Gruppen aufklappen</translation>
    </message>
    <message>
        <source>Every group is open</source>
        <translation>Alle Gruppen sind aufgeklappt</translation>
    </message>
    <message>
        <source>Close every group</source>
        <translation>Alle Gruppen zuklappen</translation>
    </message>
    <message>
        <source>Every group is closed</source>
        <translation>Alle Gruppen sind zugeklappt</translation>
    </message>
</context>
<context>
    <name>fleetscope::ClusterTableModel</name>
    <message>
        <source>Label %1</source>
        <translation>Label %1</translation>
    </message>
    <message>
        <source>Property %1</source>
        <translation>Property %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Display name</source>
        <translation>Anzeigename</translation>
    </message>
    <message>
        <source>Hub</source>
        <translation>Hub</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>ClusterSet</source>
        <translation>ClusterSet</translation>
    </message>
    <message>
        <source>Manager</source>
        <translation>Manager</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>ControlPlaneHealthy</source>
        <translation>ControlPlaneHealthy</translation>
    </message>
    <message>
        <source>Joined</source>
        <translation>Joined</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Standort</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Nodes</translation>
    </message>
    <message>
        <source>Last transition</source>
        <translation>Letzter Wechsel</translation>
    </message>
    <message>
        <source>The hub (kubeconfig context) that publishes the profile</source>
        <translation>Der Hub (kubeconfig-Kontext), der das Profil veröffentlicht</translation>
    </message>
    <message>
        <source>The ClusterSet: profile label, namespace label or clusterset.k8s.io property</source>
        <translation>Das ClusterSet: Label des Profils, Label des Namespace oder Property clusterset.k8s.io</translation>
    </message>
    <message>
        <source>x-k8s.io/cluster-manager label, else spec.clusterManager.name</source>
        <translation>Label x-k8s.io/cluster-manager, sonst spec.clusterManager.name</translation>
    </message>
    <message>
        <source>The ControlPlaneHealthy condition</source>
        <translation>Die Condition ControlPlaneHealthy</translation>
    </message>
    <message>
        <source>The Joined condition</source>
        <translation>Die Condition Joined</translation>
    </message>
    <message>
        <source>The count.node.k8s.io property</source>
        <translation>Die Property count.node.k8s.io</translation>
    </message>
    <message>
        <source>Age of the newest condition transition</source>
        <translation>Alter des jüngsten Condition-Wechsels</translation>
    </message>
    <message>
        <source>Not reported</source>
        <translation>Nicht gemeldet</translation>
    </message>
    <message>
        <source>The x-k8s.io/cluster-manager label and spec.clusterManager.name disagree (%1 vs %2)</source>
        <translation>Label x-k8s.io/cluster-manager und spec.clusterManager.name widersprechen sich (%1 gegenüber %2)</translation>
    </message>
    <message>
        <source>From the profile&apos;s multicluster.x-k8s.io/clusterset label</source>
        <translation>Aus dem Label multicluster.x-k8s.io/clusterset des Profils</translation>
    </message>
    <message>
        <source>From the labels of namespace %1</source>
        <translation>Aus den Labels des Namespace %1</translation>
    </message>
    <message>
        <source>From the clusterset.k8s.io property</source>
        <translation>Aus der Property clusterset.k8s.io</translation>
    </message>
    <message>
        <source>The region alias (View → Property aliases: each producer&apos;s region property), else the location.topology.k8s.io property</source>
        <translation>Der Alias region (Ansicht → Eigenschafts-Aliasse: die Regions-Eigenschaft jedes Herausgebers), sonst die Eigenschaft location.topology.k8s.io</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>The health verdict of the manager&apos;s rules (View → Health rules)</source>
        <translation>Das Zustandsurteil nach den Regeln des Managers (Ansicht → Zustandsregeln)</translation>
    </message>
    <message>
        <source>Member ID</source>
        <translation>Member-ID</translation>
    </message>
    <message>
        <source>The multicluster.x-k8s.io/inventory-member-id label: one member under several profiles</source>
        <translation>Das Label multicluster.x-k8s.io/inventory-member-id: ein Mitglied unter mehreren Profilen</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Time since the profile was created (metadata.creationTimestamp)</source>
        <translation>Zeit seit der Erstellung des Profils (metadata.creationTimestamp)</translation>
    </message>
    <message>
        <source>Platform</source>
        <translation>Plattform</translation>
    </message>
    <message>
        <source>The platform alias (View → Property aliases: OCM&apos;s platform.open-cluster-management.io)</source>
        <translation>Der Alias platform (Ansicht → Property-Aliase: platform.open-cluster-management.io von OCM)</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>status.accessProviders: how to reach the member (provider=google; provider~ for one of several)</source>
        <translation>status.accessProviders: wie das Mitglied erreicht wird (provider=google; provider~ für einen von mehreren)</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>The ClusterProfile API version the hub serves (v1alpha1 or v1alpha2)</source>
        <translation>Die ClusterProfile-API-Version, die der Hub anbietet (v1alpha1 oder v1alpha2)</translation>
    </message>
</context>
<context>
    <name>fleetscope::ClusterTableView</name>
    <message>
        <source>Add property column</source>
        <translation>Property-Spalte hinzufügen</translation>
    </message>
    <message>
        <source>Add label column</source>
        <translation>Label-Spalte hinzufügen</translation>
    </message>
    <message>
        <source>Remove column &quot;%1&quot;</source>
        <translation>Spalte „%1“ entfernen</translation>
    </message>
</context>
<context>
    <name>fleetscope::ClusterTimelineView</name>
    <message>
        <source>Save this cluster&apos;s recorded condition transitions as CSV</source>
        <translation>Die aufgezeichneten Condition-Wechsel dieses Clusters als CSV speichern</translation>
    </message>
    <message>
        <source>No cluster selected</source>
        <translation>Kein Cluster ausgewählt</translation>
    </message>
    <message>
        <source>Select a cluster to see its condition history.</source>
        <translation>Wählen Sie einen Cluster, um seinen Condition-Verlauf zu sehen.</translation>
    </message>
    <message>
        <source>History is not available.</source>
        <translation>Der Verlauf ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>No condition history recorded for this cluster yet.</source>
        <translation>Für diesen Cluster wurde noch kein Condition-Verlauf aufgezeichnet.</translation>
    </message>
    <message>
        <source>Transitions in this window</source>
        <translation>Übergänge in diesem Zeitraum</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Bedingung</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message numerus="yes">
        <source>%n status change(s) in this window. Click a stretch or a transition for its details; drag to zoom, right-click to zoom out.</source>
        <translation>
            <numerusform>%n Statuswechsel in diesem Zeitraum. Für Details einen Abschnitt oder Übergang anklicken; zum Zoomen ziehen, Rechtsklick zoomt heraus.</numerusform>
            <numerusform>%n Statuswechsel in diesem Zeitraum. Für Details einen Abschnitt oder Übergang anklicken; zum Zoomen ziehen, Rechtsklick zoomt heraus.</numerusform>
        </translation>
    </message>
    <message>
        <source>first seen: %1</source>
        <translation>zuerst gesehen: %1</translation>
    </message>
    <message>
        <source>reported: %1</source>
        <translation>gemeldet: %1</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Simulated demo history</source>
        <translation>Simulierter Demo-Verlauf</translation>
    </message>
    <message numerus="yes">
        <source>%n status change(s) in this window. Click a stretch or a transition for its details; right-click to zoom out.</source>
        <translation>
            <numerusform>%n Statuswechsel in diesem Zeitraum. Für Details einen Abschnitt oder Übergang anklicken; Rechtsklick zoomt heraus.</numerusform>
            <numerusform>%n Statuswechsel in diesem Zeitraum. Für Details einen Abschnitt oder Übergang anklicken; Rechtsklick zoomt heraus.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::ConnectDialog</name>
    <message>
        <source>Connect to %1</source>
        <translation>Mit %1 verbinden</translation>
    </message>
    <message numerus="yes">
        <source>Connect to %n clusters</source>
        <translation>
            <numerusform>Mit %n Cluster verbinden</numerusform>
            <numerusform>Mit %n Clustern verbinden</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; in namespace %2 on hub %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; im Namespace %2 auf Hub %3</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n clusters&lt;/b&gt;: one kubeconfig with a context each; the first is the current context.</source>
        <translation>
            <numerusform>&lt;b&gt;%n Cluster&lt;/b&gt;: eine kubeconfig mit einem Kontext; er ist der aktuelle Kontext.</numerusform>
            <numerusform>&lt;b&gt;%n Cluster&lt;/b&gt;: eine kubeconfig mit je einem Kontext; der erste ist der aktuelle Kontext.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Credential provider</source>
        <translation>Credential-Provider</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>&amp;Run in the terminal:</source>
        <translation>Im Terminal &amp;ausführen:</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Your credential provider file (KEP-5339, JSON or YAML): which exec plugin gets credentials for each access provider name.</source>
        <translation>Ihre Credential-Provider-Datei (KEP-5339, JSON oder YAML): welches exec-Plugin für welchen Access-Provider Zugangsdaten holt.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <source>&amp;Provider file:</source>
        <translation>&amp;Provider-Datei:</translation>
    </message>
    <message>
        <source>The command that opens your terminal; empty: autodetect ($TERMINAL, x-terminal-emulator, konsole, gnome-terminal, xfce4-terminal, xterm). Quoting as in a shell. Placeholders:</source>
        <translation>Der Befehl, der Ihr Terminal öffnet; leer: automatisch erkennen ($TERMINAL, x-terminal-emulator, konsole, gnome-terminal, xfce4-terminal, xterm). Quoting wie in einer Shell. Platzhalter:</translation>
    </message>
    <message>
        <source>&amp;Terminal command:</source>
        <translation>&amp;Terminal-Befehl:</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>Copy &amp;kubectl command</source>
        <translation>&amp;kubectl-Befehl kopieren</translation>
    </message>
    <message>
        <source>&amp;Save kubeconfig as…</source>
        <translation>kubeconfig &amp;speichern unter …</translation>
    </message>
    <message>
        <source>Your shell (%1) with KUBECONFIG set</source>
        <translation>Ihre Shell (%1) mit gesetzter KUBECONFIG</translation>
    </message>
    <message>
        <source>kubectl: the contexts and the nodes, then your shell</source>
        <translation>kubectl: die Kontexte und die Nodes, danach Ihre Shell</translation>
    </message>
    <message>
        <source>k9s</source>
        <translation>k9s</translation>
    </message>
    <message>
        <source>k9s is offered when it is on your PATH.</source>
        <translation>k9s wird angeboten, wenn es in Ihrem PATH liegt.</translation>
    </message>
    <message>
        <source>no terminal found: e.g. xterm -e {command}</source>
        <translation>kein Terminal gefunden: z. B. xterm -e {command}</translation>
    </message>
    <message>
        <source>autodetected: %1</source>
        <translation>automatisch erkannt: %1</translation>
    </message>
    <message>
        <source>Opens %1</source>
        <translation>Öffnet %1</translation>
    </message>
    <message>
        <source>The provider file %1 does not exist. It says which exec plugin gets credentials for each access provider name (KEP-5339); create it or choose another file below.</source>
        <translation>Die Provider-Datei %1 existiert nicht. Sie legt fest, welches exec-Plugin für welchen Access-Provider Zugangsdaten holt (KEP-5339); legen Sie sie an oder wählen Sie unten eine andere Datei.</translation>
    </message>
    <message>
        <source>Several providers of your file match; the first in file order is the default.</source>
        <translation>Mehrere Provider Ihrer Datei passen; der erste in der Datei ist voreingestellt.</translation>
    </message>
    <message>
        <source>none matches</source>
        <translation>keiner passt</translation>
    </message>
    <message>
        <source>No provider in your provider file matches %1.
The profile offers: %2.
%3 knows: %4.
Add an entry named after an offered provider, or choose another provider file.</source>
        <translation>Kein Provider Ihrer Provider-Datei passt zu %1.
Das Profil bietet: %2.
%3 kennt: %4.
Fügen Sie einen Eintrag mit dem Namen eines angebotenen Providers hinzu oder wählen Sie eine andere Provider-Datei.</translation>
    </message>
    <message>
        <source>no access providers</source>
        <translation>keine Access-Provider</translation>
    </message>
    <message>
        <source>no providers</source>
        <translation>keine Provider</translation>
    </message>
    <message>
        <source>Cannot connect.</source>
        <translation>Verbindung nicht möglich.</translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation>Warnung:</translation>
    </message>
    <message>
        <source>Fleetscope: %1</source>
        <translation>Fleetscope: %1</translation>
    </message>
    <message>
        <source>Cannot open the terminal: %1</source>
        <translation>Das Terminal kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>Copied: %1
The file is removed when Fleetscope quits; save the kubeconfig to keep it.</source>
        <translation>Kopiert: %1
Die Datei wird beim Beenden von Fleetscope gelöscht; speichern Sie die kubeconfig, um sie zu behalten.</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>Kopiert: %1</translation>
    </message>
    <message>
        <source>Save kubeconfig as</source>
        <translation>kubeconfig speichern unter</translation>
    </message>
    <message>
        <source>Saved %1 (readable by you only).</source>
        <translation>%1 gespeichert (nur für Sie lesbar).</translation>
    </message>
    <message>
        <source>Credential provider file</source>
        <translation>Credential-Provider-Datei</translation>
    </message>
    <message>
        <source>Provider files (*.json *.yaml *.yml);;All files (*)</source>
        <translation>Provider-Dateien (*.json *.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Open your terminal with KUBECONFIG set</source>
        <translation>Ihr Terminal mit gesetzter KUBECONFIG öffnen</translation>
    </message>
    <message>
        <source>%1 through proxy %2</source>
        <translation>%1 über Proxy %2</translation>
    </message>
    <message>
        <source>&amp;Connect %1 of %2</source>
        <translation>%1 von %2 &amp;verbinden</translation>
    </message>
    <message>
        <source>Copy a kubectl command that uses this kubeconfig</source>
        <translation>Einen kubectl-Befehl kopieren, der diese kubeconfig verwendet</translation>
    </message>
    <message>
        <source>Save the kubeconfig (0600) to reuse it later</source>
        <translation>Die kubeconfig (0600) speichern, um sie später wiederzuverwenden</translation>
    </message>
    <message>
        <source>These are left out; the others are connected:</source>
        <translation>Diese werden ausgelassen; die anderen werden verbunden:</translation>
    </message>
</context>
<context>
    <name>fleetscope::DetailsPane</name>
    <message numerus="yes">
        <source>Published %n times</source>
        <translation>
            <numerusform>%n-mal veröffentlicht</numerusform>
            <numerusform>%n-mal veröffentlicht</numerusform>
        </translation>
    </message>
    <message>
        <source>This member cluster is published by several ClusterProfiles:</source>
        <translation>Dieser Member-Cluster wird von mehreren ClusterProfiles veröffentlicht:</translation>
    </message>
    <message>
        <source> (this one)</source>
        <translation> (dieses)</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>Conditions</translation>
    </message>
    <message>
        <source>No conditions reported.</source>
        <translation>Keine Conditions gemeldet.</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Properties</translation>
    </message>
    <message>
        <source>No properties reported.</source>
        <translation>Keine Properties gemeldet.</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>Access providers</source>
        <translation>Access-Provider</translation>
    </message>
    <message>
        <source>None: Fleetscope cannot connect to this cluster.</source>
        <translation>Keine: Fleetscope kann sich nicht mit diesem Cluster verbinden.</translation>
    </message>
    <message>
        <source>server %1</source>
        <translation>Server %1</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>no CA data (system roots)</source>
        <translation>keine CA-Daten (System-Zertifikate)</translation>
    </message>
    <message>
        <source>CA data present</source>
        <translation>CA-Daten vorhanden</translation>
    </message>
    <message>
        <source>TLS name %1</source>
        <translation>TLS-Name %1</translation>
    </message>
    <message>
        <source>proxy %1</source>
        <translation>Proxy %1</translation>
    </message>
    <message>
        <source>▲ TLS verification disabled</source>
        <translation>▲ TLS-Prüfung abgeschaltet</translation>
    </message>
    <message>
        <source>extensions: %1</source>
        <translation>Erweiterungen: %1</translation>
    </message>
    <message>
        <source>from the deprecated credentialProviders</source>
        <translation>aus den veralteten credentialProviders</translation>
    </message>
    <message>
        <source>Placements</source>
        <translation>Platzierungen</translation>
    </message>
    <message>
        <source>Not chosen by any PlacementDecision.</source>
        <translation>Von keiner PlacementDecision ausgewählt.</translation>
    </message>
    <message>
        <source>Object (YAML)</source>
        <translation>Objekt (YAML)</translation>
    </message>
    <message>
        <source>%1 did not exist at the moment shown.</source>
        <translation>%1 gab es zum gezeigten Zeitpunkt nicht.</translation>
    </message>
    <message>
        <source>%1 was deleted from its hub.</source>
        <translation>%1 wurde auf seinem Hub gelöscht.</translation>
    </message>
    <message>
        <source>Show as YAML</source>
        <translation>Als YAML anzeigen</translation>
    </message>
    <message>
        <source>Rendering…</source>
        <translation>Wird aufbereitet…</translation>
    </message>
    <message>
        <source>The object could not be read back.</source>
        <translation>Das Objekt konnte nicht zurückgelesen werden.</translation>
    </message>
    <message>
        <source>Select a cluster to see its conditions, properties and access providers.</source>
        <translation>Wählen Sie einen Cluster, um seine Conditions, Properties und Access-Provider zu sehen.</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>▲ proxy %1 (not http, https or socks5: Connect refuses it)</source>
        <translation>▲ Proxy %1 (nicht http, https oder socks5: Verbinden lehnt ihn ab)</translation>
    </message>
    <message>
        <source>compression off</source>
        <translation>Komprimierung aus</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>Abhilfe:</translation>
    </message>
    <message>
        <source>%1 is gone: its hub %2 was removed.</source>
        <translation>%1 ist nicht mehr da: sein Hub %2 wurde entfernt.</translation>
    </message>
</context>
<context>
    <name>fleetscope::EmptyFleetOverlay</name>
    <message>
        <source>&amp;Reconnect</source>
        <translation>Neu &amp;verbinden</translation>
    </message>
    <message>
        <source>Choose &amp;hubs…</source>
        <translation>&amp;Hubs wählen…</translation>
    </message>
    <message>
        <source>Try every hub again now (F5)</source>
        <translation>Alle Hubs jetzt erneut versuchen (F5)</translation>
    </message>
    <message>
        <source>Choose which kubeconfig contexts are hubs (Ctrl+Shift+H)</source>
        <translation>Wählen, welche Kubeconfig-Kontexte Hubs sind (Strg+Umschalt+H)</translation>
    </message>
    <message>
        <source>No clusters: no hub could be read</source>
        <translation>Keine Cluster: kein Hub konnte gelesen werden</translation>
    </message>
    <message>
        <source>&lt;h2&gt;No hubs connected&lt;/h2&gt;&lt;p&gt;Fleetscope shows the ClusterProfiles published on your hub clusters.&lt;/p&gt;&lt;p&gt;Choose which contexts of your kubeconfig are hubs (File → Hubs…), or try &lt;tt&gt;fleetscope --demo&lt;/tt&gt; for a simulated fleet. On the command line, &lt;tt&gt;--context NAME&lt;/tt&gt; names a hub for one run.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Keine Hubs verbunden&lt;/h2&gt;&lt;p&gt;Fleetscope zeigt die ClusterProfiles, die auf Ihren Hub-Clustern veröffentlicht sind.&lt;/p&gt;&lt;p&gt;Wählen Sie, welche Kontexte Ihrer kubeconfig Hubs sind (Datei → Hubs…), oder probieren Sie &lt;tt&gt;fleetscope --demo&lt;/tt&gt; für eine simulierte Flotte. Auf der Kommandozeile nennt &lt;tt&gt;--context NAME&lt;/tt&gt; einen Hub für einen Lauf.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>fleetscope::EmptyFleetReason</name>
    <message>
        <source>Connection refused</source>
        <translation>Verbindung abgelehnt</translation>
    </message>
    <message>
        <source>Hub not reachable</source>
        <translation>Hub nicht erreichbar</translation>
    </message>
    <message>
        <source>Hub certificate not accepted</source>
        <translation>Hub-Zertifikat nicht akzeptiert</translation>
    </message>
    <message>
        <source>Credentials refused</source>
        <translation>Anmeldedaten abgelehnt</translation>
    </message>
    <message>
        <source>Not allowed to read ClusterProfiles</source>
        <translation>Keine Berechtigung, ClusterProfiles zu lesen</translation>
    </message>
    <message>
        <source>Kubeconfig entry not usable</source>
        <translation>Kubeconfig-Eintrag nicht verwendbar</translation>
    </message>
    <message>
        <source>Hub could not be read</source>
        <translation>Hub konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>Nothing answers at the server address of the kubeconfig. Is the API server running, and is the address (and port) right?</source>
        <translation>Unter der Serveradresse der Kubeconfig antwortet nichts. Läuft der API-Server, und stimmen Adresse und Port?</translation>
    </message>
    <message>
        <source>The host name did not resolve or the network did not answer. Check the server address, your VPN and your proxy.</source>
        <translation>Der Hostname wurde nicht aufgelöst oder das Netz antwortete nicht. Prüfen Sie die Serveradresse, Ihr VPN und Ihren Proxy.</translation>
    </message>
    <message>
        <source>The TLS handshake failed: the kubeconfig&apos;s certificate authority does not match the server&apos;s certificate, or the certificate is for another name.</source>
        <translation>Der TLS-Handshake ist fehlgeschlagen: Die Zertifizierungsstelle der Kubeconfig passt nicht zum Zertifikat des Servers, oder das Zertifikat gilt für einen anderen Namen.</translation>
    </message>
    <message>
        <source>The token or client certificate was refused. Log in again or refresh the credentials (for a cloud cluster, its get-credentials command).</source>
        <translation>Das Token oder Client-Zertifikat wurde abgelehnt. Melden Sie sich erneut an oder erneuern Sie die Anmeldedaten (bei einem Cloud-Cluster mit dessen get-credentials-Befehl).</translation>
    </message>
    <message>
        <source>RBAC denies listing clusterprofiles. Ask for read access, or name the namespaces you may read with --namespace.</source>
        <translation>RBAC verbietet das Auflisten von clusterprofiles. Bitten Sie um Lesezugriff oder nennen Sie mit --namespace die Namespaces, die Sie lesen dürfen.</translation>
    </message>
    <message>
        <source>The kubeconfig entry of the hub is incomplete or wrong; the message says what to fix.</source>
        <translation>Der Kubeconfig-Eintrag des Hubs ist unvollständig oder falsch; die Meldung sagt, was zu korrigieren ist.</translation>
    </message>
    <message>
        <source>Hub details (Ctrl+Shift+D) shows what happened.</source>
        <translation>Hub-Details (Strg+Umschalt+D) zeigen, was geschehen ist.</translation>
    </message>
</context>
<context>
    <name>fleetscope::FilterBar</name>
    <message>
        <source>Filter clusters: clusterset in (prod,staging), version&gt;=1.30, ControlPlaneHealthy=False …</source>
        <translation>Cluster filtern: clusterset in (prod,staging), version&gt;=1.30, ControlPlaneHealthy=False …</translation>
    </message>
    <message>
        <source>Filter syntax and examples</source>
        <translation>Filter-Syntax und Beispiele</translation>
    </message>
    <message>
        <source>No cluster matches this filter (of %1).</source>
        <translation>Kein Cluster passt zu diesem Filter (von %1).</translation>
    </message>
    <message>
        <source>No cluster of the chosen group or placement matches this filter.</source>
        <translation>Kein Cluster der gewählten Gruppe oder Platzierung passt zu diesem Filter.</translation>
    </message>
    <message>
        <source>None of the %1 clusters is in the chosen group or placement.</source>
        <translation>Keiner der %1 Cluster gehört zur gewählten Gruppe oder Platzierung.</translation>
    </message>
    <message>
        <source>Filter syntax</source>
        <translation>Filtersyntax</translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetCache</name>
    <message>
        <source>%1: larger than %2 MiB, ignored</source>
        <translation>%1: größer als %2 MiB, ignoriert</translation>
    </message>
    <message>
        <source>%1: not a Fleetscope fleet cache, ignored</source>
        <translation>%1: kein Flotten-Cache von Fleetscope, ignoriert</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n cached profile(s) could not be read</source>
        <translation>
            <numerusform>%1: %n zwischengespeichertes Profil konnte nicht gelesen werden</numerusform>
            <numerusform>%1: %n zwischengespeicherte Profile konnten nicht gelesen werden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetChangesView</name>
    <message>
        <source>&amp;Show changes</source>
        <translation>Änderungen &amp;zeigen</translation>
    </message>
    <message>
        <source>&amp;From</source>
        <translation>&amp;Von</translation>
    </message>
    <message>
        <source>&amp;To</source>
        <translation>&amp;Bis</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n Änderung</numerusform>
            <numerusform>%n Änderungen</numerusform>
        </translation>
    </message>
    <message>
        <source>(not recorded at both times: %1)</source>
        <translation>(nicht zu beiden Zeitpunkten aufgezeichnet: %1)</translation>
    </message>
    <message>
        <source>Reading the history…</source>
        <translation>Verlauf wird gelesen …</translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetHealthChart</name>
    <message>
        <source>Save the recorded condition transitions of these clusters as CSV</source>
        <translation>Die aufgezeichneten Condition-Wechsel dieser Cluster als CSV speichern</translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation>Gesund</translation>
    </message>
    <message>
        <source>Unhealthy</source>
        <translation>Gestört</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Fleet health: %1</source>
        <translation>Zustand der Flotte: %1</translation>
    </message>
    <message>
        <source>no clusters</source>
        <translation>keine Cluster</translation>
    </message>
    <message>
        <source>History is not available.</source>
        <translation>Der Verlauf ist nicht verfügbar.</translation>
    </message>
    <message numerus="yes">
        <source>Now: %1 healthy, %2 unhealthy, %3 unknown (as recorded; %n point(s)).</source>
        <translation>
            <numerusform>Jetzt: %1 gesund, %2 gestört, %3 unbekannt (laut Aufzeichnung; %n Punkt).</numerusform>
            <numerusform>Jetzt: %1 gesund, %2 gestört, %3 unbekannt (laut Aufzeichnung; %n Punkte).</numerusform>
        </translation>
    </message>
    <message>
        <source>No clusters in scope.</source>
        <translation>Keine Cluster im Ausschnitt.</translation>
    </message>
    <message>
        <source>No history recorded for these clusters yet.</source>
        <translation>Für diese Cluster wurde noch kein Verlauf aufgezeichnet.</translation>
    </message>
    <message>
        <source>No clusters in scope: nothing to export.</source>
        <translation>Keine Cluster im Ausschnitt: nichts zu exportieren.</translation>
    </message>
    <message>
        <source>Not reported</source>
        <translation>Ohne Angabe</translation>
    </message>
    <message>
        <source>Not recorded</source>
        <translation>Nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>No cluster was unhealthy at %1.</source>
        <translation>Um %1 war kein Cluster gestört.</translation>
    </message>
    <message numerus="yes">
        <source>Selected the %n cluster(s) that were unhealthy at %1.</source>
        <translation>
            <numerusform>Der um %1 gestörte Cluster ist ausgewählt.</numerusform>
            <numerusform>Die %n um %1 gestörten Cluster sind ausgewählt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not recorded now: Fleetscope is not watching these clusters&apos; hubs.</source>
        <translation>Derzeit keine Aufzeichnung: Fleetscope beobachtet die Hubs dieser Cluster nicht.</translation>
    </message>
    <message numerus="yes">
        <source>Reading the recorded history of %n cluster(s)…</source>
        <translation>
            <numerusform>Der aufgezeichnete Verlauf von %n Cluster wird gelesen…</numerusform>
            <numerusform>Der aufgezeichnete Verlauf von %n Clustern wird gelesen…</numerusform>
        </translation>
    </message>
    <message>
        <source>Simulated demo history</source>
        <translation>Simulierter Demo-Verlauf</translation>
    </message>
    <message numerus="yes">
        <source>%n do(es) not report health.</source>
        <translation>
            <numerusform>%n meldet keinen Zustand.</numerusform>
            <numerusform>%n melden keinen Zustand.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetTreeModel</name>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation>Gesund</translation>
    </message>
    <message>
        <source>Unhealthy</source>
        <translation>Gestört</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Not reported</source>
        <translation>Ohne Angabe</translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetTreeView</name>
    <message>
        <source>Hub</source>
        <translation>Hub</translation>
    </message>
    <message>
        <source>ClusterSet</source>
        <translation>ClusterSet</translation>
    </message>
    <message>
        <source>Manager</source>
        <translation>Manager</translation>
    </message>
    <message>
        <source>By property…</source>
        <translation>Nach Property …</translation>
    </message>
    <message>
        <source>Hub › by property…</source>
        <translation>Hub › nach Property …</translation>
    </message>
    <message>
        <source>How the fleet is grouped</source>
        <translation>Wie die Flotte gruppiert wird</translation>
    </message>
    <message>
        <source>Group by property</source>
        <translation>Nach Property gruppieren</translation>
    </message>
    <message>
        <source>Group the fleet by the value of this ClusterProfile property:</source>
        <translation>Die Flotte nach dem Wert dieser ClusterProfile-Property gruppieren:</translation>
    </message>
    <message>
        <source>Inventory</source>
        <translation>Inventar</translation>
    </message>
</context>
<context>
    <name>fleetscope::GuiOptions</name>
    <message>
        <source>Show the version and exit.</source>
        <translation>Die Version anzeigen und beenden.</translation>
    </message>
    <message>
        <source>Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config).</source>
        <translation>kubeconfig-Datei (Standard: $KUBECONFIG, sonst ~/.kube/config).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>A kubeconfig context to use as a hub (repeatable; default: the current context).</source>
        <translation>Ein kubeconfig-Kontext, der als Hub dient (mehrfach möglich; Standard: der aktuelle Kontext).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Use every context of the kubeconfig as a hub.</source>
        <translation>Jeden Kontext der kubeconfig als Hub verwenden.</translation>
    </message>
    <message>
        <source>A namespace to read when cluster-wide lists are forbidden (repeatable).</source>
        <translation>Ein Namespace, der gelesen wird, wenn clusterweite Listen verboten sind (mehrfach möglich).</translation>
    </message>
    <message>
        <source>Start two simulated hubs in-process and show their fleet.</source>
        <translation>Zwei simulierte Hubs im Prozess starten und ihre Flotte anzeigen.</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file once the fleet is synced, then exit.</source>
        <translation>Das Hauptfenster als PNG-Datei speichern, sobald die Flotte synchronisiert ist, und beenden.</translation>
    </message>
    <message>
        <source>With --screenshot: select this row of the table first.</source>
        <translation>Mit --screenshot: zuerst diese Tabellenzeile auswählen.</translation>
    </message>
    <message>
        <source>row</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Main window size, e.g. 1400x900.</source>
        <translation>Größe des Hauptfensters, z. B. 1400x900.</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>BxH</translation>
    </message>
    <message>
        <source>Condition history database (default: history.sqlite in the application data folder).</source>
        <translation>Datenbank für den Condition-Verlauf (Standard: history.sqlite im Datenordner der Anwendung).</translation>
    </message>
    <message>
        <source>Select this cluster (HUB/NAMESPACE/NAME) and show its condition history.</source>
        <translation>Diesen Cluster (HUB/NAMESPACE/NAME) auswählen und seinen Condition-Verlauf zeigen.</translation>
    </message>
    <message>
        <source>cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>With --timeline or --fleet-health: hours of history shown.</source>
        <translation>Mit --timeline oder --fleet-health: angezeigter Zeitraum in Stunden.</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <source>Show the fleet health chart.</source>
        <translation>Das Diagramm zum Zustand der Flotte zeigen.</translation>
    </message>
    <message>
        <source>Interface language, e.g. de or ja (default: the system language).</source>
        <translation>Sprache der Oberfläche, z. B. de oder ja (Standard: die Systemsprache).</translation>
    </message>
    <message>
        <source>language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Force the Fusion style with a dark or light palette (default: the platform&apos;s).</source>
        <translation>Fusion-Stil mit dunkler oder heller Palette erzwingen (Standard: die der Plattform).</translation>
    </message>
    <message>
        <source>dark|light</source>
        <translation>dark|light</translation>
    </message>
    <message>
        <source>Start with this filter (the filter language, see the README).</source>
        <translation>Mit diesem Filter starten (die Filtersprache, siehe README).</translation>
    </message>
    <message>
        <source>expression</source>
        <translation>Ausdruck</translation>
    </message>
    <message>
        <source>With --screenshot: check access to every shown cluster first.</source>
        <translation>Mit --screenshot: zuerst den Zugriff auf jeden angezeigten Cluster prüfen.</translation>
    </message>
    <message>
        <source>With --screenshot: run this command on every shown cluster (Run on selected…) and render that window.</source>
        <translation>Mit --screenshot: diesen Befehl auf jedem angezeigten Cluster ausführen (Auf Auswahl ausführen…) und dieses Fenster abbilden.</translation>
    </message>
    <message>
        <source>command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Native dashboard for fleets of Kubernetes clusters.

&quot;fleetscope help COMMAND&quot; shows a command&apos;s options.</source>
        <translation>Natives Dashboard für Flotten von Kubernetes-Clustern.

„fleetscope help BEFEHL“ zeigt die Optionen eines Befehls.</translation>
    </message>
</context>
<context>
    <name>fleetscope::HealthChartView</name>
    <message>
        <source>Not recorded: Fleetscope was not watching these hubs.</source>
        <translation>Nicht aufgezeichnet: Fleetscope hat diese Hubs nicht beobachtet.</translation>
    </message>
    <message>
        <source>%1 healthy, %2 unhealthy, %3 unknown</source>
        <translation>%1 gesund, %2 gestört, %3 unbekannt</translation>
    </message>
    <message>
        <source>%1 not reporting health</source>
        <translation>%1 ohne Angabe zum Zustand</translation>
    </message>
    <message>
        <source>Click to select the clusters unhealthy then.</source>
        <translation>Klicken wählt die damals gestörten Cluster aus.</translation>
    </message>
</context>
<context>
    <name>fleetscope::HealthRulesDialog</name>
    <message>
        <source>Health rules</source>
        <translation>Zustandsregeln</translation>
    </message>
    <message>
        <source>Producers report health through different conditions: OCM writes &lt;tt&gt;ControlPlaneHealthy&lt;/tt&gt; and &lt;tt&gt;Joined&lt;/tt&gt;, KubeFleet only &lt;tt&gt;ControlPlaneHealthy&lt;/tt&gt;, GKE Fleet only &lt;tt&gt;Joined&lt;/tt&gt;. A rule says, for the clusters of one manager (&lt;tt&gt;x-k8s.io/cluster-manager&lt;/tt&gt;; the rule without a manager is for all others), when a cluster is unhealthy, unknown and healthy, tried in that order, in filter terms such as &lt;tt&gt;Joined=False || ControlPlaneHealthy=False&lt;/tt&gt;. A cluster none of them matches does not report its health.</source>
        <translation>Herausgeber melden den Zustand über verschiedene Bedingungen: OCM schreibt &lt;tt&gt;ControlPlaneHealthy&lt;/tt&gt; und &lt;tt&gt;Joined&lt;/tt&gt;, KubeFleet nur &lt;tt&gt;ControlPlaneHealthy&lt;/tt&gt;, GKE Fleet nur &lt;tt&gt;Joined&lt;/tt&gt;. Eine Regel sagt für die Cluster eines Managers (&lt;tt&gt;x-k8s.io/cluster-manager&lt;/tt&gt;; die Regel ohne Manager gilt für alle anderen), wann ein Cluster gestört, unbekannt und gesund ist, in dieser Reihenfolge geprüft, mit Filtertermen wie &lt;tt&gt;Joined=False || ControlPlaneHealthy=False&lt;/tt&gt;. Ein Cluster, auf den keine davon zutrifft, meldet keinen Zustand.</translation>
    </message>
    <message>
        <source>Manager</source>
        <translation>Manager</translation>
    </message>
    <message>
        <source>Unhealthy when</source>
        <translation>Gestört, wenn</translation>
    </message>
    <message>
        <source>Unknown when</source>
        <translation>Unbekannt, wenn</translation>
    </message>
    <message>
        <source>Healthy when</source>
        <translation>Gesund, wenn</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Restore &amp;built-in</source>
        <translation>&amp;Eingebaute wiederherstellen</translation>
    </message>
    <message>
        <source>These are the built-in rules</source>
        <translation>Dies sind die eingebauten Regeln</translation>
    </message>
    <message>
        <source>Replace the table with the built-in rules</source>
        <translation>Die Tabelle durch die eingebauten Regeln ersetzen</translation>
    </message>
    <message>
        <source>x-k8s.io/cluster-manager; empty: every manager without a rule of its own</source>
        <translation>x-k8s.io/cluster-manager; leer: jeder Manager ohne eigene Regel</translation>
    </message>
</context>
<context>
    <name>fleetscope::HistoryPanel</name>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Fleet health</source>
        <translation>Zustand der Flotte</translation>
    </message>
    <message numerus="yes">
        <source>History: flapping (%n)</source>
        <translation>
            <numerusform>Verlauf: instabil (%n)</numerusform>
            <numerusform>Verlauf: instabil (%n)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n status change(s) in the last %1 h</source>
        <translation>
            <numerusform>%n Statuswechsel in den letzten %1 h</numerusform>
            <numerusform>%n Statuswechsel in den letzten %1 h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) shown in the table</source>
        <translation>
            <numerusform>%n Cluster in der Tabelle angezeigt</numerusform>
            <numerusform>%n Cluster in der Tabelle angezeigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::HubChoiceModel</name>
    <message>
        <source>%1: no contexts</source>
        <translation>%1: keine Kontexte</translation>
    </message>
    <message>
        <source>the default kubeconfig</source>
        <translation>die Standard-kubeconfig</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Nein</translation>
    </message>
    <message>
        <source>Yes (%1)</source>
        <translation>Ja (%1)</translation>
    </message>
    <message>
        <source>Kubeconfig: %1</source>
        <translation>Kubeconfig: %1</translation>
    </message>
    <message>
        <source>%1 (current)</source>
        <translation>%1 (aktuell)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Inventory API</source>
        <translation>Inventory-API</translation>
    </message>
    <message>
        <source>Placements</source>
        <translation>Platzierungen</translation>
    </message>
    <message>
        <source>Profiles</source>
        <translation>Profile</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>removed in this session; check to watch it again</source>
        <translation>in dieser Sitzung entfernt; ankreuzen, um ihn wieder zu beobachten</translation>
    </message>
</context>
<context>
    <name>fleetscope::HubDetailsDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>Wartezeit</translation>
    </message>
    <message>
        <source>List</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Credentials</source>
        <translation>Anmeldedaten</translation>
    </message>
    <message>
        <source>Resource</source>
        <translation>Ressource</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objekte</translation>
    </message>
    <message>
        <source>Resource version</source>
        <translation>resourceVersion</translation>
    </message>
    <message>
        <source>Watching for</source>
        <translation>Watch seit</translation>
    </message>
    <message>
        <source>Relists</source>
        <translation>Neu gelistet</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Letzter Fehler</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Was geschah</translation>
    </message>
    <message>
        <source>Hub details: %1</source>
        <translation>Hub-Details: %1</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the state, the resources and the recent history as text</source>
        <translation>Zustand, Ressourcen und den jüngsten Verlauf als Text kopieren</translation>
    </message>
    <message>
        <source>Watched resources</source>
        <translation>Beobachtete Ressourcen</translation>
    </message>
    <message>
        <source>Recent requests, errors and backoffs (newest first)</source>
        <translation>Letzte Anfragen, Fehler und Wartezeiten (neueste zuerst)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message>
        <source>API: %1</source>
        <translation>API: %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
</context>
<context>
    <name>fleetscope::HubStatusBar</name>
    <message>
        <source>Click for the hub&apos;s details</source>
        <translation>Klicken für die Details des Hubs</translation>
    </message>
    <message>
        <source>&amp;Reconnect</source>
        <translation>Neu &amp;verbinden</translation>
    </message>
    <message>
        <source>Re&amp;move hub</source>
        <translation>Hub ent&amp;fernen</translation>
    </message>
    <message>
        <source>Hub &amp;details…</source>
        <translation>Hub-&amp;Details…</translation>
    </message>
    <message>
        <source>%1 clusters · ✔ %2 healthy · ▲ %3 unhealthy · ? %4 unknown</source>
        <translation>%1 Cluster · ✔ %2 gesund · ▲ %3 gestört · ? %4 unbekannt</translation>
    </message>
    <message>
        <source> · ○ %1 not reported</source>
        <translation> · ○ %1 ohne Angabe</translation>
    </message>
    <message>
        <source> · %1 shown</source>
        <translation> · %1 angezeigt</translation>
    </message>
</context>
<context>
    <name>fleetscope::HubStatusModel</name>
    <message>
        <source>API: %1</source>
        <translation>API: %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s) could not be read</source>
        <translation>
            <numerusform>%n Objekt konnte nicht gelesen werden</numerusform>
            <numerusform>%n Objekte konnten nicht gelesen werden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::HubsDialog</name>
    <message>
        <source>Hubs</source>
        <translation>Hubs</translation>
    </message>
    <message>
        <source>Choose the kubeconfig contexts Fleetscope watches as hubs. Each context is asked whether it serves the Cluster Inventory API (multicluster.x-k8s.io); those that do are listed first.</source>
        <translation>Wählen Sie die kubeconfig-Kontexte, die Fleetscope als Hubs beobachtet. Jeder Kontext wird gefragt, ob er die Cluster Inventory API (multicluster.x-k8s.io) anbietet; Kontexte, die das tun, stehen oben.</translation>
    </message>
    <message>
        <source>Add kubeconfig file…</source>
        <translation>Kubeconfig-Datei hinzufügen…</translation>
    </message>
    <message>
        <source>Remove file</source>
        <translation>Datei entfernen</translation>
    </message>
    <message>
        <source>Forget the kubeconfig file of the selected context (the default one stays)</source>
        <translation>Die kubeconfig-Datei des gewählten Kontexts vergessen (die Standarddatei bleibt)</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>Add kubeconfig file</source>
        <translation>Kubeconfig-Datei hinzufügen</translation>
    </message>
    <message>
        <source>Kubeconfig files (*.yaml *.yml *.kubeconfig *config);;All files (*)</source>
        <translation>Kubeconfig-Dateien (*.yaml *.yml *.kubeconfig *config);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>Asking %n context(s)…</source>
        <translation>
            <numerusform>Frage %n Kontext…</numerusform>
            <numerusform>Frage %n Kontexte…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n context(s) serve the Cluster Inventory API</source>
        <translation>
            <numerusform>%n Kontext bietet die Cluster Inventory API an</numerusform>
            <numerusform>%n Kontexte bieten die Cluster Inventory API an</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hub(s) chosen</source>
        <translation>
            <numerusform>%n Hub gewählt</numerusform>
            <numerusform>%n Hubs gewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>Contexts chosen twice from different files: %1</source>
        <translation>In verschiedenen Dateien doppelt gewählte Kontexte: %1</translation>
    </message>
</context>
<context>
    <name>fleetscope::InventoryLint</name>
    <message>
        <source>label x-k8s.io/cluster-manager=%1 but spec.clusterManager.name=%2</source>
        <translation>Label x-k8s.io/cluster-manager=%1, aber spec.clusterManager.name=%2</translation>
    </message>
    <message>
        <source>clusterset label %1 on the profile, %2 on its namespace %3</source>
        <translation>ClusterSet-Label %1 am Profil, %2 an seinem Namespace %3</translation>
    </message>
    <message>
        <source>%1 (observed %2 ago)</source>
        <translation>%1 (vor %2 beobachtet)</translation>
    </message>
    <message>
        <source>stale for more than %1: %2</source>
        <translation>seit mehr als %1 veraltet: %2</translation>
    </message>
    <message>
        <source>no status.accessProviders: no consumer can connect</source>
        <translation>kein status.accessProviders: kein Konsument kann sich verbinden</translation>
    </message>
    <message>
        <source>only the deprecated status.credentialProviders, which v1alpha2 drops</source>
        <translation>nur das veraltete status.credentialProviders, das v1alpha2 nicht mehr kennt</translation>
    </message>
    <message>
        <source>%1 says %2, %3</source>
        <translation>%1 meldet %2, %3</translation>
    </message>
    <message>
        <source>no version</source>
        <translation>keine Version</translation>
    </message>
    <message>
        <source>member %1: %2</source>
        <translation>Mitglied %1: %2</translation>
    </message>
    <message>
        <source>chooses ClusterProfiles that do not exist: %1</source>
        <translation>wählt ClusterProfiles, die es nicht gibt: %1</translation>
    </message>
    <message>
        <source>set the label x-k8s.io/cluster-manager to spec.clusterManager.name (the spec is immutable)</source>
        <translation>das Label x-k8s.io/cluster-manager auf spec.clusterManager.name setzen (die Spec ist unveränderlich)</translation>
    </message>
    <message>
        <source>label the profile x-k8s.io/cluster-manager=&lt;spec.clusterManager.name&gt;: consumers select profiles by it, and the conformance suite requires it</source>
        <translation>das Profil mit x-k8s.io/cluster-manager=&lt;spec.clusterManager.name&gt; beschriften: Verbraucher wählen Profile danach aus, und die Konformitätstests verlangen es</translation>
    </message>
    <message>
        <source>recreate the profile with a spec.clusterManager.name of 1-63 label characters (the field is immutable), the same value as its x-k8s.io/cluster-manager label</source>
        <translation>das Profil mit einem spec.clusterManager.name aus 1–63 Label-Zeichen neu anlegen (das Feld ist unveränderlich), gleich seinem Label x-k8s.io/cluster-manager</translation>
    </message>
    <message>
        <source>one of the managers reports an old state of the cluster: check the one whose health or version is out of date, or drop its inventory-member-id label if they are different clusters</source>
        <translation>einer der Manager meldet einen alten Stand des Clusters: den prüfen, dessen Zustand oder Version veraltet ist, oder sein Label inventory-member-id entfernen, wenn es verschiedene Cluster sind</translation>
    </message>
    <message>
        <source>delete the decision or have its scheduler place it again; the ClusterProfile it names is gone</source>
        <translation>die Entscheidung löschen oder von ihrem Scheduler neu platzieren lassen; das genannte ClusterProfile gibt es nicht mehr</translation>
    </message>
    <message>
        <source>make the profile&apos;s multicluster.x-k8s.io/clusterset label equal its namespace&apos;s, or remove one</source>
        <translation>das Label multicluster.x-k8s.io/clusterset des Profils dem seines Namespace angleichen oder eines entfernen</translation>
    </message>
    <message>
        <source>have the producer publish the member&apos;s API server URL (https://host[:port][/path]); connect and every consumer refuse this provider</source>
        <translation>den Herausgeber die API-Server-URL des Mitglieds veröffentlichen lassen (https://host[:port][/pfad]); connect und jeder Verbraucher lehnen diesen Anbieter ab</translation>
    </message>
    <message>
        <source>the producer stopped refreshing these properties: check its agent on the member, or raise --stale-after if they change rarely</source>
        <translation>der Herausgeber aktualisiert diese Eigenschaften nicht mehr: seinen Agenten auf dem Mitglied prüfen oder --stale-after erhöhen, wenn sie sich selten ändern</translation>
    </message>
    <message>
        <source>have the producer publish status.accessProviders (a server and, unless a public CA signs it, its CA), or connect to this member another way</source>
        <translation>den Herausgeber status.accessProviders veröffentlichen lassen (einen Server und, wenn keine öffentliche CA ihn signiert, seine CA) oder sich anders mit diesem Mitglied verbinden</translation>
    </message>
    <message>
        <source>publish the same entries under status.accessProviders: v1alpha2 and cluster-inventory-api v0.2.0 no longer read credentialProviders</source>
        <translation>dieselben Einträge unter status.accessProviders veröffentlichen: v1alpha2 und cluster-inventory-api v0.2.0 lesen credentialProviders nicht mehr</translation>
    </message>
    <message>
        <source>publish certificate-authority-data (or rely on system roots) and drop insecure-skip-tls-verify; pkg/access ignores the flag, so its consumers verify anyway and fail</source>
        <translation>certificate-authority-data veröffentlichen (oder den System-Wurzelzertifikaten vertrauen) und insecure-skip-tls-verify entfernen; pkg/access übergeht das Flag, seine Verbraucher prüfen also doch und scheitern</translation>
    </message>
    <message>
        <source>check that the producer&apos;s controller runs and may write status: nothing says whether this cluster is joined or healthy</source>
        <translation>prüfen, ob der Controller des Herausgebers läuft und den Status schreiben darf: nichts sagt, ob dieser Cluster beigetreten oder gesund ist</translation>
    </message>
    <message>
        <source>the label x-k8s.io/cluster-manager is empty</source>
        <translation>das Label x-k8s.io/cluster-manager ist leer</translation>
    </message>
    <message>
        <source>no label x-k8s.io/cluster-manager</source>
        <translation>kein Label x-k8s.io/cluster-manager</translation>
    </message>
    <message>
        <source>the label x-k8s.io/cluster-manager is empty (spec.clusterManager.name=%1)</source>
        <translation>das Label x-k8s.io/cluster-manager ist leer (spec.clusterManager.name=%1)</translation>
    </message>
    <message>
        <source>no label x-k8s.io/cluster-manager (spec.clusterManager.name=%1)</source>
        <translation>kein Label x-k8s.io/cluster-manager (spec.clusterManager.name=%1)</translation>
    </message>
    <message>
        <source>label the profile x-k8s.io/cluster-manager=%1: consumers select profiles by it, and the conformance suite requires it</source>
        <translation>das Profil mit x-k8s.io/cluster-manager=%1 beschriften: Verbraucher wählen Profile danach aus, und die Konformitätstests verlangen es</translation>
    </message>
    <message>
        <source>spec.clusterManager.name is empty</source>
        <translation>spec.clusterManager.name ist leer</translation>
    </message>
    <message>
        <source>spec.clusterManager.name &quot;%1&quot; is not a label value (1-63 characters: letters, digits, &apos;-&apos;, &apos;_&apos;, &apos;.&apos;), which v1alpha2 requires</source>
        <translation>spec.clusterManager.name „%1“ ist kein Label-Wert (1–63 Zeichen: Buchstaben, Ziffern, &apos;-&apos;, &apos;_&apos;, &apos;.&apos;), wie v1alpha2 ihn verlangt</translation>
    </message>
    <message>
        <source>%1 has an empty cluster.server</source>
        <translation>%1 hat einen leeren cluster.server</translation>
    </message>
    <message>
        <source>%1&apos;s cluster.server &quot;%2&quot; is not an absolute URL with a host</source>
        <translation>cluster.server „%2“ von %1 ist keine absolute URL mit Host</translation>
    </message>
    <message>
        <source>access provider %1</source>
        <translation>Zugangsanbieter %1</translation>
    </message>
    <message>
        <source>access provider %1 sets insecure-skip-tls-verify: consumers that honour it do not check whom they connect to</source>
        <translation>Zugangsanbieter %1 setzt insecure-skip-tls-verify: Verbraucher, die das beachten, prüfen nicht, mit wem sie sich verbinden</translation>
    </message>
    <message>
        <source>no status.conditions: %1 reports nothing about this cluster</source>
        <translation>keine status.conditions: %1 meldet nichts über diesen Cluster</translation>
    </message>
    <message>
        <source>its producer</source>
        <translation>sein Herausgeber</translation>
    </message>
    <message>
        <source>this experimental GKE script writes no status: switch to GKE Fleet&apos;s ClusterProfile sync (namespace fleet-cluster-inventory), then delete these profiles</source>
        <translation>dieses experimentelle GKE-Skript schreibt keinen Status: auf die ClusterProfile-Synchronisierung von GKE Fleet umstellen (Namespace fleet-cluster-inventory), dann diese Profile löschen</translation>
    </message>
</context>
<context>
    <name>fleetscope::MainWindow</name>
    <message>
        <source>Fleetscope</source>
        <translation>Fleetscope</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Filter clusters</source>
        <translation>Cluster &amp;filtern</translation>
    </message>
    <message>
        <source>Fleet &amp;groups</source>
        <translation>Flotten&amp;gruppen</translation>
    </message>
    <message>
        <source>&amp;Reconnect hubs</source>
        <translation>Hubs neu &amp;verbinden</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Gespeicherte Ansichten</translation>
    </message>
    <message>
        <source>Saved views: filter, grouping and columns</source>
        <translation>Gespeicherte Ansichten: Filter, Gruppierung und Spalten</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Fleetscope</source>
        <translation>Ü&amp;ber Fleetscope</translation>
    </message>
    <message>
        <source>About Fleetscope</source>
        <translation>Über Fleetscope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Fleetscope %1&lt;/h3&gt;&lt;p&gt;A native dashboard for fleets of Kubernetes clusters published through the ClusterProfile API.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Fleetscope %1&lt;/h3&gt;&lt;p&gt;Ein natives Dashboard für Flotten von Kubernetes-Clustern, die über die ClusterProfile-API veröffentlicht werden.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Gruppen</translation>
    </message>
    <message>
        <source>Placements</source>
        <translation>Platzierungen</translation>
    </message>
    <message>
        <source>&amp;Placements</source>
        <translation>&amp;Platzierungen</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;Clusters</source>
        <translation>&amp;Cluster</translation>
    </message>
    <message>
        <source>&amp;Hub details…</source>
        <translation>&amp;Hub-Details…</translation>
    </message>
    <message>
        <source>Hubs</source>
        <translation>Hubs</translation>
    </message>
    <message>
        <source>&amp;Hubs…</source>
        <translation>&amp;Hubs…</translation>
    </message>
    <message>
        <source>Property &amp;aliases…</source>
        <translation>Property-&amp;Aliase…</translation>
    </message>
    <message>
        <source>Stop watching hubs</source>
        <translation>Hubs nicht mehr beobachten</translation>
    </message>
    <message numerus="yes">
        <source>Stop watching %n hub(s): %1?</source>
        <translation>
            <numerusform>%n Hub nicht mehr beobachten: %1?</numerusform>
            <numerusform>%n Hubs nicht mehr beobachten: %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) leave the window. File → Hubs… keeps listing the hub until you quit, to bring it back.</source>
        <translation>
            <numerusform>%n Cluster verschwindet aus dem Fenster. Datei → Hubs… führt den Hub bis zum Beenden weiter auf, um ihn zurückzuholen.</numerusform>
            <numerusform>%n Cluster verschwinden aus dem Fenster. Datei → Hubs… führt den Hub bis zum Beenden weiter auf, um ihn zurückzuholen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>Nicht mehr beobachten</translation>
    </message>
    <message>
        <source>Connect to every hub again and list its clusters afresh</source>
        <translation>Mit jedem Hub neu verbinden und seine Cluster neu auflisten</translation>
    </message>
    <message>
        <source>What each hub was asked, answered and why it is in its state</source>
        <translation>Was jeder Hub gefragt wurde, was er antwortete und warum er in seinem Zustand ist</translation>
    </message>
    <message>
        <source>No hub is watched: add one in File → Hubs…</source>
        <translation>Kein Hub wird beobachtet: fügen Sie einen unter Datei → Hubs… hinzu</translation>
    </message>
    <message>
        <source>Re&amp;sources…</source>
        <translation>Re&amp;ssourcen…</translation>
    </message>
    <message>
        <source>Health r&amp;ules…</source>
        <translation>Zustands&amp;regeln…</translation>
    </message>
    <message>
        <source>H&amp;istory</source>
        <translation>V&amp;erlauf</translation>
    </message>
    <message>
        <source>Fleet h&amp;ealth</source>
        <translation>Zustand der Flo&amp;tte</translation>
    </message>
</context>
<context>
    <name>fleetscope::MemberActions</name>
    <message>
        <source>&amp;Run on selected…</source>
        <translation>Auf Auswahl &amp;ausführen…</translation>
    </message>
    <message>
        <source>Export &amp;kubeconfig…</source>
        <translation>&amp;Kubeconfig exportieren…</translation>
    </message>
    <message>
        <source>Run a command on each selected cluster (all shown clusters when none is selected)</source>
        <translation>Einen Befehl auf jedem ausgewählten Cluster ausführen (auf allen angezeigten, wenn keiner ausgewählt ist)</translation>
    </message>
    <message>
        <source>Write a kubeconfig with a context per selected cluster, for kubectl, k9s and other tools</source>
        <translation>Eine Kubeconfig mit einem Kontext pro ausgewähltem Cluster schreiben, für kubectl, k9s und andere Werkzeuge</translation>
    </message>
    <message numerus="yes">
        <source>%n context(s) written to %1.</source>
        <translation>
            <numerusform>%n Kontext nach %1 geschrieben.</numerusform>
            <numerusform>%n Kontexte nach %1 geschrieben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) skipped: no provider of your file matches.</source>
        <translation>
            <numerusform>%n Cluster übersprungen: kein Provider Ihrer Datei passt.</numerusform>
            <numerusform>%n Cluster übersprungen: kein Provider Ihrer Datei passt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export kubeconfig</source>
        <translation>Kubeconfig exportieren</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Verbinden …</translation>
    </message>
    <message>
        <source>Open a terminal on the selected clusters (Enter)</source>
        <translation>Ein Terminal für die ausgewählten Cluster öffnen (Eingabetaste)</translation>
    </message>
    <message>
        <source>Open your terminal with a kubeconfig for the selected clusters</source>
        <translation>Ihr Terminal mit einer kubeconfig für die ausgewählten Cluster öffnen</translation>
    </message>
    <message>
        <source>Select a cluster to connect to</source>
        <translation>Wählen Sie einen Cluster, um sich zu verbinden</translation>
    </message>
</context>
<context>
    <name>fleetscope::MemberRunModel</name>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeit überschritten</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>First line</source>
        <translation>Erste Zeile</translation>
    </message>
</context>
<context>
    <name>fleetscope::MemberStateModel</name>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>verbindet</translation>
    </message>
    <message>
        <source>discovering</source>
        <translation>erkundet</translation>
    </message>
    <message>
        <source>listing</source>
        <translation>listet</translation>
    </message>
    <message>
        <source>live (%1)</source>
        <translation>live (%1)</translation>
    </message>
    <message>
        <source>listed (%1)</source>
        <translation>gelistet (%1)</translation>
    </message>
    <message>
        <source>forbidden</source>
        <translation>verboten</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>credential error</source>
        <translation>Anmeldefehler</translation>
    </message>
    <message>
        <source>not served</source>
        <translation>nicht angeboten</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>(%1, cluster-wide)</source>
        <translation>(%1, clusterweit)</translation>
    </message>
    <message>
        <source>(%1 in %2)</source>
        <translation>(%1 in %2)</translation>
    </message>
</context>
<context>
    <name>fleetscope::OfflineBadge</name>
    <message>
        <source>%1 last seen %2</source>
        <translation>%1 zuletzt gesehen %2</translation>
    </message>
    <message>
        <source>%1: showing the fleet cached at %2 until the hub answers (%3)</source>
        <translation>%1: zeigt die um %2 zwischengespeicherte Flotte, bis der Hub antwortet (%3)</translation>
    </message>
    <message>
        <source>⏸ Offline · %1 · read-only</source>
        <translation>⏸ Offline · %1 · schreibgeschützt</translation>
    </message>
</context>
<context>
    <name>fleetscope::PaneCycler</name>
    <message>
        <source>&amp;Next pane</source>
        <translation>&amp;Nächster Bereich</translation>
    </message>
    <message>
        <source>Pre&amp;vious pane</source>
        <translation>&amp;Vorheriger Bereich</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the next pane</source>
        <translation>Den Tastaturfokus in den nächsten Bereich setzen</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the previous pane</source>
        <translation>Den Tastaturfokus in den vorherigen Bereich setzen</translation>
    </message>
</context>
<context>
    <name>fleetscope::PlacementModel</name>
    <message>
        <source>No such ClusterProfile: %1</source>
        <translation>ClusterProfile existiert nicht: %1</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>Hub</source>
        <translation>Hub</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>Scheduler</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Dangling</source>
        <translation>Verwaist</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>Slices</translation>
    </message>
    <message>
        <source>Clusters chosen</source>
        <translation>Gewählte Cluster</translation>
    </message>
    <message>
        <source>Chosen clusters that have no ClusterProfile (dangling)</source>
        <translation>Gewählte Cluster ohne ClusterProfile (verwaist)</translation>
    </message>
</context>
<context>
    <name>fleetscope::PlacementsView</name>
    <message>
        <source>No PlacementDecisions on the connected hubs.</source>
        <translation>Keine PlacementDecisions auf den verbundenen Hubs.</translation>
    </message>
    <message>
        <source>Select a placement to show the clusters it chose.</source>
        <translation>Wählen Sie ein Placement, um die ausgewählten Cluster zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) chosen</source>
        <translation>
            <numerusform>%n Cluster ausgewählt</numerusform>
            <numerusform>%n Cluster ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source> by %1</source>
        <translation> von %1</translation>
    </message>
    <message numerus="yes">
        <source> in %n slice(s).</source>
        <translation>
            <numerusform> in %n Slice.</numerusform>
            <numerusform> in %n Slices.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n chosen cluster(s) have no ClusterProfile: %1</source>
        <translation>
            <numerusform>⚠ %n ausgewählter Cluster hat kein ClusterProfile: %1</numerusform>
            <numerusform>⚠ %n ausgewählte Cluster haben kein ClusterProfile: %1</numerusform>
        </translation>
    </message>
    <message>
        <source> on %1</source>
        <translation> auf %1</translation>
    </message>
</context>
<context>
    <name>fleetscope::PropertyAliasesDialog</name>
    <message>
        <source>Property aliases</source>
        <translation>Property-Aliase</translation>
    </message>
    <message>
        <source>Producers name the same fact differently. An alias stands for the first of its properties a cluster has, in filters (&lt;tt&gt;region=eu-west-1&lt;/tt&gt;), in &lt;i&gt;By property…&lt;/i&gt; grouping and in property columns. &lt;tt&gt;%1&lt;/tt&gt; stands for the reported Kubernetes version.</source>
        <translation>Produzenten benennen dieselbe Tatsache unterschiedlich. Ein Alias steht für die erste seiner Properties, die ein Cluster hat – in Filtern (&lt;tt&gt;region=eu-west-1&lt;/tt&gt;), in der Gruppierung &lt;i&gt;Nach Property…&lt;/i&gt; und in Property-Spalten. &lt;tt&gt;%1&lt;/tt&gt; steht für die gemeldete Kubernetes-Version.</translation>
    </message>
    <message>
        <source>Alias</source>
        <translation>Alias</translation>
    </message>
    <message>
        <source>Properties, in order (comma-separated)</source>
        <translation>Properties, in Reihenfolge (durch Kommas getrennt)</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Restore &amp;built-in</source>
        <translation>&amp;Eingebaute wiederherstellen</translation>
    </message>
    <message>
        <source>These are the built-in aliases</source>
        <translation>Dies sind die eingebauten Aliase</translation>
    </message>
    <message>
        <source>Replace the table with the built-in aliases</source>
        <translation>Die Tabelle durch die eingebauten Aliase ersetzen</translation>
    </message>
</context>
<context>
    <name>fleetscope::ResourceTableModel</name>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
</context>
<context>
    <name>fleetscope::ResourcesWindow</name>
    <message>
        <source>Resources — Fleetscope</source>
        <translation>Ressourcen — Fleetscope</translation>
    </message>
    <message>
        <source>Which member clusters to look into</source>
        <translation>Welche Mitgliedscluster betrachtet werden</translation>
    </message>
    <message>
        <source>Filter clusters, e.g. clusterset=prod</source>
        <translation>Cluster filtern, z. B. clusterset=prod</translation>
    </message>
    <message>
        <source>The kind: pods, deploy, certificates.cert-manager.io…; the list shows what the members serve</source>
        <translation>Die Art: pods, deploy, certificates.cert-manager.io…; die Liste zeigt, was die Mitglieder anbieten</translation>
    </message>
    <message>
        <source>All namespaces</source>
        <translation>Alle Namespaces</translation>
    </message>
    <message>
        <source>All namespaces, one, or several separated by commas</source>
        <translation>Alle Namespaces, einer oder mehrere durch Kommas getrennt</translation>
    </message>
    <message>
        <source>Label selector, e.g. app=web</source>
        <translation>Label-Selektor, z. B. app=web</translation>
    </message>
    <message>
        <source>&amp;Watch</source>
        <translation>&amp;Beobachten</translation>
    </message>
    <message>
        <source>Clusters:</source>
        <translation>Cluster:</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>Art:</translation>
    </message>
    <message>
        <source>Namespaces:</source>
        <translation>Namespaces:</translation>
    </message>
    <message>
        <source>Search the table</source>
        <translation>Tabelle durchsuchen</translation>
    </message>
    <message>
        <source>&amp;Group by cluster</source>
        <translation>Nach Cluster &amp;gruppieren</translation>
    </message>
    <message>
        <source>Show &amp;YAML</source>
        <translation>&amp;YAML anzeigen</translation>
    </message>
    <message>
        <source>&amp;Connect to this cluster…</source>
        <translation>Mit diesem Cluster &amp;verbinden…</translation>
    </message>
    <message>
        <source>&amp;Run a command on this cluster…</source>
        <translation>Befehl auf diesem Cluster &amp;ausführen…</translation>
    </message>
    <message>
        <source>Selected clusters</source>
        <translation>Ausgewählte Cluster</translation>
    </message>
    <message>
        <source>Filter…</source>
        <translation>Filter…</translation>
    </message>
    <message>
        <source>View: %1</source>
        <translation>Ansicht: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n cluster(s))</source>
        <translation>
            <numerusform>%1 (%n Cluster)</numerusform>
            <numerusform>%1 (%n Cluster)</numerusform>
        </translation>
    </message>
    <message>
        <source>Select clusters in the main window first, or pick a saved view or a filter.</source>
        <translation>Wählen Sie zuerst Cluster im Hauptfenster aus, oder eine gespeicherte Ansicht oder einen Filter.</translation>
    </message>
    <message>
        <source>The filter is not valid: %1</source>
        <translation>Der Filter ist ungültig: %1</translation>
    </message>
    <message>
        <source>No cluster matches.</source>
        <translation>Kein Cluster passt.</translation>
    </message>
    <message>
        <source>Choose a kind.</source>
        <translation>Wählen Sie eine Art.</translation>
    </message>
    <message>
        <source>%1 of %2 objects shown · %3 of %4 clusters live, %5 failed</source>
        <translation>%1 von %2 Objekten angezeigt · %3 von %4 Clustern live, %5 fehlgeschlagen</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>Connect…</source>
        <translation>Verbinden…</translation>
    </message>
    <message>
        <source>Run a command…</source>
        <translation>Befehl ausführen…</translation>
    </message>
    <message>
        <source>Could not fetch the object: %1</source>
        <translation>Das Objekt konnte nicht geholt werden: %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>fleetscope::RunDialog</name>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Stoppen</translation>
    </message>
    <message>
        <source>&amp;Copy results</source>
        <translation>Ergebnisse &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Run on selected clusters</source>
        <translation>Auf ausgewählten Clustern ausführen</translation>
    </message>
    <message numerus="yes">
        <source>Runs a shell command once per cluster (%n cluster(s)), with KUBECONFIG set to that cluster&apos;s own kubeconfig, built from your credential provider file.</source>
        <translation>
            <numerusform>Führt einen Shell-Befehl einmal pro Cluster aus (%n Cluster), mit KUBECONFIG auf die eigene Kubeconfig dieses Clusters gesetzt, gebaut aus Ihrer Credential-Provider-Datei.</numerusform>
            <numerusform>Führt einen Shell-Befehl einmal pro Cluster aus (%n Cluster), mit KUBECONFIG auf die eigene Kubeconfig dieses Clusters gesetzt, gebaut aus Ihrer Credential-Provider-Datei.</numerusform>
        </translation>
    </message>
    <message>
        <source>kubectl get nodes</source>
        <translation>kubectl get nodes</translation>
    </message>
    <message>
        <source>How many clusters run the command at the same time</source>
        <translation>Wie viele Cluster den Befehl gleichzeitig ausführen</translation>
    </message>
    <message>
        <source>At a time:</source>
        <translation>Gleichzeitig:</translation>
    </message>
    <message>
        <source>Co&amp;mmand:</source>
        <translation>&amp;Befehl:</translation>
    </message>
    <message>
        <source>Select a cluster to see its whole output.</source>
        <translation>Einen Cluster auswählen, um seine ganze Ausgabe zu sehen.</translation>
    </message>
    <message>
        <source>Export results</source>
        <translation>Ergebnisse exportieren</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>--- stderr ---
</source>
        <translation>--- stderr ---
</translation>
    </message>
    <message>
        <source>--- %1 ---</source>
        <translation>--- %1 ---</translation>
    </message>
</context>
<context>
    <name>fleetscope::SavedViewsMenu</name>
    <message>
        <source>&amp;Save current view…</source>
        <translation>Aktuelle Ansicht &amp;speichern …</translation>
    </message>
    <message>
        <source>All clusters</source>
        <translation>Alle Cluster</translation>
    </message>
    <message>
        <source>No saved views yet</source>
        <translation>Noch keine gespeicherten Ansichten</translation>
    </message>
    <message>
        <source>&amp;Notify on health changes</source>
        <translation>Bei Zustandsänderungen be&amp;nachrichtigen</translation>
    </message>
    <message>
        <source>&amp;Delete view</source>
        <translation>Ansicht &amp;löschen</translation>
    </message>
    <message>
        <source>Save view</source>
        <translation>Ansicht speichern</translation>
    </message>
    <message>
        <source>Replace view</source>
        <translation>Ansicht ersetzen</translation>
    </message>
    <message>
        <source>A view named &quot;%1&quot; exists. Replace it?</source>
        <translation>Eine Ansicht namens „%1“ existiert bereits. Ersetzen?</translation>
    </message>
    <message>
        <source>Vie&amp;ws</source>
        <translation>&amp;Gespeicherte Ansichten</translation>
    </message>
    <message>
        <source>Save the filter, grouping, chosen group and columns as a named view</source>
        <translation>Filter, Gruppierung, gewählte Gruppe und Spalten als benannte Ansicht speichern</translation>
    </message>
    <message>
        <source>In the group %1</source>
        <translation>In der Gruppe %1</translation>
    </message>
    <message>
        <source>Name of the view (filter, grouping, chosen group and columns):</source>
        <translation>Name der Ansicht (Filter, Gruppierung, gewählte Gruppe und Spalten):</translation>
    </message>
</context>
<context>
    <name>fleetscope::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Kürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Fenster</translation>
    </message>
</context>
<context>
    <name>fleetscope::SyncProgress</name>
    <message>
        <source>Syncing %1</source>
        <translation>Synchronisierung: %1</translation>
    </message>
    <message>
        <source>Syncing %1 of ~%2</source>
        <translation>Synchronisierung: %1 von ~%2</translation>
    </message>
    <message numerus="yes">
        <source>%n hub(s) syncing</source>
        <translation>
            <numerusform>%n Hub wird synchronisiert</numerusform>
            <numerusform>%n Hubs werden synchronisiert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::TerminalLauncher</name>
    <message>
        <source>kubectl is not on PATH</source>
        <translation>kubectl liegt nicht im PATH</translation>
    </message>
    <message>
        <source>k9s is not on PATH</source>
        <translation>k9s liegt nicht im PATH</translation>
    </message>
    <message>
        <source>no terminal emulator found on PATH (tried $TERMINAL, x-terminal-emulator, konsole, gnome-terminal, xfce4-terminal, xterm); set a terminal command</source>
        <translation>kein Terminal-Emulator im PATH gefunden (versucht: $TERMINAL, x-terminal-emulator, konsole, gnome-terminal, xfce4-terminal, xterm); legen Sie einen Terminal-Befehl fest</translation>
    </message>
    <message>
        <source>the terminal command uses {terminal}, but no terminal emulator was found on PATH</source>
        <translation>der Terminal-Befehl verwendet {terminal}, aber im PATH wurde kein Terminal-Emulator gefunden</translation>
    </message>
    <message>
        <source>terminal command &quot;%1&quot;: %2</source>
        <translation>Terminal-Befehl „%1“: %2</translation>
    </message>
    <message>
        <source>terminal command &quot;%1&quot;: %2 is not an executable on PATH</source>
        <translation>Terminal-Befehl „%1“: %2 ist kein ausführbares Programm im PATH</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>%1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>a backslash ends the text</source>
        <translation>ein Backslash beendet den Text</translation>
    </message>
    <message>
        <source>unterminated &apos; quote</source>
        <translation>nicht geschlossenes &apos;</translation>
    </message>
    <message>
        <source>unterminated &quot; quote</source>
        <translation>nicht geschlossenes &quot;</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>er ist leer</translation>
    </message>
    <message>
        <source>unknown placeholder {%1}</source>
        <translation>unbekannter Platzhalter {%1}</translation>
    </message>
    <message>
        <source>{command} must be a word of its own (use {command_line} inside a word)</source>
        <translation>{command} muss ein eigenes Wort sein (innerhalb eines Wortes {command_line} verwenden)</translation>
    </message>
    <message>
        <source>no value for {%1}</source>
        <translation>kein Wert für {%1}</translation>
    </message>
    <message>
        <source>it must contain {command} or {command_line}</source>
        <translation>er muss {command} oder {command_line} enthalten</translation>
    </message>
    <message>
        <source>it names no program</source>
        <translation>er nennt kein Programm</translation>
    </message>
    <message>
        <source>the session command, as separate arguments</source>
        <translation>der Sitzungsbefehl als einzelne Argumente</translation>
    </message>
    <message>
        <source>the session command as one shell-quoted string</source>
        <translation>der Sitzungsbefehl als eine für die Shell gequotete Zeichenkette</translation>
    </message>
    <message>
        <source>the autodetected terminal emulator</source>
        <translation>der automatisch erkannte Terminal-Emulator</translation>
    </message>
    <message>
        <source>your $SHELL</source>
        <translation>Ihre $SHELL</translation>
    </message>
    <message>
        <source>the session&apos;s kubeconfig file</source>
        <translation>die kubeconfig-Datei der Sitzung</translation>
    </message>
    <message>
        <source>a window title naming the clusters</source>
        <translation>ein Fenstertitel mit den Cluster-Namen</translation>
    </message>
</context>
<context>
    <name>fleetscope::TimeTravelBanner</name>
    <message>
        <source>&amp;Back to now</source>
        <translation>&amp;Zurück zu jetzt</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not live.&lt;/b&gt; The fleet as recorded at &lt;b&gt;%1&lt;/b&gt; (%2 ago). Live changes keep being recorded.</source>
        <translation>&lt;b&gt;Nicht live.&lt;/b&gt; Die Flotte, wie sie um &lt;b&gt;%1&lt;/b&gt; aufgezeichnet wurde (vor %2). Live-Änderungen werden weiter aufgezeichnet.</translation>
    </message>
    <message>
        <source>Hub %1 was not recorded then.</source>
        <translation>Hub %1 wurde damals nicht aufgezeichnet.</translation>
    </message>
    <message>
        <source>Hub %1 was not watched then: what was recorded before.</source>
        <translation>Hub %1 wurde damals nicht beobachtet: der zuvor aufgezeichnete Stand.</translation>
    </message>
</context>
<context>
    <name>fleetscope::TimeTravelBar</name>
    <message>
        <source>History:</source>
        <translation>Verlauf:</translation>
    </message>
    <message>
        <source>&amp;Now</source>
        <translation>&amp;Jetzt</translation>
    </message>
    <message>
        <source>The fleet as recorded at any moment: drag to the past, to the right end for live</source>
        <translation>Die Flotte, wie sie zu jedem Zeitpunkt aufgezeichnet wurde: in die Vergangenheit ziehen, ans rechte Ende für live</translation>
    </message>
    <message>
        <source>Moment shown</source>
        <translation>Gezeigter Zeitpunkt</translation>
    </message>
    <message>
        <source>Back to the live fleet</source>
        <translation>Zurück zur Live-Flotte</translation>
    </message>
    <message>
        <source>History unavailable</source>
        <translation>Verlauf nicht verfügbar</translation>
    </message>
    <message>
        <source>Nothing recorded yet</source>
        <translation>Noch nichts aufgezeichnet</translation>
    </message>
    <message>
        <source>Recorded since %1</source>
        <translation>Aufgezeichnet seit %1</translation>
    </message>
    <message>
        <source>The moment shown (local time): type, use the arrows or the wheel</source>
        <translation>Der gezeigte Zeitpunkt (Ortszeit): tippen, Pfeiltasten oder Mausrad</translation>
    </message>
</context>
<context>
    <name>fleetscope::TimeTravelUi</name>
    <message>
        <source>Changes</source>
        <translation>Änderungen</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Moment shown</source>
        <translation>Gezeigter Zeitpunkt</translation>
    </message>
    <message>
        <source>%1 — as recorded at %2</source>
        <translation>%1 – wie um %2 aufgezeichnet</translation>
    </message>
    <message>
        <source>&amp;Time</source>
        <translation>&amp;Zeit</translation>
    </message>
    <message>
        <source>&amp;Go to a moment…</source>
        <translation>&amp;Zu einem Zeitpunkt…</translation>
    </message>
    <message>
        <source>An hour &amp;earlier</source>
        <translation>Eine Stunde &amp;früher</translation>
    </message>
    <message>
        <source>An hour &amp;later</source>
        <translation>Eine Stunde &amp;später</translation>
    </message>
    <message>
        <source>Back to &amp;now</source>
        <translation>Zurück zu &amp;jetzt</translation>
    </message>
    <message>
        <source>&amp;Changes…</source>
        <translation>Ä&amp;nderungen…</translation>
    </message>
    <message>
        <source>What changed between two moments: clusters that came and went, health, placements</source>
        <translation>Was sich zwischen zwei Zeitpunkten geändert hat: Cluster, die kamen und gingen, Zustand, Platzierungen</translation>
    </message>
    <message>
        <source>Nothing is recorded yet for the hubs shown</source>
        <translation>Für die gezeigten Hubs ist noch nichts aufgezeichnet</translation>
    </message>
    <message>
        <source>Type the moment to show the fleet as recorded then</source>
        <translation>Den Zeitpunkt eingeben, um die Flotte so zu zeigen, wie sie damals aufgezeichnet wurde</translation>
    </message>
    <message>
        <source>The fleet as recorded an hour before the moment shown</source>
        <translation>Die Flotte, wie sie eine Stunde vor dem gezeigten Zeitpunkt aufgezeichnet wurde</translation>
    </message>
    <message>
        <source>The moment shown is the oldest one recorded</source>
        <translation>Der gezeigte Zeitpunkt ist der älteste aufgezeichnete</translation>
    </message>
    <message>
        <source>The window shows the live fleet: there is nothing later</source>
        <translation>Das Fenster zeigt die Live-Flotte: Später gibt es nichts</translation>
    </message>
    <message>
        <source>The fleet as recorded an hour after the moment shown (live past now)</source>
        <translation>Die Flotte, wie sie eine Stunde nach dem gezeigten Zeitpunkt aufgezeichnet wurde (nach jetzt: live)</translation>
    </message>
    <message>
        <source>The window shows the live fleet already</source>
        <translation>Das Fenster zeigt bereits die Live-Flotte</translation>
    </message>
    <message>
        <source>Back to the live fleet</source>
        <translation>Zurück zur Live-Flotte</translation>
    </message>
</context>
<context>
    <name>fleetscope::TimelineChart</name>
    <message>
        <source>%1 – %2 (%3)</source>
        <translation>%1 – %2 (%3)</translation>
    </message>
    <message>
        <source>since %1</source>
        <translation>seit %1</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>Grund: %1</translation>
    </message>
    <message>
        <source>Message: %1</source>
        <translation>Meldung: %1</translation>
    </message>
    <message>
        <source>Condition timeline</source>
        <translation>Zeitleiste der Bedingungen</translation>
    </message>
    <message>
        <source>%1 – now (%2)</source>
        <translation>%1 – jetzt (%2)</translation>
    </message>
</context>
<context>
    <name>fleetscope::private_files</name>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1: Der Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1: not a folder of this user</source>
        <translation>%1: kein Ordner dieses Benutzers</translation>
    </message>
    <message>
        <source>%1: cannot make the folder private</source>
        <translation>%1: Der Ordner kann nicht privat gemacht werden</translation>
    </message>
    <message>
        <source>%1: cannot create the file: %2</source>
        <translation>%1: Die Datei kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>%1: not a file of this user</source>
        <translation>%1: keine Datei dieses Benutzers</translation>
    </message>
    <message>
        <source>%1: cannot make the file private</source>
        <translation>%1: Die Datei kann nicht privat gemacht werden</translation>
    </message>
</context>
</TS>
