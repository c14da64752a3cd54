#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

namespace fleetscope::hub {

// The columns kube-apiserver prints for the workload kinds a member serves (Pods,
// Services, Events, Secrets, Deployments: pkg/printers/internalversion) and for
// cert-manager's Certificate CRD (its additionalPrinterColumns), with the cells of
// one object. Built-in kinds render their Age as a string, CRDs as a `date` column;
// Events put Name last, as the real printer does.
bool printsWorkload(const std::string &kind);
nlohmann::json workloadColumns(const std::string &kind);
nlohmann::json workloadCells(const std::string &kind, const nlohmann::json &object,
                             std::chrono::system_clock::time_point now);

} // namespace fleetscope::hub
