<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name>AppLanguage</name>
    <message>
        <source>%1: unknown language &quot;%2&quot;; using the system language</source>
        <translation>%1: 不明な言語「%2」です。システムの言語を使用します</translation>
    </message>
</context>
<context>
    <name>ClusterFacts</name>
    <message>
        <source>(none)</source>
        <translation>（なし）</translation>
    </message>
</context>
<context>
    <name>ConditionReasons</name>
    <message>
        <source>The member agent stopped sending heartbeats to the hub: the cluster&apos;s health is not known.</source>
        <translation>メンバーエージェントがハブへのハートビートを送信しなくなりました。クラスターの状態は不明です。</translation>
    </message>
    <message>
        <source>The member agent reports that the cluster&apos;s API server is unhealthy.</source>
        <translation>メンバーエージェントは、クラスターの API サーバーが異常であると報告しています。</translation>
    </message>
    <message>
        <source>The member agent has not reported any status yet.</source>
        <translation>メンバーエージェントはまだ状態を報告していません。</translation>
    </message>
    <message>
        <source>The member agent reports, but without the API server&apos;s health.</source>
        <translation>メンバーエージェントは報告していますが、API サーバーの状態が含まれていません。</translation>
    </message>
    <message>
        <source>The member agent reports that the cluster&apos;s API server is healthy.</source>
        <translation>メンバーエージェントは、クラスターの API サーバーが正常であると報告しています。</translation>
    </message>
    <message>
        <source>The klusterlet agent reports that the cluster&apos;s API server is available.</source>
        <translation>klusterlet エージェントは、クラスターの API サーバーが利用可能であると報告しています。</translation>
    </message>
    <message>
        <source>The klusterlet agent reports that the cluster&apos;s API server is unavailable.</source>
        <translation>klusterlet エージェントは、クラスターの API サーバーが利用できないと報告しています。</translation>
    </message>
    <message>
        <source>The klusterlet agent stopped renewing its lease on the hub: the cluster&apos;s state is not known.</source>
        <translation>klusterlet エージェントがハブ上のリースを更新しなくなりました。クラスターの状態は不明です。</translation>
    </message>
    <message>
        <source>The cluster&apos;s klusterlet agent has joined the hub.</source>
        <translation>クラスターの klusterlet エージェントがハブに参加しました。</translation>
    </message>
</context>
<context>
    <name>DetailsPane</name>
    <message>
        <source>%1 ago</source>
        <translation>%1 前</translation>
    </message>
</context>
<context>
    <name>FilterParser</name>
    <message>
        <source>a regex</source>
        <translation>正規表現</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>末尾</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1（位置 %2）</translation>
    </message>
    <message>
        <source>unterminated quote</source>
        <translation>引用符が閉じられていません</translation>
    </message>
    <message>
        <source>unterminated regex</source>
        <translation>正規表現が閉じられていません</translation>
    </message>
    <message>
        <source>expected &apos;&amp;&amp;&apos;</source>
        <translation>「&amp;&amp;」が必要です</translation>
    </message>
    <message>
        <source>expected &apos;||&apos;</source>
        <translation>「||」が必要です</translation>
    </message>
    <message>
        <source>unexpected &apos;)&apos;</source>
        <translation>予期しない「)」</translation>
    </message>
    <message>
        <source>expected a key before %1</source>
        <translation>%1 の前にキーが必要です</translation>
    </message>
    <message>
        <source>unexpected %1</source>
        <translation>予期しない %1</translation>
    </message>
    <message>
        <source>expected a term after &apos;||&apos;</source>
        <translation>「||」の後に条件が必要です</translation>
    </message>
    <message>
        <source>expected a term after %1</source>
        <translation>%1 の後に条件が必要です</translation>
    </message>
    <message>
        <source>expected a term after &apos;!&apos;</source>
        <translation>「!」の後に条件が必要です</translation>
    </message>
    <message>
        <source>expected a term after &apos;(&apos;</source>
        <translation>「(」の後に条件が必要です</translation>
    </message>
    <message>
        <source>expected &apos;)&apos;</source>
        <translation>「)」が必要です</translation>
    </message>
    <message>
        <source>expected a term</source>
        <translation>条件が必要です</translation>
    </message>
    <message>
        <source>a label key</source>
        <translation>ラベルのキー</translation>
    </message>
    <message>
        <source>a property name</source>
        <translation>プロパティ名</translation>
    </message>
    <message>
        <source>a condition type</source>
        <translation>Condition の種類</translation>
    </message>
    <message>
        <source>expected %1 after &apos;%2&apos;</source>
        <translation>「%2」の後に%1が必要です</translation>
    </message>
    <message>
        <source>expected a value after %1</source>
        <translation>%1 の後に値が必要です</translation>
    </message>
    <message>
        <source>expected &apos;(&apos; after &apos;%1&apos;</source>
        <translation>「%1」の後に「(」が必要です</translation>
    </message>
    <message>
        <source>expected a value in the list</source>
        <translation>リストに値が必要です</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;)&apos;</source>
        <translation>「,」または「)」が必要です</translation>
    </message>
    <message>
        <source>%1 does not apply to &apos;%2&apos;</source>
        <translation>%1 は「%2」には使えません</translation>
    </message>
    <message>
        <source>expected True, False, Unknown or Absent</source>
        <translation>True、False、Unknown、Absent のいずれかが必要です</translation>
    </message>
    <message>
        <source>invalid regex: %1</source>
        <translation>無効な正規表現: %1</translation>
    </message>
    <message>
        <source>expected a version after %1</source>
        <translation>%1 の後にバージョンが必要です</translation>
    </message>
    <message>
        <source>expected a number or a version after %1</source>
        <translation>%1 の後に数値またはバージョンが必要です</translation>
    </message>
    <message>
        <source>expected healthy, unhealthy, unknown or not-reported</source>
        <translation>healthy、unhealthy、unknown、not-reported のいずれかが必要です</translation>
    </message>
</context>
<context>
    <name>FlapColumn</name>
    <message>
        <source>Flaps</source>
        <translation>変動</translation>
    </message>
    <message>
        <source>Status changes in the last %1 h; %2 or more is flapping</source>
        <translation>直近 %1 時間のステータス変化。%2 回以上でフラッピングとみなします</translation>
    </message>
</context>
<context>
    <name>FleetFindings</name>
    <message>
        <source>Findings</source>
        <translation>検出事項</translation>
    </message>
    <message>
        <source>Inventory lint: the rules this cluster&apos;s ClusterProfile trips (fleetscope lint)</source>
        <translation>インベントリ検査: このクラスターの ClusterProfile が違反しているルール (fleetscope lint)</translation>
    </message>
</context>
<context>
    <name>FleetTreeView</name>
    <message>
        <source>Hub › ClusterSet › Manager</source>
        <translation>ハブ › ClusterSet › マネージャー</translation>
    </message>
    <message>
        <source>Hub › Manager › ClusterSet</source>
        <translation>ハブ › マネージャー › ClusterSet</translation>
    </message>
    <message>
        <source>ClusterSet › Manager</source>
        <translation>ClusterSet › マネージャー</translation>
    </message>
    <message>
        <source>Manager › ClusterSet</source>
        <translation>マネージャー › ClusterSet</translation>
    </message>
    <message>
        <source>Hub › Inventory › Manager</source>
        <translation>ハブ › インベントリ › マネージャー</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>リージョン</translation>
    </message>
    <message>
        <source>Hub › Region</source>
        <translation>ハブ › リージョン</translation>
    </message>
</context>
<context>
    <name>HealthRules</name>
    <message>
        <source>the default rule</source>
        <translation>既定のルール</translation>
    </message>
    <message>
        <source>the rule for %1</source>
        <translation>%1 のルール</translation>
    </message>
    <message>
        <source>%1 is given twice</source>
        <translation>%1 が二重に指定されています</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source>: only condition terms decide health (like Joined=True) at %1: &apos;%2&apos;</source>
        <translation>: 状態を決めるのはコンディションの項だけです（例: Joined=True）。位置 %1: &apos;%2&apos;</translation>
    </message>
    <message>
        <source>there is no default rule (a rule without a manager)</source>
        <translation>既定のルール（マネージャーのないルール）がありません</translation>
    </message>
    <message>
        <source>health rules in the settings: %1; using the built-in rules</source>
        <translation>設定の状態ルール: %1。組み込みルールを使用します</translation>
    </message>
    <message>
        <source>%1 by %2: %3</source>
        <translation>%1（%2 による: %3）</translation>
    </message>
    <message>
        <source>Not reported: the producer writes no conditions; %1 reads %2.</source>
        <translation>未報告: 発行元はコンディションを書いていません。%1 は %2 を読みます。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Not reported: %1 reads %2; the producer writes %3, which no part of the rule matches.</source>
        <translation>未報告: %1 は %2 を読みます。発行元が書くのは %3 で、ルールのどの部分にも一致しません。</translation>
    </message>
</context>
<context>
    <name>HealthStyle</name>
    <message>
        <source>Healthy</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Unhealthy</source>
        <translation>異常</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>Not reported</source>
        <translation>未報告</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>history database %1: %2: %3</source>
        <translation>履歴データベース %1: %2: %3</translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation>開けません</translation>
    </message>
    <message>
        <source>not a file</source>
        <translation>ファイルではありません</translation>
    </message>
    <message>
        <source>locked</source>
        <translation>ロックされています</translation>
    </message>
    <message>
        <source>another program (another Fleetscope?) is using it</source>
        <translation>別のプログラム（別の Fleetscope？）が使用中です</translation>
    </message>
    <message>
        <source>unusable</source>
        <translation>使用できません</translation>
    </message>
    <message>
        <source>written by a newer Fleetscope (schema %1, this one knows %2)</source>
        <translation>新しい Fleetscope で書き込まれています（スキーマ %1、このバージョンは %2 まで対応）</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>閉じられています</translation>
    </message>
    <message>
        <source>cannot write</source>
        <translation>書き込めません</translation>
    </message>
    <message>
        <source>cannot prune</source>
        <translation>古い記録を削除できません</translation>
    </message>
    <message>
        <source>cannot read</source>
        <translation>読み込めません</translation>
    </message>
    <message>
        <source>history is off</source>
        <translation>履歴はオフです</translation>
    </message>
    <message>
        <source>cannot keep it private</source>
        <translation>非公開に保てません</translation>
    </message>
    <message>
        <source>%1 no longer reported</source>
        <translation>%1 は報告されなくなりました</translation>
    </message>
    <message>
        <source>label %1=%2</source>
        <translation>ラベル %1=%2</translation>
    </message>
    <message>
        <source>label %1 removed</source>
        <translation>ラベル %1 が削除されました</translation>
    </message>
    <message>
        <source>property %1=%2</source>
        <translation>プロパティ %1=%2</translation>
    </message>
    <message>
        <source>property %1 removed</source>
        <translation>プロパティ %1 が削除されました</translation>
    </message>
    <message>
        <source>spec changed</source>
        <translation>spec が変更されました</translation>
    </message>
    <message>
        <source>as first seen after a gap: %1</source>
        <translation>記録の空白の後に最初に観測された状態: %1</translation>
    </message>
    <message>
        <source>byte %1: %2</source>
        <translation>バイト %1: %2</translation>
    </message>
    <message>
        <source>ends early</source>
        <translation>途中で終わっています</translation>
    </message>
    <message>
        <source>number too long</source>
        <translation>数値が長すぎます</translation>
    </message>
    <message>
        <source>count %1 larger than the data</source>
        <translation>個数 %1 がデータより大きいです</translation>
    </message>
    <message>
        <source>text longer than the data</source>
        <translation>テキストがデータより長いです</translation>
    </message>
    <message>
        <source>%1 bytes after the last event</source>
        <translation>最後のイベントの後に %1 バイトあります</translation>
    </message>
    <message>
        <source>text %1 of %2</source>
        <translation>テキスト %1 / %2</translation>
    </message>
    <message>
        <source>cluster slot %1 out of range</source>
        <translation>クラスタスロット %1 が範囲外です</translation>
    </message>
    <message>
        <source>condition status %1</source>
        <translation>Condition のステータス %1</translation>
    </message>
    <message>
        <source>API version %1</source>
        <translation>API バージョン %1</translation>
    </message>
    <message>
        <source>time out of range</source>
        <translation>時刻が範囲外です</translation>
    </message>
    <message>
        <source>field %1</source>
        <translation>フィールド %1</translation>
    </message>
    <message>
        <source>unknown event kind %1</source>
        <translation>不明なイベント種別 %1</translation>
    </message>
    <message>
        <source>not a compressed frame</source>
        <translation>圧縮されたフレームではありません</translation>
    </message>
    <message>
        <source>frame of %1 bytes</source>
        <translation>%1 バイトのフレーム</translation>
    </message>
    <message>
        <source>cannot decompress: %1</source>
        <translation>展開できません: %1</translation>
    </message>
    <message>
        <source>decompressed to %1 of %2 bytes</source>
        <translation>%2 バイト中 %1 バイトに展開されました</translation>
    </message>
    <message>
        <source>history database %1: cannot read: %2</source>
        <translation>履歴データベース %1: 読み取れません: %2</translation>
    </message>
    <message>
        <source>history database %1: %2</source>
        <translation>履歴データベース %1: %2</translation>
    </message>
    <message>
        <source>fleet log of hub %1, frame %2: %3</source>
        <translation>ハブ %1 のフリートログ、フレーム %2: %3</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>読み取り専用</translation>
    </message>
    <message>
        <source>%1 is writing it</source>
        <translation>%1 が書き込んでいます</translation>
    </message>
    <message>
        <source>another program is writing it</source>
        <translation>別のプログラムが書き込んでいます</translation>
    </message>
    <message>
        <source>no history has been recorded there</source>
        <translation>そこにはまだ履歴が記録されていません</translation>
    </message>
    <message>
        <source>another program (an older Fleetscope?) holds it whole</source>
        <translation>別のプログラム（古い Fleetscope？）が全体をロックしています</translation>
    </message>
    <message>
        <source>written by an older Fleetscope (schema %1); the dashboard or fleetscope record converts it when it next opens it</source>
        <translation>古い Fleetscope が書き込みました（スキーマ %1）。次に開いたときにダッシュボードまたは fleetscope record が変換します</translation>
    </message>
    <message>
        <source>another program</source>
        <translation>別のプログラム</translation>
    </message>
    <message>
        <source>a program</source>
        <translation>あるプログラム</translation>
    </message>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1（PID %2）</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 を作成できません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither a time (RFC 3339, e.g. 2026-05-01T03:00:00Z) nor one before now (e.g. -2h, -30m, -1d12h)</source>
        <translation>「%1」は時刻（RFC 3339、例: 2026-05-01T03:00:00Z）でも現在より前の時刻（例: -2h、-30m、-1d12h）でもありません</translation>
    </message>
    <message>
        <source>time unit %1</source>
        <translation>時間単位 %1</translation>
    </message>
    <message>
        <source>format %1 (this Fleetscope reads %2 and %3)</source>
        <translation>形式 %1（この Fleetscope が読めるのは %2 と %3）</translation>
    </message>
    <message>
        <source>%1 bytes after the last column</source>
        <translation>最後の列の後に %1 バイトあります</translation>
    </message>
    <message>
        <source>%1, byte %2: %3</source>
        <translation>%1、バイト %2: %3</translation>
    </message>
</context>
<context>
    <name>HubStatus</name>
    <message>
        <source>Connecting</source>
        <translation>接続中</translation>
    </message>
    <message>
        <source>Syncing</source>
        <translation>同期中</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>監視中</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>再接続中</translation>
    </message>
    <message>
        <source>Forbidden</source>
        <translation>権限なし</translation>
    </message>
    <message>
        <source>Unauthorized</source>
        <translation>認証エラー</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>Syncing %1 of ~%2</source>
        <translation>同期中 %1 / 約 %2</translation>
    </message>
    <message>
        <source>Syncing %1</source>
        <translation>同期中 %1</translation>
    </message>
    <message>
        <source>Reconnecting in %1 s</source>
        <translation>%1 秒後に再接続</translation>
    </message>
    <message>
        <source>Live (forbidden: %1)</source>
        <translation>監視中（権限なし: %1）</translation>
    </message>
</context>
<context>
    <name>Notifications</name>
    <message numerus="yes">
        <source>%n cluster(s) in %1 became unhealthy</source>
        <translation>
            <numerusform>%1 のクラスター %n 台が異常になりました</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) in %1 recovered</source>
        <translation>
            <numerusform>%1 のクラスター %n 台が回復しました</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) in %1 became unknown</source>
        <translation>
            <numerusform>%1 のクラスター %n 台の状態が不明になりました</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PropertyAliases</name>
    <message>
        <source>alias &quot;%1&quot;: a name cannot be empty nor contain spaces, commas, quotes or operators</source>
        <translation>別名「%1」: 名前は空にできず、空白、コンマ、引用符、演算子を含めることはできません</translation>
    </message>
    <message>
        <source>alias &quot;%1&quot; is defined twice</source>
        <translation>別名「%1」が二重に定義されています</translation>
    </message>
    <message>
        <source>alias &quot;%1&quot; names no property</source>
        <translation>別名「%1」にプロパティがありません</translation>
    </message>
    <message>
        <source>alias &quot;%1&quot;: &quot;%2&quot; is not a property name</source>
        <translation>別名「%1」: 「%2」はプロパティ名ではありません</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>&lt;h3&gt;Filtering clusters&lt;/h3&gt;&lt;p&gt;Terms are joined with &lt;tt&gt;,&lt;/tt&gt; or &lt;tt&gt;&amp;amp;&amp;amp;&lt;/tt&gt; (and), &lt;tt&gt;||&lt;/tt&gt; (or) and parentheses.&lt;/p&gt;&lt;table cellspacing=&apos;4&apos;&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;prod-eu&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;name or display name contains the word&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;clusterset in (prod,staging)&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;one of several values (&lt;tt&gt;notin&lt;/tt&gt; for none)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;manager!=ocm&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;not equal&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;location.topology.k8s.io=cloud/eu-west-1&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;any property by name&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;count.node.k8s.io&amp;gt;=100&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;numbers compare as numbers&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;version&amp;gt;=1.30&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;Kubernetes versions compare as versions&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;ControlPlaneHealthy=False&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;a condition&apos;s status&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;Joined!=True&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;also matches clusters that do not report it&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;health=unhealthy&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;healthy, unhealthy, unknown&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;label:env=prod&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;a label of the ClusterProfile&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;type.node.k8s.io~H100&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;contains (&lt;tt&gt;~/regex/&lt;/tt&gt; for a regular expression)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;cluster-endpoints.k8s.io&lt;/tt&gt; / &lt;tt&gt;!key&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;the property or label exists / is absent&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;hub=hub-eu, namespace=fleet&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;where the profile lives&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Example: &lt;tt&gt;clusterset=prod &amp;amp;&amp;amp; (ControlPlaneHealthy=False || version&amp;lt;1.30)&lt;/tt&gt;&lt;/p&gt;</source>
        <translation>&lt;h3&gt;クラスターの絞り込み&lt;/h3&gt;&lt;p&gt;条件は &lt;tt&gt;,&lt;/tt&gt; または &lt;tt&gt;&amp;amp;&amp;amp;&lt;/tt&gt;（かつ）、&lt;tt&gt;||&lt;/tt&gt;（または）、括弧で組み合わせます。&lt;/p&gt;&lt;table cellspacing=&apos;4&apos;&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;prod-eu&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;名前または表示名にその語を含む&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;clusterset in (prod,staging)&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;いずれかの値に一致（&lt;tt&gt;notin&lt;/tt&gt; はどれにも一致しない）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;manager!=ocm&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;等しくない&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;location.topology.k8s.io=cloud/eu-west-1&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;任意のプロパティを名前で指定&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;count.node.k8s.io&amp;gt;=100&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;数値は数値として比較&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;version&amp;gt;=1.30&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;Kubernetes のバージョンはバージョンとして比較&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;ControlPlaneHealthy=False&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;Condition のステータス&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;Joined!=True&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;その Condition を報告していないクラスターにも一致&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;health=unhealthy&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;healthy、unhealthy、unknown&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;label:env=prod&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;ClusterProfile のラベル&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;type.node.k8s.io~H100&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;部分一致（正規表現は &lt;tt&gt;~/regex/&lt;/tt&gt;）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;cluster-endpoints.k8s.io&lt;/tt&gt; / &lt;tt&gt;!key&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;プロパティまたはラベルがある / ない&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;tt&gt;hub=hub-eu, namespace=fleet&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;プロファイルの所在&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;例: &lt;tt&gt;clusterset=prod &amp;amp;&amp;amp; (ControlPlaneHealthy=False || version&amp;lt;1.30)&lt;/tt&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>a property alias: the first of its properties the cluster has (below)</source>
        <translation>プロパティの別名: クラスターが持つ最初の対応プロパティ (下記)</translation>
    </message>
    <message>
        <source>an inventory: the namespace of its profiles</source>
        <translation>インベントリ: プロファイルの名前空間</translation>
    </message>
    <message>
        <source>clusters with inventory lint findings, or with one rule (&lt;tt&gt;fleetscope lint&lt;/tt&gt;)</source>
        <translation>インベントリ検査の検出事項があるクラスター、または特定のルールのもの (&lt;tt&gt;fleetscope lint&lt;/tt&gt;)</translation>
    </message>
    <message>
        <source>Property aliases (View → Property aliases…), also for grouping and columns:</source>
        <translation>プロパティの別名 (表示 → プロパティの別名…)。グループ化と列にも使えます:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
</context>
<context>
    <name>TimeTravel</name>
    <message>
        <source>appeared</source>
        <translation>出現</translation>
    </message>
    <message>
        <source>left</source>
        <translation>消失</translation>
    </message>
    <message>
        <source>health</source>
        <translation>状態</translation>
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
        <translation>追加: %1</translation>
    </message>
    <message>
        <source>dropped %1</source>
        <translation>除外: %1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>Hub</source>
        <translation>ハブ</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>クラスター</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>gone now</source>
        <translation>現在はなし</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>現在</translation>
    </message>
    <message>
        <source>Clusters of the moment shown that are not in the live fleet now (deleted since, or their hub is no longer watched)</source>
        <translation>表示中の時点にあり、現在のライブのフリートにはないクラスター（その後削除されたか、ハブが監視されなくなった）</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>not reported</source>
        <translation>報告なし</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未記録</translation>
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
        <translation>デモのシミュレーションハブ</translation>
    </message>
    <message>
        <source>Starting the demo&apos;s simulated hubs…</source>
        <translation>デモのシミュレーションハブを起動しています…</translation>
    </message>
    <message>
        <source>Two simulated hubs with about 500 clusters start on this computer; their fleet appears in a moment.</source>
        <translation>約 500 クラスターを持つ 2 つのシミュレーションハブをこのコンピューターで起動しています。まもなくフリートが表示されます。</translation>
    </message>
    <message>
        <source>The demo could not start</source>
        <translation>デモを起動できませんでした</translation>
    </message>
</context>
<context>
    <name>fleetscope::AccessController</name>
    <message>
        <source>Check &amp;access</source>
        <translation>アクセスを確認(&amp;A)</translation>
    </message>
    <message>
        <source>Check that the selected clusters can be reached with your credential provider file</source>
        <translation>選択したクラスタに認証情報プロバイダーファイルで到達できるか確認します</translation>
    </message>
    <message>
        <source>Check every cluster the table shows (filter and group applied)</source>
        <translation>表に表示されているすべてのクラスタを確認します（フィルターとグループを適用）</translation>
    </message>
    <message numerus="yes">
        <source>Checking access to %n cluster(s)…</source>
        <translation>
            <numerusform>%n 個のクラスタのアクセスを確認中…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Check access</source>
        <translation>アクセス確認</translation>
    </message>
    <message>
        <source>Check all shown</source>
        <translation>表示中をすべて確認</translation>
    </message>
    <message>
        <source>Check access of all &amp;shown clusters</source>
        <translation>表示中の全クラスターのアクセスを確認(&amp;S)</translation>
    </message>
    <message numerus="yes">
        <source>Checked access to %n cluster(s).</source>
        <translation>
            <numerusform>%n 個のクラスタへのアクセスを確認しました。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::AccessResults</name>
    <message>
        <source>not checked</source>
        <translation>未確認</translation>
    </message>
    <message>
        <source>✓ %1, %2 ms</source>
        <translation>✓ %1、%2 ms</translation>
    </message>
    <message>
        <source> (profile says %1)</source>
        <translation>（プロファイルでは %1）</translation>
    </message>
    <message>
        <source>✗ %1: %2</source>
        <translation>✗ %1: %2</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>アクセス</translation>
    </message>
    <message>
        <source>Whether this session reached the member with your credential provider file (Check access): the version it serves and how long /version took, or the step that failed</source>
        <translation>このセッションで認証情報プロバイダーファイルを使ってメンバーに到達できたか（アクセス確認）：提供されているバージョンと /version の所要時間、または失敗した手順</translation>
    </message>
</context>
<context>
    <name>fleetscope::ChartFrame</name>
    <message>
        <source>1 h</source>
        <translation>1 時間</translation>
    </message>
    <message>
        <source>24 h</source>
        <translation>24 時間</translation>
    </message>
    <message>
        <source>7 d</source>
        <translation>7 日</translation>
    </message>
    <message>
        <source>30 d</source>
        <translation>30 日</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV にエクスポート…</translation>
    </message>
    <message>
        <source>Export condition history</source>
        <translation>Condition 履歴をエクスポート</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <source>Recorded since %1, so this shows that instead of the whole preset.</source>
        <translation>%1 から記録しているため、プリセット全体ではなくその範囲を表示しています。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n transition(s) to %1.</source>
        <translation>
            <numerusform>%n 件の遷移を %1 にエクスポートしました。</numerusform>
        </translation>
    </message>
    <message>
        <source>Before %1 (the dashed line) the demo&apos;s history is simulated, not recorded.</source>
        <translation>%1 (破線) より前のデモの履歴は記録ではなくシミュレーションです。</translation>
    </message>
    <message>
        <source>Zoomed to %1 – %2 (%3).</source>
        <translation>%1 – %2 (%3) を拡大表示中。</translation>
    </message>
</context>
<context>
    <name>fleetscope::ClusterActions</name>
    <message>
        <source>&amp;Copy rows</source>
        <translation>行をコピー(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the selected rows as tab-separated text</source>
        <translation>選択した行をタブ区切りテキストとしてコピー</translation>
    </message>
    <message>
        <source>Copy &amp;names</source>
        <translation>名前をコピー(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Export shown clusters…</source>
        <translation>表示中のクラスターをエクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the clusters the filter shows as CSV or JSON</source>
        <translation>フィルターで表示中のクラスターを CSV または JSON で保存</translation>
    </message>
    <message>
        <source>Cluster table</source>
        <translation>クラスター表</translation>
    </message>
    <message>
        <source>Fleet groups</source>
        <translation>フリートのグループ</translation>
    </message>
    <message>
        <source>&amp;Copy group name</source>
        <translation>グループ名をコピー(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Expand all</source>
        <translation>すべて展開(&amp;E)</translation>
    </message>
    <message>
        <source>C&amp;ollapse all</source>
        <translation>すべて折りたたむ(&amp;O)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
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
        <translation>表示中のクラスターをエクスポート</translation>
    </message>
    <message>
        <source>Open every group</source>
        <translation>すべてのグループを展開</translation>
    </message>
    <message>
        <source>Every group is open</source>
        <translation>すべてのグループが展開されています</translation>
    </message>
    <message>
        <source>Close every group</source>
        <translation>すべてのグループを折りたたむ</translation>
    </message>
    <message>
        <source>Every group is closed</source>
        <translation>すべてのグループが折りたたまれています</translation>
    </message>
</context>
<context>
    <name>fleetscope::ClusterTableModel</name>
    <message>
        <source>Label %1</source>
        <translation>ラベル %1</translation>
    </message>
    <message>
        <source>Property %1</source>
        <translation>プロパティ %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Display name</source>
        <translation>表示名</translation>
    </message>
    <message>
        <source>Hub</source>
        <translation>ハブ</translation>
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
        <translation>マネージャー</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>バージョン</translation>
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
        <translation>ロケーション</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Last transition</source>
        <translation>最終遷移</translation>
    </message>
    <message>
        <source>The hub (kubeconfig context) that publishes the profile</source>
        <translation>プロファイルを公開しているハブ（kubeconfig のコンテキスト）</translation>
    </message>
    <message>
        <source>The ClusterSet: profile label, namespace label or clusterset.k8s.io property</source>
        <translation>ClusterSet: プロファイルのラベル、Namespace のラベル、または clusterset.k8s.io プロパティ</translation>
    </message>
    <message>
        <source>x-k8s.io/cluster-manager label, else spec.clusterManager.name</source>
        <translation>x-k8s.io/cluster-manager ラベル、なければ spec.clusterManager.name</translation>
    </message>
    <message>
        <source>The ControlPlaneHealthy condition</source>
        <translation>ControlPlaneHealthy Condition</translation>
    </message>
    <message>
        <source>The Joined condition</source>
        <translation>Joined Condition</translation>
    </message>
    <message>
        <source>The count.node.k8s.io property</source>
        <translation>count.node.k8s.io プロパティ</translation>
    </message>
    <message>
        <source>Age of the newest condition transition</source>
        <translation>最新の Condition 遷移からの経過時間</translation>
    </message>
    <message>
        <source>Not reported</source>
        <translation>報告なし</translation>
    </message>
    <message>
        <source>The x-k8s.io/cluster-manager label and spec.clusterManager.name disagree (%1 vs %2)</source>
        <translation>x-k8s.io/cluster-manager ラベルと spec.clusterManager.name が一致しません（%1 と %2）</translation>
    </message>
    <message>
        <source>From the profile&apos;s multicluster.x-k8s.io/clusterset label</source>
        <translation>プロファイルの multicluster.x-k8s.io/clusterset ラベルから</translation>
    </message>
    <message>
        <source>From the labels of namespace %1</source>
        <translation>Namespace %1 のラベルから</translation>
    </message>
    <message>
        <source>From the clusterset.k8s.io property</source>
        <translation>clusterset.k8s.io プロパティから</translation>
    </message>
    <message>
        <source>The region alias (View → Property aliases: each producer&apos;s region property), else the location.topology.k8s.io property</source>
        <translation>region エイリアス（表示 → プロパティのエイリアス: 各発行元のリージョンのプロパティ）、なければ location.topology.k8s.io プロパティ</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>The health verdict of the manager&apos;s rules (View → Health rules)</source>
        <translation>マネージャーのルールによる状態の判定 (表示 → 状態ルール)</translation>
    </message>
    <message>
        <source>Member ID</source>
        <translation>メンバー ID</translation>
    </message>
    <message>
        <source>The multicluster.x-k8s.io/inventory-member-id label: one member under several profiles</source>
        <translation>multicluster.x-k8s.io/inventory-member-id ラベル: 複数のプロファイルにまたがる 1 つのメンバー</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>経過時間</translation>
    </message>
    <message>
        <source>Time since the profile was created (metadata.creationTimestamp)</source>
        <translation>プロファイル作成からの時間 (metadata.creationTimestamp)</translation>
    </message>
    <message>
        <source>Platform</source>
        <translation>プラットフォーム</translation>
    </message>
    <message>
        <source>The platform alias (View → Property aliases: OCM&apos;s platform.open-cluster-management.io)</source>
        <translation>platform 別名 (表示 → プロパティの別名: OCM の platform.open-cluster-management.io)</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>status.accessProviders: how to reach the member (provider=google; provider~ for one of several)</source>
        <translation>status.accessProviders: メンバーへの接続方法 (provider=google。複数のうちの 1 つは provider~)</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>The ClusterProfile API version the hub serves (v1alpha1 or v1alpha2)</source>
        <translation>ハブが提供する ClusterProfile API のバージョン（v1alpha1 または v1alpha2）</translation>
    </message>
</context>
<context>
    <name>fleetscope::ClusterTableView</name>
    <message>
        <source>Add property column</source>
        <translation>プロパティ列を追加</translation>
    </message>
    <message>
        <source>Add label column</source>
        <translation>ラベル列を追加</translation>
    </message>
    <message>
        <source>Remove column &quot;%1&quot;</source>
        <translation>列「%1」を削除</translation>
    </message>
</context>
<context>
    <name>fleetscope::ClusterTimelineView</name>
    <message>
        <source>Save this cluster&apos;s recorded condition transitions as CSV</source>
        <translation>このクラスターで記録された Condition の遷移を CSV で保存</translation>
    </message>
    <message>
        <source>No cluster selected</source>
        <translation>クラスターが選択されていません</translation>
    </message>
    <message>
        <source>Select a cluster to see its condition history.</source>
        <translation>クラスターを選択すると Condition の履歴が表示されます。</translation>
    </message>
    <message>
        <source>History is not available.</source>
        <translation>履歴は利用できません。</translation>
    </message>
    <message>
        <source>No condition history recorded for this cluster yet.</source>
        <translation>このクラスターの Condition 履歴はまだ記録されていません。</translation>
    </message>
    <message>
        <source>Transitions in this window</source>
        <translation>この期間の遷移</translation>
    </message>
    <message>
        <source>When</source>
        <translation>日時</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>コンディション</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message numerus="yes">
        <source>%n status change(s) in this window. Click a stretch or a transition for its details; drag to zoom, right-click to zoom out.</source>
        <translation>
            <numerusform>この期間の状態変化: %n 件。区間または遷移をクリックで詳細、ドラッグでズーム、右クリックでズームアウト。</numerusform>
        </translation>
    </message>
    <message>
        <source>first seen: %1</source>
        <translation>初回確認: %1</translation>
    </message>
    <message>
        <source>reported: %1</source>
        <translation>報告: %1</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Simulated demo history</source>
        <translation>シミュレーションされたデモ履歴</translation>
    </message>
    <message numerus="yes">
        <source>%n status change(s) in this window. Click a stretch or a transition for its details; right-click to zoom out.</source>
        <translation>
            <numerusform>この期間の状態変化: %n 件。区間または遷移をクリックで詳細、右クリックでズームアウト。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::ConnectDialog</name>
    <message>
        <source>Connect to %1</source>
        <translation>%1 に接続</translation>
    </message>
    <message numerus="yes">
        <source>Connect to %n clusters</source>
        <translation>
            <numerusform>%n 台のクラスターに接続</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; in namespace %2 on hub %3</source>
        <translation>ハブ %3 の Namespace %2 にある &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n clusters&lt;/b&gt;: one kubeconfig with a context each; the first is the current context.</source>
        <translation>
            <numerusform>&lt;b&gt;%n 台のクラスター&lt;/b&gt;: それぞれのコンテキストを持つ 1 つの kubeconfig。最初のものが現在のコンテキストです。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>クラスター</translation>
    </message>
    <message>
        <source>Credential provider</source>
        <translation>認証情報プロバイダー</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <source>&amp;Run in the terminal:</source>
        <translation>端末で実行(&amp;R):</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Your credential provider file (KEP-5339, JSON or YAML): which exec plugin gets credentials for each access provider name.</source>
        <translation>認証情報プロバイダーファイル（KEP-5339、JSON または YAML）: アクセスプロバイダー名ごとに、どの exec プラグインで認証情報を取得するかを指定します。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>&amp;Provider file:</source>
        <translation>プロバイダーファイル(&amp;P):</translation>
    </message>
    <message>
        <source>The command that opens your terminal; empty: autodetect ($TERMINAL, x-terminal-emulator, konsole, gnome-terminal, xfce4-terminal, xterm). Quoting as in a shell. Placeholders:</source>
        <translation>端末を開くコマンド。空欄なら自動検出します（$TERMINAL、x-terminal-emulator、konsole、gnome-terminal、xfce4-terminal、xterm）。引用符はシェルと同じです。プレースホルダー:</translation>
    </message>
    <message>
        <source>&amp;Terminal command:</source>
        <translation>端末コマンド(&amp;T):</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>接続(&amp;C)</translation>
    </message>
    <message>
        <source>Copy &amp;kubectl command</source>
        <translation>kubectl コマンドをコピー(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Save kubeconfig as…</source>
        <translation>kubeconfig に名前を付けて保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Your shell (%1) with KUBECONFIG set</source>
        <translation>KUBECONFIG を設定したシェル（%1）</translation>
    </message>
    <message>
        <source>kubectl: the contexts and the nodes, then your shell</source>
        <translation>kubectl: コンテキストとノードを表示してからシェル</translation>
    </message>
    <message>
        <source>k9s</source>
        <translation>k9s</translation>
    </message>
    <message>
        <source>k9s is offered when it is on your PATH.</source>
        <translation>k9s は PATH にある場合に選択できます。</translation>
    </message>
    <message>
        <source>no terminal found: e.g. xterm -e {command}</source>
        <translation>端末が見つかりません: 例 xterm -e {command}</translation>
    </message>
    <message>
        <source>autodetected: %1</source>
        <translation>自動検出: %1</translation>
    </message>
    <message>
        <source>Opens %1</source>
        <translation>%1 を開きます</translation>
    </message>
    <message>
        <source>The provider file %1 does not exist. It says which exec plugin gets credentials for each access provider name (KEP-5339); create it or choose another file below.</source>
        <translation>プロバイダーファイル %1 がありません。このファイルはアクセスプロバイダー名ごとに認証情報を取得する exec プラグインを指定します（KEP-5339）。作成するか、下で別のファイルを選んでください。</translation>
    </message>
    <message>
        <source>Several providers of your file match; the first in file order is the default.</source>
        <translation>ファイル内の複数のプロバイダーが一致します。ファイル内で最初のものが既定です。</translation>
    </message>
    <message>
        <source>none matches</source>
        <translation>一致なし</translation>
    </message>
    <message>
        <source>No provider in your provider file matches %1.
The profile offers: %2.
%3 knows: %4.
Add an entry named after an offered provider, or choose another provider file.</source>
        <translation>プロバイダーファイルに %1 と一致するプロバイダーがありません。
プロファイルが提供するもの: %2。
%3 に定義されているもの: %4。
提供されているプロバイダー名のエントリーを追加するか、別のプロバイダーファイルを選んでください。</translation>
    </message>
    <message>
        <source>no access providers</source>
        <translation>アクセスプロバイダーなし</translation>
    </message>
    <message>
        <source>no providers</source>
        <translation>プロバイダーなし</translation>
    </message>
    <message>
        <source>Cannot connect.</source>
        <translation>接続できません。</translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation>警告:</translation>
    </message>
    <message>
        <source>Fleetscope: %1</source>
        <translation>Fleetscope: %1</translation>
    </message>
    <message>
        <source>Cannot open the terminal: %1</source>
        <translation>端末を開けません: %1</translation>
    </message>
    <message>
        <source>Copied: %1
The file is removed when Fleetscope quits; save the kubeconfig to keep it.</source>
        <translation>コピーしました: %1
このファイルは Fleetscope の終了時に削除されます。残すには kubeconfig を保存してください。</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>コピーしました: %1</translation>
    </message>
    <message>
        <source>Save kubeconfig as</source>
        <translation>kubeconfig に名前を付けて保存</translation>
    </message>
    <message>
        <source>Saved %1 (readable by you only).</source>
        <translation>%1 を保存しました（本人のみ読み取り可）。</translation>
    </message>
    <message>
        <source>Credential provider file</source>
        <translation>認証情報プロバイダーファイル</translation>
    </message>
    <message>
        <source>Provider files (*.json *.yaml *.yml);;All files (*)</source>
        <translation>プロバイダーファイル (*.json *.yaml *.yml);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>サーバー</translation>
    </message>
    <message>
        <source>Open your terminal with KUBECONFIG set</source>
        <translation>KUBECONFIG を設定して端末を開きます</translation>
    </message>
    <message>
        <source>%1 through proxy %2</source>
        <translation>%1（プロキシ %2 経由）</translation>
    </message>
    <message>
        <source>&amp;Connect %1 of %2</source>
        <translation>%2 個中 %1 個に接続(&amp;C)</translation>
    </message>
    <message>
        <source>Copy a kubectl command that uses this kubeconfig</source>
        <translation>この kubeconfig を使う kubectl コマンドをコピー</translation>
    </message>
    <message>
        <source>Save the kubeconfig (0600) to reuse it later</source>
        <translation>後で再利用できるよう kubeconfig (0600) を保存</translation>
    </message>
    <message>
        <source>These are left out; the others are connected:</source>
        <translation>次のクラスタは除外し、残りに接続します:</translation>
    </message>
</context>
<context>
    <name>fleetscope::DetailsPane</name>
    <message numerus="yes">
        <source>Published %n times</source>
        <translation>
            <numerusform>%n 件の ClusterProfile で公開</numerusform>
        </translation>
    </message>
    <message>
        <source>This member cluster is published by several ClusterProfiles:</source>
        <translation>このメンバークラスターは複数の ClusterProfile で公開されています:</translation>
    </message>
    <message>
        <source> (this one)</source>
        <translation>（この ClusterProfile）</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>Condition</translation>
    </message>
    <message>
        <source>No conditions reported.</source>
        <translation>Condition の報告はありません。</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>プロパティ</translation>
    </message>
    <message>
        <source>No properties reported.</source>
        <translation>プロパティの報告はありません。</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>ラベル</translation>
    </message>
    <message>
        <source>Access providers</source>
        <translation>アクセスプロバイダー</translation>
    </message>
    <message>
        <source>None: Fleetscope cannot connect to this cluster.</source>
        <translation>なし: Fleetscope はこのクラスターに接続できません。</translation>
    </message>
    <message>
        <source>server %1</source>
        <translation>サーバー %1</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>no CA data (system roots)</source>
        <translation>CA データなし（システムのルート証明書）</translation>
    </message>
    <message>
        <source>CA data present</source>
        <translation>CA データあり</translation>
    </message>
    <message>
        <source>TLS name %1</source>
        <translation>TLS 名 %1</translation>
    </message>
    <message>
        <source>proxy %1</source>
        <translation>プロキシ %1</translation>
    </message>
    <message>
        <source>▲ TLS verification disabled</source>
        <translation>▲ TLS 検証が無効です</translation>
    </message>
    <message>
        <source>extensions: %1</source>
        <translation>拡張: %1</translation>
    </message>
    <message>
        <source>from the deprecated credentialProviders</source>
        <translation>非推奨の credentialProviders から</translation>
    </message>
    <message>
        <source>Placements</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>Not chosen by any PlacementDecision.</source>
        <translation>どの PlacementDecision にも選ばれていません。</translation>
    </message>
    <message>
        <source>Object (YAML)</source>
        <translation>オブジェクト（YAML）</translation>
    </message>
    <message>
        <source>%1 did not exist at the moment shown.</source>
        <translation>%1 は表示中の時点には存在しませんでした。</translation>
    </message>
    <message>
        <source>%1 was deleted from its hub.</source>
        <translation>%1 はハブから削除されました。</translation>
    </message>
    <message>
        <source>Show as YAML</source>
        <translation>YAML で表示</translation>
    </message>
    <message>
        <source>Rendering…</source>
        <translation>生成中…</translation>
    </message>
    <message>
        <source>The object could not be read back.</source>
        <translation>オブジェクトを読み戻せませんでした。</translation>
    </message>
    <message>
        <source>Select a cluster to see its conditions, properties and access providers.</source>
        <translation>クラスターを選択すると、Condition、プロパティ、アクセスプロバイダーが表示されます。</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>検出事項</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>▲ proxy %1 (not http, https or socks5: Connect refuses it)</source>
        <translation>▲ プロキシ %1 (http、https、socks5 以外のため接続では使えません)</translation>
    </message>
    <message>
        <source>compression off</source>
        <translation>圧縮なし</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>対処:</translation>
    </message>
    <message>
        <source>%1 is gone: its hub %2 was removed.</source>
        <translation>%1 はありません: ハブ %2 が削除されました。</translation>
    </message>
</context>
<context>
    <name>fleetscope::EmptyFleetOverlay</name>
    <message>
        <source>&amp;Reconnect</source>
        <translation>再接続(&amp;R)</translation>
    </message>
    <message>
        <source>Choose &amp;hubs…</source>
        <translation>ハブを選択(&amp;H)…</translation>
    </message>
    <message>
        <source>Try every hub again now (F5)</source>
        <translation>すべてのハブに今すぐ再試行 (F5)</translation>
    </message>
    <message>
        <source>Choose which kubeconfig contexts are hubs (Ctrl+Shift+H)</source>
        <translation>どの kubeconfig コンテキストをハブにするか選択 (Ctrl+Shift+H)</translation>
    </message>
    <message>
        <source>No clusters: no hub could be read</source>
        <translation>クラスターなし: どのハブも読み取れませんでした</translation>
    </message>
    <message>
        <source>&lt;h2&gt;No hubs connected&lt;/h2&gt;&lt;p&gt;Fleetscope shows the ClusterProfiles published on your hub clusters.&lt;/p&gt;&lt;p&gt;Choose which contexts of your kubeconfig are hubs (File → Hubs…), or try &lt;tt&gt;fleetscope --demo&lt;/tt&gt; for a simulated fleet. On the command line, &lt;tt&gt;--context NAME&lt;/tt&gt; names a hub for one run.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;接続されているハブはありません&lt;/h2&gt;&lt;p&gt;Fleetscope はハブクラスターで公開されている ClusterProfile を表示します。&lt;/p&gt;&lt;p&gt;kubeconfig のどのコンテキストがハブかを選ぶか (ファイル → ハブ…)、&lt;tt&gt;fleetscope --demo&lt;/tt&gt; でシミュレートしたフリートを試してください。コマンドラインでは &lt;tt&gt;--context NAME&lt;/tt&gt; で一度だけハブを指定できます。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>fleetscope::EmptyFleetReason</name>
    <message>
        <source>Connection refused</source>
        <translation>接続が拒否されました</translation>
    </message>
    <message>
        <source>Hub not reachable</source>
        <translation>ハブに到達できません</translation>
    </message>
    <message>
        <source>Hub certificate not accepted</source>
        <translation>ハブの証明書が受け入れられませんでした</translation>
    </message>
    <message>
        <source>Credentials refused</source>
        <translation>認証情報が拒否されました</translation>
    </message>
    <message>
        <source>Not allowed to read ClusterProfiles</source>
        <translation>ClusterProfiles を読み取る権限がありません</translation>
    </message>
    <message>
        <source>Kubeconfig entry not usable</source>
        <translation>kubeconfig のエントリーを使用できません</translation>
    </message>
    <message>
        <source>Hub could not be read</source>
        <translation>ハブを読み取れませんでした</translation>
    </message>
    <message>
        <source>Nothing answers at the server address of the kubeconfig. Is the API server running, and is the address (and port) right?</source>
        <translation>kubeconfig のサーバーアドレスで応答がありません。API サーバーは動作していますか? アドレス (とポート) は正しいですか?</translation>
    </message>
    <message>
        <source>The host name did not resolve or the network did not answer. Check the server address, your VPN and your proxy.</source>
        <translation>ホスト名を解決できないか、ネットワークが応答しませんでした。サーバーアドレス、VPN、プロキシを確認してください。</translation>
    </message>
    <message>
        <source>The TLS handshake failed: the kubeconfig&apos;s certificate authority does not match the server&apos;s certificate, or the certificate is for another name.</source>
        <translation>TLS ハンドシェイクに失敗しました: kubeconfig の認証局がサーバーの証明書と一致しないか、証明書が別の名前用です。</translation>
    </message>
    <message>
        <source>The token or client certificate was refused. Log in again or refresh the credentials (for a cloud cluster, its get-credentials command).</source>
        <translation>トークンまたはクライアント証明書が拒否されました。再ログインするか認証情報を更新してください (クラウドのクラスターでは get-credentials コマンド)。</translation>
    </message>
    <message>
        <source>RBAC denies listing clusterprofiles. Ask for read access, or name the namespaces you may read with --namespace.</source>
        <translation>RBAC により clusterprofiles の一覧取得が拒否されています。読み取り権限を依頼するか、読み取れる名前空間を --namespace で指定してください。</translation>
    </message>
    <message>
        <source>The kubeconfig entry of the hub is incomplete or wrong; the message says what to fix.</source>
        <translation>ハブの kubeconfig エントリーが不完全か誤っています。メッセージに修正点が示されています。</translation>
    </message>
    <message>
        <source>Hub details (Ctrl+Shift+D) shows what happened.</source>
        <translation>ハブの詳細 (Ctrl+Shift+D) で何が起きたかを確認できます。</translation>
    </message>
</context>
<context>
    <name>fleetscope::FilterBar</name>
    <message>
        <source>Filter clusters: clusterset in (prod,staging), version&gt;=1.30, ControlPlaneHealthy=False …</source>
        <translation>クラスターを絞り込み: clusterset in (prod,staging), version&gt;=1.30, ControlPlaneHealthy=False …</translation>
    </message>
    <message>
        <source>Filter syntax and examples</source>
        <translation>フィルターの構文と例</translation>
    </message>
    <message>
        <source>No cluster matches this filter (of %1).</source>
        <translation>このフィルターに一致するクラスタはありません（全 %1 個中）。</translation>
    </message>
    <message>
        <source>No cluster of the chosen group or placement matches this filter.</source>
        <translation>選択したグループまたはプレースメントに、このフィルターに一致するクラスタはありません。</translation>
    </message>
    <message>
        <source>None of the %1 clusters is in the chosen group or placement.</source>
        <translation>%1 個のクラスタのうち、選択したグループまたはプレースメントに属するものはありません。</translation>
    </message>
    <message>
        <source>Filter syntax</source>
        <translation>フィルターの構文</translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetCache</name>
    <message>
        <source>%1: larger than %2 MiB, ignored</source>
        <translation>%1: %2 MiB を超えているため無視しました</translation>
    </message>
    <message>
        <source>%1: not a Fleetscope fleet cache, ignored</source>
        <translation>%1: Fleetscope のフリートキャッシュではないため無視しました</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n cached profile(s) could not be read</source>
        <translation>
            <numerusform>%1: キャッシュ済みのプロファイル %n 件を読み込めませんでした</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetChangesView</name>
    <message>
        <source>&amp;Show changes</source>
        <translation>変化を表示(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;From</source>
        <translation>開始(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;To</source>
        <translation>終了(&amp;T)</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n 件の変化</numerusform>
        </translation>
    </message>
    <message>
        <source>(not recorded at both times: %1)</source>
        <translation>（両方の時刻には記録されていません: %1）</translation>
    </message>
    <message>
        <source>Reading the history…</source>
        <translation>履歴を読み込んでいます…</translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetHealthChart</name>
    <message>
        <source>Save the recorded condition transitions of these clusters as CSV</source>
        <translation>これらのクラスターで記録された Condition の遷移を CSV で保存</translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Unhealthy</source>
        <translation>異常</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>Fleet health: %1</source>
        <translation>フリートの状態: %1</translation>
    </message>
    <message>
        <source>no clusters</source>
        <translation>クラスターなし</translation>
    </message>
    <message>
        <source>History is not available.</source>
        <translation>履歴は利用できません。</translation>
    </message>
    <message numerus="yes">
        <source>Now: %1 healthy, %2 unhealthy, %3 unknown (as recorded; %n point(s)).</source>
        <translation>
            <numerusform>現在: 正常 %1、異常 %2、不明 %3（記録に基づく。%n 点）。</numerusform>
        </translation>
    </message>
    <message>
        <source>No clusters in scope.</source>
        <translation>対象のクラスターがありません。</translation>
    </message>
    <message>
        <source>No history recorded for these clusters yet.</source>
        <translation>これらのクラスターの履歴はまだ記録されていません。</translation>
    </message>
    <message>
        <source>No clusters in scope: nothing to export.</source>
        <translation>対象のクラスターがないため、エクスポートするものはありません。</translation>
    </message>
    <message>
        <source>Not reported</source>
        <translation>未報告</translation>
    </message>
    <message>
        <source>Not recorded</source>
        <translation>未記録</translation>
    </message>
    <message>
        <source>No cluster was unhealthy at %1.</source>
        <translation>%1 時点で異常なクラスターはありません。</translation>
    </message>
    <message numerus="yes">
        <source>Selected the %n cluster(s) that were unhealthy at %1.</source>
        <translation>
            <numerusform>%1 時点で異常だったクラスター %n 件を選択しました。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not recorded now: Fleetscope is not watching these clusters&apos; hubs.</source>
        <translation>現在は未記録: Fleetscope はこれらのクラスターのハブを監視していません。</translation>
    </message>
    <message numerus="yes">
        <source>Reading the recorded history of %n cluster(s)…</source>
        <translation>
            <numerusform>%n 個のクラスターの記録を読み込んでいます…</numerusform>
        </translation>
    </message>
    <message>
        <source>Simulated demo history</source>
        <translation>シミュレーションされたデモ履歴</translation>
    </message>
    <message numerus="yes">
        <source>%n do(es) not report health.</source>
        <translation>
            <numerusform>%n 件は状態を報告していません。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetTreeModel</name>
    <message>
        <source>Group</source>
        <translation>グループ</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>クラスター</translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Unhealthy</source>
        <translation>異常</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>Not reported</source>
        <translation>未報告</translation>
    </message>
</context>
<context>
    <name>fleetscope::FleetTreeView</name>
    <message>
        <source>Hub</source>
        <translation>ハブ</translation>
    </message>
    <message>
        <source>ClusterSet</source>
        <translation>ClusterSet</translation>
    </message>
    <message>
        <source>Manager</source>
        <translation>マネージャー</translation>
    </message>
    <message>
        <source>By property…</source>
        <translation>プロパティ別…</translation>
    </message>
    <message>
        <source>Hub › by property…</source>
        <translation>ハブ › プロパティ別…</translation>
    </message>
    <message>
        <source>How the fleet is grouped</source>
        <translation>フリートのグループ分け</translation>
    </message>
    <message>
        <source>Group by property</source>
        <translation>プロパティでグループ化</translation>
    </message>
    <message>
        <source>Group the fleet by the value of this ClusterProfile property:</source>
        <translation>この ClusterProfile プロパティの値でフリートをグループ化します:</translation>
    </message>
    <message>
        <source>Inventory</source>
        <translation>インベントリ</translation>
    </message>
</context>
<context>
    <name>fleetscope::GuiOptions</name>
    <message>
        <source>Show the version and exit.</source>
        <translation>バージョンを表示して終了します。</translation>
    </message>
    <message>
        <source>Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config).</source>
        <translation>kubeconfig ファイル（既定: $KUBECONFIG、なければ ~/.kube/config）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>A kubeconfig context to use as a hub (repeatable; default: the current context).</source>
        <translation>ハブとして使う kubeconfig のコンテキスト（複数指定可、既定: 現在のコンテキスト）。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Use every context of the kubeconfig as a hub.</source>
        <translation>kubeconfig のすべてのコンテキストをハブとして使います。</translation>
    </message>
    <message>
        <source>A namespace to read when cluster-wide lists are forbidden (repeatable).</source>
        <translation>クラスター全体の一覧が許可されていないときに読む Namespace（複数指定可）。</translation>
    </message>
    <message>
        <source>Start two simulated hubs in-process and show their fleet.</source>
        <translation>シミュレートしたハブを 2 つプロセス内で起動し、そのフリートを表示します。</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file once the fleet is synced, then exit.</source>
        <translation>フリートの同期後にメインウィンドウを PNG ファイルに保存して終了します。</translation>
    </message>
    <message>
        <source>With --screenshot: select this row of the table first.</source>
        <translation>--screenshot と併用: 先に表のこの行を選択します。</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Main window size, e.g. 1400x900.</source>
        <translation>メインウィンドウのサイズ（例: 1400x900）。</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>幅x高さ</translation>
    </message>
    <message>
        <source>Condition history database (default: history.sqlite in the application data folder).</source>
        <translation>Condition 履歴のデータベース（既定: アプリケーションのデータフォルダーの history.sqlite）。</translation>
    </message>
    <message>
        <source>Select this cluster (HUB/NAMESPACE/NAME) and show its condition history.</source>
        <translation>このクラスター（HUB/NAMESPACE/NAME）を選択し、Condition の履歴を表示します。</translation>
    </message>
    <message>
        <source>cluster</source>
        <translation>クラスター</translation>
    </message>
    <message>
        <source>With --timeline or --fleet-health: hours of history shown.</source>
        <translation>--timeline または --fleet-health と併用: 表示する履歴の時間数。</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Show the fleet health chart.</source>
        <translation>フリートの状態チャートを表示します。</translation>
    </message>
    <message>
        <source>Interface language, e.g. de or ja (default: the system language).</source>
        <translation>表示言語（例: de、ja。既定: システムの言語）。</translation>
    </message>
    <message>
        <source>language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Force the Fusion style with a dark or light palette (default: the platform&apos;s).</source>
        <translation>Fusion スタイルとダーク／ライトのパレットを強制します（既定: プラットフォームの設定）。</translation>
    </message>
    <message>
        <source>dark|light</source>
        <translation>dark|light</translation>
    </message>
    <message>
        <source>Start with this filter (the filter language, see the README).</source>
        <translation>このフィルターで開始します（フィルター言語は README を参照）。</translation>
    </message>
    <message>
        <source>expression</source>
        <translation>式</translation>
    </message>
    <message>
        <source>With --screenshot: check access to every shown cluster first.</source>
        <translation>--screenshot と併用：先に表示中のすべてのクラスタのアクセスを確認します。</translation>
    </message>
    <message>
        <source>With --screenshot: run this command on every shown cluster (Run on selected…) and render that window.</source>
        <translation>--screenshot と併用：表示中のすべてのクラスタでこのコマンドを実行し（選択対象で実行…）、そのウィンドウを描画します。</translation>
    </message>
    <message>
        <source>command</source>
        <translation>コマンド</translation>
    </message>
    <message>
        <source>Native dashboard for fleets of Kubernetes clusters.

&quot;fleetscope help COMMAND&quot; shows a command&apos;s options.</source>
        <translation>Kubernetes クラスタ群のためのネイティブダッシュボード。

「fleetscope help COMMAND」でコマンドのオプションを表示します。</translation>
    </message>
</context>
<context>
    <name>fleetscope::HealthChartView</name>
    <message>
        <source>Not recorded: Fleetscope was not watching these hubs.</source>
        <translation>未記録: Fleetscope はこれらのハブを監視していませんでした。</translation>
    </message>
    <message>
        <source>%1 healthy, %2 unhealthy, %3 unknown</source>
        <translation>正常 %1、異常 %2、不明 %3</translation>
    </message>
    <message>
        <source>%1 not reporting health</source>
        <translation>状態未報告 %1</translation>
    </message>
    <message>
        <source>Click to select the clusters unhealthy then.</source>
        <translation>クリックで当時異常だったクラスターを選択します。</translation>
    </message>
</context>
<context>
    <name>fleetscope::HealthRulesDialog</name>
    <message>
        <source>Health rules</source>
        <translation>状態ルール</translation>
    </message>
    <message>
        <source>Producers report health through different conditions: OCM writes &lt;tt&gt;ControlPlaneHealthy&lt;/tt&gt; and &lt;tt&gt;Joined&lt;/tt&gt;, KubeFleet only &lt;tt&gt;ControlPlaneHealthy&lt;/tt&gt;, GKE Fleet only &lt;tt&gt;Joined&lt;/tt&gt;. A rule says, for the clusters of one manager (&lt;tt&gt;x-k8s.io/cluster-manager&lt;/tt&gt;; the rule without a manager is for all others), when a cluster is unhealthy, unknown and healthy, tried in that order, in filter terms such as &lt;tt&gt;Joined=False || ControlPlaneHealthy=False&lt;/tt&gt;. A cluster none of them matches does not report its health.</source>
        <translation>発行元はそれぞれ異なるコンディションで状態を報告します。OCM は &lt;tt&gt;ControlPlaneHealthy&lt;/tt&gt; と &lt;tt&gt;Joined&lt;/tt&gt;、KubeFleet は &lt;tt&gt;ControlPlaneHealthy&lt;/tt&gt; のみ、GKE Fleet は &lt;tt&gt;Joined&lt;/tt&gt; のみを書きます。ルールは、あるマネージャー（&lt;tt&gt;x-k8s.io/cluster-manager&lt;/tt&gt;。マネージャーのないルールはその他すべて）のクラスターが異常・不明・正常となる条件を、この順に、&lt;tt&gt;Joined=False || ControlPlaneHealthy=False&lt;/tt&gt; のようなフィルター項で示します。どれにも一致しないクラスターは状態を報告していません。</translation>
    </message>
    <message>
        <source>Manager</source>
        <translation>マネージャー</translation>
    </message>
    <message>
        <source>Unhealthy when</source>
        <translation>異常とする条件</translation>
    </message>
    <message>
        <source>Unknown when</source>
        <translation>不明とする条件</translation>
    </message>
    <message>
        <source>Healthy when</source>
        <translation>正常とする条件</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>追加(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>削除(&amp;R)</translation>
    </message>
    <message>
        <source>Restore &amp;built-in</source>
        <translation>組み込みに戻す(&amp;B)</translation>
    </message>
    <message>
        <source>These are the built-in rules</source>
        <translation>これは組み込みルールです</translation>
    </message>
    <message>
        <source>Replace the table with the built-in rules</source>
        <translation>表を組み込みルールに置き換えます</translation>
    </message>
    <message>
        <source>x-k8s.io/cluster-manager; empty: every manager without a rule of its own</source>
        <translation>x-k8s.io/cluster-manager。空: 専用のルールがないすべてのマネージャー</translation>
    </message>
</context>
<context>
    <name>fleetscope::HistoryPanel</name>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>Fleet health</source>
        <translation>フリートの状態</translation>
    </message>
    <message numerus="yes">
        <source>History: flapping (%n)</source>
        <translation>
            <numerusform>履歴: フラッピング（%n）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n status change(s) in the last %1 h</source>
        <translation>
            <numerusform>直近 %1 時間のステータス変化 %n 回</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) shown in the table</source>
        <translation>
            <numerusform>表に表示中のクラスター %n 台</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::HubChoiceModel</name>
    <message>
        <source>%1: no contexts</source>
        <translation>%1: コンテキストがありません</translation>
    </message>
    <message>
        <source>the default kubeconfig</source>
        <translation>既定の kubeconfig</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>確認中…</translation>
    </message>
    <message>
        <source>No</source>
        <translation>いいえ</translation>
    </message>
    <message>
        <source>Yes (%1)</source>
        <translation>はい (%1)</translation>
    </message>
    <message>
        <source>Kubeconfig: %1</source>
        <translation>kubeconfig: %1</translation>
    </message>
    <message>
        <source>%1 (current)</source>
        <translation>%1 (現在)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>サーバー</translation>
    </message>
    <message>
        <source>Inventory API</source>
        <translation>Inventory API</translation>
    </message>
    <message>
        <source>Placements</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>Profiles</source>
        <translation>プロファイル</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>removed in this session; check to watch it again</source>
        <translation>このセッションで削除済み。チェックすると再び監視します</translation>
    </message>
</context>
<context>
    <name>fleetscope::HubDetailsDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 時間</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>リクエスト</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>バックオフ</translation>
    </message>
    <message>
        <source>List</source>
        <translation>一覧取得</translation>
    </message>
    <message>
        <source>Credentials</source>
        <translation>認証情報</translation>
    </message>
    <message>
        <source>Resource</source>
        <translation>リソース</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>フェーズ</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>オブジェクト</translation>
    </message>
    <message>
        <source>Resource version</source>
        <translation>resourceVersion</translation>
    </message>
    <message>
        <source>Watching for</source>
        <translation>watch 継続時間</translation>
    </message>
    <message>
        <source>Relists</source>
        <translation>再一覧取得</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>最後のエラー</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Hub details: %1</source>
        <translation>ハブの詳細: %1</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>コピー(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the state, the resources and the recent history as text</source>
        <translation>状態、リソース、最近の履歴をテキストとしてコピー</translation>
    </message>
    <message>
        <source>Watched resources</source>
        <translation>監視中のリソース</translation>
    </message>
    <message>
        <source>Recent requests, errors and backoffs (newest first)</source>
        <translation>最近のリクエスト、エラー、バックオフ（新しい順）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>サーバー: %1</translation>
    </message>
    <message>
        <source>API: %1</source>
        <translation>API: %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告: %1</translation>
    </message>
</context>
<context>
    <name>fleetscope::HubStatusBar</name>
    <message>
        <source>Click for the hub&apos;s details</source>
        <translation>クリックするとハブの詳細を表示</translation>
    </message>
    <message>
        <source>&amp;Reconnect</source>
        <translation>再接続(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;move hub</source>
        <translation>ハブを削除(&amp;M)</translation>
    </message>
    <message>
        <source>Hub &amp;details…</source>
        <translation>ハブの詳細(&amp;D)…</translation>
    </message>
    <message>
        <source>%1 clusters · ✔ %2 healthy · ▲ %3 unhealthy · ? %4 unknown</source>
        <translation>%1 クラスター · ✔ 正常 %2 · ▲ 異常 %3 · ? 不明 %4</translation>
    </message>
    <message>
        <source> · ○ %1 not reported</source>
        <translation> · ○ 未報告 %1</translation>
    </message>
    <message>
        <source> · %1 shown</source>
        <translation> · 表示 %1</translation>
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
        <translation>警告: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s) could not be read</source>
        <translation>
            <numerusform>%n 件のオブジェクトを読み込めませんでした</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::HubsDialog</name>
    <message>
        <source>Hubs</source>
        <translation>ハブ</translation>
    </message>
    <message>
        <source>Choose the kubeconfig contexts Fleetscope watches as hubs. Each context is asked whether it serves the Cluster Inventory API (multicluster.x-k8s.io); those that do are listed first.</source>
        <translation>Fleetscope がハブとして監視する kubeconfig のコンテキストを選んでください。各コンテキストに Cluster Inventory API (multicluster.x-k8s.io) を提供しているかを問い合わせ、提供しているものを先頭に表示します。</translation>
    </message>
    <message>
        <source>Add kubeconfig file…</source>
        <translation>kubeconfig ファイルを追加…</translation>
    </message>
    <message>
        <source>Remove file</source>
        <translation>ファイルを削除</translation>
    </message>
    <message>
        <source>Forget the kubeconfig file of the selected context (the default one stays)</source>
        <translation>選択したコンテキストの kubeconfig ファイルを忘れます (既定のファイルは残ります)</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>適用</translation>
    </message>
    <message>
        <source>Add kubeconfig file</source>
        <translation>kubeconfig ファイルを追加</translation>
    </message>
    <message>
        <source>Kubeconfig files (*.yaml *.yml *.kubeconfig *config);;All files (*)</source>
        <translation>kubeconfig ファイル (*.yaml *.yml *.kubeconfig *config);;すべてのファイル (*)</translation>
    </message>
    <message numerus="yes">
        <source>Asking %n context(s)…</source>
        <translation>
            <numerusform>%n 個のコンテキストに問い合わせ中…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n context(s) serve the Cluster Inventory API</source>
        <translation>
            <numerusform>%n 個のコンテキストが Cluster Inventory API を提供</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hub(s) chosen</source>
        <translation>
            <numerusform>%n 個のハブを選択</numerusform>
        </translation>
    </message>
    <message>
        <source>Contexts chosen twice from different files: %1</source>
        <translation>異なるファイルから二重に選ばれたコンテキスト: %1</translation>
    </message>
</context>
<context>
    <name>fleetscope::InventoryLint</name>
    <message>
        <source>label x-k8s.io/cluster-manager=%1 but spec.clusterManager.name=%2</source>
        <translation>ラベル x-k8s.io/cluster-manager=%1 ですが spec.clusterManager.name=%2 です</translation>
    </message>
    <message>
        <source>clusterset label %1 on the profile, %2 on its namespace %3</source>
        <translation>プロファイルの ClusterSet ラベルは %1、その名前空間 %3 では %2</translation>
    </message>
    <message>
        <source>%1 (observed %2 ago)</source>
        <translation>%1（%2 前に観測）</translation>
    </message>
    <message>
        <source>stale for more than %1: %2</source>
        <translation>%1 以上更新されていません: %2</translation>
    </message>
    <message>
        <source>no status.accessProviders: no consumer can connect</source>
        <translation>status.accessProviders がありません: どのコンシューマーも接続できません</translation>
    </message>
    <message>
        <source>only the deprecated status.credentialProviders, which v1alpha2 drops</source>
        <translation>非推奨の status.credentialProviders のみ（v1alpha2 では廃止）</translation>
    </message>
    <message>
        <source>%1 says %2, %3</source>
        <translation>%1 の報告: %2、%3</translation>
    </message>
    <message>
        <source>no version</source>
        <translation>バージョンなし</translation>
    </message>
    <message>
        <source>member %1: %2</source>
        <translation>メンバー %1: %2</translation>
    </message>
    <message>
        <source>chooses ClusterProfiles that do not exist: %1</source>
        <translation>存在しない ClusterProfile を選択しています: %1</translation>
    </message>
    <message>
        <source>set the label x-k8s.io/cluster-manager to spec.clusterManager.name (the spec is immutable)</source>
        <translation>ラベル x-k8s.io/cluster-manager を spec.clusterManager.name に合わせてください（spec は変更不可）</translation>
    </message>
    <message>
        <source>label the profile x-k8s.io/cluster-manager=&lt;spec.clusterManager.name&gt;: consumers select profiles by it, and the conformance suite requires it</source>
        <translation>プロファイルに x-k8s.io/cluster-manager=&lt;spec.clusterManager.name&gt; のラベルを付けてください。利用側はこれでプロファイルを選び、適合性テストも要求します</translation>
    </message>
    <message>
        <source>recreate the profile with a spec.clusterManager.name of 1-63 label characters (the field is immutable), the same value as its x-k8s.io/cluster-manager label</source>
        <translation>spec.clusterManager.name を 1〜63 文字のラベル値にしてプロファイルを作り直してください（このフィールドは変更不可）。値は x-k8s.io/cluster-manager ラベルと同じにします</translation>
    </message>
    <message>
        <source>one of the managers reports an old state of the cluster: check the one whose health or version is out of date, or drop its inventory-member-id label if they are different clusters</source>
        <translation>いずれかのマネージャーがクラスターの古い状態を報告しています。状態またはバージョンが古いほうを確認するか、別のクラスターなら inventory-member-id ラベルを外してください</translation>
    </message>
    <message>
        <source>delete the decision or have its scheduler place it again; the ClusterProfile it names is gone</source>
        <translation>この決定を削除するか、スケジューラーに再配置させてください。指定された ClusterProfile はもうありません</translation>
    </message>
    <message>
        <source>make the profile&apos;s multicluster.x-k8s.io/clusterset label equal its namespace&apos;s, or remove one</source>
        <translation>プロファイルの multicluster.x-k8s.io/clusterset ラベルを名前空間のものと揃えるか、どちらかを削除してください</translation>
    </message>
    <message>
        <source>have the producer publish the member&apos;s API server URL (https://host[:port][/path]); connect and every consumer refuse this provider</source>
        <translation>発行元にメンバーの API サーバー URL（https://host[:port][/path]）を公開させてください。connect もすべての利用側もこのプロバイダーを拒否します</translation>
    </message>
    <message>
        <source>the producer stopped refreshing these properties: check its agent on the member, or raise --stale-after if they change rarely</source>
        <translation>発行元がこれらのプロパティを更新しなくなりました。メンバー上のエージェントを確認するか、変化がまれなら --stale-after を大きくしてください</translation>
    </message>
    <message>
        <source>have the producer publish status.accessProviders (a server and, unless a public CA signs it, its CA), or connect to this member another way</source>
        <translation>発行元に status.accessProviders（サーバーと、公開 CA の署名がなければその CA）を公開させるか、別の方法でこのメンバーに接続してください</translation>
    </message>
    <message>
        <source>publish the same entries under status.accessProviders: v1alpha2 and cluster-inventory-api v0.2.0 no longer read credentialProviders</source>
        <translation>同じエントリーを status.accessProviders に公開してください。v1alpha2 と cluster-inventory-api v0.2.0 は credentialProviders を読みません</translation>
    </message>
    <message>
        <source>publish certificate-authority-data (or rely on system roots) and drop insecure-skip-tls-verify; pkg/access ignores the flag, so its consumers verify anyway and fail</source>
        <translation>certificate-authority-data を公開し（またはシステムのルート証明書に任せ）、insecure-skip-tls-verify を外してください。pkg/access はこのフラグを無視するため、その利用側は検証して失敗します</translation>
    </message>
    <message>
        <source>check that the producer&apos;s controller runs and may write status: nothing says whether this cluster is joined or healthy</source>
        <translation>発行元のコントローラーが動作し status を書けるか確認してください。このクラスターが参加済みか正常かを示すものがありません</translation>
    </message>
    <message>
        <source>the label x-k8s.io/cluster-manager is empty</source>
        <translation>ラベル x-k8s.io/cluster-manager が空です</translation>
    </message>
    <message>
        <source>no label x-k8s.io/cluster-manager</source>
        <translation>ラベル x-k8s.io/cluster-manager がありません</translation>
    </message>
    <message>
        <source>the label x-k8s.io/cluster-manager is empty (spec.clusterManager.name=%1)</source>
        <translation>ラベル x-k8s.io/cluster-manager が空です（spec.clusterManager.name=%1）</translation>
    </message>
    <message>
        <source>no label x-k8s.io/cluster-manager (spec.clusterManager.name=%1)</source>
        <translation>ラベル x-k8s.io/cluster-manager がありません（spec.clusterManager.name=%1）</translation>
    </message>
    <message>
        <source>label the profile x-k8s.io/cluster-manager=%1: consumers select profiles by it, and the conformance suite requires it</source>
        <translation>プロファイルに x-k8s.io/cluster-manager=%1 のラベルを付けてください。利用側はこれでプロファイルを選び、適合性テストも要求します</translation>
    </message>
    <message>
        <source>spec.clusterManager.name is empty</source>
        <translation>spec.clusterManager.name が空です</translation>
    </message>
    <message>
        <source>spec.clusterManager.name &quot;%1&quot; is not a label value (1-63 characters: letters, digits, &apos;-&apos;, &apos;_&apos;, &apos;.&apos;), which v1alpha2 requires</source>
        <translation>spec.clusterManager.name &quot;%1&quot; はラベル値ではありません（1〜63 文字: 英字、数字、&apos;-&apos;、&apos;_&apos;、&apos;.&apos;）。v1alpha2 はこれを要求します</translation>
    </message>
    <message>
        <source>%1 has an empty cluster.server</source>
        <translation>%1 の cluster.server が空です</translation>
    </message>
    <message>
        <source>%1&apos;s cluster.server &quot;%2&quot; is not an absolute URL with a host</source>
        <translation>%1 の cluster.server &quot;%2&quot; はホストを含む絶対 URL ではありません</translation>
    </message>
    <message>
        <source>access provider %1</source>
        <translation>アクセスプロバイダー %1</translation>
    </message>
    <message>
        <source>access provider %1 sets insecure-skip-tls-verify: consumers that honour it do not check whom they connect to</source>
        <translation>アクセスプロバイダー %1 は insecure-skip-tls-verify を設定しています。これに従う利用側は接続先を検証しません</translation>
    </message>
    <message>
        <source>no status.conditions: %1 reports nothing about this cluster</source>
        <translation>status.conditions がありません: %1 はこのクラスターについて何も報告していません</translation>
    </message>
    <message>
        <source>its producer</source>
        <translation>その発行元</translation>
    </message>
    <message>
        <source>this experimental GKE script writes no status: switch to GKE Fleet&apos;s ClusterProfile sync (namespace fleet-cluster-inventory), then delete these profiles</source>
        <translation>この実験的な GKE スクリプトは status を書きません。GKE Fleet の ClusterProfile 同期（名前空間 fleet-cluster-inventory）に切り替え、これらのプロファイルを削除してください</translation>
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
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Filter clusters</source>
        <translation>クラスターを絞り込み(&amp;F)</translation>
    </message>
    <message>
        <source>Fleet &amp;groups</source>
        <translation>フリートのグループ(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Reconnect hubs</source>
        <translation>ハブに再接続(&amp;R)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>メイン</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>保存したビュー</translation>
    </message>
    <message>
        <source>Saved views: filter, grouping and columns</source>
        <translation>保存したビュー: フィルター、グループ分け、列</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Fleetscope</source>
        <translation>Fleetscope について(&amp;A)</translation>
    </message>
    <message>
        <source>About Fleetscope</source>
        <translation>Fleetscope について</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Fleetscope %1&lt;/h3&gt;&lt;p&gt;A native dashboard for fleets of Kubernetes clusters published through the ClusterProfile API.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Fleetscope %1&lt;/h3&gt;&lt;p&gt;ClusterProfile API で公開された Kubernetes クラスターのフリート向けネイティブダッシュボードです。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>グループ</translation>
    </message>
    <message>
        <source>Placements</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>&amp;Placements</source>
        <translation>Placement(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Clusters</source>
        <translation>クラスタ(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Hub details…</source>
        <translation>ハブの詳細(&amp;H)…</translation>
    </message>
    <message>
        <source>Hubs</source>
        <translation>ハブ</translation>
    </message>
    <message>
        <source>&amp;Hubs…</source>
        <translation>ハブ(&amp;H)…</translation>
    </message>
    <message>
        <source>Property &amp;aliases…</source>
        <translation>プロパティの別名(&amp;A)…</translation>
    </message>
    <message>
        <source>Stop watching hubs</source>
        <translation>ハブの監視を停止</translation>
    </message>
    <message numerus="yes">
        <source>Stop watching %n hub(s): %1?</source>
        <translation>
            <numerusform>%n 個のハブの監視を停止しますか: %1？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) leave the window. File → Hubs… keeps listing the hub until you quit, to bring it back.</source>
        <translation>
            <numerusform>%n 個のクラスタがウィンドウから消えます。終了するまでは ファイル → ハブ… にハブが残り、元に戻せます。</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>監視を停止</translation>
    </message>
    <message>
        <source>Connect to every hub again and list its clusters afresh</source>
        <translation>すべてのハブに再接続し、クラスタを一覧し直します</translation>
    </message>
    <message>
        <source>What each hub was asked, answered and why it is in its state</source>
        <translation>各ハブへの問い合わせと応答、そしてその状態の理由</translation>
    </message>
    <message>
        <source>No hub is watched: add one in File → Hubs…</source>
        <translation>監視中のハブはありません: ファイル → ハブ… で追加してください</translation>
    </message>
    <message>
        <source>Re&amp;sources…</source>
        <translation>リソース(&amp;S)…</translation>
    </message>
    <message>
        <source>Health r&amp;ules…</source>
        <translation>状態ルール(&amp;U)…</translation>
    </message>
    <message>
        <source>H&amp;istory</source>
        <translation>履歴(&amp;I)</translation>
    </message>
    <message>
        <source>Fleet h&amp;ealth</source>
        <translation>フリートの状態(&amp;E)</translation>
    </message>
</context>
<context>
    <name>fleetscope::MemberActions</name>
    <message>
        <source>&amp;Run on selected…</source>
        <translation>選択対象で実行(&amp;R)…</translation>
    </message>
    <message>
        <source>Export &amp;kubeconfig…</source>
        <translation>kubeconfig をエクスポート(&amp;K)…</translation>
    </message>
    <message>
        <source>Run a command on each selected cluster (all shown clusters when none is selected)</source>
        <translation>選択した各クラスタでコマンドを実行します（未選択時は表示中のすべてのクラスタ）</translation>
    </message>
    <message>
        <source>Write a kubeconfig with a context per selected cluster, for kubectl, k9s and other tools</source>
        <translation>選択したクラスタごとにコンテキストを持つ kubeconfig を書き出します（kubectl、k9s などのツール用）</translation>
    </message>
    <message numerus="yes">
        <source>%n context(s) written to %1.</source>
        <translation>
            <numerusform>%n 個のコンテキストを %1 に書き込みました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) skipped: no provider of your file matches.</source>
        <translation>
            <numerusform>%n 個のクラスタをスキップしました：ファイル内のプロバイダーが一致しません。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export kubeconfig</source>
        <translation>kubeconfig のエクスポート</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>接続(&amp;C)…</translation>
    </message>
    <message>
        <source>Open a terminal on the selected clusters (Enter)</source>
        <translation>選択したクラスターの端末を開く（Enter）</translation>
    </message>
    <message>
        <source>Open your terminal with a kubeconfig for the selected clusters</source>
        <translation>選択したクラスター用の kubeconfig で端末を開きます</translation>
    </message>
    <message>
        <source>Select a cluster to connect to</source>
        <translation>接続するクラスターを選択してください</translation>
    </message>
</context>
<context>
    <name>fleetscope::MemberRunModel</name>
    <message>
        <source>waiting</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>スキップ</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未実行</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>クラスタ</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>終了コード</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>所要時間</translation>
    </message>
    <message>
        <source>First line</source>
        <translation>最初の行</translation>
    </message>
</context>
<context>
    <name>fleetscope::MemberStateModel</name>
    <message>
        <source>waiting</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>接続中</translation>
    </message>
    <message>
        <source>discovering</source>
        <translation>探索中</translation>
    </message>
    <message>
        <source>listing</source>
        <translation>一覧取得中</translation>
    </message>
    <message>
        <source>live (%1)</source>
        <translation>ライブ (%1)</translation>
    </message>
    <message>
        <source>listed (%1)</source>
        <translation>取得済み (%1)</translation>
    </message>
    <message>
        <source>forbidden</source>
        <translation>禁止</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>到達不能</translation>
    </message>
    <message>
        <source>credential error</source>
        <translation>認証情報エラー</translation>
    </message>
    <message>
        <source>not served</source>
        <translation>未提供</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>(%1, cluster-wide)</source>
        <translation>(%1、クラスター全体)</translation>
    </message>
    <message>
        <source>(%1 in %2)</source>
        <translation>(%2 で %1)</translation>
    </message>
</context>
<context>
    <name>fleetscope::OfflineBadge</name>
    <message>
        <source>%1 last seen %2</source>
        <translation>%1 最終確認 %2</translation>
    </message>
    <message>
        <source>%1: showing the fleet cached at %2 until the hub answers (%3)</source>
        <translation>%1: ハブが応答するまで %2 時点のキャッシュを表示しています（%3）</translation>
    </message>
    <message>
        <source>⏸ Offline · %1 · read-only</source>
        <translation>⏸ オフライン · %1 · 読み取り専用</translation>
    </message>
</context>
<context>
    <name>fleetscope::PaneCycler</name>
    <message>
        <source>&amp;Next pane</source>
        <translation>次のペイン(&amp;N)</translation>
    </message>
    <message>
        <source>Pre&amp;vious pane</source>
        <translation>前のペイン(&amp;V)</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the next pane</source>
        <translation>キーボードフォーカスを次のペインに移動します</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the previous pane</source>
        <translation>キーボードフォーカスを前のペインに移動します</translation>
    </message>
</context>
<context>
    <name>fleetscope::PlacementModel</name>
    <message>
        <source>No such ClusterProfile: %1</source>
        <translation>該当する ClusterProfile がありません: %1</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>Hub</source>
        <translation>ハブ</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>スケジューラー</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>クラスター</translation>
    </message>
    <message>
        <source>Dangling</source>
        <translation>参照先なし</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>スライス</translation>
    </message>
    <message>
        <source>Clusters chosen</source>
        <translation>選択されたクラスター</translation>
    </message>
    <message>
        <source>Chosen clusters that have no ClusterProfile (dangling)</source>
        <translation>ClusterProfile のない選択されたクラスター (宙に浮いた参照)</translation>
    </message>
</context>
<context>
    <name>fleetscope::PlacementsView</name>
    <message>
        <source>No PlacementDecisions on the connected hubs.</source>
        <translation>接続中のハブに PlacementDecision はありません。</translation>
    </message>
    <message>
        <source>Select a placement to show the clusters it chose.</source>
        <translation>Placement を選択すると、選ばれたクラスターが表示されます。</translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) chosen</source>
        <translation>
            <numerusform>%n 台のクラスターを選択</numerusform>
        </translation>
    </message>
    <message>
        <source> by %1</source>
        <translation>（%1 による）</translation>
    </message>
    <message numerus="yes">
        <source> in %n slice(s).</source>
        <translation>
            <numerusform>、%n スライス。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n chosen cluster(s) have no ClusterProfile: %1</source>
        <translation>
            <numerusform>⚠ 選択されたクラスターのうち %n 台に ClusterProfile がありません: %1</numerusform>
        </translation>
    </message>
    <message>
        <source> on %1</source>
        <translation> (%1)</translation>
    </message>
</context>
<context>
    <name>fleetscope::PropertyAliasesDialog</name>
    <message>
        <source>Property aliases</source>
        <translation>プロパティの別名</translation>
    </message>
    <message>
        <source>Producers name the same fact differently. An alias stands for the first of its properties a cluster has, in filters (&lt;tt&gt;region=eu-west-1&lt;/tt&gt;), in &lt;i&gt;By property…&lt;/i&gt; grouping and in property columns. &lt;tt&gt;%1&lt;/tt&gt; stands for the reported Kubernetes version.</source>
        <translation>プロデューサーは同じ事実を異なる名前で書きます。別名は、クラスターが持つ最初の対応プロパティを表し、フィルター (&lt;tt&gt;region=eu-west-1&lt;/tt&gt;)、&lt;i&gt;プロパティ別…&lt;/i&gt; のグループ化、プロパティ列で使えます。&lt;tt&gt;%1&lt;/tt&gt; は報告された Kubernetes バージョンを表します。</translation>
    </message>
    <message>
        <source>Alias</source>
        <translation>別名</translation>
    </message>
    <message>
        <source>Properties, in order (comma-separated)</source>
        <translation>プロパティ (順番に、コンマ区切り)</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>追加(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>削除(&amp;R)</translation>
    </message>
    <message>
        <source>Restore &amp;built-in</source>
        <translation>組み込みに戻す(&amp;B)</translation>
    </message>
    <message>
        <source>These are the built-in aliases</source>
        <translation>これは組み込みのエイリアスです</translation>
    </message>
    <message>
        <source>Replace the table with the built-in aliases</source>
        <translation>表を組み込みのエイリアスで置き換えます</translation>
    </message>
</context>
<context>
    <name>fleetscope::ResourceTableModel</name>
    <message>
        <source>Cluster</source>
        <translation>クラスター</translation>
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
        <translation>リソース — Fleetscope</translation>
    </message>
    <message>
        <source>Which member clusters to look into</source>
        <translation>調べるメンバークラスター</translation>
    </message>
    <message>
        <source>Filter clusters, e.g. clusterset=prod</source>
        <translation>クラスターを絞り込む (例: clusterset=prod)</translation>
    </message>
    <message>
        <source>The kind: pods, deploy, certificates.cert-manager.io…; the list shows what the members serve</source>
        <translation>種類: pods、deploy、certificates.cert-manager.io…。一覧はメンバーが提供する種類です</translation>
    </message>
    <message>
        <source>All namespaces</source>
        <translation>すべての Namespace</translation>
    </message>
    <message>
        <source>All namespaces, one, or several separated by commas</source>
        <translation>すべての Namespace、1 つ、またはカンマ区切りで複数</translation>
    </message>
    <message>
        <source>Label selector, e.g. app=web</source>
        <translation>ラベルセレクター (例: app=web)</translation>
    </message>
    <message>
        <source>&amp;Watch</source>
        <translation>監視(&amp;W)</translation>
    </message>
    <message>
        <source>Clusters:</source>
        <translation>クラスター:</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>種類:</translation>
    </message>
    <message>
        <source>Namespaces:</source>
        <translation>Namespace:</translation>
    </message>
    <message>
        <source>Search the table</source>
        <translation>表を検索</translation>
    </message>
    <message>
        <source>&amp;Group by cluster</source>
        <translation>クラスターごとにまとめる(&amp;G)</translation>
    </message>
    <message>
        <source>Show &amp;YAML</source>
        <translation>YAML を表示(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;Connect to this cluster…</source>
        <translation>このクラスターに接続(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Run a command on this cluster…</source>
        <translation>このクラスターでコマンドを実行(&amp;R)…</translation>
    </message>
    <message>
        <source>Selected clusters</source>
        <translation>選択したクラスター</translation>
    </message>
    <message>
        <source>Filter…</source>
        <translation>フィルター…</translation>
    </message>
    <message>
        <source>View: %1</source>
        <translation>ビュー: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n cluster(s))</source>
        <translation>
            <numerusform>%1 (%n クラスター)</numerusform>
        </translation>
    </message>
    <message>
        <source>Select clusters in the main window first, or pick a saved view or a filter.</source>
        <translation>まずメインウィンドウでクラスターを選択するか、保存済みビューかフィルターを選んでください。</translation>
    </message>
    <message>
        <source>The filter is not valid: %1</source>
        <translation>フィルターが無効です: %1</translation>
    </message>
    <message>
        <source>No cluster matches.</source>
        <translation>一致するクラスターはありません。</translation>
    </message>
    <message>
        <source>Choose a kind.</source>
        <translation>種類を選んでください。</translation>
    </message>
    <message>
        <source>%1 of %2 objects shown · %3 of %4 clusters live, %5 failed</source>
        <translation>%2 件中 %1 件のオブジェクトを表示 · %4 クラスター中 %3 がライブ、%5 が失敗</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <source>Connect…</source>
        <translation>接続…</translation>
    </message>
    <message>
        <source>Run a command…</source>
        <translation>コマンドを実行…</translation>
    </message>
    <message>
        <source>Could not fetch the object: %1</source>
        <translation>オブジェクトを取得できませんでした: %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>fleetscope::RunDialog</name>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Copy results</source>
        <translation>結果をコピー(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>エクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>Run on selected clusters</source>
        <translation>選択したクラスタで実行</translation>
    </message>
    <message numerus="yes">
        <source>Runs a shell command once per cluster (%n cluster(s)), with KUBECONFIG set to that cluster&apos;s own kubeconfig, built from your credential provider file.</source>
        <translation>
            <numerusform>シェルコマンドをクラスタごとに 1 回実行します（%n 個のクラスタ）。KUBECONFIG には、認証情報プロバイダーファイルから作成したそのクラスタ専用の kubeconfig が設定されます。</numerusform>
        </translation>
    </message>
    <message>
        <source>kubectl get nodes</source>
        <translation>kubectl get nodes</translation>
    </message>
    <message>
        <source>How many clusters run the command at the same time</source>
        <translation>同時にコマンドを実行するクラスタの数</translation>
    </message>
    <message>
        <source>At a time:</source>
        <translation>同時実行数:</translation>
    </message>
    <message>
        <source>Co&amp;mmand:</source>
        <translation>コマンド(&amp;M):</translation>
    </message>
    <message>
        <source>Select a cluster to see its whole output.</source>
        <translation>クラスタを選択すると出力全体が表示されます。</translation>
    </message>
    <message>
        <source>Export results</source>
        <translation>結果のエクスポート</translation>
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
        <translation>現在のビューを保存(&amp;S)…</translation>
    </message>
    <message>
        <source>All clusters</source>
        <translation>すべてのクラスター</translation>
    </message>
    <message>
        <source>No saved views yet</source>
        <translation>保存したビューはまだありません</translation>
    </message>
    <message>
        <source>&amp;Notify on health changes</source>
        <translation>状態の変化を通知(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Delete view</source>
        <translation>ビューを削除(&amp;D)</translation>
    </message>
    <message>
        <source>Save view</source>
        <translation>ビューを保存</translation>
    </message>
    <message>
        <source>Replace view</source>
        <translation>ビューを置き換え</translation>
    </message>
    <message>
        <source>A view named &quot;%1&quot; exists. Replace it?</source>
        <translation>「%1」という名前のビューは既にあります。置き換えますか？</translation>
    </message>
    <message>
        <source>Vie&amp;ws</source>
        <translation>保存したビュー(&amp;W)</translation>
    </message>
    <message>
        <source>Save the filter, grouping, chosen group and columns as a named view</source>
        <translation>フィルター、グループ化、選択したグループ、列を名前付きビューとして保存</translation>
    </message>
    <message>
        <source>In the group %1</source>
        <translation>グループ %1 内</translation>
    </message>
    <message>
        <source>Name of the view (filter, grouping, chosen group and columns):</source>
        <translation>ビューの名前（フィルター、グループ化、選択したグループ、列）:</translation>
    </message>
</context>
<context>
    <name>fleetscope::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>ショートカット</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>ウィンドウ</translation>
    </message>
</context>
<context>
    <name>fleetscope::SyncProgress</name>
    <message>
        <source>Syncing %1</source>
        <translation>同期中 %1</translation>
    </message>
    <message>
        <source>Syncing %1 of ~%2</source>
        <translation>同期中 %1 / 約 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n hub(s) syncing</source>
        <translation>
            <numerusform>%n 個のハブを同期中</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetscope::TerminalLauncher</name>
    <message>
        <source>kubectl is not on PATH</source>
        <translation>kubectl が PATH にありません</translation>
    </message>
    <message>
        <source>k9s is not on PATH</source>
        <translation>k9s が PATH にありません</translation>
    </message>
    <message>
        <source>no terminal emulator found on PATH (tried $TERMINAL, x-terminal-emulator, konsole, gnome-terminal, xfce4-terminal, xterm); set a terminal command</source>
        <translation>PATH に端末エミュレーターが見つかりません（試したもの: $TERMINAL、x-terminal-emulator、konsole、gnome-terminal、xfce4-terminal、xterm）。端末コマンドを設定してください</translation>
    </message>
    <message>
        <source>the terminal command uses {terminal}, but no terminal emulator was found on PATH</source>
        <translation>端末コマンドで {terminal} を使っていますが、PATH に端末エミュレーターが見つかりません</translation>
    </message>
    <message>
        <source>terminal command &quot;%1&quot;: %2</source>
        <translation>端末コマンド「%1」: %2</translation>
    </message>
    <message>
        <source>terminal command &quot;%1&quot;: %2 is not an executable on PATH</source>
        <translation>端末コマンド「%1」: %2 は PATH 上の実行ファイルではありません</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>%1 を起動できません: %2</translation>
    </message>
    <message>
        <source>a backslash ends the text</source>
        <translation>テキストがバックスラッシュで終わっています</translation>
    </message>
    <message>
        <source>unterminated &apos; quote</source>
        <translation>&apos; が閉じられていません</translation>
    </message>
    <message>
        <source>unterminated &quot; quote</source>
        <translation>&quot; が閉じられていません</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>空です</translation>
    </message>
    <message>
        <source>unknown placeholder {%1}</source>
        <translation>不明なプレースホルダー {%1}</translation>
    </message>
    <message>
        <source>{command} must be a word of its own (use {command_line} inside a word)</source>
        <translation>{command} は単独の語として書いてください（語の中では {command_line} を使用）</translation>
    </message>
    <message>
        <source>no value for {%1}</source>
        <translation>{%1} の値がありません</translation>
    </message>
    <message>
        <source>it must contain {command} or {command_line}</source>
        <translation>{command} または {command_line} を含める必要があります</translation>
    </message>
    <message>
        <source>it names no program</source>
        <translation>プログラムが指定されていません</translation>
    </message>
    <message>
        <source>the session command, as separate arguments</source>
        <translation>セッションコマンド（個別の引数として）</translation>
    </message>
    <message>
        <source>the session command as one shell-quoted string</source>
        <translation>セッションコマンド（シェル用に引用した 1 つの文字列として）</translation>
    </message>
    <message>
        <source>the autodetected terminal emulator</source>
        <translation>自動検出された端末エミュレーター</translation>
    </message>
    <message>
        <source>your $SHELL</source>
        <translation>$SHELL</translation>
    </message>
    <message>
        <source>the session&apos;s kubeconfig file</source>
        <translation>セッションの kubeconfig ファイル</translation>
    </message>
    <message>
        <source>a window title naming the clusters</source>
        <translation>クラスター名を含むウィンドウタイトル</translation>
    </message>
</context>
<context>
    <name>fleetscope::TimeTravelBanner</name>
    <message>
        <source>&amp;Back to now</source>
        <translation>現在に戻る(&amp;B)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not live.&lt;/b&gt; The fleet as recorded at &lt;b&gt;%1&lt;/b&gt; (%2 ago). Live changes keep being recorded.</source>
        <translation>&lt;b&gt;ライブではありません。&lt;/b&gt;&lt;b&gt;%1&lt;/b&gt;（%2 前）に記録されたフリートです。ライブの変化は引き続き記録されています。</translation>
    </message>
    <message>
        <source>Hub %1 was not recorded then.</source>
        <translation>ハブ %1 はその時点では記録されていません。</translation>
    </message>
    <message>
        <source>Hub %1 was not watched then: what was recorded before.</source>
        <translation>ハブ %1 はその時点では監視されていませんでした。それ以前に記録された状態です。</translation>
    </message>
</context>
<context>
    <name>fleetscope::TimeTravelBar</name>
    <message>
        <source>History:</source>
        <translation>履歴:</translation>
    </message>
    <message>
        <source>&amp;Now</source>
        <translation>現在(&amp;N)</translation>
    </message>
    <message>
        <source>The fleet as recorded at any moment: drag to the past, to the right end for live</source>
        <translation>任意の時点に記録されたフリート: 過去へドラッグ、右端でライブ</translation>
    </message>
    <message>
        <source>Moment shown</source>
        <translation>表示中の時点</translation>
    </message>
    <message>
        <source>Back to the live fleet</source>
        <translation>ライブのフリートに戻る</translation>
    </message>
    <message>
        <source>History unavailable</source>
        <translation>履歴を利用できません</translation>
    </message>
    <message>
        <source>Nothing recorded yet</source>
        <translation>まだ何も記録されていません</translation>
    </message>
    <message>
        <source>Recorded since %1</source>
        <translation>%1 から記録</translation>
    </message>
    <message>
        <source>The moment shown (local time): type, use the arrows or the wheel</source>
        <translation>表示中の時刻（ローカル時刻）：入力、矢印キー、またはホイールで変更</translation>
    </message>
</context>
<context>
    <name>fleetscope::TimeTravelUi</name>
    <message>
        <source>Changes</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>Moment shown</source>
        <translation>表示中の時点</translation>
    </message>
    <message>
        <source>%1 — as recorded at %2</source>
        <translation>%1 — %2 の記録</translation>
    </message>
    <message>
        <source>&amp;Time</source>
        <translation>時間(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Go to a moment…</source>
        <translation>時点へ移動(&amp;G)…</translation>
    </message>
    <message>
        <source>An hour &amp;earlier</source>
        <translation>1 時間前へ(&amp;E)</translation>
    </message>
    <message>
        <source>An hour &amp;later</source>
        <translation>1 時間後へ(&amp;L)</translation>
    </message>
    <message>
        <source>Back to &amp;now</source>
        <translation>現在に戻る(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Changes…</source>
        <translation>変化(&amp;C)…</translation>
    </message>
    <message>
        <source>What changed between two moments: clusters that came and went, health, placements</source>
        <translation>2 つの時点の間に変わったこと: 現れた・消えたクラスター、健全性、プレースメント</translation>
    </message>
    <message>
        <source>Nothing is recorded yet for the hubs shown</source>
        <translation>表示中のハブはまだ何も記録されていません</translation>
    </message>
    <message>
        <source>Type the moment to show the fleet as recorded then</source>
        <translation>時点を入力すると、その時に記録されたフリートを表示します</translation>
    </message>
    <message>
        <source>The fleet as recorded an hour before the moment shown</source>
        <translation>表示中の時点の 1 時間前に記録されたフリート</translation>
    </message>
    <message>
        <source>The moment shown is the oldest one recorded</source>
        <translation>表示中の時点が記録された最も古い時点です</translation>
    </message>
    <message>
        <source>The window shows the live fleet: there is nothing later</source>
        <translation>ウィンドウはライブのフリートを表示中: これより後はありません</translation>
    </message>
    <message>
        <source>The fleet as recorded an hour after the moment shown (live past now)</source>
        <translation>表示中の時点の 1 時間後に記録されたフリート (現在を過ぎればライブ)</translation>
    </message>
    <message>
        <source>The window shows the live fleet already</source>
        <translation>ウィンドウはすでにライブのフリートを表示しています</translation>
    </message>
    <message>
        <source>Back to the live fleet</source>
        <translation>ライブのフリートに戻る</translation>
    </message>
</context>
<context>
    <name>fleetscope::TimelineChart</name>
    <message>
        <source>%1 – %2 (%3)</source>
        <translation>%1 – %2（%3）</translation>
    </message>
    <message>
        <source>since %1</source>
        <translation>%1 以降</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>理由: %1</translation>
    </message>
    <message>
        <source>Message: %1</source>
        <translation>メッセージ: %1</translation>
    </message>
    <message>
        <source>Condition timeline</source>
        <translation>コンディションのタイムライン</translation>
    </message>
    <message>
        <source>%1 – now (%2)</source>
        <translation>%1 – 現在 (%2)</translation>
    </message>
</context>
<context>
    <name>fleetscope::private_files</name>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1: フォルダーを作成できません</translation>
    </message>
    <message>
        <source>%1: not a folder of this user</source>
        <translation>%1: このユーザーのフォルダーではありません</translation>
    </message>
    <message>
        <source>%1: cannot make the folder private</source>
        <translation>%1: フォルダーを非公開にできません</translation>
    </message>
    <message>
        <source>%1: cannot create the file: %2</source>
        <translation>%1: ファイルを作成できません: %2</translation>
    </message>
    <message>
        <source>%1: not a file of this user</source>
        <translation>%1: このユーザーのファイルではありません</translation>
    </message>
    <message>
        <source>%1: cannot make the file private</source>
        <translation>%1: ファイルを非公開にできません</translation>
    </message>
</context>
</TS>
