#pragma once

#include "api/objectmeta.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace fleetscope {

// One column a server prints for a kind (metav1.TableColumnDefinition).
struct TableColumn
{
    QString name;
    QString type;   // "string", "integer", "number", "boolean", "date"
    QString format; // "name" marks the object's name
    int priority = 0; // not 0: shown only with -o wide (and hidden at first in the window)

    friend bool operator==(const TableColumn &a, const TableColumn &b)
    {
        return a.name == b.name && a.type == b.type && a.format == b.format && a.priority == b.priority;
    }
};

// One object of a member as a table shows it: its metadata and the cells the
// server printed for it (in its columns' order), or, from a server that prints
// no Tables, no cells: the columns are then Name and Age from the metadata.
// `json` holds the whole object only when it was asked for (-o json/yaml).
// Immutable once decoded; shared between a member's thread and the models.
struct ResourceRow
{
    ObjectMeta metadata;
    QStringList cells;
    QByteArray json;

    QString key() const { return metadata.namespaceName.toString() + u'/' + metadata.name; }
};

} // namespace fleetscope
