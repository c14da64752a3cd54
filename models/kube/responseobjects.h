#pragma once

#include "api/ondemandreader.h"

#include <QtGlobal>

namespace fleetscope {

// The objects of one list page or one watch event as a sink reads them: simdjson
// On-Demand values of the response's document, which stays open while the sink
// decodes them one by one, so that a page is parsed once, not once more per item.
// What the sink leaves unread of an object is skipped.
class ResponseObjects
{
    Q_DISABLE_COPY_MOVE(ResponseObjects)

public:
    // A watch event's object.
    explicit ResponseObjects(ondemand::value object)
        : m_single(object)
        , m_isList(false)
    {
    }
    // A list page's items.
    ResponseObjects(ondemand::array_iterator begin, ondemand::array_iterator end)
        : m_next(begin)
        , m_end(end)
        , m_isList(true)
    {
    }

    // Moves to the next object (any JSON value: its decoder says what is wrong with
    // it); false after the last one and when the page breaks off (error() says why).
    bool next()
    {
        if (m_done)
            return false;
        if (!m_isList) {
            m_count = 1;
            m_done = true;
            return true;
        }
        if (m_count > 0)
            ++m_next;
        m_done = !(m_next != m_end);
        if (!m_done)
            m_error = (*m_next).get(m_current);
        m_done = m_done || m_error != simdjson::SUCCESS;
        m_count += m_done ? 0 : 1;
        return !m_done;
    }
    ondemand::value &current() { return m_isList ? m_current : m_single; }
    simdjson::error_code error() const { return m_error; }
    qint64 count() const { return m_count; }

private:
    ondemand::value m_single;
    ondemand::value m_current;
    ondemand::array_iterator m_next;
    ondemand::array_iterator m_end;
    bool m_isList;
    bool m_done = false;
    qint64 m_count = 0;
    simdjson::error_code m_error = simdjson::SUCCESS;
};

} // namespace fleetscope
