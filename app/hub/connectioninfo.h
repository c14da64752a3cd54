#pragma once

#include <openssl/ssl.h>

#include <string>

namespace fleetscope::hub {

// Facts about one client connection that cpp-httplib does not expose to handlers.

// True when the peer has closed its side (or the socket failed); false for fd < 0.
bool peerClosed(int fd);
// The descriptor of this process's TCP connection with these endpoints, or -1.
int findConnectionSocket(const std::string &remoteAddress, int remotePort, int localPort);
// CN of the client certificate if it verified against the hub's client CA, else "".
std::string verifiedClientCommonName(const SSL *ssl);

} // namespace fleetscope::hub
