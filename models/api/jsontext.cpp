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

bool parseJson(const QByteArray &text, const QString &sourceName, nlohmann::json *out, QString *error)
{
    // Deeper JSON is refused while it is parsed: printing, YAML conversion and
    // comparing values recurse, and a hostile hub's 100 000 nested arrays would
    // overflow a thread's stack. Kubernetes objects are a few dozen levels deep;
    // Go's encoding/json stops at 10 000. The parser itself keeps its stack on the
    // heap; once the limit is hit, it keeps nothing more.
    constexpr int maxDepth = 1000;
    using Event = nlohmann::json::parse_event_t;
    bool tooDeep = false;
    const auto limitDepth = [&tooDeep](int depth, Event event, nlohmann::json &) {
        tooDeep = tooDeep || ((event == Event::object_start || event == Event::array_start) && depth >= maxDepth);
        return !tooDeep;
    };
    nlohmann::json parsed;
    QString problem;
    try {
        parsed = nlohmann::json::parse(text.cbegin(), text.cend(), limitDepth);
    } catch (const nlohmann::json::exception &e) {
        // Drop nlohmann's "[json.exception.parse_error.101] " prefix: people read this.
        problem = QString::fromUtf8(e.what());
        const qsizetype bracket = problem.indexOf(u"] ");
        if (problem.startsWith(u'[') && bracket > 0)
            problem = problem.mid(bracket + 2);
    }
    if (tooDeep)
        problem = QStringLiteral("JSON nested deeper than %1 levels, refused").arg(maxDepth);
    if (problem.isEmpty()) {
        *out = std::move(parsed);
        return true;
    }
    if (error)
        *error = sourceName + u": " + problem;
    return false;
}

} // namespace fleetscope
