package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// etcdClient speaks etcd's v3 client API through the JSON gateway that etcd serves on its
// client port, with the client certificate etcd demands.
type etcdClient struct {
	url  string
	http *http.Client
}

func newEtcdClient(r *Ready) (*etcdClient, error) {
	cert, err := tls.LoadX509KeyPair(r.Etcd.ClientCert, r.Etcd.ClientKey)
	if err != nil {
		return nil, err
	}
	pem, err := os.ReadFile(r.CAFile)
	if err != nil {
		return nil, err
	}
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(pem)
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots, Certificates: []tls.Certificate{cert}}}
	return &etcdClient{url: r.Etcd.ClientURL, http: &http.Client{Transport: tr, Timeout: time.Minute}}, nil
}

func (c *etcdClient) call(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		data, _ := json.Marshal(in)
		body = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.url+path, body)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("etcd %s: HTTP %d: %s", path, resp.StatusCode, bytes.TrimSpace(data))
	}
	return json.Unmarshal(data, out)
}

func (c *etcdClient) healthy(ctx context.Context) error {
	var h struct{ Health, Reason string }
	if err := c.call(ctx, http.MethodGet, "/health", nil, &h); err != nil {
		return err
	}
	if h.Health != "true" {
		return fmt.Errorf("etcd not healthy: %q", h.Reason)
	}
	return nil
}

func (c *etcdClient) version(ctx context.Context) (string, error) {
	var v struct {
		Server string `json:"etcdserver"`
	}
	err := c.call(ctx, http.MethodGet, "/version", nil, &v)
	return v.Server, err
}

// compact compacts etcd's history up to its current revision and returns the revision it
// compacted at, the way kube-apiserver's own periodic compaction (--etcd-compaction-interval)
// does: etcd's compaction, and that revision under compact_rev_key, which kube-apiserver watches
// to learn how far etcd is compacted. It returns once lists of the CRDs' resources at an older
// resourceVersion fail with 410 Gone: kube-apiserver's watch cache drops its older list
// snapshots only every 15 s. Watches that the watch cache serves are not affected at all; see
// the CONTRIBUTING section.
func compact(r *Ready) (int64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := newEtcdClient(r)
	if err != nil {
		return 0, err
	}
	// The compaction revision is that of a write to compact_rev_key, not of the newest object:
	// a watch from the resourceVersion just before the newest object would otherwise start at
	// the compaction revision itself, and kube-apiserver (when not serving it from the watch
	// cache) fails such a watch with an internal error, the previous value being compacted away.
	var put struct {
		Header struct {
			Revision string `json:"revision"`
		} `json:"header"`
	}
	key := b64("compact_rev_key")
	if err := c.call(ctx, http.MethodPost, "/v3/kv/put", obj{"key": key, "value": b64("0")}, &put); err != nil {
		return 0, err
	}
	rev, err := strconv.ParseInt(put.Header.Revision, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("etcd revision %q: %v", put.Header.Revision, err)
	}
	var out obj
	// physical: answer only once the compaction is applied, so that the next read sees it.
	if err := c.call(ctx, http.MethodPost, "/v3/kv/compaction", obj{"revision": rev, "physical": true}, &out); err != nil {
		return 0, err
	}
	if err := c.call(ctx, http.MethodPost, "/v3/kv/put", obj{"key": key, "value": b64(strconv.FormatInt(rev, 10))}, &out); err != nil {
		return 0, err
	}
	return rev, waitListsExpired(ctx, r, rev-1)
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// waitListsExpired waits until an exact list at rev of each CRD's resource gets 410.
func waitListsExpired(ctx context.Context, r *Ready, rev int64) error {
	a, err := newAPIClient(r.Server, r.CAFile, r.Tokens["admin"])
	if err != nil {
		return err
	}
	for _, name := range r.CRDs.Names {
		plural, group, _ := strings.Cut(name, ".")
		path := fmt.Sprintf("/apis/%s/%s/%s?resourceVersionMatch=Exact&resourceVersion=%d", group, r.CRDs.Served[name][0], plural, rev)
		for {
			err := a.do(ctx, http.MethodGet, path, nil, nil)
			if isStatus(err, http.StatusGone) {
				break
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("compacted, but %s still answers %v", path, err)
			case <-time.After(250 * time.Millisecond):
			}
		}
	}
	return nil
}

// requestWipe signals the harness to replace etcd by an empty one and waits until it has
// rewritten DIR/ready.
func requestWipe(r *Ready) error {
	if err := syscall.Kill(r.HarnessPID, syscall.SIGUSR1); err != nil {
		return err
	}
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
		if now, err := readReady(r.Dir); err == nil && now.EtcdWipes > r.EtcdWipes {
			return nil
		}
		if syscall.Kill(r.HarnessPID, 0) != nil {
			return fmt.Errorf("the harness %d exited", r.HarnessPID)
		}
	}
	return fmt.Errorf("etcd and kube-apiserver not back within 3 minutes")
}

// requestRestart signals the harness and waits until it has rewritten DIR/ready for the new
// kube-apiserver.
func requestRestart(r *Ready) error {
	if err := syscall.Kill(r.HarnessPID, syscall.SIGHUP); err != nil {
		return err
	}
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
		if now, err := readReady(r.Dir); err == nil && now.APIServer.Restarts > r.APIServer.Restarts {
			return nil
		}
		if syscall.Kill(r.HarnessPID, 0) != nil {
			return fmt.Errorf("the harness %d exited", r.HarnessPID)
		}
	}
	return fmt.Errorf("kube-apiserver not back within 3 minutes")
}
