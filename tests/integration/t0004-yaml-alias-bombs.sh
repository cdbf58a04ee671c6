#!/bin/sh
# SPDX-License-Identifier: MIT
# YAML alias bombs: a rule pack of 610 bytes whose params nest aliases nine levels deep
# (10^9 values once expanded) and an inventory with the same bomb in a device's vars are
# refused at once with file:line:column and exit 65, instead of growing to gigabytes (the
# rule pack was killed out of memory; the inventory ran for a minute and then exited 0 with
# the vars dropped).  Small anchors reused still work.
. "$(dirname "$0")/lib.sh"

# fa_run_quick DESC ARGS...: run with a 5 s bound (refusing takes well under 0.1 s; the bomb
# expanded runs for minutes); the status is in $fa_rc, 124 when the bound was hit.
fa_run_quick() {
	fa_rc=0
	timeout 5 "$FA" "$@" >"$FA_TMP/out" 2>"$FA_TMP/err" </dev/null || fa_rc=$?
}

cat >"$FA_TMP/lol-rules.yaml" <<'YAML'
# A rule pack whose params stand for 10^9 values through aliases nested nine levels deep.
# Loading it must refuse, not expand it.
pack: lol
params:
  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]
  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]
  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]
  i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]
rules: []
YAML
size=$(wc -c <"$FA_TMP/lol-rules.yaml")
fa_run_quick rules check -r "$FA_TMP/lol-rules.yaml"
fa_expect_rc "a $size-byte rule pack of nested aliases exits 65 within 5 s" 65
fa_expect_grep "the alias that goes over the limit is named by file:line:column" \
	'lol-rules\.yaml:10:38: aliases stand for more than 1000000 values' "$FA_TMP/err"
fa_run_quick run -i "$FA_SRCDIR/examples/roce-pod/inventory.yaml" -r "$FA_TMP/lol-rules.yaml"
fa_expect_rc "run with that pack exits 65 before collecting" 65

cat >"$FA_TMP/lol-inv.yaml" <<'YAML'
# The same bomb in a device's vars.
devices:
  - name: leaf01
    address: 127.0.0.1
    platform: cumulus
    vars:
      a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]
      b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
      c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
      d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
      e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
      f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
      g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]
      h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]
      i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]
YAML
fa_run_quick inventory show -i "$FA_TMP/lol-inv.yaml"
fa_expect_rc "an inventory with an alias bomb in vars exits 65 within 5 s" 65
fa_expect_grep "the inventory's alias is named by file:line:column" \
	'lol-inv\.yaml:12:42: aliases stand for more than 1000000 values' "$FA_TMP/err"
fa_run_quick collect -i "$FA_TMP/lol-inv.yaml" -o "$FA_TMP/snap.json"
fa_expect_rc "collect with that inventory exits 65" 65
if [ ! -e "$FA_TMP/snap.json" ]; then
	fa_ok "no snapshot is written from a refused inventory"
else
	fa_fail "no snapshot is written from a refused inventory"
fi

# An alias inside the node it names (a cycle) is refused, not followed.
printf 'devices:\n  - name: leaf01\n    platform: cumulus\n    vars: &v { self: *v }\n' \
	>"$FA_TMP/cycle.yaml"
fa_run_quick inventory show -i "$FA_TMP/cycle.yaml"
fa_expect_rc "an alias cycle exits 65" 65
fa_expect_grep "the cycle is named at its alias" "cycle\.yaml:4:22: alias 'v' .*cycle" \
	"$FA_TMP/err"

# Small anchors reused, as inventories and packs use them, still load.
cat >"$FA_TMP/reuse.yaml" <<'YAML'
defaults:
  platform: cumulus
devices:
  - name: leaf01
    address: 127.0.0.1
    vars: &lossless { mtu: 9216, pfc: [3], ecn: true }
  - name: leaf02
    address: 127.0.0.2
    vars: *lossless
YAML
fa_run_quick inventory show -i "$FA_TMP/reuse.yaml" --format json
fa_expect_rc "an inventory reusing an anchor loads" 0
n=$(python3 -c '
import json, sys
inv = json.load(open(sys.argv[1]))
devs = inv["devices"] if isinstance(inv, dict) else inv
print(sum(1 for d in devs if d.get("vars") == {"mtu": 9216, "pfc": [3], "ecn": True}))' \
	"$FA_TMP/out" 2>&1)
if [ "$n" = 2 ]; then
	fa_ok "both devices carry the anchored vars"
else
	fa_fail "both devices carry the anchored vars (got: $n)" "$FA_TMP/out"
fi
fa_run_quick rules check
fa_expect_rc "the shipped packs, which reuse anchors, still pass rules check" 0

fa_done
