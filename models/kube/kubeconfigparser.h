#pragma once

#include "kube/kubeconfig.h"

#include <QByteArray>
#include <QString>

namespace fleetscope {

// Reads one kubeconfig file the way kubectl's clientcmd.Load does, but walks the
// YAML nodes itself so that every error names FILE:LINE:COLUMN and the field path:
//   "/home/me/.kube/config:12:13: clusters[0].cluster.server: expected a string, got a number"
// Unknown fields are ignored (kubectl is not strict); YAML 1.1 scalars as in api/yamljson.h;
// `*-data` fields are base64-decoded; exec interactiveMode gets kubectl's v1beta1
// default. Paths stay as written (see KubeconfigLoader for resolution). Only the
// first YAML document counts, as in kubectl. Never throws.
//
// `fileName` is used in messages and recorded as every entry's origin.
bool parseKubeconfig(const QByteArray &text, const QString &fileName, Kubeconfig *out, QString *error);

} // namespace fleetscope
