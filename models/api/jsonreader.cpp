#include "jsonreader.h"

#include <QVarLengthArray>

namespace fleetscope {

QString JsonPath::toString() const
{
    QVarLengthArray<const JsonPath *, 16> chain;
    for (const JsonPath *p = this; p; p = p->parent) {
        if (p->key || p->index >= 0)
            chain.append(p);
    }
    QString text;
    for (qsizetype i = chain.size() - 1; i >= 0; --i) {
        const JsonPath *p = chain[i];
        if (p->key) {
            if (!text.isEmpty())
                text += u'.';
            text += QString::fromUtf8(p->key);
        } else {
            text += u'[' + QString::number(p->index) + u']';
        }
    }
    return text.isEmpty() ? QStringLiteral("(root)") : text;
}

bool JsonReader::fail(const JsonPath &path, const QString &message)
{
    if (m_error.isEmpty())
        m_error = path.toString() + u": " + message;
    return false;
}

QString JsonReader::typeName(const nlohmann::json &value)
{
    return QString::fromUtf8(value.type_name());
}

const nlohmann::json *JsonReader::member(const nlohmann::json &object, const char *key) const
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return nullptr;
    return &*it;
}

const nlohmann::json *JsonReader::typed(const nlohmann::json &object, const char *key, const JsonPath &at,
                                        nlohmann::json::value_t type, const char *expected)
{
    const nlohmann::json *value = member(object, key);
    if (!value)
        return nullptr;
    const bool matches = value->type() == type
        || (type == nlohmann::json::value_t::number_integer && value->is_number_unsigned());
    if (!matches) {
        fail(at.member(key), QStringLiteral("expected %1, got %2").arg(QString::fromUtf8(expected), typeName(*value)));
        return nullptr;
    }
    return value;
}

bool JsonReader::readObject(const nlohmann::json &object, const char *key, const JsonPath &at,
                            const nlohmann::json **out)
{
    *out = typed(object, key, at, nlohmann::json::value_t::object, "object");
    return ok();
}

bool JsonReader::readArray(const nlohmann::json &object, const char *key, const JsonPath &at,
                           const nlohmann::json **out)
{
    *out = typed(object, key, at, nlohmann::json::value_t::array, "array");
    return ok();
}

bool JsonReader::readString(const nlohmann::json &object, const char *key, const JsonPath &at, QString *out)
{
    if (const nlohmann::json *v = typed(object, key, at, nlohmann::json::value_t::string, "string")) {
        const auto &s = v->get_ref<const std::string &>();
        *out = QString::fromUtf8(s.data(), qsizetype(s.size()));
    }
    return ok();
}

bool JsonReader::readInternedString(const nlohmann::json &object, const char *key, const JsonPath &at, QString *out)
{
    if (const nlohmann::json *v = typed(object, key, at, nlohmann::json::value_t::string, "string")) {
        const auto &s = v->get_ref<const std::string &>();
        *out = m_pool.internUtf8(s.data(), qsizetype(s.size()));
    }
    return ok();
}

bool JsonReader::readPooledString(const nlohmann::json &object, const char *key, const JsonPath &at,
                                  PooledString *out)
{
    if (const nlohmann::json *v = typed(object, key, at, nlohmann::json::value_t::string, "string"))
        *out = m_pool.pooledUtf8(v->get_ref<const std::string &>());
    return ok();
}

bool JsonReader::readLatin1(const nlohmann::json &object, const char *key, const JsonPath &at, QByteArray *out)
{
    if (const nlohmann::json *v = typed(object, key, at, nlohmann::json::value_t::string, "string")) {
        const auto &s = v->get_ref<const std::string &>();
        *out = QByteArray(s.data(), qsizetype(s.size()));
    }
    return ok();
}

bool JsonReader::readBool(const nlohmann::json &object, const char *key, const JsonPath &at, bool *out)
{
    if (const nlohmann::json *v = typed(object, key, at, nlohmann::json::value_t::boolean, "boolean"))
        *out = v->get<bool>();
    return ok();
}

bool JsonReader::readInt64(const nlohmann::json &object, const char *key, const JsonPath &at, qint64 *out)
{
    const nlohmann::json *v = member(object, key);
    if (!v)
        return ok();
    if (v->is_number_integer()) {
        if (v->is_number_unsigned() && v->get<std::uint64_t>() > std::uint64_t(std::numeric_limits<qint64>::max()))
            return fail(at.member(key), QStringLiteral("integer out of range"));
        *out = v->get<std::int64_t>();
        return ok();
    }
    return fail(at.member(key), QStringLiteral("expected integer, got %1").arg(typeName(*v)));
}

bool JsonReader::readTime(const nlohmann::json &object, const char *key, const JsonPath &at, KubeTime *out)
{
    const nlohmann::json *v = typed(object, key, at, nlohmann::json::value_t::string, "string");
    if (!v)
        return ok();
    const auto &s = v->get_ref<const std::string &>();
    if (s.empty())
        return ok();
    if (!parseKubeTime(s, out)) {
        return fail(at.member(key), QStringLiteral("expected an RFC 3339 time, got \"%1\"")
                                        .arg(QString::fromUtf8(s.data(), qsizetype(std::min<size_t>(s.size(), 64)))));
    }
    return true;
}

bool JsonReader::readBase64(const nlohmann::json &object, const char *key, const JsonPath &at, QByteArray *out)
{
    const nlohmann::json *v = typed(object, key, at, nlohmann::json::value_t::string, "string");
    if (!v)
        return ok();
    const auto &s = v->get_ref<const std::string &>();
    auto decoded = QByteArray::fromBase64Encoding(QByteArray(s.data(), qsizetype(s.size())),
                                                  QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return fail(at.member(key), QStringLiteral("invalid base64 data"));
    *out = *decoded;
    return true;
}

bool JsonReader::requireString(const nlohmann::json &object, const char *key, const JsonPath &at, QString *out)
{
    if (!readString(object, key, at, out))
        return false;
    if (out->isEmpty())
        return fail(at.member(key), QStringLiteral("required value is missing"));
    return true;
}

namespace {

// Deeper JSON is refused before it is parsed: printing, YAML conversion and
// comparing values recurse, and a hostile hub's 100 000 nested arrays would
// overflow a thread's stack. Kubernetes objects are a few dozen levels deep;
// Go's encoding/json stops at 10 000.
constexpr int kMaxJsonDepth = 1000;

// Byte scan for the deepest nesting outside strings; far cheaper than the parse.
bool nestingWithinLimit(const char *data, size_t size)
{
    int depth = 0;
    bool inString = false;
    for (size_t i = 0; i < size; ++i) {
        const char c = data[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                return false;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return true;
}

} // namespace

bool parseJson(const char *data, size_t size, const QString &sourceName, nlohmann::json *out, QString *error)
{
    if (size > size_t(kMaxJsonDepth) && !nestingWithinLimit(data, size)) {
        if (error)
            *error = sourceName + QStringLiteral(": JSON nested deeper than %1 levels, refused").arg(kMaxJsonDepth);
        return false;
    }
    try {
        *out = nlohmann::json::parse(data, data + size);
        return true;
    } catch (const nlohmann::json::exception &e) {
        // Drop nlohmann's "[json.exception.parse_error.101] " prefix: people read this.
        QString what = QString::fromUtf8(e.what());
        const qsizetype bracket = what.indexOf(u"] ");
        if (what.startsWith(u'[') && bracket > 0)
            what = what.mid(bracket + 2);
        if (error)
            *error = sourceName + u": " + what;
        return false;
    }
}

} // namespace fleetscope
