#pragma once

#include "api/clusterfacts.h"
#include "api/condition.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <memory>

class QSettings;

namespace fleetscope {

struct ClusterProfile;

// Which conditions decide a cluster's health differs by manager
// (clusterprofile-api.md §8): OCM writes ControlPlaneHealthy and Joined, KubeFleet
// ControlPlaneHealthy only, GKE Fleet only Joined. A rule names, for one
// `x-k8s.io/cluster-manager` (or for every other: an empty manager), when a cluster
// is unhealthy, unknown and healthy, each in the filter language restricted to
// condition terms (`ControlPlaneHealthy=False || Joined=False`). They are tried in
// that order; a cluster none of them matches is Health::NotReported: its producer
// does not report what the rule reads.
//
// healthOf() asks the active rules, so that the table, tree, status bar, filter,
// lint, history and notifications, and the CLI, give one verdict. A value: copies
// share the compiled rules.
class HealthRules
{
public:
    struct Rule
    {
        QString manager; // empty: the default, for every manager without a rule
        QString unhealthy;
        QString unknown;
        QString healthy;

        friend bool operator==(const Rule &a, const Rule &b)
        {
            return a.manager == b.manager && a.unhealthy == b.unhealthy && a.unknown == b.unknown
                && a.healthy == b.healthy;
        }
    };

    // The built-in rules.
    HealthRules();

    // The default rule (ControlPlaneHealthy, with Joined), and gke-fleet's (Joined).
    static QList<Rule> builtInRules();

    // Compiles `rules`; on a problem leaves *out untouched and lists every problem
    // ("rule for gke-fleet, healthy: expected a value after '=' at 7").
    static bool compile(const QList<Rule> &rules, HealthRules *out, QStringList *problems);

    // The settings' rules (group `healthRules`), else the built-in ones; rules that
    // do not compile are named in *problems and the built-in ones used.
    static HealthRules load(QSettings &settings, QStringList *problems = nullptr);
    // Built-in rules remove the group, so that later built-in changes apply.
    void save(QSettings &settings) const;

    // The rules in use: the built-in ones until setActive(). Read and set on the GUI
    // thread (the CLI's main thread); other threads get a copy.
    static const HealthRules &active();
    static void setActive(const HealthRules &rules);

    const QList<Rule> &rules() const;
    bool isBuiltIn() const;

    // The rule for a manager (case-insensitive), else the default one.
    int ruleFor(QStringView manager) const;
    // The condition types a rule reads, in the order verdict() takes their statuses.
    const QStringList &typesRead(int rule) const;
    // Every condition type any rule reads.
    QStringList allTypesRead() const;

    Health verdict(const ClusterProfile &profile, QStringView manager) const;
    // statuses[i] is the status of typesRead(rule)[i].
    Health verdict(int rule, const ConditionStatus *statuses) const;

    // Why `profile` got its verdict, in a sentence for the details pane.
    QString explain(const ClusterProfile &profile, QStringView manager) const;

    friend bool operator==(const HealthRules &a, const HealthRules &b) { return a.rules() == b.rules(); }

private:
    explicit HealthRules(std::nullptr_t) {}

    struct Compiled;
    std::shared_ptr<const Compiled> m_compiled;
};

} // namespace fleetscope
