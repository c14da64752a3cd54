//go:build pin

// Package crds is never compiled (the "pin" tag is never set); this import only keeps
// `go mod tidy` from dropping the requirement on the module that carries the CRDs.
package crds

import _ "sigs.k8s.io/cluster-inventory-api/apis/v1alpha1"
