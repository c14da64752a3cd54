#pragma once

#include <QPointer>
#include <QWidget>

class QCompleter;
class QDialog;
class QLabel;
class QLineEdit;
class QStringListModel;
class QTimer;
class QToolButton;

namespace fleetscope {

class FilterValueIndex;
class FleetRowFilter;
class FleetStore;

// The filter line above the cluster table: debounced as you type, a syntax
// error shown under the text with a caret (the previous filter stays applied),
// a line saying so when nothing matches, keys and values completed from the live
// fleet, and a help window with examples.
class FilterBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilterBar)

public:
    FilterBar(const FleetStore *store, FleetRowFilter *filter, QWidget *parent = nullptr);

    QString text() const;
    void setText(const QString &text); // applies at once
    void focusFilter();
    // Tab goes from the filter to `next` (what it filters); the help button is a
    // Shift+Tab before the filter. Call once the window is put together: moving a
    // widget to another parent rebuilds its part of the focus chain.
    void setTabOrderAround(QWidget *next);
    QString errorText() const;
    // The syntax help (the ? button): a window of its own, scrolled when the screen
    // is short; null until first shown.
    QDialog *helpWindow() const { return m_helpWindow; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateNoMatch();
    void apply();
    void updateCompletions();
    void insertCompletion(const QString &completion);
    void showHelp();

    const FleetStore *m_store;
    FleetRowFilter *m_filter;
    QLineEdit *m_edit;
    QLabel *m_error;
    QLabel *m_noMatch;
    QToolButton *m_help;
    QPointer<QDialog> m_helpWindow;
    QTimer *m_debounce;
    QTimer *m_completeDebounce;
    QCompleter *m_completer;
    QStringListModel *m_completions;
    FilterValueIndex *m_values;
    int m_replaceStart = 0;
    int m_replaceLength = 0;
};

} // namespace fleetscope
