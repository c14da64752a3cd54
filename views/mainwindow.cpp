#include "mainwindow.h"

#include "fleetscope_version.h"

#include <QApplication>
#include <QIcon>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace fleetscope {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Fleetscope"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/fleetscope.svg")));
    setObjectName(QStringLiteral("MainWindow"));

    m_emptyFleetHint = new QLabel(this);
    m_emptyFleetHint->setObjectName(QStringLiteral("emptyFleetHint"));
    m_emptyFleetHint->setAlignment(Qt::AlignCenter);
    m_emptyFleetHint->setWordWrap(true);
    m_emptyFleetHint->setText(tr("<h2>No hubs connected</h2>"
                                 "<p>Fleetscope shows the ClusterProfiles published on your hub clusters.</p>"
                                 "<p>Start it with <tt>--context NAME</tt> for each hub in your kubeconfig.</p>"));
    setCentralWidget(m_emptyFleetHint);

    createMenus();
    statusBar()->showMessage(tr("No hubs"));
    resize(1200, 800);
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *quitAction = fileMenu->addAction(tr("&Quit"), qApp, &QApplication::quit);
    quitAction->setShortcut(QKeySequence::Quit);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About Fleetscope"), this, &MainWindow::showAbout);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Fleetscope"),
                       tr("<h3>Fleetscope %1</h3><p>A native dashboard for fleets of Kubernetes clusters "
                          "published through the ClusterProfile API.</p>")
                           .arg(QStringLiteral(FLEETSCOPE_VERSION)));
}

} // namespace fleetscope
