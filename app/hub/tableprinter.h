#pragma once

#include "objectstore.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>
#include <vector>

namespace fleetscope::hub {

struct ResourceType;

enum class IncludeObject { None, Metadata, Object };

// Server-side printing (meta.k8s.io/v1 Table) as kubectl requests it with
// `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`. ClusterProfile columns follow the
// v1alpha2 printer columns; Age cells are rendered server-side like a CRD's date columns.
class TablePrinter final
{
public:
    explicit TablePrinter(const ResourceType &type, std::string apiVersion,
                          IncludeObject include = IncludeObject::Metadata);

    nlohmann::json columnDefinitions() const;
    nlohmann::json row(const nlohmann::json &object) const;
    // A full table; `withColumns` false is the NoHeaders form used for later watch events.
    nlohmann::json table(const std::vector<ObjectPtr> &objects, bool withColumns = true) const;

    void setNow(std::chrono::system_clock::time_point now) { m_now = now; }

private:
    nlohmann::json regularCells(const nlohmann::json &object) const;

    const ResourceType &m_type;
    std::string m_apiVersion;
    IncludeObject m_include;
    std::chrono::system_clock::time_point m_now;
};

bool acceptsTable(const std::string &acceptHeader);

} // namespace fleetscope::hub
