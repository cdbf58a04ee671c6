#!/bin/sh
# SPDX-License-Identifier: MIT
# NETCONF against a real server on loopback: Debian's yuma123 netconfd with the OpenConfig
# interfaces models, behind a private OpenSSH sshd "Subsystem netconf".  Values set with
# <edit-config> must appear in the snapshot; captures are saved as .xml and replay the same;
# host keys are checked; a port without a server is unreachable.
# Needs root (sshd, a server socket); skips (77) when not root or when netconfd is missing and
# cannot be installed.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || fa_skip "needs root to run a private sshd and netconfd"
command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"
if { ! command -v netconfd || ! /usr/bin/python3 -c 'import ncclient'; } >/dev/null 2>&1 &&
	command -v apt-get >/dev/null 2>&1; then
	timeout 600 apt-get install -y -q netconfd python3-ncclient >"$FA_TMP/apt.log" 2>&1 || true
fi
command -v netconfd >/dev/null 2>&1 ||
	fa_skip "netconfd (Debian package netconfd, yuma123) is not installed and apt-get could not install it"
[ -x /usr/sbin/netconf-subsystem ] || fa_skip "/usr/sbin/netconf-subsystem is missing"
# Debian's python3-ncclient is for the system python, which may not be the first python3.
NCPY=
for py in python3 /usr/bin/python3; do
	"$py" -c 'import ncclient' 2>/dev/null && { NCPY=$py; break; }
done
[ -n "$NCPY" ] ||
	fa_skip "python3-ncclient (used to <edit-config> the server) is not installed and apt-get could not install it"
[ -x /usr/sbin/sshd ] || fa_skip "OpenSSH server (/usr/sbin/sshd) is not installed"
YANG="$FIXTURES/yang/openconfig__public"
if [ ! -f "$YANG/release/models/interfaces/openconfig-interfaces.yang" ]; then
	fa_fail "the OpenConfig YANG modules are in $YANG"
	fa_done
	exit 1
fi

T="$FA_TMP"
ncd_pid=
sshd_pid=
cleanup() {
	[ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null
	[ -n "$ncd_pid" ] && kill "$ncd_pid" 2>/dev/null
	[ -n "$ncd_pid" ] && wait "$ncd_pid" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT

# A port that nothing listens on (netconfd only accepts sessions whose ssh port it was given).
PORT=$(fa_free_port)
DEADPORT=$(fa_free_port)

# netconfd: OpenConfig interfaces + ethernet, plain datastore, writable running, own socket.
MODPATH=$(find "$YANG" -name '*.yang' -printf '%h\n' | sort -u | paste -sd: -)
netconfd --superuser=root --port="$PORT" --modpath="$MODPATH" \
	--module=openconfig-interfaces --module=openconfig-if-ethernet --no-startup \
	--target=running --ncxserver-sockname="$T/ncx.sock" --log="$T/netconfd.log" \
	--log-level=info >/dev/null 2>&1 &
ncd_pid=$!
i=0
while [ ! -S "$T/ncx.sock" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -S "$T/ncx.sock" ] || { cat "$T/netconfd.log"; fa_skip "netconfd did not start (log above)"; }

fa_start_sshd "$T" "$PORT" \
	"Subsystem netconf \"/usr/sbin/netconf-subsystem --ncxserver-sockname=$PORT@$T/ncx.sock\""

# nc_edit NAME MTU ENABLED [EXTRA-ETHERNET-CONFIG]: one <edit-config> to running with
# python3-ncclient, a client independent of the tool under test.  ncclient reads only
# ~/.ssh/known_hosts, hence its own HOME.
mkdir -p "$T/home/.ssh"
cp "$T/known_hosts" "$T/home/.ssh/known_hosts"
cat >"$T/edit.py" <<'EOF'
import sys
from ncclient import manager
port, key, name, mtu, enabled, extra = sys.argv[1:7]
cfg = ('<config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0">'
       '<interfaces xmlns="http://openconfig.net/yang/interfaces"><interface>'
       '<name>%s</name><config><name>%s</name>'
       '<type xmlns:ianaift="urn:ietf:params:xml:ns:yang:iana-if-type">ianaift:ethernetCsmacd</type>'
       '<mtu>%s</mtu><enabled>%s</enabled></config>%s</interface></interfaces></config>'
       % (name, name, mtu, enabled, extra))
with manager.connect(host="127.0.0.1", port=int(port), username="root", key_filename=key,
                     allow_agent=False, look_for_keys=False, timeout=20) as m:
    print(m.edit_config(target="running", config=cfg))
EOF
nc_edit() {
	HOME="$T/home" timeout 60 "$NCPY" "$T/edit.py" "$PORT" "$T/userkey" "$1" "$2" "$3" "${4:-}" \
		>"$T/edit.out" 2>"$T/edit.err" && grep -q '<ok/>' "$T/edit.out"
}

speed='<ethernet xmlns="http://openconfig.net/yang/interfaces/ethernet"><config><port-speed xmlns:oc-eth="http://openconfig.net/yang/interfaces/ethernet">oc-eth:SPEED_100GB</port-speed><auto-negotiate>false</auto-negotiate></config></ethernet>'
if nc_edit swp1 9216 true "$speed" && nc_edit swp2 1500 false; then
	fa_ok "netconfd accepts <edit-config>: swp1 MTU 9216 100G, swp2 MTU 1500 disabled"
else
	fa_fail "netconfd accepts <edit-config>" "$T/edit.out" "$T/edit.err" "$T/netconfd.log"
fi

cat >"$T/inv.yaml" <<EOF
devices:
  - name: oc1
    address: 127.0.0.1
    platform: openconfig
    transport: netconf
    port: $PORT
    user: root
    identity_file: $T/userkey
  - name: oc-dead
    address: 127.0.0.1
    platform: openconfig
    transport: netconf
    port: $DEADPORT
    user: root
    identity_file: $T/userkey
EOF

# py FILE EXPR: evaluate a Python expression over the JSON file as s; dev(name), port(d, name).
py() {
	python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
dev = lambda n: [d for d in s["devices"] if d["name"] == n][0]
port = lambda d, n: [p for p in dev(d)["ports"] if p["name"] == n][0]
print(eval(sys.argv[2]))' "$1" "$2" 2>&1
}

# expect_py DESCRIPTION FILE EXPR WANT
expect_py() {
	got=$(py "$2" "$3")
	if [ "$got" = "$4" ]; then
		fa_ok "$1"
	else
		echo "got: $got, want: $4" >"$T/py.out"
		fa_fail "$1" "$T/py.out" "$2"
	fi
}

fa_run collect -i "$T/inv.yaml" --known-hosts "$T/known_hosts" -o "$T/snap.json" \
	--save-captures "$T/caps" -t 30
fa_expect_rc "collect over NETCONF exits 0 (one device reached)" 0
expect_py "oc1 is collected" "$T/snap.json" 'dev("oc1")["status"]' ok
expect_py "swp1 has the MTU set with <edit-config> (9216)" "$T/snap.json" 'port("oc1","swp1")["mtu"]' 9216
expect_py "swp2 has the MTU set with <edit-config> (1500)" "$T/snap.json" 'port("oc1","swp2")["mtu"]' 1500
expect_py "swp1 runs at the 100G set" "$T/snap.json" 'port("oc1","swp1")["speed"]' 100000000000
expect_py "swp2 is administratively down" "$T/snap.json" 'port("oc1","swp2")["admin_state"]' down
expect_py "swp1 has autoneg off" "$T/snap.json" 'port("oc1","swp1")["autoneg"]' False
expect_py "a port with no server is unreachable" "$T/snap.json" 'dev("oc-dead")["status"]' unreachable
fa_expect_grep "netconfd served the session with base:1.1 framing" 'now active \(base:1\.1\)' \
	"$T/netconfd.log"
ls "$T/caps/oc1" >"$T/caps.list"
fa_expect_grep "the interfaces reply is saved as .xml" \
	'^get-filter-type-subtree-interfaces-xmlns-http-openconfig-net-yang-interfaces-filter-get\.xml$' \
	"$T/caps.list"
fa_expect_grep "the saved reply is netconfd's rpc-reply" '<mtu>9216</mtu>' \
	"$T/caps/oc1/get-filter-type-subtree-interfaces-xmlns-http-openconfig-net-yang-interfaces-filter-get.xml"
expect_py "every RPC sent was a <get> (read-only)" "$T/caps/oc1/meta.json" \
	'all(c["command"].startswith("<get>") for c in s["commands"]) and len(s["commands"])' 4

if python3 -c 'from jsonschema import Draft202012Validator' 2>/dev/null; then
	if python3 -c '
import json, sys
from jsonschema import Draft202012Validator, FormatChecker
schema = json.load(open(sys.argv[1]))
errs = list(Draft202012Validator(schema, format_checker=FormatChecker()).iter_errors(json.load(open(sys.argv[2]))))
for e in errs: print(e.json_path, e.message)
sys.exit(1 if errs else 0)' "$FA_SRCDIR/docs/schema/snapshot.schema.json" "$T/snap.json" >"$T/schema.out" 2>&1; then
		fa_ok "the snapshot is valid against the snapshot schema"
	else
		fa_fail "the snapshot is valid against the snapshot schema" "$T/schema.out"
	fi
fi

# Replay: the saved .xml captures give the same ports, offline.
sed -n '1,8p' "$T/inv.yaml" >"$T/inv1.yaml"
fa_run collect -i "$T/inv1.yaml" --replay "$T/caps" -o "$T/replay.json"
fa_expect_rc "replaying the .xml captures exits 0" 0
py "$T/snap.json" 'json.dumps(dev("oc1")["ports"], sort_keys=True)' >"$T/live.ports"
py "$T/replay.json" 'json.dumps(dev("oc1")["ports"], sort_keys=True)' >"$T/replay.ports"
fa_expect_golden "the replay has the same ports as the live collection" "$T/live.ports" \
	"$T/replay.ports"

# A change on the device shows up in the next collection.
nc_edit swp1 4200 true || fa_fail "netconfd accepts a second edit" "$T/edit.out"
fa_run collect -i "$T/inv1.yaml" --known-hosts "$T/known_hosts" -o "$T/snap2.json" -t 30
expect_py "the MTU changed on the device (4200) is what is collected next" "$T/snap2.json" \
	'port("oc1","swp1")["mtu"]' 4200

# Host keys: unknown is refused, --accept-new records it, a changed key is refused.
: >"$T/empty_known_hosts"
fa_run collect -i "$T/inv1.yaml" --known-hosts "$T/empty_known_hosts" -o "$T/hk.json" -t 30
fa_expect_rc "an unknown host key collects nothing (exit 69)" 69
fa_expect_grep "the unknown host key is named" 'hostkey-unknown' "$T/err"
fa_run collect -i "$T/inv1.yaml" --known-hosts "$T/empty_known_hosts" --accept-new \
	-o "$T/hk.json" -t 30
fa_expect_rc "--accept-new records the key and collects" 0
fa_expect_grep "the key is recorded in the known_hosts file" 'ssh-ed25519' "$T/empty_known_hosts"
ssh-keygen -q -t ed25519 -N '' -f "$T/otherkey"
printf '[127.0.0.1]:%s %s\n' "$PORT" "$(cut -d' ' -f1,2 "$T/otherkey.pub")" >"$T/wrong_known_hosts"
fa_run collect -i "$T/inv1.yaml" --known-hosts "$T/wrong_known_hosts" --accept-new \
	-o "$T/hk.json" -t 30
fa_expect_rc "a changed host key is refused even with --accept-new (exit 69)" 69
fa_expect_grep "the changed host key is named" 'hostkey-changed' "$T/err"

fa_done
