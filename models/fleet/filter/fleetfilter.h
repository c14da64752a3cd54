#pragma once

#include "filternode.h"

#include <QString>

#include <memory>
#include <vector>

namespace fleetscope {

class FleetStore;
struct FleetProfile;

// Where a filter went wrong: `offset` into the text for the UI's caret, and a
// message that already names it ("expected a value after '=' at 14").
struct FilterError
{
    int offset = -1;
    QString message;

    bool isError() const { return offset >= 0; }
};

// A compiled fleet filter (the language is described in filterparser.h and the
// README). A value: copies share the compiled program. Evaluation walks a flat
// node vector over the profile's own fields. A term whose verdict takes work
// (a version or number comparison, a substring, a regex, a list-valued property)
// remembers its verdict per value buffer: the values it reads are mostly pooled,
// so 100k rows hold a few hundred distinct buffers. Hence copies share mutable
// state: evaluate a filter and its copies on one thread (the GUI's).
class FleetFilter
{
public:
    // The empty filter: accepts everything.
    FleetFilter() = default;

    // On a syntax error, returns an invalid filter (which accepts nothing) and
    // fills `error`; a filter is applied entirely or not at all.
    static FleetFilter compile(const QString &text, FilterError *error = nullptr);

    bool isValid() const { return m_valid; }
    bool isEmpty() const { return m_valid && m_root < 0; }
    const QString &text() const { return m_text; }

    // Whether a term tests the unqualified key `key`, the way a FilterFacts
    // source answers it (`findings~stale`): a caller computes such facts only
    // for a filter that asks for them.
    bool readsFact(QStringView key) const;

    // `store` resolves hub names; without it, hub= terms never match.
    bool matches(const FleetProfile &profile, const FleetStore *store) const;
    // matches() of every row, 1 or 0 into `accepted` (resized to the rows). A
    // row's record and lists are seldom in the cache, and a lone test waits for
    // each: this asks for the memory of rows further on while it tests one.
    void matchAll(const std::vector<FleetProfile> &rows, const FleetStore *store, std::vector<char> *accepted) const;

private:
    struct Program;

    bool evaluate(int node, const FleetProfile &profile, const FleetStore *store) const;
    bool test(int node, const FleetProfile &profile, const FleetStore *store) const;

    QString m_text;
    std::shared_ptr<Program> m_program;
    int m_root = -1;
    bool m_valid = true;
};

} // namespace fleetscope
