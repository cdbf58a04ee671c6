# SPDX-License-Identifier: MIT
# Shared by the t6xxx tests (sourced after lib.sh): the example fabric before and after a
# ConnectX-7 firmware update, made by bench/gen-fabric and collected by fabric-audit.
#
#   fa_fw_snapshot NAME [FAULT...]   generate a fabric with the faults and collect it into
#                                    $FA_TMP/NAME.json (its fabric in $FA_TMP/NAME/)
#   fa_fw_update_faults [SKIP]       the --fault options that put every NIC of the 4 hosts on
#                                    28.41.1000, except host/rdma SKIP (e.g. gpu03/mlx5_1)
#   $FA_FW_ALLOW                     the allow-list of that update

FA_GEN="${FA_BUILDDIR:-$FA_SRCDIR}/bench/gen-fabric"
[ -x "$FA_GEN" ] || fa_skip "bench/gen-fabric is not built"

fa_fw_update_faults() {
	for h in gpu01 gpu02 gpu03 gpu04; do
		for n in mlx5_0 mlx5_1; do
			[ "$h/$n" = "${1:-}" ] && continue
			printf ' --fault fw:%s/%s=28.41.1000' "$h" "$n"
		done
	done
}

fa_fw_snapshot() {
	name=$1
	shift
	"$FA_GEN" -o "$FA_TMP/$name" "$@" ||
		{ echo "gen-fabric failed for $name"; exit 1; }
	timeout 120 "$FA" collect -i "$FA_TMP/$name/inventory.yaml" -o "$FA_TMP/$name.json" \
		2>"$FA_TMP/$name.collect.err" ||
		{ echo "collect failed for $name"; cat "$FA_TMP/$name.collect.err"; exit 1; }
}

FA_FW_ALLOW="$FA_TMP/expected.yaml"
cat >"$FA_FW_ALLOW" <<'YAML'
# Change CHG-2041: ConnectX-7 firmware 28.39.1002 -> 28.41.1000 on every GPU host.
allow:
  - selector: { role: gpu-host, port: "ens*" }
    field: nic.firmware
    from: "28.39.1002"
    to: "28.41.1000"
    reason: CHG-2041 ConnectX-7 firmware update
YAML

# schema-check.py SCHEMA FILE [JSONPATH]: FILE (or its member JSONPATH) is valid.
cat >"$FA_TMP/schema-check.py" <<'PY'
import json, sys
from jsonschema import Draft202012Validator, FormatChecker

schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
doc = json.load(open(sys.argv[2]))
if len(sys.argv) > 3:
    doc = doc[sys.argv[3]]
errors = list(Draft202012Validator(schema, format_checker=FormatChecker()).iter_errors(doc))
for e in errors:
    print("/".join(str(p) for p in e.absolute_path), e.message)
sys.exit(1 if errors else 0)
PY

# fa_schema_ok DESCRIPTION SCHEMA FILE [MEMBER]: skipped (as passed, with a note) without
# python3-jsonschema.
fa_schema_ok() {
	if ! python3 -c 'from jsonschema import Draft202012Validator' 2>/dev/null; then
		fa_ok "$1 (not checked: python3-jsonschema is not installed)"
	elif timeout 60 python3 "$FA_TMP/schema-check.py" "$2" "$3" ${4:+"$4"} \
		>"$FA_TMP/schema.out" 2>&1; then
		fa_ok "$1"
	else
		fa_fail "$1" "$FA_TMP/schema.out"
	fi
}
