#include "fleetloader.h"

#include "objectstore.h"

#include "api/yamljson.h"

#include <QByteArray>
#include <QString>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace fleetscope::hub {

bool readFleetFile(const std::string &path, std::vector<nlohmann::json> *objects, std::string *error)
{
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        *error = path + ": cannot open";
        return false;
    }
    std::stringstream buffer;
    buffer << file.rdbuf();
    const std::string text = buffer.str();
    std::vector<nlohmann::json> documents;
    QString yamlError;
    if (!fleetscope::parseYamlDocuments(QByteArray::fromStdString(text), QString::fromStdString(path), &documents,
                                        &yamlError)) {
        *error = yamlError.toStdString();
        return false;
    }
    for (nlohmann::json &doc : documents) {
        if (doc.is_null())
            continue;
        const std::string kind = doc.is_object() ? doc.value("kind", std::string()) : std::string();
        // "List" and typed lists (ClusterProfileList...) as `kubectl get -o yaml` writes them.
        if (kind.size() >= 4 && kind.compare(kind.size() - 4, 4, "List") == 0 && doc.contains("items")
            && doc["items"].is_array()) {
            for (nlohmann::json &item : doc["items"])
                objects->push_back(std::move(item));
            continue;
        }
        objects->push_back(std::move(doc));
    }
    return true;
}

bool loadObjects(ObjectStore &store, std::vector<nlohmann::json> objects, const std::string &source,
                 std::string *error)
{
    std::stable_sort(objects.begin(), objects.end(), [](const nlohmann::json &a, const nlohmann::json &b) {
        const bool aNs = a.is_object() && a.value("kind", std::string()) == "Namespace";
        const bool bNs = b.is_object() && b.value("kind", std::string()) == "Namespace";
        return aNs && !bNs;
    });
    std::size_t index = 0;
    for (nlohmann::json &object : objects) {
        ++index;
        if (!object.is_object()) {
            *error = source + ": document " + std::to_string(index) + " is not an object";
            return false;
        }
        std::string why;
        if (!store.load(std::move(object), &why)) {
            *error = source + ": object " + std::to_string(index) + ": " + why;
            return false;
        }
    }
    return true;
}

} // namespace fleetscope::hub
