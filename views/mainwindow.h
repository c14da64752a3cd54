#pragma once

#include <QMainWindow>

class QLabel;

namespace fleetscope {

// The dashboard's main window. Until the fleet browser lands it shows an empty
// fleet with a hint on how to connect hubs.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

private:
    void createMenus();
    void showAbout();

    QLabel *m_emptyFleetHint = nullptr;
};

} // namespace fleetscope
