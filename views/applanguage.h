#pragma once

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace fleetscope {

// Chooses the interface language and installs the translators for it.
// Order: --lang, then the `ui/language` setting, then the system locale. Fleetscope's
// own .qm files are looked up next to the installed binary first
// (../share/fleetscope/translations, so translators can drop in a newer file), then
// in the copy embedded in the binary (":/i18n"); Qt's own strings (standard dialog
// buttons) come from Qt's translation directory when qt6-translations-l10n is installed.
class AppLanguage final
{
public:
    // "de", "ja_JP", "en", "C" or empty (the system locale). A bad value is reported
    // in `warning` (naming its source) and the system locale is used instead.
    static QLocale choose(const QString &commandLine, QString *warning);

    // Installs translators for `locale` on the running application (replacing those of
    // an earlier call) and makes it the
    // default QLocale (numbers and dates follow it). Returns whether Fleetscope's own
    // translation was found; English needs none and returns true.
    static bool install(QCoreApplication *app, const QLocale &locale);

    // The languages Fleetscope ships, as locale names ("de", "ja").
    static QStringList available();
};

} // namespace fleetscope
