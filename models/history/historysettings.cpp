#include "historysettings.h"

#include <QSettings>

namespace fleetscope {

HistorySettings HistorySettings::load(QSettings &settings)
{
    HistorySettings s;
    auto read = [&settings](const char *key, int fallback, int min, int max) {
        bool ok = false;
        const int value = settings.value(QLatin1String(key), fallback).toInt(&ok);
        return ok && value >= min && value <= max ? value : fallback;
    };
    s.retentionDays = read("history/retentionDays", s.retentionDays, 1, 3650);
    s.maxMegabytes = read("history/maxMegabytes", s.maxMegabytes, 1, 1 << 20);
    s.fleetMaxMegabytes = read("history/fleetMaxMegabytes", s.fleetMaxMegabytes, 1, 1 << 20);
    s.flapThreshold = read("history/flapThreshold", s.flapThreshold, 1, 1000000);
    s.flapWindowHours = read("history/flapWindowHours", s.flapWindowHours, 1, 24 * 3650);
    return s;
}

void HistorySettings::save(QSettings &settings) const
{
    settings.setValue(QStringLiteral("history/retentionDays"), retentionDays);
    settings.setValue(QStringLiteral("history/maxMegabytes"), maxMegabytes);
    settings.setValue(QStringLiteral("history/fleetMaxMegabytes"), fleetMaxMegabytes);
    settings.setValue(QStringLiteral("history/flapThreshold"), flapThreshold);
    settings.setValue(QStringLiteral("history/flapWindowHours"), flapWindowHours);
}

} // namespace fleetscope
