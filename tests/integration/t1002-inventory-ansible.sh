#!/bin/sh
# SPDX-License-Identifier: MIT
# Any Ansible inventory, through what the real 'ansible-inventory --list' prints: a YAML
# inventory with nested groups, group_vars and host_vars, and a dynamic inventory script.
# Host and group variables map to the same settings as in an INI inventory, a child group's
# variables win over its parent's, --export (variables kept on their groups) gives the same
# devices, a password variable is dropped and never shown, and a mistyped fabric_audit_
# variable is one "file:line:column" error with a suggestion (exit 65).
. "$(dirname "$0")/lib.sh"

command -v ansible-inventory >/dev/null 2>&1 ||
	fa_skip "ansible-inventory is not installed (Debian package ansible-core)"
# Ansible writes its temporary and cache files under HOME: keep them in the test's folder.
HOME="$FA_TMP/home"
ANSIBLE_LOCAL_TEMP="$FA_TMP/home/tmp"
export HOME ANSIBLE_LOCAL_TEMP
mkdir -p "$HOME" "$FA_TMP/site/group_vars" "$FA_TMP/site/host_vars"
cd "$FA_TMP/site" || exit 1

cat >hosts.yml <<'EOT'
all:
  vars:
    ansible_user: audit
  children:
    pod1:
      children:
        leaves:
          hosts:
            leaf01:
              ansible_host: 127.0.0.1
            leaf02:
        gpus:
          hosts:
            gpu[01:02]:
EOT
cat >group_vars/pod1.yml <<'EOT'
fabric_audit_role: pod-member
fabric_audit_tags: pod1
EOT
cat >group_vars/leaves.yml <<'EOT'
ansible_network_os: nvidia.nvue.nvue
fabric_audit_role: leaf
EOT
cat >group_vars/gpus.yml <<'EOT'
fabric_audit_platform: linux
fabric_audit_role: gpu-host
EOT
cat >host_vars/gpu01.yml <<'EOT'
ansible_port: 2222
ansible_become_pass: Secr3t-become
rail: 3
EOT

# the fields that say what a device is, one line per device
summary() {
	python3 -c '
import json, sys
for d in json.load(open(sys.argv[1]))["devices"]:
    print(d["name"], d["address"], d["platform"], d.get("role", "-"), d.get("user", "-"), d["port"],
          ",".join(d["groups"]), ",".join(d["tags"]), json.dumps(d.get("vars", {}), sort_keys=True))
' "$1"
}

ansible-inventory -i hosts.yml --list >list.json 2>"$FA_TMP/ansible.err" ||
	fa_fail "ansible-inventory --list runs" "$FA_TMP/ansible.err"
fa_run inventory show -f json -i list.json
fa_expect_rc "the output of 'ansible-inventory --list' is an inventory (exit 0)" 0
summary "$FA_TMP/out" >"$FA_TMP/list.summary"
cat >"$FA_TMP/want" <<'EOT'
leaf01 127.0.0.1 cumulus leaf audit 22 pod1,leaves pod1 {}
leaf02 leaf02 cumulus leaf audit 22 pod1,leaves pod1 {}
gpu01 gpu01 linux gpu-host audit 2222 pod1,gpus pod1 {"rail": 3}
gpu02 gpu02 linux gpu-host audit 22 pod1,gpus pod1 {}
EOT
sort "$FA_TMP/want" >"$FA_TMP/want.sorted"
sort "$FA_TMP/list.summary" >"$FA_TMP/got.sorted"
if cmp -s "$FA_TMP/want.sorted" "$FA_TMP/got.sorted"; then
	fa_ok "hosts, group_vars and host_vars map to address, platform, role, user, port, tags, vars"
else
	fa_fail "hosts, group_vars and host_vars map to the settings" "$FA_TMP/want.sorted" \
		"$FA_TMP/got.sorted"
fi
fa_expect_no_grep "a password variable is never shown" 'Secr3t-become' "$FA_TMP/out"

ansible-inventory -i hosts.yml --list --export >export.json 2>"$FA_TMP/ansible.err" ||
	fa_fail "ansible-inventory --list --export runs" "$FA_TMP/ansible.err"
fa_run inventory show -f json -i export.json
fa_expect_rc "the --export form is an inventory too (exit 0)" 0
summary "$FA_TMP/out" | sort >"$FA_TMP/export.sorted"
if cmp -s "$FA_TMP/got.sorted" "$FA_TMP/export.sorted"; then
	fa_ok "--export (variables on their groups, a child's winning) gives the same devices"
else
	fa_fail "--export gives the same devices" "$FA_TMP/got.sorted" "$FA_TMP/export.sorted"
fi
fa_expect_no_grep "a password variable is never shown (--export)" 'Secr3t-become' "$FA_TMP/out"

# a dynamic inventory: an executable that prints the inventory, as plugins and scripts do
cat >dynamic.py <<'EOT'
#!/usr/bin/env python3
import json, sys
if "--host" in sys.argv:
    print("{}")
else:
    print(json.dumps({"spines": {"hosts": ["spine01"],
                                 "vars": {"ansible_network_os": "cumulus"}},
                      "_meta": {"hostvars": {"spine01": {"ansible_host": "127.0.0.9",
                                                         "fabric_audit_role": "spine"}}}}))
EOT
chmod +x dynamic.py
ansible-inventory -i dynamic.py --list >dynamic.json 2>"$FA_TMP/ansible.err" ||
	fa_fail "ansible-inventory runs the dynamic inventory" "$FA_TMP/ansible.err"
fa_run inventory show -f json -i dynamic.json
fa_expect_rc "a dynamic inventory's output is an inventory (exit 0)" 0
summary "$FA_TMP/out" >"$FA_TMP/dynamic.summary"
fa_expect_grep "the dynamic inventory's host has its address, platform and role" \
	'^spine01 127.0.0.9 cumulus spine ' "$FA_TMP/dynamic.summary"

printf 'fabric_audit_rol: spine\n' >host_vars/leaf02.yml
ansible-inventory -i hosts.yml --list >typo.json 2>"$FA_TMP/ansible.err"
line=$(grep -n '"fabric_audit_rol"' typo.json | cut -d: -f1)
fa_run inventory show -i typo.json
fa_expect_rc "a mistyped fabric_audit_ variable exits 65" 65
fa_expect_grep "the error names file, line and column and suggests the right name" \
	"^fabric-audit: typo.json:$line:[0-9]+: unknown variable 'fabric_audit_rol' \(did you mean 'fabric_audit_role'\?\)$" \
	"$FA_TMP/err"

fa_done
