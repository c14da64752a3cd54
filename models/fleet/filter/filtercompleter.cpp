#include "filtercompleter.h"

#include "api/propertyaliases.h"

#include "filterlexer.h"
#include "filterparser.h"
#include "filtervalueindex.h"
#include "fleet/itemmodels/fleetfields.h"
#include "fleet/store/fleetstore.h"

#include <QSet>

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;

namespace fleetscope {
namespace {

using K = FilterToken::Kind;

// Collects distinct strings matching a prefix. Interned strings repeat their
// buffer across the fleet, so the pointer set short-cuts almost every row.
class Distinct
{
public:
    explicit Distinct(QStringView prefix)
        : m_prefix(prefix)
    {
    }

    // For strings that stay alive through the scan (the store's): a buffer seen
    // once is never hashed again.
    void add(const QString &value)
    {
        if (value.isEmpty() || m_seenBuffers.contains(value.constData()))
            return;
        m_seenBuffers.insert(value.constData());
        if (value.startsWith(m_prefix, Qt::CaseInsensitive))
            m_values.insert(value);
    }
    // For strings that may not outlive the call (their buffers may be reused).
    void addTemporary(const QString &value)
    {
        if (value.startsWith(m_prefix, Qt::CaseInsensitive))
            m_values.insert(value);
    }
    QStringList sorted(int limit) const
    {
        QStringList list(m_values.cbegin(), m_values.cend());
        std::sort(list.begin(), list.end(), [](const QString &a, const QString &b) {
            return a.compare(b, Qt::CaseInsensitive) < 0;
        });
        if (list.size() > limit)
            list.resize(limit);
        return list;
    }

private:
    QStringView m_prefix;
    QSet<const QChar *> m_seenBuffers;
    QSet<QString> m_values;
};

QString quotedIfNeeded(const QString &value)
{
    const bool plain = std::none_of(value.cbegin(), value.cend(), [](QChar c) { return FilterLexer::isDelimiter(c); });
    if (plain)
        return value;
    QString escaped = value;
    escaped.replace(u'\\', u"\\\\"_s).replace(u'"', u"\\\""_s);
    return u'"' + escaped + u'"';
}

void addValuesOf(FilterField field, QStringView key, const FleetStore &store, FilterValueIndex &index,
                 Distinct *out)
{
    switch (field) {
    case FilterField::Health:
        for (const char16_t *name : {u"healthy", u"unhealthy", u"unknown", u"not-reported"})
            out->addTemporary(QString::fromUtf16(name));
        return;
    case FilterField::Condition:
        for (const char16_t *name : {u"True", u"False", u"Unknown", u"Absent"})
            out->addTemporary(QString::fromUtf16(name));
        return;
    case FilterField::Hub:
        for (const int hub : store.activeHubs())
            out->add(store.hubStatus(hub).hub);
        return;
    case FilterField::Column:
        // A field read through its text: the values the rows show (the hub's name is not among them).
        if (const int field = fleetFieldIndex(key); field >= 0) {
            for (const FleetProfile &row : store.profiles()) {
                if (const QString text = fleetField(field).text(row, QString(), 0); !text.isEmpty())
                    out->addTemporary(text);
            }
        }
        return;
    case FilterField::Name:
    case FilterField::DisplayName:
    case FilterField::MemberId:
        break;
    default:
        for (const QString &value : index.values(field, key.toString()))
            out->addTemporary(value);
        return;
    }
    for (const FleetProfile &row : store.profiles()) {
        const ClusterProfile &p = row.profile();
        if (field == FilterField::Name)
            out->add(p.metadata.name);
        else if (field == FilterField::DisplayName)
            out->addTemporary(p.displayName.toString()); // UTF-8 in the profile: a fresh buffer each time
        else
            out->add(row.memberId);
    }
}

void addKeys(FilterValueIndex &index, Distinct *out)
{
    for (const QString &key : FilterParser::builtinKeys())
        out->addTemporary(key);
    for (const QString &key : index.keys())
        out->addTemporary(key);
    for (const PropertyAliases::Alias &alias : PropertyAliases::active().aliases())
        out->addTemporary(alias.name);
}

} // namespace

FilterCompletions FilterCompleter::completions(const FleetStore &store, FilterValueIndex &index,
                                              const QString &text, int cursor, int limit)
{
    FilterCompletions result;
    cursor = qBound(0, cursor, int(text.size()));
    int start = cursor;
    while (start > 0 && !FilterLexer::isDelimiter(text[start - 1]))
        --start;
    int end = cursor;
    while (end < text.size() && !FilterLexer::isDelimiter(text[end]))
        ++end;
    result.replaceStart = start;
    result.replaceLength = end - start;
    const QStringView prefix = QStringView(text).sliced(start, cursor - start);

    // What comes before the word decides between a key and a value.
    std::vector<FilterToken> tokens;
    FilterLexer lexer(QStringView(text).left(start));
    if (!lexer.tokenize(&tokens))
        return result; // inside a quote or a regex: nothing sensible to offer
    tokens.pop_back(); // End
    const FilterToken *keyToken = nullptr;
    const size_t n = tokens.size();
    if (n >= 2 && tokens[n - 1].kind >= K::Equal && tokens[n - 1].kind <= K::NotMatch
        && tokens[n - 2].kind == K::Word) {
        keyToken = &tokens[n - 2];
    } else {
        // Inside "key in (a, b, |": walk back over the list to its '('.
        size_t i = n;
        while (i > 0 && (tokens[i - 1].kind == K::Comma || tokens[i - 1].kind == K::Word
                         || tokens[i - 1].kind == K::Quoted)
               && tokens[i - 1].text != u"in" && tokens[i - 1].text != u"notin")
            --i;
        if (i >= 3 && tokens[i - 1].kind == K::LeftParen && tokens[i - 2].kind == K::Word
            && (tokens[i - 2].text == u"in" || tokens[i - 2].text == u"notin") && tokens[i - 3].kind == K::Word)
            keyToken = &tokens[i - 3];
    }

    Distinct distinct(prefix);
    if (keyToken) {
        FilterField field = FilterField::Name;
        QStringView name;
        if (!FilterParser::classifyKey(keyToken->text, &field, &name))
            return result;
        addValuesOf(field, name, store, index, &distinct);
    } else {
        addKeys(index, &distinct);
    }
    result.candidates = distinct.sorted(limit);
    if (keyToken) {
        for (QString &candidate : result.candidates)
            candidate = quotedIfNeeded(candidate);
    }
    return result;
}

} // namespace fleetscope
