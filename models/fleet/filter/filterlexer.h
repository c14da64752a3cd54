#pragma once

#include <QString>
#include <QStringView>

#include <vector>

namespace fleetscope {

struct FilterToken
{
    enum class Kind : quint8 {
        Word,     // keys, bare values and free words: label:env, cloud/eu-west-1, prod
        Quoted,   // "text with spaces" or 'text' (text holds the unescaped content)
        Regex,    // /pattern/ right after ~ or !~ (text holds the pattern)
        // The comparisons, Equal to NotMatch, stay together in this order (FilterParser).
        Equal,    // = or ==
        NotEqual, // !=
        Less,
        LessEqual,
        Greater,
        GreaterEqual,
        Match,    // ~
        NotMatch, // !~
        Not,      // !
        Comma,
        And,      // &&
        Or,       // ||
        LeftParen,
        RightParen,
        End,
    };

    Kind kind = Kind::End;
    QString text;
    int offset = 0; // in the filter text, for carets
    int length = 0;
};

// How each token is spelled in messages ("'>='", "a value").
QString describeToken(const FilterToken &token);

// Splits a filter into tokens. Context-free except for regexes: a '/' right after
// '~' or '!~' opens a pattern that runs to the next unescaped '/'.
class FilterLexer final
{
public:
    explicit FilterLexer(QStringView text);

    // False with errorOffset/errorMessage set on an unterminated quote or regex or
    // a lone '&' / '|'.
    bool tokenize(std::vector<FilterToken> *tokens);
    int errorOffset() const { return m_errorOffset; }
    const QString &errorMessage() const { return m_errorMessage; }

    // Characters that end a bare word (besides white space).
    static bool isDelimiter(QChar c);

private:
    bool fail(int offset, const QString &message);
    bool readDelimited(FilterToken *token, FilterToken::Kind kind, QChar close);

    QStringView m_text;
    qsizetype m_pos = 0;
    int m_errorOffset = -1;
    QString m_errorMessage;
};

} // namespace fleetscope
