#!/bin/sh
# SPDX-License-Identifier: MIT
# Secrets never reach a file: the bundled example with secrets planted in a Cumulus
# "nv config show -o json" (local password hash, TACACS+ secret, SNMP communities and v3 keys,
# BGP password) and in host outputs (a PEM private key, a bearer token) is collected with
# --save-captures; no planted secret is in the saved captures, the snapshot or any report, the
# audit is the same as without them, and the files are written 0600 (FABRIC_AUDIT_FILE_MODE
# changes it).
. "$(dirname "$0")/lib.sh"

ex="$FA_TMP/ex"
cp -r "$FA_SRCDIR/examples/roce-pod" "$ex"
fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/plain.json"
fa_expect_rc "the untouched example collects" 0

secrets="S3cretHashXq SecTacacs77 CommRoPlant CommRwPlant SnmpAuthPlant SnmpPrivPlant BgpPwPlant MIIEpPlantedKeyBody BearerTokPlant"
python3 - "$ex/captures" <<'PY'
import sys
caps = sys.argv[1]
p = f"{caps}/leaf01/nv-config-show-o-json.txt"
b = open(p).read()
old = '{"set": {\n'
assert old in b
b = b.replace(old, old + '''    "system": {"aaa": {"user": {"cumulus": {"hashed-password": "$6$S3cretHashXq", "role": "system-admin"}},
      "tacacs": {"server": {"1": {"host": "10.0.0.5", "secret": "SecTacacs77"}}}}},
    "service": {"snmp-server": {"readonly-community": {"CommRoPlant": {"access": {"any": {}}}},
      "readwrite-community": {"CommRwPlant": {"access": {"any": {}}}},
      "username": {"ops": {"auth-sha": {"SnmpAuthPlant": {"encrypt-aes": {"SnmpPrivPlant": {}}}}}}}},
    "vrf": {"default": {"router": {"bgp": {"neighbor": {"10.0.0.1": {"password": "BgpPwPlant"}}}}}},
''', 1)
open(p, "w").write(b)
with open(f"{caps}/gpu01/cat-etc-nccl-conf.txt", "a") as f:
    f.write("-----BEGIN PRIVATE KEY-----\nMIIEpPlantedKeyBody\n-----END PRIVATE KEY-----\n")
    f.write("# Authorization: Bearer BearerTokPlant\n")
PY
for s in $secrets; do
	grep -rq "$s" "$ex/captures" || fa_fail "the secret $s is planted"
done

umask 022
fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/snap.json" --save-captures "$FA_TMP/caps"
fa_expect_rc "collect with secrets in the outputs exits 0" 0
fa_run audit -s "$FA_TMP/snap.json" -f json -o "$FA_TMP/report.json"
cp "$FA_TMP/out" "$FA_TMP/audit.out"
fa_run report "$FA_TMP/report.json" -f html -o "$FA_TMP/report.html"
fa_run report "$FA_TMP/report.json" -f text -o "$FA_TMP/report.txt"
fa_run diff "$FA_TMP/plain.json" "$FA_TMP/snap.json" -f json -o "$FA_TMP/diff.json"
found=""
for s in $secrets; do
	if grep -rl -- "$s" "$FA_TMP/caps" "$FA_TMP/snap.json" "$FA_TMP/report.json" \
		"$FA_TMP/report.html" "$FA_TMP/report.txt" "$FA_TMP/diff.json" >"$FA_TMP/where"; then
		found="$found $s ($(tr '\n' ' ' <"$FA_TMP/where"))"
	fi
done
if [ -z "$found" ]; then
	fa_ok "no planted secret is in the captures, the snapshot, the reports or the diff"
else
	fa_fail "no planted secret is in the captures, the snapshot, the reports or the diff:$found"
fi
fa_expect_grep "the marker stands in the saved NVUE configuration" \
	'"hashed-password": "<removed-secret>"' "$FA_TMP/caps/leaf01/nv-config-show-o-json.txt"
if python3 -m json.tool "$FA_TMP/caps/leaf01/nv-config-show-o-json.txt" >/dev/null 2>&1; then
	fa_ok "the scrubbed configuration is still JSON"
else
	fa_fail "the scrubbed configuration is still JSON" "$FA_TMP/caps/leaf01/nv-config-show-o-json.txt"
fi
# The same snapshot but for gpu01's warning about the (scrubbed) lines added to nccl.conf.
strip() { python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
s.pop('created')
for d in s['devices']:
    d['warnings'] = [w for w in d.get('warnings', []) if 'PRIVATE KEY' not in w and 'Bearer' not in w]
print(json.dumps(s, sort_keys=True))" "$1"; }
if [ "$(strip "$FA_TMP/plain.json")" = "$(strip "$FA_TMP/snap.json")" ]; then
	fa_ok "parsers read the scrubbed outputs as before: the same snapshot"
else
	fa_fail "parsers read the scrubbed outputs as before: the same snapshot"
fi
fa_expect_grep "a warning quoting the PEM line quotes it scrubbed" \
	'BEGIN PRIVATE KEY-----<removed-secret>-----END' "$FA_TMP/snap.json"

# File modes: 0600 under umask 022, for every capture, meta.json and the snapshot.
modes=$(find "$FA_TMP/caps" "$FA_TMP/snap.json" -type f -exec stat -c '%a' {} + | sort -u | tr '\n' ' ')
if [ "$modes" = "600 " ]; then
	fa_ok "captures, meta.json and the snapshot are written 0600"
else
	fa_fail "captures, meta.json and the snapshot are written 0600 (modes: $modes)"
fi
FABRIC_AUDIT_FILE_MODE=0640 fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/group.json" \
	--save-captures "$FA_TMP/caps2"
modes=$(find "$FA_TMP/caps2" "$FA_TMP/group.json" -type f -exec stat -c '%a' {} + | sort -u | tr '\n' ' ')
if [ "$modes" = "640 " ]; then
	fa_ok "FABRIC_AUDIT_FILE_MODE=0640 gives 0640"
else
	fa_fail "FABRIC_AUDIT_FILE_MODE=0640 gives 0640 (modes: $modes)"
fi

fa_done
