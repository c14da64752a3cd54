#include "connectioninfo.h"

#include <openssl/x509.h>

#include <dirent.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <cstdlib>

namespace fleetscope::hub {

// A peer that closed its side shows up as POLLRDHUP even while nothing is being written, so
// an idle watch gives its worker thread back promptly.
bool peerClosed(int fd)
{
    if (fd < 0)
        return false;
    pollfd p{fd, POLLRDHUP, 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

// cpp-httplib does not hand the connection's socket to handlers. Plain-HTTP watches need it
// to notice a client that went away while nothing is being written, so find it by its
// address pair among our own descriptors (once per watch).
int findConnectionSocket(const std::string &remoteAddress, int remotePort, int localPort)
{
    DIR *dir = ::opendir("/proc/self/fd");
    if (!dir)
        return -1;
    int found = -1;
    while (dirent *entry = ::readdir(dir)) {
        const int fd = std::atoi(entry->d_name);
        if (fd <= 2)
            continue;
        sockaddr_storage peer{}, local{};
        socklen_t peerLength = sizeof peer, localLength = sizeof local;
        if (::getpeername(fd, reinterpret_cast<sockaddr *>(&peer), &peerLength) != 0
            || ::getsockname(fd, reinterpret_cast<sockaddr *>(&local), &localLength) != 0)
            continue;
        char host[NI_MAXHOST], port[NI_MAXSERV], localHost[NI_MAXHOST], localPortText[NI_MAXSERV];
        if (::getnameinfo(reinterpret_cast<sockaddr *>(&peer), peerLength, host, sizeof host, port, sizeof port,
                          NI_NUMERICHOST | NI_NUMERICSERV) != 0
            || ::getnameinfo(reinterpret_cast<sockaddr *>(&local), localLength, localHost, sizeof localHost,
                             localPortText, sizeof localPortText, NI_NUMERICHOST | NI_NUMERICSERV) != 0)
            continue;
        if (remoteAddress == host && remotePort == std::atoi(port) && localPort == std::atoi(localPortText)) {
            found = fd;
            break;
        }
    }
    ::closedir(dir);
    return found;
}

std::string verifiedClientCommonName(const SSL *ssl)
{
    if (!ssl)
        return {};
    X509 *peer = SSL_get1_peer_certificate(ssl);
    if (!peer)
        return {};
    std::string user;
    if (SSL_get_verify_result(ssl) == X509_V_OK) {
        char buffer[256] = {0};
        X509_NAME_get_text_by_NID(X509_get_subject_name(peer), NID_commonName, buffer, sizeof buffer);
        user = buffer;
    }
    X509_free(peer);
    return user;
}

} // namespace fleetscope::hub
