package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The namespaces `up` creates. "reader" may read the inventory in the first two only.
var inventoryNamespaces = []string{"team-a", "team-b", "other"}

const (
	readerNamespaces = 2 // team-a, team-b
	harnessNamespace = "fleetscope-harness"
	revokedSA        = "revoked"
	// The revoked user's token is bound to this Secret: deleting it revokes the token.
	revokedBinding = "revoked-token-binding"
	inventoryRole  = "fleetscope:inventory-reader"
)

// writeTokenFile writes --token-auth-file for the two users that never change: "admin"
// (system:masters) and "reader" (no group; RBAC grants it all it may do). kube-apiserver reads
// this file once at start, so a token in it cannot be revoked: "revoked" is a service-account
// token instead (see setUp).
func writeTokenFile(path string) (map[string]string, error) {
	tokens := map[string]string{"admin": randomToken(), "reader": randomToken()}
	csv := fmt.Sprintf("%s,admin,admin,system:masters\n%s,reader,reader\n", tokens["admin"], tokens["reader"])
	return tokens, os.WriteFile(path, []byte(csv), 0o600)
}

func randomToken() string {
	b := make([]byte, 24)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// setUp creates the namespaces, the RBAC of "reader" and "revoked", the token of "revoked",
// and the CRDs, and returns once each user can do what it may.
func (h *harness) setUp(ctx context.Context) error {
	a := h.admin
	for _, ns := range append([]string{harnessNamespace}, inventoryNamespaces...) {
		body := obj{"apiVersion": "v1", "kind": "Namespace", "metadata": obj{"name": ns}}
		if err := a.create(ctx, "/api/v1/namespaces", body, nil); err != nil {
			return fmt.Errorf("namespace %s: %w", ns, err)
		}
	}
	role := obj{
		"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
		"metadata": obj{"name": inventoryRole},
		"rules": []obj{{
			"apiGroups": []string{"multicluster.x-k8s.io"},
			"resources": []string{"clusterprofiles", "placementdecisions"},
			"verbs":     []string{"get", "list", "watch"},
		}},
	}
	if err := a.create(ctx, "/apis/rbac.authorization.k8s.io/v1/clusterroles", role, nil); err != nil {
		return fmt.Errorf("cluster role: %w", err)
	}
	for _, ns := range inventoryNamespaces[:readerNamespaces] {
		binding := obj{
			"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
			"metadata": obj{"name": inventoryRole, "namespace": ns},
			"roleRef":  obj{"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": inventoryRole},
			"subjects": []obj{
				{"kind": "User", "apiGroup": "rbac.authorization.k8s.io", "name": "reader"},
				{"kind": "ServiceAccount", "name": revokedSA, "namespace": harnessNamespace},
			},
		}
		if err := a.create(ctx, "/apis/rbac.authorization.k8s.io/v1/namespaces/"+ns+"/rolebindings", binding, nil); err != nil {
			return fmt.Errorf("role binding in %s: %w", ns, err)
		}
	}

	// "revoked": a service account whose token is bound to a Secret. kube-apiserver checks on
	// every request (after its 10 s cache of successful authentications) that the Secret still
	// exists with the same UID, so deleting it turns the token into a 401.
	nsPath := "/api/v1/namespaces/" + harnessNamespace
	sa := obj{"apiVersion": "v1", "kind": "ServiceAccount", "metadata": obj{"name": revokedSA}}
	if err := a.create(ctx, nsPath+"/serviceaccounts", sa, nil); err != nil {
		return fmt.Errorf("service account: %w", err)
	}
	var secret struct {
		Metadata struct{ UID string } `json:"metadata"`
	}
	sec := obj{"apiVersion": "v1", "kind": "Secret", "metadata": obj{"name": revokedBinding}, "type": "Opaque"}
	if err := a.create(ctx, nsPath+"/secrets", sec, &secret); err != nil {
		return fmt.Errorf("secret: %w", err)
	}
	var tr struct {
		Status struct{ Token string } `json:"status"`
	}
	req := obj{
		"apiVersion": "authentication.k8s.io/v1", "kind": "TokenRequest",
		"spec": obj{
			"expirationSeconds": 7 * 24 * 3600,
			"boundObjectRef":    obj{"apiVersion": "v1", "kind": "Secret", "name": revokedBinding, "uid": secret.Metadata.UID},
		},
	}
	if err := a.create(ctx, nsPath+"/serviceaccounts/"+revokedSA+"/token", req, &tr); err != nil {
		return fmt.Errorf("token request: %w", err)
	}
	h.ready.Tokens["revoked"] = tr.Status.Token
	h.ready.Revoke = RevokeInfo{
		Path:     nsPath + "/secrets/" + revokedBinding,
		Username: "system:serviceaccount:" + harnessNamespace + ":" + revokedSA,
	}

	if err := h.installCRDs(ctx); err != nil {
		return err
	}
	// RBAC takes effect through informers: wait until both users see what they may.
	for _, user := range []string{"reader", "revoked"} {
		c := a.withToken(h.ready.Tokens[user])
		path := "/apis/multicluster.x-k8s.io/v1alpha1/namespaces/team-a/clusterprofiles"
		if err := waitFor(ctx, h.apiserver, user+" may list in team-a", func() error {
			return c.do(ctx, http.MethodGet, path, nil, nil)
		}); err != nil {
			return err
		}
	}
	return nil
}

// revoke deletes the object the "revoked" token is bound to, then waits for the first 401.
func revoke(r *Ready) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	a, err := newAPIClient(r.Server, r.CAFile, r.Tokens["admin"])
	if err != nil {
		return err
	}
	if err := a.do(ctx, http.MethodDelete, r.Revoke.Path, nil, nil); err != nil && !isStatus(err, http.StatusNotFound) {
		return err
	}
	t0 := time.Now()
	c := a.withToken(r.Tokens["revoked"])
	for {
		err := c.do(ctx, http.MethodGet, "/apis/multicluster.x-k8s.io/v1alpha1/namespaces/team-a/clusterprofiles", nil, nil)
		if isStatus(err, http.StatusUnauthorized) {
			fmt.Fprintf(os.Stderr, "the token of %s is refused (401) %.1f s after the revocation\n", r.Revoke.Username, time.Since(t0).Seconds())
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("token still accepted: %v", err)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

func clientFiles(dir string) []string {
	files := []string{filepath.Join(dir, "ca.crt"), filepath.Join(dir, "kubeconfig")}
	for _, u := range []string{"admin", "reader", "revoked"} {
		files = append(files, filepath.Join(dir, u+".kubeconfig"))
	}
	return files
}

// writeClientFiles writes one kubeconfig per user (its only context named after it) and
// DIR/kubeconfig with all three contexts, "admin" current.
func (h *harness) writeClientFiles() error {
	ca, err := os.ReadFile(h.ready.CAFile)
	if err != nil {
		return err
	}
	users := []string{"admin", "reader", "revoked"}
	h.ready.Kubeconfig = map[string]string{}
	for _, u := range append(users, "all") {
		list, name := []string{u}, u+".kubeconfig"
		if u == "all" {
			list, name = users, "kubeconfig"
		}
		path := filepath.Join(h.o.dir, name)
		if err := os.WriteFile(path, []byte(kubeconfig(h.ready.Server, ca, h.ready.Tokens, list)), 0o600); err != nil {
			return err
		}
		h.ready.Kubeconfig[u] = path
	}
	return nil
}

func kubeconfig(server string, ca []byte, tokens map[string]string, users []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "apiVersion: v1\nkind: Config\ncurrent-context: %s\nclusters:\n- name: fleetscope-controlplane\n  cluster:\n    server: %s\n    certificate-authority-data: %s\n",
		users[0], server, base64.StdEncoding.EncodeToString(ca))
	b.WriteString("users:\n")
	for _, u := range users {
		fmt.Fprintf(&b, "- name: %s\n  user:\n    token: %s\n", u, tokens[u])
	}
	b.WriteString("contexts:\n")
	for _, u := range users {
		fmt.Fprintf(&b, "- name: %s\n  context:\n    cluster: fleetscope-controlplane\n    user: %s\n", u, u)
		if u != "admin" {
			b.WriteString("    namespace: team-a\n")
		}
	}
	return b.String()
}
