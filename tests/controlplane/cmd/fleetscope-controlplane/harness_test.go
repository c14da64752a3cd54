package main

// End-to-end check of the harness against the real binaries:
//
//	bin=$(tests/controlplane/build | tail -n 1)
//	cd tests/controlplane && FLEETSCOPE_CONTROLPLANE_BIN=$bin go test ./cmd/fleetscope-controlplane
//
// Without FLEETSCOPE_CONTROLPLANE_BIN it is skipped. It takes about 40 s, most of it waiting for
// kube-apiserver's caches (token checks, 10 s; list snapshots, up to 15 s).

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestControlPlane(t *testing.T) {
	bin := os.Getenv("FLEETSCOPE_CONTROLPLANE_BIN")
	if bin == "" {
		t.Skip("FLEETSCOPE_CONTROLPLANE_BIN is not set (see the comment at the top of this file)")
	}
	harness := filepath.Join(bin, "fleetscope-controlplane")
	dir := t.TempDir()
	up := exec.Command(harness, "up", "--dir", dir)
	up.Stderr = os.Stderr
	if err := up.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- up.Wait() }()
	defer up.Process.Kill() // a no-op once it has exited
	var r *Ready
	for deadline := time.Now().Add(2 * time.Minute); r == nil; {
		if time.Now().After(deadline) {
			t.Fatal("no DIR/ready within 2 minutes")
		}
		select {
		case err := <-exited:
			t.Fatalf("harness exited before it was ready: %v", err)
		case <-time.After(100 * time.Millisecond):
		}
		r, _ = readReady(dir)
	}
	ctx := context.Background()
	client := func(user string) *apiClient {
		c, err := newAPIClient(r.Server, r.CAFile, r.Tokens[user])
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	admin, reader := client("admin"), client("reader")
	const profiles = "/apis/multicluster.x-k8s.io/%s/namespaces/%s/clusterprofiles"
	run := func(name string, f func(t *testing.T)) {
		if !t.Run(name, f) {
			t.FailNow()
		}
	}

	run("both versions served", func(t *testing.T) {
		for _, crd := range r.CRDs.Names {
			if got := strings.Join(r.CRDs.Served[crd], ","); got != "v1alpha1,v1alpha2" {
				t.Errorf("%s serves %s", crd, got)
			}
		}
	})

	var oldRV string
	run("created in v1alpha2, read in v1alpha1", func(t *testing.T) {
		cp := obj{"apiVersion": "multicluster.x-k8s.io/v1alpha2", "kind": "ClusterProfile",
			"metadata": obj{"name": "prod-eu-1"}, "spec": obj{"displayName": "Prod EU 1", "clusterManager": obj{"name": "m"}}}
		if err := admin.create(ctx, fmt.Sprintf(profiles, "v1alpha2", "team-a"), cp, nil); err != nil {
			t.Fatal(err)
		}
		var got struct {
			APIVersion string `json:"apiVersion"`
			Metadata   struct{ ResourceVersion string }
			Spec       struct{ DisplayName string }
		}
		if err := admin.do(ctx, http.MethodGet, fmt.Sprintf(profiles, "v1alpha1", "team-a")+"/prod-eu-1", nil, &got); err != nil {
			t.Fatal(err)
		}
		if got.APIVersion != "multicluster.x-k8s.io/v1alpha1" || got.Spec.DisplayName != "Prod EU 1" {
			t.Errorf("read back %+v", got)
		}
		oldRV = got.Metadata.ResourceVersion
		bad := obj{"apiVersion": "multicluster.x-k8s.io/v1alpha2", "kind": "ClusterProfile",
			"metadata": obj{"name": "bad"}, "spec": obj{"clusterManager": obj{"name": "not a label value"}}}
		if err := admin.create(ctx, fmt.Sprintf(profiles, "v1alpha2", "team-a"), bad, nil); !isStatus(err, http.StatusUnprocessableEntity) {
			t.Errorf("v1alpha2 took a manager name that is no label value: %v", err)
		}
	})

	run("reader may read team-a only", func(t *testing.T) {
		if err := reader.do(ctx, http.MethodGet, fmt.Sprintf(profiles, "v1alpha2", "team-a"), nil, nil); err != nil {
			t.Errorf("team-a: %v", err)
		}
		if err := reader.do(ctx, http.MethodGet, fmt.Sprintf(profiles, "v1alpha1", "other"), nil, nil); !isStatus(err, http.StatusForbidden) {
			t.Errorf("other: %v", err)
		}
	})

	run("HTTP/2", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodGet, r.Server+"/version", nil)
		resp, err := admin.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.Proto != "HTTP/2.0" {
			t.Errorf("negotiated %s", resp.Proto)
		}
	})

	run("WatchList ends its initial events with a bookmark", func(t *testing.T) {
		events := watch(t, admin, fmt.Sprintf(profiles, "v1alpha1", "team-a")+
			"?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true")
		last := events[len(events)-1]
		if events[0].Type != "ADDED" || last.Type != "BOOKMARK" || last.Object.Metadata.Annotations["k8s.io/initial-events-end"] != "true" {
			t.Errorf("events %+v", events)
		}
	})

	run("compact expires old lists", func(t *testing.T) {
		admin.do(ctx, http.MethodPatch, fmt.Sprintf(profiles, "v1alpha1", "team-a")+"/prod-eu-1", []byte(`{"metadata":{"labels":{"a":"b"}}}`), nil)
		out, err := exec.Command(harness, "compact", "--dir", dir).Output()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("compacted at %s", strings.TrimSpace(string(out)))
		path := fmt.Sprintf(profiles, "v1alpha1", "team-a") + "?resourceVersionMatch=Exact&resourceVersion=" + oldRV
		if err := admin.do(ctx, http.MethodGet, path, nil, nil); !isStatus(err, http.StatusGone) {
			t.Errorf("list at %s: %v", oldRV, err)
		}
	})

	run("a watch from before a restart is too old", func(t *testing.T) {
		if err := exec.Command(harness, "restart-apiserver", "--dir", dir).Run(); err != nil {
			t.Fatal(err)
		}
		events := watch(t, admin, fmt.Sprintf(profiles, "v1alpha1", "team-a")+"?watch=1&resourceVersion="+oldRV)
		if events[0].Type != "ERROR" || events[0].Object.Code != http.StatusGone || !strings.Contains(events[0].Object.Message, "too old resource version") {
			t.Errorf("events %+v", events)
		}
	})

	run("revoked gets 401", func(t *testing.T) {
		revoked := client("revoked")
		if err := revoked.do(ctx, http.MethodGet, fmt.Sprintf(profiles, "v1alpha1", "team-a"), nil, nil); err != nil {
			t.Fatalf("before revocation: %v", err)
		}
		if err := exec.Command(harness, "revoke", "--dir", dir).Run(); err != nil {
			t.Fatal(err)
		}
		if err := revoked.do(ctx, http.MethodGet, fmt.Sprintf(profiles, "v1alpha1", "team-a"), nil, nil); !isStatus(err, http.StatusUnauthorized) {
			t.Errorf("after revocation: %v", err)
		}
	})

	run("SIGTERM leaves nothing behind", func(t *testing.T) {
		r, _ = readReady(dir) // the restart changed kube-apiserver's pid
		up.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("harness: %v", err)
			}
		case <-time.After(time.Minute):
			t.Fatal("harness still running a minute after SIGTERM")
		}
		for _, pid := range []int{r.APIServer.PID, r.Etcd.PID} {
			if syscall.Kill(pid, 0) == nil {
				t.Errorf("process %d still runs", pid)
			}
		}
		left, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, f := range left {
			if name := filepath.Base(f); name != "etcd.log" && name != "kube-apiserver.log" {
				t.Errorf("left behind: %s", name)
			}
		}
	})
}

type watchEvent struct {
	Type   string
	Object struct {
		Code     int
		Message  string
		Metadata struct{ Annotations map[string]string }
	}
}

// watch reads events until a BOOKMARK or an ERROR, for 20 s at most.
func watch(t *testing.T, c *apiClient, path string) []watchEvent {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var events []watchEvent
	for lines := bufio.NewScanner(resp.Body); lines.Scan(); {
		var e watchEvent
		if err := json.Unmarshal(lines.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		events = append(events, e)
		if e.Type == "BOOKMARK" || e.Type == "ERROR" {
			break
		}
	}
	if len(events) == 0 {
		t.Fatalf("no event from %s (HTTP %d)", path, resp.StatusCode)
	}
	return events
}
