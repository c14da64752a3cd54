#pragma once

#include <QByteArray>
#include <QList>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>

namespace fleetscope {

// A client identity for mutual TLS: the leaf certificate first, then any
// intermediates the file carried, and the private key that belongs to the leaf.
struct ClientIdentity
{
    QList<QSslCertificate> chain;
    QSslKey key;

    bool isNull() const { return chain.isEmpty() || key.isNull(); }
};

// Loading kubeconfig TLS material the way client-go does (`*-data` wins over the
// file), with the checks Go's tls.X509KeyPair makes. Every message names the
// kubeconfig field or file at fault and never quotes PEM content.

// All certificates of a PEM bundle. `data` (certificate-authority-data) wins
// over `file` (certificate-authority). Both empty: an empty list, no error
// (the caller then trusts the system roots). `pem`, when given, receives the
// bundle as read (exec plugins get it verbatim as certificate-authority-data).
QList<QSslCertificate> loadCaCertificates(const QByteArray &data, const QString &file, QString *error,
                                          QByteArray *pem = nullptr);

// Client certificate (+ chain) and key, from data or files; the key must belong
// to the certificate. Returns a null identity and no error when neither a
// certificate nor a key is configured.
ClientIdentity loadClientIdentity(const QByteArray &certData, const QString &certFile, const QByteArray &keyData,
                                  const QString &keyFile, QString *error);

// The same from PEM already in memory (exec plugin output). `what` names the
// source in messages.
ClientIdentity clientIdentityFromPem(const QByteArray &certPem, const QByteArray &keyPem, const QString &what,
                                     QString *error);

} // namespace fleetscope
