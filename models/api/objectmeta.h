#pragma once

#include "kubetime.h"
#include "labelmap.h"
#include "pooledstring.h"
#include "resourceversion.h"

#include <QByteArray>
#include <QString>
#include <QUuid>

namespace fleetscope {

// The parts of metav1.ObjectMeta a fleet dashboard uses. Annotations and
// managedFields are not kept here: they can be large, and the raw object is
// available where someone asks for all of it.
struct ObjectMeta
{
    QString name;
    PooledString namespaceName;
    QUuid uid;                  // 16 bytes instead of a 36-character string
    ResourceVersion resourceVersion; // opaque: compared for equality only
    qint64 generation = 0;
    KubeTime creationTimestamp = 0;
    KubeTime deletionTimestamp = 0;
    LabelMap labels;
};

} // namespace fleetscope
