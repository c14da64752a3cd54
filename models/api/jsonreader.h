#pragma once

#include "kubetime.h"
#include "stringpool.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

namespace fleetscope {

// Where a decoder is inside a JSON document. Nodes live on the decoder's stack
// and link to their parent, so tracking the path costs nothing until an error
// needs it rendered ("status.conditions[2].status").
struct JsonPath
{
    const JsonPath *parent = nullptr;
    const char *key = nullptr; // member name, or nullptr for an array index
    int index = -1;

    JsonPath member(const char *name) const { return JsonPath{this, name, -1}; }
    JsonPath element(int i) const { return JsonPath{this, nullptr, i}; }
    QString toString() const;
};

// Typed access to a nlohmann::json DOM that never throws. The first problem is
// kept as "PATH: expected string, got number"; later calls keep failing fast,
// so a decoder can check ok() once at the end. JSON null counts as absent, as
// in Go's encoding/json.
class JsonReader final
{
    Q_DISABLE_COPY_MOVE(JsonReader)

public:
    explicit JsonReader(StringPool &pool)
        : m_pool(pool)
    {
    }

    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    bool fail(const JsonPath &path, const QString &message);

    // The member `key` of `object`, or nullptr when absent or null.
    const nlohmann::json *member(const nlohmann::json &object, const char *key) const;

    // Each returns false (and records an error) only on a wrong type; an absent
    // member leaves *out unchanged and returns true.
    bool readObject(const nlohmann::json &object, const char *key, const JsonPath &at, const nlohmann::json **out);
    bool readArray(const nlohmann::json &object, const char *key, const JsonPath &at, const nlohmann::json **out);
    bool readString(const nlohmann::json &object, const char *key, const JsonPath &at, QString *out);
    bool readInternedString(const nlohmann::json &object, const char *key, const JsonPath &at, QString *out);
    bool readPooledString(const nlohmann::json &object, const char *key, const JsonPath &at, PooledString *out);
    bool readLatin1(const nlohmann::json &object, const char *key, const JsonPath &at, QByteArray *out);
    bool readBool(const nlohmann::json &object, const char *key, const JsonPath &at, bool *out);
    bool readInt64(const nlohmann::json &object, const char *key, const JsonPath &at, qint64 *out);
    bool readTime(const nlohmann::json &object, const char *key, const JsonPath &at, KubeTime *out);
    // Base64 text decoded to bytes (kubeconfig *-data fields).
    bool readBase64(const nlohmann::json &object, const char *key, const JsonPath &at, QByteArray *out);
    // A required string: absent or empty is an error.
    bool requireString(const nlohmann::json &object, const char *key, const JsonPath &at, QString *out);

    StringPool &pool() { return m_pool; }

    static QString typeName(const nlohmann::json &value);

private:
    const nlohmann::json *typed(const nlohmann::json &object, const char *key, const JsonPath &at,
                                nlohmann::json::value_t type, const char *expected);

    StringPool &m_pool;
    QString m_error;
};

// Parses JSON text without exceptions; on failure *error names `sourceName` and
// the position ("hub-a: line 1, column 7: syntax error ...").
bool parseJson(const char *data, size_t size, const QString &sourceName, nlohmann::json *out, QString *error);
inline bool parseJson(const QByteArray &text, const QString &sourceName, nlohmann::json *out, QString *error)
{
    return parseJson(text.constData(), size_t(text.size()), sourceName, out, error);
}

} // namespace fleetscope
