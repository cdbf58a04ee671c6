#!/bin/sh
# SPDX-License-Identifier: MIT
# The JSON Schemas of the report and the snapshot (docs/schema/) accept the sample reports, the
# reports the binary writes, and a snapshot that uses every field of docs/model.md; a misspelt
# field anywhere fails; and the snapshot schema names exactly the fields docs/model.md lists.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"
python3 -c 'from jsonschema import Draft202012Validator, FormatChecker' 2>/dev/null ||
	fa_skip "python3-jsonschema (with Draft 2020-12) is not installed"

SCHEMAS="$FA_SRCDIR/docs/schema"
SAMPLES="$FA_SRCDIR/tests/fixtures/reports"

# validate.py SCHEMA FILE...: exit 0 when every FILE is valid, 1 (errors on stdout) otherwise.
cat >"$FA_TMP/validate.py" <<'PY'
import json, sys
from jsonschema import Draft202012Validator, FormatChecker

with open(sys.argv[1]) as f:
    schema = json.load(f)
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema, format_checker=FormatChecker())
bad = 0
for path in sys.argv[2:]:
    with open(path) as f:
        doc = json.load(f)
    for e in validator.iter_errors(doc):
        bad += 1
        print("%s: %s: %s" % (path, "/".join(str(p) for p in e.absolute_path), e.message))
sys.exit(1 if bad else 0)
PY

# mutate.py IN OUT PATH NEWKEY: rename the key at PATH (slash-separated, numbers index
# arrays) to NEWKEY, as a typing mistake would.
cat >"$FA_TMP/mutate.py" <<'PY'
import json, sys

src, dst, path, newkey = sys.argv[1:5]
with open(src) as f:
    doc = json.load(f)
parts = path.split("/")
obj = doc
for p in parts[:-1]:
    obj = obj[int(p)] if isinstance(obj, list) else obj[p]
obj[newkey] = obj.pop(parts[-1])
with open(dst, "w") as f:
    json.dump(doc, f)
PY

validate() {
	timeout 60 python3 "$FA_TMP/validate.py" "$@" >"$FA_TMP/validate.out" 2>&1
}

# 1. Every sample report, as written and as the binary re-renders it, is valid.
for f in clean findings incomplete; do
	if validate "$SCHEMAS/report.schema.json" "$SAMPLES/$f.json"; then
		fa_ok "sample report $f.json is valid"
	else
		fa_fail "sample report $f.json is valid" "$FA_TMP/validate.out"
	fi
	fa_run report --format json "$SAMPLES/$f.json"
	fa_expect_rc "fabric-audit report --format json $f.json succeeds" 0
	cp "$FA_TMP/out" "$FA_TMP/$f.rendered.json"
	if validate "$SCHEMAS/report.schema.json" "$FA_TMP/$f.rendered.json"; then
		fa_ok "the JSON the binary writes for $f.json is valid"
	else
		fa_fail "the JSON the binary writes for $f.json is valid" "$FA_TMP/validate.out"
	fi
done

# 2. A misspelt field fails validation, at every level.
for case in "summary:sumary" "findings/0/severity:severty" "findings/1/subject/a/port:prot" \
	"coverage/devices/ok:okay" "rules/0/counts/notevaluable:not_evaluable" \
	"warnings/0/message:msg"; do
	path=${case%%:*}
	key=${case#*:}
	python3 "$FA_TMP/mutate.py" "$SAMPLES/findings.json" "$FA_TMP/misspelt.json" "$path" "$key"
	if validate "$SCHEMAS/report.schema.json" "$FA_TMP/misspelt.json"; then
		fa_fail "a report with '$path' misspelt as '$key' is rejected"
	else
		fa_ok "a report with '$path' misspelt as '$key' is rejected"
	fi
done

# 3. The snapshot schema accepts a snapshot using every field and rejects misspelt ones.
if validate "$SCHEMAS/snapshot.schema.json" "$SAMPLES/snapshot-all-fields.json"; then
	fa_ok "a snapshot with every model field is valid"
else
	fa_fail "a snapshot with every model field is valid" "$FA_TMP/validate.out"
fi
for case in "devices/0/ports/0/mtu:mut" "devices/0/ports/0/qos/pfc_enabled:pfc_enable" \
	"devices/0/ports/0/nic/firmware:fw" "devices/0/hostname:host_name" "links/0/source:src" \
	"devices/0/ports/0/nic/mlxconfig/LINK_TYPE_P1/current:curent"; do
	path=${case%%:*}
	key=${case#*:}
	python3 "$FA_TMP/mutate.py" "$SAMPLES/snapshot-all-fields.json" "$FA_TMP/misspelt.json" \
		"$path" "$key"
	if validate "$SCHEMAS/snapshot.schema.json" "$FA_TMP/misspelt.json"; then
		fa_fail "a snapshot with '$path' misspelt as '$key' is rejected"
	else
		fa_ok "a snapshot with '$path' misspelt as '$key' is rejected"
	fi
done

# 4. The snapshot schema and the tables of docs/model.md name the same fields.
cat >"$FA_TMP/drift.py" <<'PY'
import json, re, sys

with open(sys.argv[1]) as f:
    schema = json.load(f)
with open(sys.argv[2]) as f:
    doc = f.read()

def resolve(node):
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].split("/")[-1]]
    return node

def paths(node, prefix, maps):
    node = resolve(node)
    if node.get("type") == "array" and "items" in node:
        node = resolve(node["items"])
    if "additionalProperties" in node and "properties" not in node:
        maps.add(prefix.rstrip("."))
    out = set()
    for key, sub in node.get("properties", {}).items():
        out.add(prefix + key)
        out |= paths(sub, prefix + key + ".", maps)
    return out

# The field reference is generated from audit/fields.def ("### Device fields", "### Port
# fields"): full names, with "name[]" for list items and "*" for free map keys.
documented = {}
section = None
for line in doc.splitlines():
    m = re.match(r"^##+ (\w+)", line)
    if m:
        section = m.group(1)
        continue
    if section in ("Snapshot", "Device", "Port") and line.startswith("| `"):
        first = line.split("|")[1]
        for name in re.findall(r"`([a-z0-9_.\[\]*]+)`", first):
            if section != "Snapshot":
                prefix = section.lower() + "."
                if not name.startswith(prefix):
                    continue
                name = name[len(prefix):].replace("[]", "").split(".*")[0]
                if name == "ports":
                    continue
            documented.setdefault(section, set()).add(name)

device = dict(resolve(schema["$defs"]["device"]))
device["properties"] = {k: v for k, v in device["properties"].items() if k != "ports"}
port = schema["$defs"]["port"]
maps = set()
have = {
    "Snapshot": set(schema["properties"]),
    "Device": paths(device, "", maps),
    "Port": paths(port, "", maps),
}
bad = 0
for section, names in documented.items():
    for name in sorted(names - have[section]):
        # A key of a map whose keys are free (software.nccl).
        if any(name.startswith(m + ".") for m in maps):
            continue
        print("%s field %s is in docs/model.md but not in the schema" % (section, name))
        bad += 1
    for name in sorted(have[section] - names):
        # An object the table documents whole (os) or only through its leaves (qos.ecn).
        if not any(name.startswith(d + ".") or d.startswith(name + ".") for d in names):
            print("%s field %s is in the schema but not in docs/model.md" % (section, name))
            bad += 1
if set(documented) != {"Snapshot", "Device", "Port"}:
    print("docs/model.md tables not found: %s" % sorted(documented))
    bad += 1
sys.exit(1 if bad else 0)
PY
if timeout 60 python3 "$FA_TMP/drift.py" "$SCHEMAS/snapshot.schema.json" \
	"$FA_SRCDIR/docs/model.md" >"$FA_TMP/drift.out" 2>&1; then
	fa_ok "the snapshot schema has exactly the fields of docs/model.md"
else
	fa_fail "the snapshot schema has exactly the fields of docs/model.md" "$FA_TMP/drift.out"
fi

fa_done
