#pragma once

#include <QtGlobal>

#include <algorithm>
#include <iterator>
#include <vector>

namespace fleetscope {

// A sequence of source rows (ints) in blocks of a few hundred, for the proxy's
// orders: reading position i and inserting or erasing anywhere cost
// O(log blocks + block size) instead of moving the whole vector, so that a
// delta that moves hundreds of rows of a 100k-row order costs microseconds per
// row. Blocks are never empty.
class RowSequence
{
public:
    void assign(const std::vector<int> &rows);
    void clear() { assign({}); }
    int size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    int at(int position) const
    {
        const size_t block = blockOf(position);
        return m_blocks[block][size_t(position - m_starts[block])];
    }
    void insert(int position, int row);
    void erase(int position);
    std::vector<int> toVector() const;
    // Many rows at once are edited by rebuilding the sequence in one pass (O(size)),
    // a few row by row (a block edit each, ~100× a pass's step).
    static bool isBulk(int rows, int size) { return rows >= 64 && rows >= size / 128; }
    // Erases positions [first, last].
    void eraseRange(int first, int last);
    // Inserts `rows` at `position`, in their order.
    void insertRange(int position, const int *rows, int count);

    // Erases the rows numbered first..last (each there once), found through `less`.
    template<typename Less>
    void eraseRows(int first, int last, Less less)
    {
        if (!isBulk(last - first + 1, m_size)) {
            for (int row = first; row <= last; ++row)
                erase(lowerBound(row, less));
            return;
        }
        std::vector<int> kept;
        kept.reserve(size_t(m_size));
        forEach([&](int row) {
            if (row < first || row > last)
                kept.push_back(row);
        });
        assign(kept);
    }
    // Inserts `rows`, sorted by `less` as this sequence is, where they belong.
    template<typename Less>
    void mergeRows(const std::vector<int> &rows, Less less)
    {
        if (!isBulk(int(rows.size()), m_size)) {
            for (const int row : rows)
                insert(lowerBound(row, less), row);
            return;
        }
        const std::vector<int> old = toVector();
        std::vector<int> merged;
        merged.reserve(old.size() + rows.size());
        std::merge(old.begin(), old.end(), rows.begin(), rows.end(), std::back_inserter(merged), less);
        assign(merged);
    }

    // Adds `delta` to every row >= `from` (source rows inserted or removed
    // before them), at positions >= `firstPosition` (none before it qualify).
    void shiftRows(int from, int delta, int firstPosition = 0);

    // The first position whose row is not less than `row`; the rows must be
    // sorted by `less`. A search over the blocks' last rows, then inside one
    // block (contiguous), so most probes touch no other memory.
    template<typename Less>
    int lowerBound(int row, Less less) const
    {
        size_t low = 0;
        size_t high = m_blocks.size();
        while (low < high) {
            const size_t middle = (low + high) / 2;
            if (less(m_blocks[middle].back(), row))
                low = middle + 1;
            else
                high = middle;
        }
        if (low == m_blocks.size())
            return m_size;
        const std::vector<int> &block = m_blocks[low];
        return m_starts[low] + int(std::lower_bound(block.begin(), block.end(), row, less) - block.begin());
    }
    // The same within positions [first, last).
    template<typename Less>
    int lowerBound(int row, Less less, int first, int last) const
    {
        int count = last - first;
        while (count > 0) {
            const int step = count / 2;
            const int middle = first + step;
            if (less(at(middle), row)) {
                first = middle + 1;
                count -= step + 1;
            } else {
                count = step;
            }
        }
        return first;
    }

    template<typename Function>
    void forEach(Function function) const
    {
        for (const std::vector<int> &block : m_blocks) {
            for (const int row : block)
                function(row);
        }
    }

private:
    static constexpr size_t blockSize = 512;

    size_t blockOf(int position) const
    {
        // The last block that starts at or before `position`.
        return size_t(std::upper_bound(m_starts.begin(), m_starts.end() - 1, position) - m_starts.begin()) - 1;
    }
    void recount(size_t fromBlock);

    std::vector<std::vector<int>> m_blocks;
    std::vector<int> m_starts{0}; // position of each block's first row, then the size
    int m_size = 0;
};

} // namespace fleetscope
