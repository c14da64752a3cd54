#pragma once

#include <QtGlobal>

class QSettings;

namespace fleetscope {

// The user's history settings (QSettings prefix "history/").
struct HistorySettings
{
    int retentionDays = 90;
    int maxMegabytes = 512;
    // The fleet log's cap (time travel): a week of a 5k fleet churning 300
    // events a second takes ~1.2 GB.
    int fleetMaxMegabytes = 1536;
    // A cluster flaps when it made at least this many status changes...
    int flapThreshold = 4;
    // ...within this many hours.
    int flapWindowHours = 24;

    // Tests and benchmarks: a fleet log keyframe after this many changes (0:
    // FleetLogWriter's rule). Not a user setting.
    qint64 fleetKeyframeEvents = 0;

    qint64 flapWindowMs() const { return qint64(flapWindowHours) * 3600 * 1000; }
    qint64 retentionMs() const { return qint64(retentionDays) * 24 * 3600 * 1000; }
    qint64 maxBytes() const { return qint64(maxMegabytes) * 1024 * 1024; }
    qint64 fleetMaxBytes() const { return qint64(fleetMaxMegabytes) * 1024 * 1024; }

    // Out-of-range values fall back to the defaults rather than disabling history.
    static HistorySettings load(QSettings &settings);
    void save(QSettings &settings) const;
};

} // namespace fleetscope
