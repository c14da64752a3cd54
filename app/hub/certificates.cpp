#include "certificates.h"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>

namespace fleetscope::hub {

namespace {

struct Deleter
{
    void operator()(EVP_PKEY *p) const { EVP_PKEY_free(p); }
    void operator()(X509 *p) const { X509_free(p); }
    void operator()(BIO *p) const { BIO_free(p); }
    void operator()(X509_NAME *p) const { X509_NAME_free(p); }
};
template <typename T>
using Owned = std::unique_ptr<T, Deleter>;

std::string opensslError(const std::string &what)
{
    char buffer[256] = {0};
    const unsigned long code = ERR_get_error();
    if (code != 0)
        ERR_error_string_n(code, buffer, sizeof buffer);
    return what + (code != 0 ? std::string(": ") + buffer : std::string());
}

std::string bioString(BIO *bio)
{
    char *data = nullptr;
    const long n = BIO_get_mem_data(bio, &data);
    return n > 0 ? std::string(data, static_cast<std::size_t>(n)) : std::string();
}

std::string keyPem(EVP_PKEY *key)
{
    Owned<BIO> bio(BIO_new(BIO_s_mem()));
    PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr);
    return bioString(bio.get());
}

std::string certPem(X509 *cert)
{
    Owned<BIO> bio(BIO_new(BIO_s_mem()));
    PEM_write_bio_X509(bio.get(), cert);
    return bioString(bio.get());
}

bool addExtension(X509 *cert, X509 *issuer, int nid, const std::string &value)
{
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str());
    if (!ext)
        return false;
    const bool ok = X509_add_ext(cert, ext, -1) == 1;
    X509_EXTENSION_free(ext);
    return ok;
}

Owned<X509> makeCertificate(EVP_PKEY *key, const std::string &commonName, const std::vector<std::string> &orgs,
                            X509 *issuer, EVP_PKEY *issuerKey, long validDays,
                            const std::vector<std::pair<int, std::string>> &extensions)
{
    Owned<X509> cert(X509_new());
    X509_set_version(cert.get(), 2);
    unsigned char serial[16];
    RAND_bytes(serial, sizeof serial);
    serial[0] &= 0x7f; // positive
    BIGNUM *bn = BN_bin2bn(serial, sizeof serial, nullptr);
    BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get()));
    BN_free(bn);
    // Backdated an hour so that small clock skews between processes do not matter.
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), validDays * 24 * 3600);
    X509_set_pubkey(cert.get(), key);
    X509_NAME *name = X509_get_subject_name(cert.get());
    for (const std::string &o : orgs)
        X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, reinterpret_cast<const unsigned char *>(o.c_str()), -1,
                                   -1, 0);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, reinterpret_cast<const unsigned char *>(commonName.c_str()),
                               -1, -1, 0);
    X509 *issuerCert = issuer ? issuer : cert.get();
    X509_set_issuer_name(cert.get(), X509_get_subject_name(issuerCert));
    for (const auto &ext : extensions) {
        if (!addExtension(cert.get(), issuerCert, ext.first, ext.second))
            return nullptr;
    }
    if (X509_sign(cert.get(), issuerKey ? issuerKey : key, EVP_sha256()) <= 0)
        return nullptr;
    return cert;
}

Owned<EVP_PKEY> newKey()
{
    return Owned<EVP_PKEY>(EVP_EC_gen("P-256"));
}

Owned<X509> readCert(const std::string &pem)
{
    Owned<BIO> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    return Owned<X509>(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
}

Owned<EVP_PKEY> readKey(const std::string &pem)
{
    Owned<BIO> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    return Owned<EVP_PKEY>(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
}

} // namespace

bool generateServingCertificates(const std::vector<std::string> &dnsNames, const std::vector<std::string> &ipAddresses,
                                 ServingCertificates *out, std::string *error)
{
    Owned<EVP_PKEY> caKey = newKey();
    Owned<EVP_PKEY> serverKey = newKey();
    if (!caKey || !serverKey) {
        *error = opensslError("cannot generate an EC P-256 key");
        return false;
    }
    Owned<X509> ca = makeCertificate(caKey.get(), "fleetscope-hub-ca", {}, nullptr, nullptr, 3650,
                                     {{NID_basic_constraints, "critical,CA:TRUE"},
                                      {NID_key_usage, "critical,keyCertSign,cRLSign,digitalSignature"},
                                      {NID_subject_key_identifier, "hash"},
                                      {NID_authority_key_identifier, "keyid:always"}});
    if (!ca) {
        *error = opensslError("cannot create the CA certificate");
        return false;
    }
    std::string san;
    for (const std::string &dns : dnsNames)
        san += (san.empty() ? "DNS:" : ",DNS:") + dns;
    for (const std::string &ip : ipAddresses)
        san += (san.empty() ? "IP:" : ",IP:") + ip;
    Owned<X509> server = makeCertificate(serverKey.get(), "fleetscope-hub", {}, ca.get(), caKey.get(), 365,
                                         {{NID_basic_constraints, "critical,CA:FALSE"},
                                          {NID_key_usage, "critical,digitalSignature,keyEncipherment"},
                                          {NID_ext_key_usage, "serverAuth"},
                                          {NID_subject_key_identifier, "hash"},
                                          {NID_authority_key_identifier, "keyid:always"},
                                          {NID_subject_alt_name, san}});
    if (!server) {
        *error = opensslError("cannot create the serving certificate");
        return false;
    }
    out->ca = {certPem(ca.get()), keyPem(caKey.get())};
    out->server = {certPem(server.get()), keyPem(serverKey.get())};
    return true;
}

bool issueClientCertificate(const PemPair &ca, const std::string &commonName,
                            const std::vector<std::string> &organizations, PemPair *out, std::string *error)
{
    Owned<X509> caCert = readCert(ca.certificate);
    Owned<EVP_PKEY> caKey = readKey(ca.privateKey);
    if (!caCert || !caKey) {
        *error = "the hub has no CA key to sign client certificates with";
        return false;
    }
    Owned<EVP_PKEY> key = newKey();
    Owned<X509> cert = makeCertificate(key.get(), commonName, organizations, caCert.get(), caKey.get(), 365,
                                       {{NID_basic_constraints, "critical,CA:FALSE"},
                                        {NID_key_usage, "critical,digitalSignature,keyEncipherment"},
                                        {NID_ext_key_usage, "clientAuth"},
                                        {NID_authority_key_identifier, "keyid:always"}});
    if (!key || !cert) {
        *error = opensslError("cannot create a client certificate");
        return false;
    }
    *out = {certPem(cert.get()), keyPem(key.get())};
    return true;
}

std::string certificateCommonName(const std::string &pem)
{
    Owned<X509> cert = readCert(pem);
    if (!cert)
        return {};
    char buffer[256] = {0};
    X509_NAME_get_text_by_NID(X509_get_subject_name(cert.get()), NID_commonName, buffer, sizeof buffer);
    return buffer;
}

} // namespace fleetscope::hub
