// fleetscope-controlplane runs a real etcd and kube-apiserver on loopback for Fleetscope's tests.
//
//	fleetscope-controlplane up --dir DIR [--apiserver-arg=--flag=value ...]
//	fleetscope-controlplane compact --dir DIR
//	fleetscope-controlplane restart-apiserver --dir DIR
//	fleetscope-controlplane revoke --dir DIR
//	fleetscope-controlplane wipe-etcd --dir DIR
//	fleetscope-controlplane churn --dir DIR --changes N --rate R
//
// `up` stays in the foreground. Once DIR/ready exists (written atomically, see ready.go) the
// control plane serves; SIGTERM or SIGINT stops both processes and removes everything it wrote
// in DIR except the two logs. The other subcommands act on a running `up` through DIR/ready.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

func init() {
	// Children get PR_SET_PDEATHSIG so that they die with the harness even when it is killed
	// with SIGKILL. The kernel ties that signal to the thread that forked them, so every fork
	// happens on the main thread, which lives as long as the process.
	runtime.LockOSThread()
}

func usage() {
	fmt.Fprintf(os.Stderr, `usage:
  %[1]s up --dir DIR [--bin DIR] [--crds DIR] [--timeout 2m] [--apiserver-arg=ARG ...] [--etcd-arg=ARG ...]
  %[1]s compact --dir DIR             compact etcd to its current revision (prints the revision)
  %[1]s restart-apiserver --dir DIR   restart kube-apiserver on the same port and wait until it is ready
  %[1]s revoke --dir DIR              revoke the token of the user "revoked" (401 within about 10 s)
  %[1]s wipe-etcd --dir DIR           replace etcd by an empty one (resource versions start over)
  %[1]s churn --dir DIR [--changes 10000] [--rate 200] [--namespaces team-a,team-b]
                                      create, update and delete ClusterProfiles; retries across restarts
`, filepath.Base(os.Args[0]))
	os.Exit(2)
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	cmd := os.Args[1]
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	dir := fs.String("dir", "", "folder for kubeconfigs, ready, logs and the temporary state")
	var err error
	switch cmd {
	case "up":
		self, _ := os.Executable()
		exeDir := filepath.Dir(self)
		var o upOptions
		fs.StringVar(&o.binDir, "bin", exeDir, "folder holding kube-apiserver and etcd")
		fs.StringVar(&o.crdDir, "crds", filepath.Join(exeDir, "..", "crds"), "folder of CRD YAML files to install")
		fs.DurationVar(&o.timeout, "timeout", 2*time.Minute, "how long startup may take")
		fs.Var(&o.apiserverArgs, "apiserver-arg", "extra kube-apiserver argument (repeatable); later flags win")
		fs.Var(&o.etcdArgs, "etcd-arg", "extra etcd argument (repeatable)")
		fs.Parse(os.Args[2:])
		o.dir = mustDir(*dir)
		err = up(o)
	case "churn":
		err = churnMain(os.Args[2:])
	case "compact", "restart-apiserver", "revoke", "wipe-etcd":
		fs.Parse(os.Args[2:])
		var r *Ready
		if r, err = readReady(mustDir(*dir)); err == nil {
			switch cmd {
			case "compact":
				var rev int64
				if rev, err = compact(r); err == nil {
					fmt.Println(rev)
				}
			case "restart-apiserver":
				err = requestRestart(r)
			case "revoke":
				err = revoke(r)
			case "wipe-etcd":
				err = requestWipe(r)
			}
		}
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "fleetscope-controlplane %s: %v\n", cmd, err)
		os.Exit(1)
	}
}

func mustDir(dir string) string {
	if dir == "" {
		fmt.Fprintln(os.Stderr, "--dir is required")
		usage()
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	return abs
}
