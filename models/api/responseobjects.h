#pragma once

#include <QtGlobal>

#include <simdjson.h>

namespace fleetscope {

namespace ondemand = simdjson::ondemand;

// The objects of one list page or one watch event as a sink reads them: simdjson
// On-Demand values of the response's document, which stays open while the sink
// decodes them one by one, so that a page is parsed once, not once more per item.
// What the sink leaves unread of an object is skipped.
//
// A decoder that meets a simdjson error in an object calls abandon(): On-Demand may
// have given up its iterator (its parser pointer is then null), so after that
// nothing of the document is read again, not even to skip to the next item. The
// decoders take a ResponseObjects, not a bare value, so that no caller can forget.
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
    // Ends the iteration after a simdjson error in the current object; the page
    // then fails with that error.
    void abandon(simdjson::error_code error)
    {
        m_error = error;
        m_done = true;
        m_abandoned = true;
    }
    bool abandoned() const { return m_abandoned; }
    simdjson::error_code error() const { return m_error; }
    // Objects handed out so far (the one that broke the page included).
    qint64 count() const { return m_count; }

private:
    ondemand::value m_single;
    ondemand::value m_current;
    ondemand::array_iterator m_next;
    ondemand::array_iterator m_end;
    bool m_isList;
    bool m_done = false;
    bool m_abandoned = false;
    qint64 m_count = 0;
    simdjson::error_code m_error = simdjson::SUCCESS;
};

} // namespace fleetscope
