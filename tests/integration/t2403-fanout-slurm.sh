#!/bin/sh
# SPDX-License-Identifier: MIT
# Fan-out under Slurm, end to end on this machine: a private one-node cluster (munged,
# slurmctld, slurmd on 127.0.0.1 with their own configuration, ports and state folder), the
# srun line of docs/fanout.md writing one fragment per node, then merge.  Needs root and
# Debian's slurm-wlm and munge; skips (77) otherwise.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || fa_skip "needs root to run munged, slurmctld and slurmd"
for b in munged slurmctld slurmd srun; do
	command -v "$b" >/dev/null 2>&1 || fa_skip "$b is not installed (Debian packages slurm-wlm, munge)"
done
command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"

T="$FA_TMP"
chmod 711 "$T"
mkdir -p "$T/state" "$T/spool" "$T/shared/frags"
munge_pid=
ctld_pid=
slurmd_pid=
cleanup() {
	[ -n "$slurmd_pid" ] && kill "$slurmd_pid" 2>/dev/null
	[ -n "$ctld_pid" ] && kill "$ctld_pid" 2>/dev/null
	[ -n "$munge_pid" ] && kill "$munge_pid" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT

dd if=/dev/urandom of="$T/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$T/munge.key"
munged -F -f --socket="$T/munge.sock" --key-file="$T/munge.key" --pid-file="$T/munged.pid" \
	--log-file="$T/munged.log" --seed-file="$T/munged.seed" 2>/dev/null &
munge_pid=$!
PORT=$(fa_free_port)
H=$(hostname -s)
cat >"$T/slurm.conf" <<EOF
ClusterName=fa
SlurmctldHost=$H(127.0.0.1)
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
AuthType=auth/munge
AuthInfo=socket=$T/munge.sock
CryptoType=crypto/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
ReturnToService=2
NodeName=$H NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=fa Nodes=$H Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF="$T/slurm.conf"
export SLURM_CONF
i=0
while [ ! -S "$T/munge.sock" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
slurmctld -D -f "$SLURM_CONF" >"$T/ctld.out" 2>&1 &
ctld_pid=$!
slurmd -D -f "$SLURM_CONF" >"$T/slurmd.out" 2>&1 &
slurmd_pid=$!
i=0
until sinfo -h -o %t 2>/dev/null | grep -q idle; do
	sleep 0.2; i=$((i + 1))
	[ $i -lt 150 ] || fa_skip "the private Slurm cluster did not come up: $(tail -n 3 "$T/slurmctld.log" "$T/slurmd.log" 2>&1)"
done
fa_ok "a private one-node Slurm cluster is up"

# The line of docs/fanout.md: one task per node, each writes <node>.json to shared storage.
timeout 120 srun --nodes=1 --ntasks-per-node=1 --time=5 \
	sh -c "$FA collect --local --name \"\$SLURMD_NODENAME\" -o $T/shared/frags/\"\$SLURMD_NODENAME\".json" \
	>"$T/srun.out" 2>&1
if [ -s "$T/shared/frags/$H.json" ]; then
	fa_ok "srun runs collect --local on the node and writes $H.json"
else
	fa_fail "srun runs collect --local on the node" "$T/srun.out" "$T/slurmd.log"
fi
fa_run merge -o "$T/shared/fabric.json" "$T/shared/frags"
fa_expect_rc "merge of the srun fragments exits 0" 0
fa_expect_grep "the node is in the merged snapshot" "\"name\": ?\"$H\"" "$T/shared/fabric.json"

fa_done
