#pragma once

#include "api/propertyaliases.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace fleetscope {

// View → Property aliases…: edits the alias table (PropertyAliases) that the filter,
// grouping and property columns accept. One row per alias: its name and the property
// names it tries, in order, separated by commas.
class PropertyAliasesDialog final : public QDialog
{
    Q_OBJECT

public:
    PropertyAliasesDialog(const PropertyAliases &aliases, QWidget *parent = nullptr);

    // The edited table; valid once accept() went through.
    PropertyAliases aliases() const;

    void accept() override;

private:
    void fill(const PropertyAliases &aliases);
    void addRow(const QString &name, const QStringList &properties);
    QList<PropertyAliases::Alias> rows() const;

    QTableWidget *m_table;
    QLabel *m_problems;
};

} // namespace fleetscope
