#!/bin/sh
# SPDX-License-Identifier: MIT
# fabric-audit parse on the InfiniBand fabric and GPU-host commands: real captures give the
# fields the model documents, the fragments validate against the snapshot schema, and output
# that is not what the command prints exits 65.
. "$(dirname "$0")/lib.sh"

ibnd="$FIXTURES/treydock__infiniband_exporter/collectors/fixtures/ibnetdiscover/test.out"

fa_run parse --list --platform ib-fabric
fa_expect_rc "parse --list --platform ib-fabric exits 0" 0
fa_expect_grep "the ib-fabric platform is listed as a host" '^ib-fabric \(host\)' "$FA_TMP/out"
fa_expect_grep "sminfo is optional" '^  sminfo  \(optional\)$' "$FA_TMP/out"

fa_run parse --platform ib-fabric --command 'ibnetdiscover -p' "$ibnd"
fa_expect_rc "parse of a real ibnetdiscover -p exits 0" 0
cp "$FA_TMP/out" "$FA_TMP/ibnd.json"
fa_expect_grep "a CA port is named after its node description" '"name": "o0001 HCA-1/1"' "$FA_TMP/ibnd.json"
fa_expect_grep "4x EDR is 100 Gb/s" '"rate": 100000000000' "$FA_TMP/ibnd.json"
fa_expect_grep "the peer GUID is recorded" '"port_guid": "0x7cfe9003009ce5b0"' "$FA_TMP/ibnd.json"

fa_run parse --platform ib-fabric --command 'iblinkinfo -l' "$FA_SRCDIR/tests/fixtures/ib/iblinkinfo/line-mode.txt"
fa_expect_rc "parse of iblinkinfo -l exits 0" 0
fa_expect_grep "a down port reads phys_state polling" '"phys_state": "polling"' "$FA_TMP/out"

fa_run parse --platform linux --command 'nvidia-smi -q -x' \
	"$FIXTURES/influxdata__telegraf/plugins/inputs/nvidia_smi/testdata/a100-sxm4-v12.xml"
fa_expect_rc "parse of a real nvidia-smi -q -x exits 0" 0
cp "$FA_TMP/out" "$FA_TMP/nvsmi.json"
fa_expect_grep "the driver version is read" '"nvidia_driver": "535.54.03"' "$FA_TMP/nvsmi.json"

fa_run parse --platform linux --command show_gids "$FIXTURES/host-bench__husky/extracted/README__show_gids.txt"
fa_expect_rc "parse of a real show_gids exits 0" 0
cp "$FA_TMP/out" "$FA_TMP/gids.json"
fa_expect_grep "the IPv4 of a mapped GID is read" '"ipv4": "192.168.211.242"' "$FA_TMP/gids.json"

fa_run parse --platform ib-fabric --command 'ibnetdiscover -p' \
	"$FIXTURES/influxdata__telegraf/plugins/inputs/nvidia_smi/testdata/a10g.xml"
fa_expect_rc "XML given as ibnetdiscover output exits 65" 65
fa_expect_grep "the error names the command" "'ibnetdiscover -p'" "$FA_TMP/err"

# The fragments use only fields the snapshot schema knows.
if command -v python3 >/dev/null 2>&1 &&
	python3 -c 'from jsonschema import Draft202012Validator' 2>/dev/null; then
	cat >"$FA_TMP/check.py" <<'PY'
import json, sys
from jsonschema import Draft202012Validator

with open(sys.argv[1]) as f:
    schema = json.load(f)
bad = 0
for path in sys.argv[2:]:
    with open(path) as f:
        dev = json.load(f)["device"]
    dev["status"] = "ok"
    sub = dict(schema)
    sub["$ref"] = "#/$defs/device"
    for key in ("type", "required", "properties", "additionalProperties"):
        sub.pop(key, None)
    for e in Draft202012Validator(sub).iter_errors(dev):
        bad += 1
        print("%s: %s: %s" % (path, "/".join(str(p) for p in e.absolute_path), e.message))
sys.exit(1 if bad else 0)
PY
	if python3 "$FA_TMP/check.py" "$FA_SRCDIR/docs/schema/snapshot.schema.json" \
		"$FA_TMP/ibnd.json" "$FA_TMP/nvsmi.json" "$FA_TMP/gids.json" >"$FA_TMP/check.out" 2>&1; then
		fa_ok "the parsed fragments validate against the snapshot schema"
	else
		fa_fail "the parsed fragments validate against the snapshot schema" "$FA_TMP/check.out"
	fi
fi

fa_done
