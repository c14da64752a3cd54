#pragma once

#include "filterlexer.h"
#include "filternode.h"

#include <QString>

#include <vector>

namespace fleetscope {

// Recursive descent over the tokens of a filter:
//   filter := or?
//   or     := and ('||' and)*
//   and    := unary ((',' | '&&')? unary)*       juxtaposition is AND too
//   unary  := '!' unary | '(' or ')' | term
//   term   := key op value | key ('in' | 'notin') '(' value (',' value)* ')'
//           | key                                  existence (dotted/prefixed keys)
//           | word | "quoted words"                free text on name and display name
// The first error stops the parse; nothing of a broken filter is ever used.
class FilterParser final
{
public:
    explicit FilterParser(const QString &text);

    // Fills `nodes` (root last) and returns the root index, -1 for an empty filter,
    // or -2 on an error (see errorOffset/errorMessage).
    int parse(std::vector<FilterNode> *nodes);
    int errorOffset() const { return m_errorOffset; }
    const QString &errorMessage() const { return m_errorMessage; }

    // Keys every filter understands (the filterable fields of fleetfields.h), in
    // the spelling completion offers.
    static QStringList builtinKeys();
    // "name" → Name etc. (case-insensitive); false for anything that is not built in.
    static bool builtinField(QStringView key, FilterField *field);
    // What a key stands for: a built-in field, label:/property:/condition: prefixes,
    // a CamelCase condition type, else a property (or label) name. `name` gets the
    // label/property/condition name; false when a prefix has nothing after it.
    static bool classifyKey(QStringView word, FilterField *field, QStringView *name);

private:
    struct Failure
    {
    };

    const FilterToken &peek() const { return m_tokens[m_pos]; }
    const FilterToken &take() { return m_tokens[m_pos++]; }
    [[noreturn]] void fail(int offset, const QString &message);
    bool startsTerm(const FilterToken &token) const;

    int add(FilterNode node);
    int parseOr();
    int parseAnd();
    int parseUnary();
    int parseTerm();
    int parseComparison(FilterNode node, const FilterToken &keyToken);
    int parseList(FilterNode node, const FilterToken &keyToken);
    void resolveKey(const FilterToken &keyToken, FilterNode *node);
    void checkValue(FilterNode *node, const FilterToken &keyToken, const FilterToken &opToken,
                    const FilterToken &valueToken);

    QString m_text;
    std::vector<FilterToken> m_tokens;
    size_t m_pos = 0;
    std::vector<FilterNode> *m_nodes = nullptr;
    int m_errorOffset = -1;
    QString m_errorMessage;
};

} // namespace fleetscope
