#include "filterlexer.h"

#include <QCoreApplication>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace fleetscope {
namespace {

using K = FilterToken::Kind;

// Longer spellings first: "!=" before "!".
constexpr std::pair<const char16_t *, K> punctuation[] = {
    {u"&&", K::And},      {u"||", K::Or},      {u"==", K::Equal},         {u"!=", K::NotEqual},
    {u"!~", K::NotMatch}, {u"<=", K::LessEqual}, {u">=", K::GreaterEqual}, {u"(", K::LeftParen},
    {u")", K::RightParen}, {u",", K::Comma},    {u"=", K::Equal},          {u"!", K::Not},
    {u"<", K::Less},      {u">", K::Greater},  {u"~", K::Match},
};

} // namespace

QString describeToken(const FilterToken &token)
{
    switch (token.kind) {
    case K::Regex:
        return QCoreApplication::translate("FilterParser", "a regex");
    case K::End:
        return QCoreApplication::translate("FilterParser", "the end");
    default:
        break;
    }
    return u"'"_s + token.text + u"'"_s;
}

FilterLexer::FilterLexer(QStringView text)
    : m_text(text)
{
}

bool FilterLexer::isDelimiter(QChar c)
{
    return c.isSpace() || QStringView(u",()|&!=<>~\"'").contains(c);
}

bool FilterLexer::fail(int offset, const QString &message)
{
    m_errorOffset = offset;
    m_errorMessage = QCoreApplication::translate("FilterParser", "%1 at %2").arg(message, QString::number(offset));
    return false;
}

// From the opening character to `close`. A backslash escapes `close`; quoted
// text drops every other backslash too, a regex keeps its own escapes.
bool FilterLexer::readDelimited(FilterToken *token, FilterToken::Kind kind, QChar close)
{
    const bool regex = kind == FilterToken::Kind::Regex;
    const qsizetype start = m_pos++;
    QString text;
    while (m_pos < m_text.size() && m_text[m_pos] != close) {
        if (m_text[m_pos] == u'\\' && m_pos + 1 < m_text.size()) {
            if (regex && m_text[m_pos + 1] != close)
                text.append(m_text[m_pos]);
            ++m_pos;
        }
        text.append(m_text[m_pos++]);
    }
    if (m_pos >= m_text.size())
        return fail(int(start), regex ? QCoreApplication::translate("FilterParser", "unterminated regex")
                                      : QCoreApplication::translate("FilterParser", "unterminated quote"));
    ++m_pos;
    token->kind = kind;
    token->text = text;
    token->offset = int(start);
    token->length = int(m_pos - start);
    return true;
}

bool FilterLexer::tokenize(std::vector<FilterToken> *tokens)
{
    tokens->clear();
    m_pos = 0;
    while (true) {
        while (m_pos < m_text.size() && m_text[m_pos].isSpace())
            ++m_pos;
        FilterToken token;
        token.offset = int(m_pos);
        if (m_pos >= m_text.size()) {
            token.kind = K::End;
            tokens->push_back(token);
            return true;
        }
        const QChar c = m_text[m_pos];
        const QStringView rest = m_text.sliced(m_pos);
        const auto punct = std::find_if(std::begin(punctuation), std::end(punctuation),
                                        [rest](const auto &p) { return rest.startsWith(QStringView(p.first)); });
        if (c == u'"' || c == u'\'') {
            if (!readDelimited(&token, K::Quoted, c))
                return false;
        } else if (punct != std::end(punctuation)) {
            token.kind = punct->second;
            token.length = int(QStringView(punct->first).size());
            token.text = rest.first(token.length).toString();
            m_pos += token.length;
        } else if (c == u'&' || c == u'|') {
            return fail(int(m_pos), c == u'&' ? QCoreApplication::translate("FilterParser", "expected '&&'")
                                              : QCoreApplication::translate("FilterParser", "expected '||'"));
        } else {
            const qsizetype start = m_pos;
            while (m_pos < m_text.size() && !isDelimiter(m_text[m_pos]))
                ++m_pos;
            token.kind = K::Word;
            token.text = m_text.sliced(start, m_pos - start).toString();
            token.length = int(m_pos - start);
        }
        const bool opensRegex = (token.kind == K::Match || token.kind == K::NotMatch) && m_pos < m_text.size()
            && m_text[m_pos] == u'/';
        tokens->push_back(token);
        if (opensRegex) {
            FilterToken regex;
            if (!readDelimited(&regex, K::Regex, u'/'))
                return false;
            tokens->push_back(regex);
        }
    }
}

} // namespace fleetscope
