#include "pooledstring.h"

#include "stringpool.h"

namespace fleetscope {

PooledString::PooledString(const QString &text)
    : PooledString(StringPool::shared().pooled(text))
{
}

PooledString::PooledString(QStringView text)
    : PooledString(StringPool::shared().pooled(text))
{
}

} // namespace fleetscope
