package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

type upOptions struct {
	dir, binDir, crdDir     string
	timeout                 time.Duration
	apiserverArgs, etcdArgs multiFlag
}

// proc is one child process, its output appended to a log file in DIR.
type proc struct {
	name string
	log  string
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has exited
	err  error
}

func start(bin string, args []string, logPath string) (*proc, error) {
	log, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer log.Close()
	fmt.Fprintf(log, "\n==== %s: %s %q\n", time.Now().Format(time.RFC3339), bin, args)
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = log, log
	// Own process group: a Ctrl-C in a terminal reaches only the harness, which then stops
	// kube-apiserver before etcd. Pdeathsig: no orphan survives a harness killed outright.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{name: filepath.Base(bin), log: logPath, cmd: cmd, done: make(chan struct{})}
	go func() { p.err = cmd.Wait(); close(p.done) }()
	return p, nil
}

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// stop asks with SIGTERM, then kills after grace, and returns once the process is gone.
func (p *proc) stop(grace time.Duration) {
	if p == nil || p.exited() {
		return
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(grace):
		fmt.Fprintf(os.Stderr, "%s did not stop within %v; killing it\n", p.name, grace)
		p.cmd.Process.Kill()
		<-p.done
	}
}

// freePorts asks the kernel for n distinct free loopback ports. Another process could take one
// before our child binds it; the child then fails to start and `up` says so.
func freePorts(n int) ([]int, error) {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

type harness struct {
	o         upOptions
	state     string // DIR/state: certificates, token file, etcd data
	pki       *pki
	ready     Ready
	etcd      *proc
	apiserver *proc
	apiArgs   []string
	etcdArgs  []string
	admin     *apiClient
}

func up(o upOptions) error {
	t0 := time.Now()
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return err
	}
	// One harness per folder. The kernel drops the lock when the process ends, however it ends.
	lock, err := os.OpenFile(filepath.Join(o.dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return fmt.Errorf("%s is in use by another harness", o.dir)
	}
	h := &harness{o: o, state: filepath.Join(o.dir, "state")}
	// A harness killed outright leaves its state behind; it is of no use to anyone.
	os.RemoveAll(h.state)
	os.Remove(readyPath(o.dir))
	defer h.cleanup()

	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer cancel()
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	usr1 := make(chan os.Signal, 1)
	signal.Notify(usr1, syscall.SIGUSR1)

	startup, cancelStartup := context.WithTimeout(ctx, o.timeout)
	defer cancelStartup()
	if err := h.start(startup); err != nil {
		if ctx.Err() != nil {
			return nil // stopped by a signal while starting
		}
		return err
	}
	h.ready.StartupMS = time.Since(t0).Milliseconds()
	if err := writeReady(&h.ready); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "control plane ready in %.1f s: kube-apiserver %s at %s, etcd %s; see %s\n",
		time.Since(t0).Seconds(), h.ready.APIServer.Version, h.ready.Server, h.ready.Etcd.Version, readyPath(o.dir))
	fmt.Printf("export KUBECONFIG=%s\n", h.ready.Kubeconfig["admin"])

	for {
		select {
		case <-ctx.Done():
			return nil
		case <-hup:
			if err := h.restartAPIServer(ctx); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
		case <-usr1:
			if err := h.wipeEtcd(ctx); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
		case <-h.etcd.done:
			return fmt.Errorf("etcd exited: %v (see %s)", h.etcd.err, h.ready.Etcd.Log)
		case <-h.apiserver.done:
			return fmt.Errorf("kube-apiserver exited: %v (see %s)", h.apiserver.err, h.ready.APIServer.Log)
		}
	}
}

func (h *harness) start(ctx context.Context) error {
	var err error
	if h.pki, err = newPKI(filepath.Join(h.state, "pki")); err != nil {
		return err
	}
	p := h.pki
	err = errors.Join(
		p.issue("apiserver", "kube-apiserver", "127.0.0.1", "::1", "localhost", serviceIP,
			"kubernetes", "kubernetes.default", "kubernetes.default.svc", "kubernetes.default.svc.cluster.local"),
		p.issue("etcd", "etcd", "127.0.0.1", "localhost"),
		p.issue("etcd-client", "kube-apiserver-etcd-client"),
		p.serviceAccountKey())
	if err != nil {
		return err
	}
	caFile := filepath.Join(h.o.dir, "ca.crt")
	if err := copyFile(p.path("ca.crt"), caFile); err != nil {
		return err
	}
	tokens, err := writeTokenFile(filepath.Join(h.state, "tokens.csv"))
	if err != nil {
		return err
	}
	ports, err := freePorts(3)
	if err != nil {
		return err
	}
	clientURL := fmt.Sprintf("https://127.0.0.1:%d", ports[0])
	peerURL := fmt.Sprintf("http://127.0.0.1:%d", ports[1])
	h.ready = Ready{
		Format:     1,
		Dir:        h.o.dir,
		HarnessPID: os.Getpid(),
		Server:     fmt.Sprintf("https://127.0.0.1:%d", ports[2]),
		CAFile:     caFile,
		Tokens:     tokens,
		Namespaces: inventoryNamespaces,
		APIServer:  APIServerInfo{Port: ports[2], Log: filepath.Join(h.o.dir, "kube-apiserver.log")},
		Etcd: EtcdInfo{ClientURL: clientURL, PeerURL: peerURL, Log: filepath.Join(h.o.dir, "etcd.log"),
			ClientCert: p.path("etcd-client.crt"), ClientKey: p.path("etcd-client.key")},
	}

	etcdArgs := append([]string{
		"--name=fleetscope",
		"--data-dir=" + filepath.Join(h.state, "etcd"),
		"--listen-client-urls=" + clientURL, "--advertise-client-urls=" + clientURL,
		// Peers are never used by a single member; the peer port is loopback only.
		"--listen-peer-urls=" + peerURL, "--initial-advertise-peer-urls=" + peerURL,
		"--initial-cluster=fleetscope=" + peerURL,
		"--cert-file=" + p.path("etcd.crt"), "--key-file=" + p.path("etcd.key"),
		"--trusted-ca-file=" + p.path("ca.crt"), "--client-cert-auth",
		// The data is thrown away at exit: fsync only slows loading many objects.
		"--unsafe-no-fsync",
		"--quota-backend-bytes=" + strconv.Itoa(8<<30),
		"--log-level=warn",
	}, h.o.etcdArgs...)
	h.etcdArgs = etcdArgs
	if h.etcd, err = start(filepath.Join(h.o.binDir, "etcd"), etcdArgs, h.ready.Etcd.Log); err != nil {
		return err
	}
	h.ready.Etcd.PID = h.etcd.cmd.Process.Pid
	etcdc, err := newEtcdClient(&h.ready)
	if err != nil {
		return err
	}
	if err := waitFor(ctx, h.etcd, "etcd health", func() error { return etcdc.healthy(ctx) }); err != nil {
		return err
	}
	if h.ready.Etcd.Version, err = etcdc.version(ctx); err != nil {
		return err
	}

	h.apiArgs = append([]string{
		"--bind-address=127.0.0.1", "--advertise-address=127.0.0.1",
		"--secure-port=" + strconv.Itoa(ports[2]),
		"--cert-dir=" + filepath.Join(h.state, "apiserver"),
		"--tls-cert-file=" + p.path("apiserver.crt"), "--tls-private-key-file=" + p.path("apiserver.key"),
		"--client-ca-file=" + p.path("ca.crt"),
		"--etcd-servers=" + clientURL,
		"--etcd-cafile=" + p.path("ca.crt"),
		"--etcd-certfile=" + p.path("etcd-client.crt"), "--etcd-keyfile=" + p.path("etcd-client.key"),
		"--token-auth-file=" + filepath.Join(h.state, "tokens.csv"),
		"--authorization-mode=Node,RBAC",
		"--service-account-issuer=https://kubernetes.default.svc.cluster.local",
		"--service-account-key-file=" + p.path("sa.pub"),
		"--service-account-signing-key-file=" + p.path("sa.key"),
		"--service-cluster-ip-range=10.0.0.0/24",
		// The endpoint of the "kubernetes" service would be 127.0.0.1, which Endpoints reject;
		// nothing runs in a pod here to use it.
		"--endpoint-reconciler-type=none",
		// Without a grace period for watches, kube-apiserver's HTTP server waits for
		// open watches to end by themselves when told to stop, so every restart
		// with a client watching ran into the 30 s kill below. With it, watches are
		// ended (the body just ends, as at a timeout) and a restart takes seconds.
		"--shutdown-watch-termination-grace-period=2s",
	}, h.o.apiserverArgs...)
	h.ready.APIServer.Args = h.apiArgs
	h.admin, err = newAPIClient(h.ready.Server, p.path("ca.crt"), tokens["admin"])
	if err != nil {
		return err
	}
	if err := h.startAPIServer(ctx); err != nil {
		return err
	}
	if err := h.setUp(ctx); err != nil {
		return err
	}
	return h.writeClientFiles()
}

func (h *harness) startAPIServer(ctx context.Context) error {
	var err error
	h.apiserver, err = start(filepath.Join(h.o.binDir, "kube-apiserver"), h.apiArgs, h.ready.APIServer.Log)
	if err != nil {
		return err
	}
	h.ready.APIServer.PID = h.apiserver.cmd.Process.Pid
	if err := waitFor(ctx, h.apiserver, "kube-apiserver /readyz", func() error { return h.admin.readyz(ctx) }); err != nil {
		return err
	}
	h.ready.APIServer.Version, err = h.admin.version(ctx)
	return err
}

func (h *harness) restartAPIServer(ctx context.Context) error {
	fmt.Fprintln(os.Stderr, "restarting kube-apiserver")
	h.apiserver.stop(30 * time.Second)
	restart, cancel := context.WithTimeout(ctx, h.o.timeout)
	defer cancel()
	if err := h.startAPIServer(restart); err != nil {
		return err
	}
	h.ready.APIServer.Restarts++
	fmt.Fprintf(os.Stderr, "kube-apiserver ready again (pid %d)\n", h.ready.APIServer.PID)
	return writeReady(&h.ready)
}

// wipeEtcd replaces etcd's data with none, as a restore of an empty backup would: kube-apiserver
// is stopped, etcd restarted on an empty data folder, kube-apiserver started again, and the
// namespaces, users and CRDs set up anew. Resource versions start over, far below those clients
// saw. The revoked user's token is a new one (its old Secret is gone); the kubeconfigs and
// DIR/ready say so.
func (h *harness) wipeEtcd(ctx context.Context) error {
	fmt.Fprintln(os.Stderr, "replacing etcd by an empty one")
	h.apiserver.stop(30 * time.Second)
	h.etcd.stop(10 * time.Second)
	if err := os.RemoveAll(filepath.Join(h.state, "etcd")); err != nil {
		return err
	}
	wipe, cancel := context.WithTimeout(ctx, h.o.timeout)
	defer cancel()
	var err error
	if h.etcd, err = start(filepath.Join(h.o.binDir, "etcd"), h.etcdArgs, h.ready.Etcd.Log); err != nil {
		return err
	}
	h.ready.Etcd.PID = h.etcd.cmd.Process.Pid
	etcdc, err := newEtcdClient(&h.ready)
	if err != nil {
		return err
	}
	if err := waitFor(wipe, h.etcd, "etcd health", func() error { return etcdc.healthy(wipe) }); err != nil {
		return err
	}
	if err := h.startAPIServer(wipe); err != nil {
		return err
	}
	if err := h.setUp(wipe); err != nil {
		return err
	}
	if err := h.writeClientFiles(); err != nil {
		return err
	}
	h.ready.APIServer.Restarts++
	h.ready.EtcdWipes++
	fmt.Fprintf(os.Stderr, "etcd empty again, kube-apiserver ready (pid %d)\n", h.ready.APIServer.PID)
	return writeReady(&h.ready)
}

// waitFor retries check every 100 ms until it passes, the process exits or ctx ends.
func waitFor(ctx context.Context, p *proc, what string, check func() error) error {
	var last error
	for {
		if last = check(); last == nil {
			return nil
		}
		select {
		case <-p.done:
			return fmt.Errorf("%s exited before %s passed: %v (see %s)", p.name, what, p.err, p.log)
		case <-ctx.Done():
			return fmt.Errorf("%s: %v; last error: %v", what, ctx.Err(), last)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// cleanup stops kube-apiserver, then etcd, and removes what `up` wrote, but for the logs.
func (h *harness) cleanup() {
	h.apiserver.stop(30 * time.Second)
	h.etcd.stop(10 * time.Second)
	os.Remove(readyPath(h.o.dir))
	for _, f := range clientFiles(h.o.dir) {
		os.Remove(f)
	}
	os.RemoveAll(h.state)
	os.Remove(filepath.Join(h.o.dir, ".lock")) // last: the folder is free from here on
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
