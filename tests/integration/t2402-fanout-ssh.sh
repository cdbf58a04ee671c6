#!/bin/sh
# SPDX-License-Identifier: MIT
# Fan-out over SSH, end to end on this machine: pdsh and an Ansible ad-hoc command reach
# "the hosts" (here: this machine, through a private sshd on 127.0.0.1), each runs
# 'fabric-audit collect --local' into a shared folder, and 'merge' joins the fragments.
# The commands are the ones docs/fanout.md shows.  Needs root (a private sshd); each tool is
# skipped on its own when it is not installed, the whole script when neither is.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || fa_skip "needs root to run a private sshd"
[ -x /usr/sbin/sshd ] || fa_skip "OpenSSH server (/usr/sbin/sshd) is not installed"
command -v ssh >/dev/null 2>&1 || fa_skip "OpenSSH client (ssh) is not installed"
command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"
have_pdsh=0
have_ansible=0
command -v pdsh >/dev/null 2>&1 && have_pdsh=1
command -v ansible >/dev/null 2>&1 && have_ansible=1
[ $have_pdsh = 1 ] || [ $have_ansible = 1 ] || fa_skip "neither pdsh nor ansible is installed"

T="$FA_TMP"
sshd_pid=
trap '[ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null; rm -rf "$T"' EXIT
PORT=$(fa_free_port)
mkdir -p "$T/shared/frags"
fa_start_sshd "$T" "$PORT"
SSHOPTS="-F /dev/null -p $PORT -i $T/userkey -o UserKnownHostsFile=$T/known_hosts -o StrictHostKeyChecking=yes -o BatchMode=yes"

if [ $have_pdsh = 1 ]; then
	# pdsh: one fragment per host, named after the host.
	PDSH_SSH_ARGS="$SSHOPTS -l%u %h" PDSH_RCMD_TYPE=ssh timeout 120 \
		pdsh -w 127.0.0.1 -l root \
		"$FA collect --local --name pdsh-\$(hostname -s) -o $T/shared/frags/pdsh-\$(hostname -s).json" \
		>"$T/pdsh.out" 2>&1
	if [ -s "$T/shared/frags/pdsh-$(hostname -s).json" ]; then
		fa_ok "pdsh runs collect --local on the host and the fragment lands in the shared folder"
	else
		fa_fail "pdsh runs collect --local on the host" "$T/pdsh.out" "$T/sshd.log"
	fi
else
	echo "# pdsh is not installed: pdsh fan-out not tried"
fi

if [ $have_ansible = 1 ]; then
	# Ansible ad-hoc: the same, one fragment per inventory host.
	printf '[gpu]\nnode1 ansible_host=127.0.0.1 ansible_port=%s ansible_user=root\n' "$PORT" \
		>"$T/hosts.ini"
	ANSIBLE_HOST_KEY_CHECKING=True ANSIBLE_LOCAL_TEMP="$T/ansible-local" \
		ANSIBLE_REMOTE_TEMP="$T/ansible-remote" timeout 300 \
		ansible gpu -i "$T/hosts.ini" --private-key "$T/userkey" \
		--ssh-common-args="-o UserKnownHostsFile=$T/known_hosts -o StrictHostKeyChecking=yes" \
		-m command -a "$FA collect --local --name {{ inventory_hostname }} -o $T/shared/frags/{{ inventory_hostname }}.json" \
		>"$T/ansible.out" 2>&1
	if [ -s "$T/shared/frags/node1.json" ]; then
		fa_ok "ansible -m command runs collect --local and the fragment lands in the shared folder"
	else
		fa_fail "ansible -m command runs collect --local" "$T/ansible.out"
	fi
else
	echo "# ansible is not installed: Ansible fan-out not tried"
fi

fa_run merge -o "$T/shared/fabric.json" "$T/shared/frags"
fa_expect_rc "merge of the fanned-out fragments exits 0" 0
n=$(ls "$T/shared/frags" | wc -l)
fa_expect_grep "every fragment is one device of the merged snapshot" \
	"merged $n devices from $n inputs \\(0 unreadable" "$FA_TMP/err"

fa_done
