#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace fleetscope::hub {

// How churn picks health changes, so that a churning fleet keeps its mix: without
// it, flipping a random cluster's health drifts any fleet to half unhealthy.
struct HealthChurnOptions
{
    // The demo's story: ordinary flips stay within a pool of flaky clusters (the
    // ones unhealthy at the start and about as many healthy ones), so that most
    // clusters are steady; `neverHealthy` members are made unhealthy for good, with
    // a reason that says why; and every incidentGap seconds one clusterset
    // degrades for incidentLength seconds. Off: every cluster may flip, nothing else.
    bool story = false;
    int neverHealthy = 0;
    // "namespace/name" of clusters that churn leaves alone (someone else flaps them).
    std::vector<std::string> leaveAlone;
    // The first incident comes 5 to 10 minutes in (someone trying the demo sees one),
    // the next ones an hour or two apart: more often, a day of them would take every
    // cluster of a clusterset down several times, and flapping would mean nothing.
    double incidentGapMin = 60 * 60;
    double incidentGapMax = 120 * 60;
    double incidentLengthMin = 3 * 60;
    double incidentLengthMax = 6 * 60;
    // An incident takes this share of its clusterset's healthy clusters, but at
    // most incidentCap of the fleet: a viewer sees a dip, not a different fleet.
    double incidentShare = 0.6;
    double incidentCap = 0.05;
    // In the story, this share of the condition changes flips health; the others
    // bring an unhealthy cluster's message up to date ("heartbeat lost for 12m"),
    // so that the flaky pool flips every few minutes, not every minute.
    double storyFlipShare = 0.3;
};

// One cluster's health as churn sees it.
struct ClusterHealthState
{
    std::string key; // "namespace/name"
    std::string clusterSet;
    std::string manager;
    bool healthy = false;       // its manager's health condition is True
    bool reportsHealth = false; // it carries that condition at all
    std::string status;         // of that condition
    std::string reason;
};

// A change to make to one cluster's health condition.
struct HealthChange
{
    // Refresh: the status stays, the message catches up with the outage's length.
    enum class Cause { Churn, Refresh, IncidentStart, IncidentEnd, NeverHealthy };
    std::string key;
    std::string manager;
    Cause cause = Cause::Churn;
    std::string status; // "True", "False", "Unknown"
    std::string reason;
    std::string message;
};

// The health half of churn as a pure model: no clock, no threads. The caller keeps
// it told what the fleet looks like (setFleet, update, remove), hands it simulated
// time and a seeded generator, and applies the changes it proposes; the model never
// assumes a proposal was applied. The same inputs give the same changes.
//
// Mean reverting: an ordinary flip recovers an unhealthy cluster with probability
// U / (U + t·N) and fails a healthy one otherwise (N clusters in the pool, U of
// them unhealthy, t the pool's unhealthy share when it was first seen), so the
// share drifts back to where it started. Clusters in an incident or never healthy
// are outside the pool.
class HealthChurn final
{
public:
    explicit HealthChurn(HealthChurnOptions options = {});

    // The whole fleet. The first call fixes the target share and, with the story,
    // the flaky pool and the never-healthy members; later calls (a resync) keep them.
    void setFleet(const std::vector<ClusterHealthState> &clusters);
    void update(const ClusterHealthState &cluster);
    void remove(const std::string &key);

    // Changes due by simulated second `now` (never-healthy members at the first
    // call; incidents starting and ending).
    std::vector<HealthChange> advance(double now, std::mt19937_64 &random);
    // The next ordinary change of a health condition (a flip, in the story now and
    // then a refresh); none when the pool is empty.
    std::optional<HealthChange> nextChange(std::mt19937_64 &random);
    // The next flip.
    std::optional<HealthChange> nextFlip(std::mt19937_64 &random);

    // Reasons of the never-healthy members: a cluster reporting one is never churned.
    static bool isNeverHealthyReason(const std::string &reason);

    const HealthChurnOptions &options() const { return m_options; }
    double targetUnhealthyShare() const { return m_target; }
    int poolSize() const { return int(m_poolHealthy.size() + m_poolUnhealthy.size()); }
    int poolUnhealthy() const { return int(m_poolUnhealthy.size()); }
    bool incidentActive() const { return m_incident.active; }
    const std::string &incidentClusterSet() const { return m_incident.clusterSet; }
    // Simulated second the next incident starts (story only; infinity without).
    double nextIncidentAt() const { return m_nextIncident; }
    std::vector<std::string> neverHealthyKeys() const;

private:
    // Keys with O(1) insert, erase and random pick.
    class KeySet
    {
    public:
        bool contains(const std::string &key) const { return m_index.count(key) != 0; }
        void insert(const std::string &key);
        void erase(const std::string &key);
        std::size_t size() const { return m_keys.size(); }
        bool empty() const { return m_keys.empty(); }
        const std::string &pick(std::mt19937_64 &random) const { return m_keys[random() % m_keys.size()]; }

    private:
        std::vector<std::string> m_keys;
        std::unordered_map<std::string, std::size_t> m_index;
    };
    struct Scheduled
    {
        double at = 0;
        std::string key;
    };
    struct Incident
    {
        bool active = false;
        std::string clusterSet;
        std::string reason;
        std::string message;
        double endsAt = 0;
        std::vector<Scheduled> onsets;     // soonest last
        std::vector<Scheduled> recoveries; // soonest last
        std::set<std::string> held;        // failed by the incident, not yet recovered
    };

    bool decidesPool(const ClusterHealthState &cluster);
    void place(const ClusterHealthState &cluster);
    void unplace(const std::string &key);
    void startIncident(double now, std::mt19937_64 &random);
    HealthChange change(const ClusterHealthState &cluster, HealthChange::Cause cause, const std::string &status,
                        std::string reason, std::string message) const;

    HealthChurnOptions m_options;
    bool m_seen = false;
    bool m_setupDone = false;
    double m_target = 0;
    unsigned m_healthyPoolPermille = 1000;
    std::unordered_map<std::string, ClusterHealthState> m_clusters;
    std::unordered_map<std::string, bool> m_inPool; // decided once per key
    std::unordered_map<std::string, double> m_unhealthySince; // simulated second it was last seen going down
    std::set<std::string> m_leaveAlone;
    std::set<std::string> m_neverHealthy; // chosen here, reason not yet reported
    KeySet m_poolHealthy;
    KeySet m_poolUnhealthy;
    Incident m_incident;
    double m_nextIncident;
    double m_now = 0;
};

// A ClusterProfile's health as churn sees it.
ClusterHealthState healthStateOf(const nlohmann::json &profile);
// Writes `change` into a profile's status.conditions: the health condition's status,
// reason and message, with lastTransitionTime `since` when the status changes (the
// condition is added when missing).
void applyHealthChange(nlohmann::json *conditions, const HealthChange &change, const std::string &since);

} // namespace fleetscope::hub
