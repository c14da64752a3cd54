#include "rowsequence.h"

namespace fleetscope {

void RowSequence::assign(const std::vector<int> &rows)
{
    m_blocks.clear();
    for (size_t i = 0; i < rows.size(); i += blockSize)
        m_blocks.emplace_back(rows.begin() + qsizetype(i), rows.begin() + qsizetype(std::min(rows.size(), i + blockSize)));
    m_size = int(rows.size());
    recount(0);
}

void RowSequence::recount(size_t fromBlock)
{
    m_starts.resize(m_blocks.size() + 1);
    int start = fromBlock == 0 ? 0 : m_starts[fromBlock];
    for (size_t i = fromBlock; i < m_blocks.size(); ++i) {
        m_starts[i] = start;
        start += int(m_blocks[i].size());
    }
    m_starts[m_blocks.size()] = start;
}

void RowSequence::insert(int position, int row)
{
    Q_ASSERT(position >= 0 && position <= m_size);
    if (m_blocks.empty()) {
        m_blocks.push_back({row});
        ++m_size;
        recount(0);
        return;
    }
    // At the end of the sequence: append to the last block.
    const size_t block = position == m_size ? m_blocks.size() - 1 : blockOf(position);
    std::vector<int> &rows = m_blocks[block];
    rows.insert(rows.begin() + (position - m_starts[block]), row);
    ++m_size;
    if (rows.size() >= 2 * blockSize) {
        std::vector<int> upper(rows.begin() + blockSize, rows.end());
        rows.resize(blockSize);
        m_blocks.insert(m_blocks.begin() + qsizetype(block) + 1, std::move(upper));
    }
    recount(block);
}

void RowSequence::erase(int position)
{
    Q_ASSERT(position >= 0 && position < m_size);
    const size_t block = blockOf(position);
    std::vector<int> &rows = m_blocks[block];
    rows.erase(rows.begin() + (position - m_starts[block]));
    --m_size;
    if (rows.empty())
        m_blocks.erase(m_blocks.begin() + qsizetype(block));
    recount(block);
}

void RowSequence::eraseRange(int first, int last)
{
    if (!isBulk(last - first + 1, m_size)) {
        for (int position = last; position >= first; --position)
            erase(position);
        return;
    }
    std::vector<int> rows = toVector();
    rows.erase(rows.begin() + first, rows.begin() + last + 1);
    assign(rows);
}

void RowSequence::insertRange(int position, const int *rows, int count)
{
    if (!isBulk(count, m_size)) {
        for (int i = 0; i < count; ++i)
            insert(position + i, rows[i]);
        return;
    }
    std::vector<int> all = toVector();
    all.insert(all.begin() + position, rows, rows + count);
    assign(all);
}

std::vector<int> RowSequence::toVector() const
{
    std::vector<int> rows;
    rows.reserve(size_t(m_size));
    forEach([&rows](int row) { rows.push_back(row); });
    return rows;
}

void RowSequence::shiftRows(int from, int delta, int firstPosition)
{
    if (firstPosition >= m_size)
        return;
    for (size_t block = blockOf(firstPosition); block < m_blocks.size(); ++block) {
        for (int &row : m_blocks[block])
            row += row >= from ? delta : 0;
    }
}

} // namespace fleetscope
