#include "applanguage.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QTranslator>

namespace fleetscope {
namespace {

constexpr auto LanguageKey = "ui/language";
constexpr auto TranslatorName = "fleetscopeTranslator";

QString installedTranslationsDir()
{
    return QDir(QCoreApplication::applicationDirPath())
        .absoluteFilePath(QStringLiteral("../share/fleetscope/translations"));
}

bool isEnglish(const QLocale &locale)
{
    return locale.language() == QLocale::English || locale.language() == QLocale::C;
}

// Fleetscope's own strings; English has a file too, for its plural forms.
bool installOwn(QCoreApplication *app, const QLocale &locale, const QString &exactFile)
{
    auto *own = new QTranslator(app);
    own->setObjectName(QLatin1String(TranslatorName));
    for (const QString &dir : {installedTranslationsDir(), QStringLiteral(":/i18n")}) {
        const bool loaded = exactFile.isEmpty() ? own->load(locale, QStringLiteral("fleetscope"), QStringLiteral("_"), dir)
                                                : own->load(exactFile, dir);
        if (loaded) {
            QCoreApplication::installTranslator(own);
            return true;
        }
    }
    delete own;
    return false;
}

} // namespace

QLocale AppLanguage::choose(const QString &commandLine, QString *warning)
{
    QString name = commandLine.trimmed();
    QString source = QStringLiteral("--lang");
    if (name.isEmpty()) {
        name = QSettings().value(QLatin1String(LanguageKey)).toString().trimmed();
        source = QStringLiteral("setting %1").arg(QLatin1String(LanguageKey));
    }
    if (name.isEmpty())
        return QLocale::system();
    if (name == QLatin1String("C") || name == QLatin1String("en"))
        return QLocale(QLocale::English, QLocale::UnitedStates);
    // QLocale turns anything it does not know into "C"; say so instead of silently
    // showing English.
    static const QRegularExpression shape(QStringLiteral("^[a-z]{2,3}([_-][A-Za-z0-9]{2,4})*$"));
    const QLocale locale(name);
    if (!shape.match(name).hasMatch() || locale.language() == QLocale::C) {
        if (warning)
            *warning = QCoreApplication::translate("AppLanguage", "%1: unknown language \"%2\"; using the system language")
                           .arg(source, name);
        return QLocale::system();
    }
    return locale;
}

bool AppLanguage::install(QCoreApplication *app, const QLocale &locale)
{
    // Replaces what an earlier call installed, so that the language can change.
    for (QTranslator *old : app->findChildren<QTranslator *>(QLatin1String(TranslatorName), Qt::FindDirectChildrenOnly)) {
        QCoreApplication::removeTranslator(old);
        delete old;
    }
    QLocale::setDefault(locale);
    if (isEnglish(locale))
        return installOwn(app, QLocale(QLocale::English), QStringLiteral("fleetscope_en"));
    auto *qt = new QTranslator(app);
    qt->setObjectName(QLatin1String(TranslatorName));
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    if (installOwn(app, locale, QString()))
        return true;
    // A language Fleetscope does not speak: English, with its plural forms.
    installOwn(app, QLocale(QLocale::English), QStringLiteral("fleetscope_en"));
    return false;
}

QStringList AppLanguage::available()
{
    return {QStringLiteral("de"), QStringLiteral("ja")};
}

} // namespace fleetscope
