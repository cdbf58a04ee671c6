#!/bin/sh
# SPDX-License-Identifier: MIT
# contrib/k8s-daemonset.yaml, as far as it runs without a cluster: the manifest parses into
# the four expected objects, and the DaemonSet's and the CronJob's shell scripts, taken from
# the manifest as they are, run here with the shared volume replaced by a folder: the first
# writes this node's fragment, the second merges it.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"
python3 -c 'import yaml' 2>/dev/null || fa_skip "python3-yaml is not installed"
M="$FA_SRCDIR/contrib/k8s-daemonset.yaml"
T="$FA_TMP"

python3 - "$M" "$T" <<'PY' >"$T/kinds" 2>&1
import sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
print(" ".join(d["kind"] for d in docs))
ds = [d for d in docs if d["kind"] == "DaemonSet"][0]
cj = [d for d in docs if d["kind"] == "CronJob"][0]
c = ds["spec"]["template"]["spec"]["containers"][0]
assert ds["spec"]["template"]["spec"]["hostNetwork"] is True
assert ds["spec"]["selector"]["matchLabels"].items() <= ds["spec"]["template"]["metadata"]["labels"].items()
open(sys.argv[2] + "/collect.sh", "w").write(c["args"][0].replace("/fragments", sys.argv[2] + "/fragments"))
m = cj["spec"]["jobTemplate"]["spec"]["template"]["spec"]["containers"][0]
open(sys.argv[2] + "/merge.sh", "w").write(m["args"][0].replace("/fragments", sys.argv[2] + "/fragments"))
PY
fa_expect_grep "the manifest holds a namespace, a volume claim, the DaemonSet and the CronJob" \
	'^Namespace PersistentVolumeClaim DaemonSet CronJob$' "$T/kinds"

mkdir -p "$T/bin"
ln -s "$FA" "$T/bin/fabric-audit"
# The DaemonSet's loop: one round (it then sleeps INTERVAL seconds and is stopped here).
PATH="$T/bin:$PATH" NODE_NAME=node-a INTERVAL=3600 timeout 20 sh "$T/collect.sh" \
	>"$T/collect.out" 2>&1
[ -s "$T/fragments/hosts/node-a.json" ] &&
	fa_ok "the DaemonSet's script writes fragments/hosts/node-a.json" ||
	fa_fail "the DaemonSet's script writes fragments/hosts/node-a.json" "$T/collect.out"
PATH="$T/bin:$PATH" timeout 60 sh "$T/merge.sh" >"$T/merge.out" 2>&1
fa_expect_grep "the CronJob's script merges the fragments" \
	'merged 1 devices from 1 inputs' "$T/merge.out"
fa_expect_grep "the merged snapshot holds node-a" '"name": ?"node-a"' "$T/fragments/fabric.json"

fa_done
