package main

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// Ready is DIR/ready: what a test needs to talk to the control plane. It is written with a
// rename, so a reader sees either no file or a whole one, and rewritten (same way) after each
// restart of kube-apiserver. Fields are only ever added.
type Ready struct {
	Format     int               `json:"format"` // 1
	Dir        string            `json:"dir"`
	HarnessPID int               `json:"harnessPid"`
	Server     string            `json:"server"` // https://127.0.0.1:PORT
	CAFile     string            `json:"caFile"` // PEM, also inlined in every kubeconfig
	Kubeconfig map[string]string `json:"kubeconfigs"`
	Tokens     map[string]string `json:"tokens"` // bearer tokens by user name
	Revoke     RevokeInfo        `json:"revoke"`
	Namespaces []string          `json:"namespaces"`
	CRDs       CRDInfo           `json:"crds"`
	APIServer  APIServerInfo     `json:"apiserver"`
	Etcd       EtcdInfo          `json:"etcd"`
	StartupMS  int64             `json:"startupMs"` // from harness start to ready
	EtcdWipes  int               `json:"etcdWipes"` // incremented by each wipe-etcd
}

type RevokeInfo struct {
	// Deleting this object (with the admin token) revokes the "revoked" user's token; this is
	// what the revoke subcommand does. The token is a service-account token bound to it.
	Path     string `json:"path"`
	Username string `json:"username"` // as kube-apiserver names the revoked user
}

type CRDInfo struct {
	Source  string              `json:"source"` // module and version the YAML files come from
	Names   []string            `json:"names"`
	Served  map[string][]string `json:"served"`  // CRD name -> served versions
	Derived []string            `json:"derived"` // "crd/version" entries the harness derived (see crds.go)
}

type APIServerInfo struct {
	PID      int      `json:"pid"`
	Port     int      `json:"port"`
	Version  string   `json:"version"` // gitVersion of /version
	Log      string   `json:"log"`
	Restarts int      `json:"restarts"` // incremented by each restart-apiserver
	Args     []string `json:"args"`
}

type EtcdInfo struct {
	PID        int    `json:"pid"`
	ClientURL  string `json:"clientUrl"`
	PeerURL    string `json:"peerUrl"`
	Version    string `json:"version"`
	Log        string `json:"log"`
	ClientCert string `json:"clientCert"` // etcd accepts only clients with a certificate of the CA
	ClientKey  string `json:"clientKey"`
}

func readyPath(dir string) string { return filepath.Join(dir, "ready") }

func writeReady(r *Ready) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	tmp := readyPath(r.Dir) + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, readyPath(r.Dir))
}

func readReady(dir string) (*Ready, error) {
	data, err := os.ReadFile(readyPath(dir))
	if err != nil {
		return nil, err
	}
	var r Ready
	return &r, json.Unmarshal(data, &r)
}
