<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Notifications</name>
    <message numerus="yes">
        <source>%n cluster(s) in %1 became unhealthy</source>
        <translation>
            <numerusform>%n cluster in %1 became unhealthy</numerusform>
            <numerusform>%n clusters in %1 became unhealthy</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) in %1 recovered</source>
        <translation>
            <numerusform>%n cluster in %1 recovered</numerusform>
            <numerusform>%n clusters in %1 recovered</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) in %1 became unknown</source>
        <translation>
            <numerusform>%n cluster in %1 became unknown</numerusform>
            <numerusform>%n clusters in %1 became unknown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::AccessController</name>
    <message numerus="yes">
        <source>Checking access to %n cluster(s)…</source>
        <translation>
            <numerusform>Checking access to %n cluster…</numerusform>
            <numerusform>Checking access to %n clusters…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Checked access to %n cluster(s).</source>
        <translation>
            <numerusform>Checked access to %n cluster.</numerusform>
            <numerusform>Checked access to %n clusters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::ChartFrame</name>
    <message numerus="yes">
        <source>Exported %n transition(s) to %1.</source>
        <translation>
            <numerusform>Exported %n transition to %1.</numerusform>
            <numerusform>Exported %n transitions to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::ClusterTimelineView</name>
    <message numerus="yes">
        <source>%n status change(s) in this window. Click a stretch or a transition for its details; drag to zoom, right-click to zoom out.</source>
        <translation>
            <numerusform>%n status change in this window. Click a stretch or a transition for its details; drag to zoom, right-click to zoom out.</numerusform>
            <numerusform>%n status changes in this window. Click a stretch or a transition for its details; drag to zoom, right-click to zoom out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n status change(s) in this window. Click a stretch or a transition for its details; right-click to zoom out.</source>
        <translation>
            <numerusform>%n status change in this window. Click a stretch or a transition for its details; right-click to zoom out.</numerusform>
            <numerusform>%n status changes in this window. Click a stretch or a transition for its details; right-click to zoom out.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::ConnectDialog</name>
    <message numerus="yes">
        <source>Connect to %n clusters</source>
        <translation>
            <numerusform>Connect to %n cluster</numerusform>
            <numerusform>Connect to %n clusters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n clusters&lt;/b&gt;: one kubeconfig with a context each; the first is the current context.</source>
        <translation>
            <numerusform>&lt;b&gt;%n cluster&lt;/b&gt;: one kubeconfig with its context, the current context.</numerusform>
            <numerusform>&lt;b&gt;%n clusters&lt;/b&gt;: one kubeconfig with a context each; the first is the current context.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::DetailsPane</name>
    <message numerus="yes">
        <source>Published %n times</source>
        <translation>
            <numerusform>Published %n time</numerusform>
            <numerusform>Published %n times</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetCache</name>
    <message numerus="yes">
        <source>%1: %n cached profile(s) could not be read</source>
        <translation>
            <numerusform>%1: %n cached profile could not be read</numerusform>
            <numerusform>%1: %n cached profiles could not be read</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetChangesView</name>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n change</numerusform>
            <numerusform>%n changes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetHealthChart</name>
    <message numerus="yes">
        <source>Now: %1 healthy, %2 unhealthy, %3 unknown (as recorded; %n point(s)).</source>
        <translation>
            <numerusform>Now: %1 healthy, %2 unhealthy, %3 unknown (as recorded; %n point).</numerusform>
            <numerusform>Now: %1 healthy, %2 unhealthy, %3 unknown (as recorded; %n points).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Selected the %n cluster(s) that were unhealthy at %1.</source>
        <translation>
            <numerusform>Selected the cluster that was unhealthy at %1.</numerusform>
            <numerusform>Selected the %n clusters that were unhealthy at %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading the recorded history of %n cluster(s)…</source>
        <translation>
            <numerusform>Reading the recorded history of %n cluster…</numerusform>
            <numerusform>Reading the recorded history of %n clusters…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n do(es) not report health.</source>
        <translation>
            <numerusform>%n does not report health.</numerusform>
            <numerusform>%n do not report health.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::HistoryPanel</name>
    <message numerus="yes">
        <source>History: flapping (%n)</source>
        <translation>
            <numerusform>History: flapping (%n)</numerusform>
            <numerusform>History: flapping (%n)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n status change(s) in the last %1 h</source>
        <translation>
            <numerusform>%n status change in the last %1 h</numerusform>
            <numerusform>%n status changes in the last %1 h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) shown in the table</source>
        <translation>
            <numerusform>%n cluster shown in the table</numerusform>
            <numerusform>%n clusters shown in the table</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::HubStatusModel</name>
    <message numerus="yes">
        <source>%n object(s) could not be read</source>
        <translation>
            <numerusform>%n object could not be read</numerusform>
            <numerusform>%n objects could not be read</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::HubsDialog</name>
    <message numerus="yes">
        <source>Asking %n context(s)…</source>
        <translation>
            <numerusform>Asking %n context…</numerusform>
            <numerusform>Asking %n contexts…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n context(s) serve the Cluster Inventory API</source>
        <translation>
            <numerusform>%n context serves the Cluster Inventory API</numerusform>
            <numerusform>%n contexts serve the Cluster Inventory API</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hub(s) chosen</source>
        <translation>
            <numerusform>%n hub chosen</numerusform>
            <numerusform>%n hubs chosen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::MainWindow</name>
    <message numerus="yes">
        <source>Stop watching %n hub(s): %1?</source>
        <translation>
            <numerusform>Stop watching %n hub: %1?</numerusform>
            <numerusform>Stop watching %n hubs: %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) leave the window. File → Hubs… keeps listing the hub until you quit, to bring it back.</source>
        <translation>
            <numerusform>%n cluster leaves the window. File → Hubs… keeps listing the hub until you quit, to bring it back.</numerusform>
            <numerusform>%n clusters leave the window. File → Hubs… keeps listing the hubs until you quit, to bring them back.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::MemberActions</name>
    <message numerus="yes">
        <source>%n context(s) written to %1.</source>
        <translation>
            <numerusform>%n context written to %1.</numerusform>
            <numerusform>%n contexts written to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) skipped: no provider of your file matches.</source>
        <translation>
            <numerusform>%n cluster skipped: no provider of your file matches.</numerusform>
            <numerusform>%n clusters skipped: no provider of your file matches.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::PlacementsView</name>
    <message numerus="yes">
        <source>%n cluster(s) chosen</source>
        <translation>
            <numerusform>%n cluster chosen</numerusform>
            <numerusform>%n clusters chosen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n slice(s).</source>
        <translation>
            <numerusform> in %n slice.</numerusform>
            <numerusform> in %n slices.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n chosen cluster(s) have no ClusterProfile: %1</source>
        <translation>
            <numerusform>⚠ %n chosen cluster has no ClusterProfile: %1</numerusform>
            <numerusform>⚠ %n chosen clusters have no ClusterProfile: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::ResourcesWindow</name>
    <message numerus="yes">
        <source>%1 (%n cluster(s))</source>
        <translation>
            <numerusform>%1 (%n cluster)</numerusform>
            <numerusform>%1 (%n clusters)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::RunDialog</name>
    <message numerus="yes">
        <source>Runs a shell command once per cluster (%n cluster(s)), with KUBECONFIG set to that cluster&apos;s own kubeconfig, built from your credential provider file.</source>
        <translation>
            <numerusform>Runs a shell command once per cluster (%n cluster), with KUBECONFIG set to that cluster&apos;s own kubeconfig, built from your credential provider file.</numerusform>
            <numerusform>Runs a shell command once per cluster (%n clusters), with KUBECONFIG set to that cluster&apos;s own kubeconfig, built from your credential provider file.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::SyncProgress</name>
    <message numerus="yes">
        <source>%n hub(s) syncing</source>
        <translation>
            <numerusform>%n hub syncing</numerusform>
            <numerusform>%n hubs syncing</numerusform>
        </translation>
    </message>
</context>
</TS>
