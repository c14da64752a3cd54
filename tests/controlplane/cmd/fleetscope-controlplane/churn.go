package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// churnOptions: `churn --dir DIR --changes N --rate R`. A soak's writer: N creates, updates
// (spec and labels, or status through its subresource) and deletes of ClusterProfiles at about
// R a second, with the admin token, in the namespaces given.
type churnOptions struct {
	changes    int
	rate       float64
	workers    int
	namespaces string
	prefix     string
	population int
	seed       int64
	progress   int
}

type churnCounts struct {
	Creates      int64 `json:"creates"`
	Updates      int64 `json:"updates"`
	StatusWrites int64 `json:"statusUpdates"`
	Deletes      int64 `json:"deletes"`
	// Writes sent again after the connection failed (kube-apiserver restarting): their outcome
	// is settled by the server's answer to the retry (409 on create, 404 on update or delete
	// mean the first attempt had landed).
	Retries   int64   `json:"retries"`
	Landed    int64   `json:"alreadyApplied"`
	Seconds   float64 `json:"seconds"`
	Remaining int64   `json:"remaining"` // objects of ours the writer believes exist at the end
}

// churnClient is apiClient with the content type of a merge patch, and an answer that keeps
// the HTTP status apart from transport failures (which churn retries).
type churnClient struct {
	*apiClient
}

func (c churnClient) send(ctx context.Context, method, path, contentType string, body []byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, &statusError{resp.StatusCode, string(bytes.TrimSpace(data))}
	}
	return resp.StatusCode, nil
}

// retryable: kube-apiserver is away (restarting) or not ready yet, so the same write is sent
// again. 5xx and 429 are what a starting apiserver answers; anything else is the answer.
func retryable(status int, err error) bool {
	if err == nil {
		return false
	}
	return status == 0 || status == http.StatusTooManyRequests || status >= 500
}

func churn(r *Ready, o churnOptions) error {
	if o.changes <= 0 || o.rate <= 0 || o.workers <= 0 {
		return errors.New("--changes, --rate and --workers must be positive")
	}
	namespaces := strings.Split(o.namespaces, ",")
	api, err := newAPIClient(r.Server, r.CAFile, r.Tokens["admin"])
	if err != nil {
		return err
	}
	c := churnClient{api}
	ctx := context.Background()
	var counts churnCounts
	var done atomic.Int64
	t0 := time.Now()
	interval := time.Duration(float64(time.Second) / o.rate)
	// One ticket per change, handed out at the rate asked for; a worker blocked on a
	// restarting apiserver leaves its tickets to the others, so the rate holds across restarts
	// as far as the server lets it.
	tickets := make(chan struct{})
	go func() {
		defer close(tickets)
		next := time.Now()
		for i := 0; i < o.changes; i++ {
			if d := time.Until(next); d > 0 {
				time.Sleep(d)
			}
			tickets <- struct{}{}
			next = next.Add(interval)
		}
	}()
	var wg sync.WaitGroup
	var firstErr error
	var errOnce sync.Once
	var remaining atomic.Int64
	for w := 0; w < o.workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			// Each worker owns its objects' names, so no two writes to one object race.
			rng := rand.New(rand.NewSource(o.seed + int64(w)))
			var live []string // namespace/name
			serial := 0
			for range tickets {
				var method, path, ctype string
				var body []byte
				var kind *int64
				alreadyOK := 0 // the status that means an earlier attempt of this write landed
				// Growing to the population: half creates, a tenth deletes; once there, a
				// quarter each, so that the fleet stays about that large.
				pick := rng.Intn(100)
				creates, deletes := 25, 25
				if len(live) < o.population/o.workers {
					creates, deletes = 50, 10
				}
				switch {
				case len(live) == 0 || pick < creates:
					serial++
					ns := namespaces[rng.Intn(len(namespaces))]
					name := fmt.Sprintf("%s%d-%d", o.prefix, w, serial)
					method, ctype, kind, alreadyOK = http.MethodPost, "application/json", &counts.Creates, http.StatusConflict
					path = fmt.Sprintf("/apis/multicluster.x-k8s.io/v1alpha2/namespaces/%s/clusterprofiles", ns)
					body, _ = json.Marshal(obj{
						"apiVersion": "multicluster.x-k8s.io/v1alpha2", "kind": "ClusterProfile",
						"metadata": obj{"name": name, "labels": obj{"x-k8s.io/cluster-manager": "churn", "churn": "0"}},
						"spec":     obj{"displayName": name, "clusterManager": obj{"name": "churn"}},
					})
					live = append(live, ns+"/"+name)
				case pick < 100-deletes:
					i := rng.Intn(len(live))
					ns, name, _ := strings.Cut(live[i], "/")
					base := fmt.Sprintf("/apis/multicluster.x-k8s.io/v1alpha2/namespaces/%s/clusterprofiles/%s", ns, name)
					method, ctype, alreadyOK = http.MethodPatch, "application/merge-patch+json", -1
					if rng.Intn(3) == 0 {
						path, kind = base+"/status", &counts.StatusWrites
						body, _ = json.Marshal(obj{"status": obj{"version": obj{"kubernetes": fmt.Sprintf("1.%d.%d", 30+rng.Intn(6), rng.Intn(20))}}})
					} else {
						path, kind = base, &counts.Updates
						body, _ = json.Marshal(obj{"metadata": obj{"labels": obj{"churn": fmt.Sprint(rng.Intn(1 << 20))}},
							"spec": obj{"displayName": fmt.Sprintf("%s v%d", name, rng.Intn(1<<20))}})
					}
				default:
					i := rng.Intn(len(live))
					ns, name, _ := strings.Cut(live[i], "/")
					live[i] = live[len(live)-1]
					live = live[:len(live)-1]
					method, ctype, kind, alreadyOK = http.MethodDelete, "", &counts.Deletes, http.StatusNotFound
					path = fmt.Sprintf("/apis/multicluster.x-k8s.io/v1alpha2/namespaces/%s/clusterprofiles/%s", ns, name)
				}
				if err := write(ctx, c, method, path, ctype, body, alreadyOK, &counts); err != nil {
					errOnce.Do(func() { firstErr = err })
					return
				}
				atomic.AddInt64(kind, 1)
				if n := done.Add(1); o.progress > 0 && n%int64(o.progress) == 0 {
					// Read by the test that restarts kube-apiserver part way through.
					fmt.Printf("progress %d\n", n)
				}
			}
			remaining.Add(int64(len(live)))
		}(w)
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	counts.Seconds = time.Since(t0).Seconds()
	counts.Remaining = remaining.Load()
	out, _ := json.Marshal(&counts)
	fmt.Printf("done %s\n", out)
	return nil
}

// write sends one change until the server has answered it, for up to 3 minutes of retries.
// An update (alreadyOK -1) of an object that is gone is an error: only this worker deletes it.
func write(ctx context.Context, c churnClient, method, path, ctype string, body []byte, alreadyOK int, counts *churnCounts) error {
	deadline := time.Now().Add(3 * time.Minute)
	for attempt := 0; ; attempt++ {
		status, err := c.send(ctx, method, path, ctype, body)
		if err == nil {
			return nil
		}
		if attempt > 0 && status == alreadyOK {
			atomic.AddInt64(&counts.Landed, 1)
			return nil
		}
		if !retryable(status, err) || time.Now().After(deadline) {
			return fmt.Errorf("%s %s: %v", method, path, err)
		}
		atomic.AddInt64(&counts.Retries, 1)
		time.Sleep(100 * time.Millisecond)
	}
}

func churnMain(args []string) error {
	fs := flag.NewFlagSet("churn", flag.ExitOnError)
	dir := fs.String("dir", "", "the folder of a running `up`")
	var o churnOptions
	fs.IntVar(&o.changes, "changes", 10000, "how many creates, updates and deletes in all")
	fs.Float64Var(&o.rate, "rate", 200, "changes per second")
	fs.IntVar(&o.workers, "workers", 8, "writers at once, each with objects of its own")
	fs.StringVar(&o.namespaces, "namespaces", "team-a,team-b", "comma-separated namespaces to write in")
	fs.StringVar(&o.prefix, "prefix", "churn-", "prefix of the objects' names")
	fs.IntVar(&o.population, "population", 400, "about how many objects exist at a time once grown")
	fs.Int64Var(&o.seed, "seed", 1, "random seed")
	fs.IntVar(&o.progress, "progress", 500, "print `progress N` after every this many changes (0: never)")
	fs.Parse(args)
	r, err := readReady(mustDir(*dir))
	if err != nil {
		return err
	}
	if o.population < o.workers {
		o.population = o.workers
	}
	fmt.Fprintf(os.Stderr, "churn: %d changes at %.0f/s by %d writers in %s\n", o.changes, o.rate, o.workers, o.namespaces)
	return churn(r, o)
}
