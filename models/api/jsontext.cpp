#include "jsontext.h"

#include <QVarLengthArray>

#include <simdjson.h>

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

QByteArray minifiedJson(std::string_view json)
{
    QByteArray compact(qsizetype(json.size()), Qt::Uninitialized);
    size_t size = 0;
    if (simdjson::minify(json.data(), json.size(), compact.data(), size) != simdjson::SUCCESS)
        return QByteArray(json.data(), qsizetype(json.size()));
    compact.truncate(qsizetype(size));
    compact.squeeze();
    return compact;
}

QString jsonTypeName(const nlohmann::json &value)
{
    return QString::fromUtf8(value.type_name());
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

bool parseJson(const QByteArray &text, const QString &sourceName, nlohmann::json *out, QString *error)
{
    const char *data = text.constData();
    const size_t size = size_t(text.size());
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
