#include "filterlexer.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace fleetscope {

QString describeToken(const FilterToken &token)
{
    using K = FilterToken::Kind;
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
    switch (c.unicode()) {
    case u',':
    case u'(':
    case u')':
    case u'|':
    case u'&':
    case u'!':
    case u'=':
    case u'<':
    case u'>':
    case u'~':
    case u'"':
    case u'\'':
        return true;
    default:
        return c.isSpace();
    }
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
    using K = FilterToken::Kind;
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
        const QChar next = m_pos + 1 < m_text.size() ? m_text[m_pos + 1] : QChar();
        auto punct = [&](K kind, int length) {
            token.kind = kind;
            token.length = length;
            token.text = m_text.sliced(m_pos, length).toString();
            m_pos += length;
        };
        switch (c.unicode()) {
        case u'"':
        case u'\'':
            if (!readDelimited(&token, K::Quoted, c))
                return false;
            break;
        case u'(':
            punct(K::LeftParen, 1);
            break;
        case u')':
            punct(K::RightParen, 1);
            break;
        case u',':
            punct(K::Comma, 1);
            break;
        case u'&':
            if (next != u'&')
                return fail(int(m_pos), QCoreApplication::translate("FilterParser", "expected '&&'"));
            punct(K::And, 2);
            break;
        case u'|':
            if (next != u'|')
                return fail(int(m_pos), QCoreApplication::translate("FilterParser", "expected '||'"));
            punct(K::Or, 2);
            break;
        case u'=':
            punct(K::Equal, next == u'=' ? 2 : 1);
            break;
        case u'!':
            if (next == u'=')
                punct(K::NotEqual, 2);
            else if (next == u'~')
                punct(K::NotMatch, 2);
            else
                punct(K::Not, 1);
            break;
        case u'<':
            punct(next == u'=' ? K::LessEqual : K::Less, next == u'=' ? 2 : 1);
            break;
        case u'>':
            punct(next == u'=' ? K::GreaterEqual : K::Greater, next == u'=' ? 2 : 1);
            break;
        case u'~':
            punct(K::Match, 1);
            break;
        default: {
            const qsizetype start = m_pos;
            while (m_pos < m_text.size() && !isDelimiter(m_text[m_pos]))
                ++m_pos;
            token.kind = K::Word;
            token.text = m_text.sliced(start, m_pos - start).toString();
            token.length = int(m_pos - start);
            break;
        }
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
