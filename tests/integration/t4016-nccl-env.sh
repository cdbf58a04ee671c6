#!/bin/sh
# SPDX-License-Identifier: MIT
# NCCL_IB_TC from an environment file the inventory names for one group (nccl_env), read
# through the replay transport as 'cat FILE' (capture cat-<path slug>.txt): it overrides
# /etc/nccl.conf, the finding names the file, a later file overrides an earlier one, a file
# the host lacks is a warning only, and a reordered file with the same settings changes
# nothing.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/nccl-lib.sh"

env1=cat-etc-profile-d-nccl-sh.txt
env2=cat-opt-site-nccl-job-env.txt

# nccl_env_pod NAME: a copy whose hosts gpu03 and gpu04 (group rack2) read two env files
nccl_env_pod() {
	nccl_pod "$1"
	cat >>"$FA_TMP/$1/inventory.yaml" <<'EOT'
  rack2:
    nccl_env: [/etc/profile.d/nccl.sh, /opt/site/nccl-job.env]
    hosts: ["gpu[03-04]"]
EOT
}

# the profile.d file of a site that moved its hosts to the wrong class
lossy_env='# NCCL on the RoCE fabric, managed by the site
export NCCL_IB_HCA="mlx5_0,mlx5_1"
export NCCL_IB_TC=41   # AF11
export NCCL_SOCKET_IFNAME=eno1
'

nccl_env_pod env
for h in gpu03 gpu04; do
	printf '%s' "$lossy_env" >"$FA_TMP/env/captures/$h/$env1"
done
nccl_audit env
fa_expect_grep "every device is collected although /opt/site/nccl-job.env is missing" \
	'"ok": 7' "$FA_TMP/env.json"
fa_expect_grep "the missing file is a warning on the host" \
	"no capture of 'cat /opt/site/nccl-job.env'.*\\(optional\\)" "$FA_TMP/env-snap.json"
fa_expect_grep "the snapshot records where gpu03's NCCL_IB_TC came from" \
	'"ib_tc": ?"/etc/profile.d/nccl.sh"' "$FA_TMP/env-snap.json"
nccl_expect_new "exactly the ports of the group's hosts are named, by nccl.tc.lossless" env \
	"nccl.tc.lossless gpu03:ens1f0np0
nccl.tc.lossless gpu03:ens2f0np0
nccl.tc.lossless gpu04:ens1f0np0
nccl.tc.lossless gpu04:ens2f0np0"
fa_expect_grep "the finding names the environment file" \
	'gpu03:ens1f0np0: NCCL_IB_TC=41 \(/etc/profile.d/nccl.sh\) is DSCP 10' "$FA_TMP/env.json"

# a later file of the list sets the lossless class again: the last assignment wins
nccl_env_pod later
for h in gpu03 gpu04; do
	printf '%s' "$lossy_env" >"$FA_TMP/later/captures/$h/$env1"
	printf 'export NCCL_IB_TC=106\n' >"$FA_TMP/later/captures/$h/$env2"
done
nccl_audit later
nccl_expect_new "a later file's NCCL_IB_TC=106 overrides the earlier 41: no new finding" later ""

# the environment overrides a wrong /etc/nccl.conf
nccl_env_pod override
sed 's/^NCCL_IB_TC=106$/NCCL_IB_TC=41/' "$nccl_ex/captures/gpu03/cat-etc-nccl-conf.txt" \
	>"$FA_TMP/override/captures/gpu03/cat-etc-nccl-conf.txt"
printf 'export NCCL_IB_TC=106\n' >"$FA_TMP/override/captures/gpu03/$env1"
nccl_audit override
fa_expect_grep "the snapshot keeps the environment's value for gpu03" '"ib_tc": ?106' \
	"$FA_TMP/override-snap.json"
nccl_expect_new "NCCL_IB_TC=106 of the environment wins over nccl.conf's 41" override ""

# a harmless reordering: the same settings, other order, comments and quoting
nccl_env_pod reorder
for h in gpu03 gpu04; do
	cat >"$FA_TMP/reorder/captures/$h/$env1" <<'EOT'
# NCCL settings (rails 1-2)
export NCCL_SOCKET_IFNAME='eno1'
NCCL_IB_TC="106"; export NCCL_IB_TC
export NCCL_IB_HCA=mlx5_0,mlx5_1 NCCL_IB_GID_INDEX=3
EOT
done
nccl_audit reorder
nccl_expect_new "the same settings reordered in an environment file: no new finding" reorder ""

fa_done
