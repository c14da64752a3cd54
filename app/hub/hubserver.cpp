#include "hubserver.h"

#include "apirouter.h"
#include "churn.h"
#include "connectioninfo.h"
#include "faults.h"
#include "fleetgenerator.h"
#include "producershapes.h"
#include "fleetloader.h"
#include "hubutil.h"
#include "jsonfields.h"
#include "nodegenerator.h"
#include "resourcetypes.h"
#include "watchstream.h"
#include "workloadchurn.h"
#include "workloadgenerator.h"

#ifndef CPPHTTPLIB_OPENSSL_SUPPORT
#define CPPHTTPLIB_OPENSSL_SUPPORT
#endif
#include <httplib.h>

#include <openssl/pem.h>
#include <openssl/ssl.h>

#include <zlib.h>

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

namespace fleetscope::hub {

namespace {

// Long enough for kubectl's back-to-back requests to reuse a connection, short enough that
// stop() (which waits for idle keep-alive connections) stays quick.
constexpr time_t kKeepAliveSeconds = 2;
// How often an idle watch wakes up to notice a stop or a vanished client.
constexpr auto kWatchPoll = std::chrono::milliseconds(200);

bool readFile(const std::string &path, std::string *out)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return false;
    std::stringstream buffer;
    buffer << file.rdbuf();
    *out = buffer.str();
    return true;
}

constexpr std::size_t kGzipThreshold = 128 * 1024;

bool acceptsGzip(const std::string &acceptEncoding)
{
    // "gzip", "gzip, deflate", "deflate, gzip;q=1.0"; a refusal with q=0 is not honoured
    // here because no client of the hub sends one.
    return acceptEncoding.find("gzip") != std::string::npos;
}

bool gzipCompress(const std::string &input, std::string *output)
{
    z_stream stream{};
    // 15 + 16: zlib window with a gzip wrapper.
    if (deflateInit2(&stream, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return false;
    output->resize(deflateBound(&stream, static_cast<uLong>(input.size())) + 32);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(input.data()));
    stream.avail_in = static_cast<uInt>(input.size());
    stream.next_out = reinterpret_cast<Bytef *>(output->data());
    stream.avail_out = static_cast<uInt>(output->size());
    const int result = deflate(&stream, Z_FINISH);
    output->resize(stream.total_out);
    deflateEnd(&stream);
    return result == Z_STREAM_END;
}

template <typename T, void (*Free)(T *)>
struct OpenSslPtr
{
    T *p = nullptr;
    ~OpenSslPtr()
    {
        if (p)
            Free(p);
    }
};

} // namespace

struct HubServer::Impl
{
    explicit Impl(HubOptions o)
        : options(std::move(o))
        , store(options.history)
        , faults(options.faults)
    {
    }

    HubOptions options;
    ObjectStore store;
    FaultInjector faults;
    std::unique_ptr<ApiRouter> router;
    std::unique_ptr<httplib::Server> server;
    std::unique_ptr<ChurnGenerator> churn;
    std::unique_ptr<WorkloadChurn> workloadChurn;
    std::thread listener;
    ServingCertificates certificates;
    std::string token;
    std::string host;
    int port = 0;
    bool running = false;
    bool loaded = false;
    mutable std::mutex mutex;

    bool loadContent(std::string *error);
    bool makeServer(std::string *error);
    void handle(const httplib::Request &req, httplib::Response &res);
};

bool HubServer::Impl::loadContent(std::string *error)
{
    if (loaded)
        return true;
    for (const std::string &file : options.fleetFiles) {
        std::vector<nlohmann::json> objects;
        if (!readFleetFile(file, &objects, error) || !loadObjects(store, std::move(objects), file, error))
            return false;
    }
    if (options.generate > 0
        && !loadObjects(store, generateFleet(options.generate, options.seed), "--generate", error))
        return false;
    if (options.producerShapes
        && !loadObjects(store, producerShapes(std::chrono::system_clock::now()), "--producer-shapes", error))
        return false;
    const int nodes = options.nodes > 0 ? options.nodes : (options.workloads > 0 ? 3 : 0);
    if (nodes > 0 && !loadObjects(store, generateNodes(nodes, options.serverVersion), "--nodes", error))
        return false;
    if (options.workloads > 0
        && !loadObjects(store, generateWorkloads(options.workloads, options.seed, nodes, std::chrono::system_clock::now()),
                        "--workloads", error))
        return false;
    if (!store.get(*findResourceType("", "namespaces"), {}, "default").object)
        store.load({{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", "default"}}}}, error);
    loaded = true;
    return true;
}

bool HubServer::Impl::makeServer(std::string *error)
{
    if (!options.tls) {
        server = std::make_unique<httplib::Server>();
        return true;
    }
    if (!options.tlsCertFile.empty()) {
        if (!readFile(options.tlsCertFile, &certificates.server.certificate)
            || !readFile(options.tlsKeyFile, &certificates.server.privateKey)) {
            *error = "cannot read " + options.tlsCertFile + " or " + options.tlsKeyFile;
            return false;
        }
        // The client trusts the serving certificate itself (self-signed or a chain bundle).
        certificates.ca.certificate = certificates.server.certificate;
    } else if (!generateServingCertificates({"localhost"}, {"127.0.0.1", "::1"}, &certificates, error)) {
        return false;
    }
    const PemPair serving = certificates.server;
    const std::string clientCa = options.clientCertAuth ? certificates.ca.certificate : std::string();
    std::string setupError;
    auto ssl = std::make_unique<httplib::SSLServer>([&](SSL_CTX &ctx) {
        OpenSslPtr<BIO, BIO_free_all> certBio{BIO_new_mem_buf(serving.certificate.data(),
                                                             static_cast<int>(serving.certificate.size()))};
        OpenSslPtr<BIO, BIO_free_all> keyBio{BIO_new_mem_buf(serving.privateKey.data(),
                                                            static_cast<int>(serving.privateKey.size()))};
        OpenSslPtr<X509, X509_free> cert{PEM_read_bio_X509(certBio.p, nullptr, nullptr, nullptr)};
        OpenSslPtr<EVP_PKEY, EVP_PKEY_free> key{PEM_read_bio_PrivateKey(keyBio.p, nullptr, nullptr, nullptr)};
        if (!cert.p || !key.p || SSL_CTX_use_certificate(&ctx, cert.p) != 1
            || SSL_CTX_use_PrivateKey(&ctx, key.p) != 1 || SSL_CTX_check_private_key(&ctx) != 1) {
            setupError = "the TLS certificate or key is not usable";
            return false;
        }
        SSL_CTX_set_min_proto_version(&ctx, TLS1_2_VERSION);
        SSL_CTX_set_options(&ctx, SSL_OP_NO_COMPRESSION | SSL_OP_NO_SESSION_RESUMPTION_ON_RENEGOTIATION);
        if (!clientCa.empty()) {
            OpenSslPtr<BIO, BIO_free_all> caBio{BIO_new_mem_buf(clientCa.data(), static_cast<int>(clientCa.size()))};
            X509 *ca = PEM_read_bio_X509(caBio.p, nullptr, nullptr, nullptr);
            if (!ca) {
                setupError = "the client CA is not usable";
                return false;
            }
            X509_STORE_add_cert(SSL_CTX_get_cert_store(&ctx), ca);
            STACK_OF(X509_NAME) *names = sk_X509_NAME_new_null();
            sk_X509_NAME_push(names, X509_NAME_dup(X509_get_subject_name(ca)));
            SSL_CTX_set_client_CA_list(&ctx, names);
            X509_free(ca);
            // Ask for a certificate but let tokens work without one: the verdict is read per
            // request (SSL_get_verify_result), like kube's union authenticator.
            SSL_CTX_set_verify(&ctx, SSL_VERIFY_PEER, [](int, X509_STORE_CTX *) { return 1; });
        }
        return true;
    });
    if (!ssl->is_valid()) {
        *error = setupError.empty() ? "cannot set up TLS" : setupError;
        return false;
    }
    server = std::move(ssl);
    return true;
}

void HubServer::Impl::handle(const httplib::Request &req, httplib::Response &res)
{
    ApiRequest request;
    request.method = req.method;
    request.path = req.path;
    for (const auto &param : req.params)
        request.query.emplace(param.first, param.second);
    request.accept = req.get_header_value("Accept");
    request.contentType = req.get_header_value("Content-Type");
    request.authorization = req.get_header_value("Authorization");
    request.body = req.body;
    if (options.clientCertAuth)
        request.clientCertificateUser = verifiedClientCommonName(req.ssl);

    ApiResponse response = router->handle(request);
    if (response.delay.count() > 0) {
        const auto until = std::chrono::steady_clock::now() + response.delay;
        while (std::chrono::steady_clock::now() < until && !store.isShutdown())
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    for (const auto &header : response.headers)
        res.set_header(header.first.c_str(), header.second);
    if (response.watch) {
        res.status = 200;
        const int fd = req.ssl ? SSL_get_fd(req.ssl) : findConnectionSocket(req.remote_addr, req.remote_port, req.local_port);
        std::shared_ptr<WatchStream> stream = response.watch;
        // "; charset=utf-8" keeps cpp-httplib from gzipping the stream: its compressor only
        // flushes at the end, which would hold events back from Go clients (they send
        // Accept-Encoding: gzip). Clients parse the media type and ignore the parameter.
        res.set_chunked_content_provider("application/json; charset=utf-8",
                                         [stream, fd](std::size_t, httplib::DataSink &sink) {
                                             if (peerClosed(fd))
                                                 return false;
                                             std::vector<std::string> chunks;
                                             const WatchStream::Step step = stream->next(&chunks, kWatchPoll);
                                             for (const std::string &chunk : chunks) {
                                                 if (!sink.write(chunk.data(), chunk.size()))
                                                     return false;
                                             }
                                             if (step == WatchStream::Step::Abort)
                                                 return false;
                                             if (step == WatchStream::Step::Finished)
                                                 sink.done();
                                             return true;
                                         });
        return;
    }
    res.status = response.status;
    if (response.generate) {
        const int fd = req.ssl ? SSL_get_fd(req.ssl) : findConnectionSocket(req.remote_addr, req.remote_port, req.local_port);
        auto generate = std::move(response.generate);
        // Chunked and "; charset=utf-8" (never gzipped), like watches: faults stream their bodies.
        res.set_chunked_content_provider(response.contentType.c_str(),
                                         [this, generate, fd](std::size_t, httplib::DataSink &sink) {
                                             if (peerClosed(fd) || store.isShutdown())
                                                 return false;
                                             std::string chunk;
                                             const bool more = generate(&chunk);
                                             if (!chunk.empty() && !sink.write(chunk.data(), chunk.size()))
                                                 return false;
                                             if (!more)
                                                 sink.done();
                                             return true;
                                         });
        return;
    }
    if (response.body.empty()) {
        res.set_content(response.body, response.contentType.c_str());
        return;
    }
    // A fixed-length content provider keeps cpp-httplib from compressing on its own (it
    // would pick brotli for "br", minutes for a 100k-profile list). Like kube-apiserver,
    // only bodies over 128 KiB are gzipped, at level 1, and only when the client asks.
    auto body = std::make_shared<std::string>(std::move(response.body));
    if ((body->size() > kGzipThreshold || response.brokenGzip) && acceptsGzip(req.get_header_value("Accept-Encoding"))) {
        std::string compressed;
        if (gzipCompress(*body, &compressed)) {
            if (response.brokenGzip)
                compressed.resize(compressed.size() / 2);
            *body = std::move(compressed);
            res.set_header("Content-Encoding", "gzip");
        }
    }
    res.set_content_provider(body->size(), response.contentType.c_str(),
                             [body](std::size_t offset, std::size_t length, httplib::DataSink &sink) {
                                 return sink.write(body->data() + offset, length);
                             });
}

HubServer::HubServer(HubOptions options)
    : d(std::make_unique<Impl>(std::move(options)))
{
    d->store.setContinueTtl(std::chrono::seconds(d->options.continueTtlSeconds));
}

HubServer::~HubServer()
{
    stop();
}

bool HubServer::start(std::string *error)
{
    std::lock_guard<std::mutex> lock(d->mutex);
    if (d->running)
        return true;
    std::string scratch;
    std::string &err = error ? *error : scratch;
    if (!d->loadContent(&err))
        return false;
    const HubOptions &o = d->options;
    const auto colon = o.listenAddress.rfind(':');
    d->host = o.listenAddress.substr(0, colon);
    if (d->host.size() > 1 && d->host.front() == '[')
        d->host = d->host.substr(1, d->host.size() - 2);
    const int wantedPort = std::atoi(o.listenAddress.substr(colon + 1).c_str());
    d->token = o.token.empty() ? randomAlnum(32) : o.token;
    if (!d->makeServer(&err))
        return false;

    httplib::Server &server = *d->server;
    const int threads = o.threads;
    server.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
    server.set_keep_alive_timeout(kKeepAliveSeconds);
    server.set_keep_alive_max_count(1000);
    server.set_read_timeout(30);
    server.set_write_timeout(10);
    if (o.logRequests) {
        server.set_logger([](const httplib::Request &req, const httplib::Response &res) {
            std::fprintf(stderr, "%s %s -> %d\n", req.method.c_str(), req.target.c_str(), res.status);
        });
    }
    auto handler = [this](const httplib::Request &req, httplib::Response &res) { d->handle(req, res); };
    server.Get(".*", handler);
    server.Post(".*", handler);
    server.Put(".*", handler);
    server.Patch(".*", handler);
    server.Delete(".*", handler);

    if (wantedPort == 0) {
        d->port = server.bind_to_any_port(d->host);
        if (d->port <= 0) {
            err = "cannot listen on " + o.listenAddress;
            return false;
        }
    } else {
        if (!server.bind_to_port(d->host, wantedPort)) {
            err = "cannot listen on " + o.listenAddress + " (address in use?)";
            return false;
        }
        d->port = wantedPort;
    }
    const std::string connectHost = (d->host == "0.0.0.0" || d->host == "::") ? "127.0.0.1" : d->host;
    AccessPolicy policy;
    policy.adminToken = d->token;
    policy.allowAnonymous = o.allowAnonymous < 0 ? !o.tls : o.allowAnonymous == 1;
    policy.acceptClientCertificates = o.clientCertAuth && o.tls;
    policy.restrictions = o.restrictions;
    policy.forbidden = o.forbidden;
    WatchSettings watch{o.minWatchTimeoutSeconds, o.bookmarkIntervalSeconds, o.watchList};
    d->router = std::make_unique<ApiRouter>(d->store, d->faults, policy, watch,
                                            connectHost + ":" + std::to_string(d->port), o.serverVersion, o.served);
    if (o.churnRate > 0) {
        d->churn = std::make_unique<ChurnGenerator>(d->store, o.churnRate, o.churnForSeconds, o.seed, o.churnHealth,
                                                    o.onFault);
        d->router->setChurningProbe([churn = d->churn.get()] { return churn->churning(); });
    }
    d->store.reopen();
    d->listener = std::thread([this] {
        // OpenSSL writes with write(2), which raises SIGPIPE when a client has gone. Worker
        // threads inherit this thread's mask, so blocking it here keeps an embedding
        // application alive (the write then just fails with EPIPE) without touching its
        // process-wide signal handling.
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
        d->server->listen_after_bind();
    });
    // stop() is a no-op until the listener runs; wait so that a quick stop cannot hang.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!d->server->is_running() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (d->churn)
        d->churn->start();
    if (o.workloadChurn > 0) {
        d->workloadChurn = std::make_unique<WorkloadChurn>(d->store, o.workloadChurn, o.seed, o.onFault);
        d->workloadChurn->start();
    }
    d->running = true;
    if (!o.kubeconfigOut.empty()) {
        // writeKubeconfig() and stop() take the lock themselves.
        d->mutex.unlock();
        const bool ok = writeKubeconfig(o.kubeconfigOut, o.contextName, &err);
        if (!ok)
            stop(); // a half-started hub would serve without anyone knowing how to reach it
        d->mutex.lock();
        return ok;
    }
    return true;
}

void HubServer::stop()
{
    std::lock_guard<std::mutex> lock(d->mutex);
    if (!d->running)
        return;
    if (d->churn)
        d->churn->stop();
    if (d->workloadChurn)
        d->workloadChurn->stop();
    d->workloadChurn.reset();
    d->store.shutdown(); // watches end within one poll
    d->server->stop();
    if (d->listener.joinable())
        d->listener.join();
    d->server.reset();
    d->churn.reset(); // after the server: /fleetscope-hub/truth asks it whether it churns
    d->running = false;
}

bool HubServer::isRunning() const
{
    std::lock_guard<std::mutex> lock(d->mutex);
    return d->running;
}

std::string HubServer::url() const
{
    std::lock_guard<std::mutex> lock(d->mutex);
    std::string host = (d->host == "0.0.0.0" || d->host == "::") ? "127.0.0.1" : d->host;
    if (host.find(':') != std::string::npos)
        host = "[" + host + "]";
    return (d->options.tls ? "https://" : "http://") + host + ":" + std::to_string(d->port);
}

int HubServer::port() const
{
    std::lock_guard<std::mutex> lock(d->mutex);
    return d->port;
}

std::string HubServer::token() const
{
    std::lock_guard<std::mutex> lock(d->mutex);
    return d->token;
}

std::string HubServer::caCertificatePem() const
{
    std::lock_guard<std::mutex> lock(d->mutex);
    return d->options.tls ? d->certificates.ca.certificate : std::string();
}

bool HubServer::writeKubeconfig(const std::string &path, const std::string &contextName, std::string *error) const
{
    const std::string server = url();
    const std::string ca = caCertificatePem();
    const std::string tokenValue = token();
    std::string text = "apiVersion: v1\nkind: Config\nclusters:\n- name: " + contextName + "\n  cluster:\n    server: "
        + server + "\n";
    if (!ca.empty())
        text += "    certificate-authority-data: " + base64Encode(ca) + "\n";
    text += "contexts:\n- name: " + contextName + "\n  context:\n    cluster: " + contextName
        + "\n    user: " + contextName + "\n    namespace: default\ncurrent-context: " + contextName
        + "\nusers:\n- name: " + contextName + "\n  user:\n";
    // kubectl never sends a token over plain HTTP, so none is written for it.
    text += d->options.tls ? "    token: " + tokenValue + "\n" : "    {}\n";
    text += "preferences: {}\n";
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        if (error)
            *error = path + ": cannot write the kubeconfig";
        return false;
    }
    ::fchmod(fd, 0600); // the file may have existed with wider permissions
    const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    ::close(fd);
    if (!ok && error)
        *error = path + ": short write";
    return ok;
}

bool HubServer::issueClientCertificate(const std::string &user, PemPair *out, std::string *error) const
{
    std::lock_guard<std::mutex> lock(d->mutex);
    if (!d->options.tls || d->certificates.ca.privateKey.empty()) {
        *error = "client certificates need the hub's generated CA (TLS without --tls-cert)";
        return false;
    }
    return fleetscope::hub::issueClientCertificate(d->certificates.ca, user, {"system:masters"}, out, error);
}

namespace {
StoreResult unknownType(const std::string &apiVersion, const std::string &kind)
{
    StoreResult result;
    result.error = errors::badRequest("no kind \"" + kind + "\" is registered for version \"" + apiVersion + "\"");
    return result;
}

} // namespace

StoreResult HubServer::create(const nlohmann::json &object)
{
    const ResourceType *type = findResourceTypeForObject(object.value("apiVersion", std::string()),
                                                         object.value("kind", std::string()));
    if (!type)
        return unknownType(object.value("apiVersion", std::string()), object.value("kind", std::string()));
    return d->store.create(*type, metadataString(object, "namespace"), object, true);
}

StoreResult HubServer::apply(const nlohmann::json &object)
{
    const ResourceType *type = findResourceTypeForObject(object.value("apiVersion", std::string()),
                                                         object.value("kind", std::string()));
    if (!type)
        return unknownType(object.value("apiVersion", std::string()), object.value("kind", std::string()));
    const std::string ns = metadataString(object, "namespace");
    const std::string name = metadataString(object, "name");
    StoreResult current = d->store.get(*type, ns, name);
    if (!current.object) {
        if (type->namespaced && !ns.empty()
            && !d->store.get(*findResourceType("", "namespaces"), {}, ns).object)
            d->store.create(*findResourceType("", "namespaces"), {},
                            {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", ns}}}});
        return d->store.create(*type, ns, object, true);
    }
    nlohmann::json next = object;
    next["metadata"]["resourceVersion"] = (*current.object)["metadata"]["resourceVersion"];
    StoreResult result = d->store.update(*type, ns, name, next, Subresource::None);
    if (result.error.ok() && type->hasStatus && object.contains("status")) {
        // JSON patch "add" replaces the whole status, which a merge patch would merge into.
        const nlohmann::json replaceStatus = nlohmann::json::array(
            {{{"op", "add"}, {"path", "/status"}, {"value", object["status"]}}});
        result = d->store.patch(*type, ns, name, PatchKind::Json, replaceStatus, Subresource::Status);
    }
    return result;
}

StoreResult HubServer::update(const nlohmann::json &object)
{
    const ResourceType *type = findResourceTypeForObject(object.value("apiVersion", std::string()),
                                                         object.value("kind", std::string()));
    if (!type)
        return unknownType(object.value("apiVersion", std::string()), object.value("kind", std::string()));
    return d->store.update(*type, metadataString(object, "namespace"), metadataString(object, "name"), object,
                           Subresource::None);
}

StoreResult HubServer::updateStatus(const nlohmann::json &object)
{
    const ResourceType *type = findResourceTypeForObject(object.value("apiVersion", std::string()),
                                                         object.value("kind", std::string()));
    if (!type)
        return unknownType(object.value("apiVersion", std::string()), object.value("kind", std::string()));
    return d->store.update(*type, metadataString(object, "namespace"), metadataString(object, "name"), object,
                           Subresource::Status);
}

StoreResult HubServer::patch(const std::string &apiVersion, const std::string &kind, const std::string &namespaceName,
                             const std::string &name, PatchKind patchKind, const nlohmann::json &patchBody,
                             Subresource subresource)
{
    const ResourceType *type = findResourceTypeForObject(apiVersion, kind);
    if (!type)
        return unknownType(apiVersion, kind);
    return d->store.patch(*type, namespaceName, name, patchKind, patchBody, subresource);
}

StoreResult HubServer::remove(const std::string &apiVersion, const std::string &kind,
                              const std::string &namespaceName, const std::string &name)
{
    const ResourceType *type = findResourceTypeForObject(apiVersion, kind);
    if (!type)
        return unknownType(apiVersion, kind);
    return d->store.remove(*type, namespaceName, name);
}

StoreResult HubServer::get(const std::string &apiVersion, const std::string &kind, const std::string &namespaceName,
                           const std::string &name) const
{
    const ResourceType *type = findResourceTypeForObject(apiVersion, kind);
    if (!type)
        return unknownType(apiVersion, kind);
    return d->store.get(*type, namespaceName, name);
}

std::uint64_t HubServer::currentResourceVersion() const
{
    return d->store.currentRv();
}

ObjectStore &HubServer::store()
{
    return d->store;
}

FaultInjector &HubServer::faults()
{
    return d->faults;
}

const HubOptions &HubServer::options() const
{
    return d->options;
}

} // namespace fleetscope::hub
