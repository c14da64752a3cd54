#pragma once

#include <string>
#include <vector>

namespace fleetscope::hub {

struct PemPair
{
    std::string certificate;
    std::string privateKey;
};

// A throwaway PKI made at start (EC P-256, OpenSSL 3): a CA and a serving certificate for
// loopback, so that kubectl and python can verify the hub without insecure flags.
struct ServingCertificates
{
    PemPair ca;
    PemPair server;
};

bool generateServingCertificates(const std::vector<std::string> &dnsNames, const std::vector<std::string> &ipAddresses,
                                 ServingCertificates *out, std::string *error);

// A client certificate signed by `ca`; CN is the user name and O entries the groups, as
// kube's x509 authenticator reads them.
bool issueClientCertificate(const PemPair &ca, const std::string &commonName,
                            const std::vector<std::string> &organizations, PemPair *out, std::string *error);

// The subject CN of a PEM certificate ("" when unreadable), for tests and logs.
std::string certificateCommonName(const std::string &pem);

} // namespace fleetscope::hub
