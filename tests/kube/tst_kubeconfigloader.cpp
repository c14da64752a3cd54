#include <QTest>
class tst_KubeconfigLoader : public QObject { Q_OBJECT };
QTEST_GUILESS_MAIN(tst_KubeconfigLoader)
#include "tst_kubeconfigloader.moc"
