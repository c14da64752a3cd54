package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

// apiClient is the little of a Kubernetes client the harness needs: JSON over HTTPS with a
// bearer token. The harness stays independent of client-go so that it builds in seconds.
type apiClient struct {
	base, token string
	http        *http.Client
}

type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.code, e.body) }

func isStatus(err error, code int) bool {
	se, ok := err.(*statusError)
	return ok && se.code == code
}

func newAPIClient(base, caFile, token string) (*apiClient, error) {
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, err
	}
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(pem)
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}, ForceAttemptHTTP2: true}
	return &apiClient{base: base, token: token, http: &http.Client{Transport: tr, Timeout: 30 * time.Second}}, nil
}

func (c *apiClient) withToken(token string) *apiClient {
	return &apiClient{base: c.base, token: token, http: c.http}
}

// do sends body (JSON-encoded unless it is already []byte) and decodes a 2xx answer into out.
func (c *apiClient) do(ctx context.Context, method, path string, body, out any) error {
	var r io.Reader
	if body != nil {
		data, ok := body.([]byte)
		if !ok {
			var err error
			if data, err = json.Marshal(body); err != nil {
				return err
			}
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, r)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return &statusError{resp.StatusCode, string(bytes.TrimSpace(data))}
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

// create POSTs obj; one that exists already counts as created.
func (c *apiClient) create(ctx context.Context, path string, obj, out any) error {
	err := c.do(ctx, http.MethodPost, path, obj, out)
	if isStatus(err, http.StatusConflict) && out == nil {
		return nil
	}
	return err
}

func (c *apiClient) readyz(ctx context.Context) error {
	return c.do(ctx, http.MethodGet, "/readyz", nil, nil)
}

func (c *apiClient) version(ctx context.Context) (string, error) {
	var v struct {
		GitVersion string `json:"gitVersion"`
	}
	err := c.do(ctx, http.MethodGet, "/version", nil, &v)
	return v.GitVersion, err
}

// obj is shorthand for the untyped JSON objects the harness sends.
type obj = map[string]any
