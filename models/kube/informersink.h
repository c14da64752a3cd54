#pragma once

#include "kube/resourcespec.h"

#include <QtGlobal>

namespace fleetscope {

class ResponseObjects;

// How an object reached the cache: in a (re)list, or in a watch event.
enum class ObjectChange : quint8 { Listed, Added, Modified, Deleted };

// Where a ResourceInformer delivers what it reads: a (re)list as listStarted →
// objects(Listed)… → listFinished, watch events as objects(Added/Modified/Deleted).
// The objects are read during the call (responseobjects.h). Servers that print
// Tables send their columns with a list page: columns() comes before its rows.
class InformerSink
{
public:
    virtual ~InformerSink() = default;
    virtual void listStarted(const ResourceSpec &spec) = 0;
    virtual void objects(const ResourceSpec &spec, ObjectChange change, ResponseObjects &objects) = 0;
    virtual void listFinished(const ResourceSpec &spec) = 0;
    virtual void columns(const ResourceSpec &, ResponseObjects &) {}
};

} // namespace fleetscope
