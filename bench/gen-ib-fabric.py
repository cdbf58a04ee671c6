#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write an InfiniBand fat tree for ibsim: topology, partitions.conf and a map of its hosts.

A two-level fat tree: SPINES spine switches, LEAVES leaf switches, each leaf with
HCAS_PER_LEAF host ports and its up-links spread evenly over every spine (UPLINKS per spine).
With --cores, a three-level tree: PODS such two-level pods (LEAVES and SPINES are per pod,
numbered across pods), every spine linked once to each of CORES core switches.
Hosts carry RAILS HCAs: the HCA of rail i of every host of a group of RAILS leaves is cabled
to leaf i of that group, as GPU clusters are built.  Node descriptions are what real hosts
report ("gpu017 mlx5_3", switches "leaf03" / "spine01").  Two subnet-manager hosts (sm01
on the first leaf, sm02 on the last) hang off spare leaf ports; sm01 is listed first, so
ibsim attaches its clients (OpenSM, the diagnostics) there unless SIM_HOST says otherwise.

Every port enables every width (1X..12X) and speed (SDR..QDR) ibsim simulates, so a clean
link trains to the best both ends support; faults (--fault, repeatable) change that:

  width:HOST:HCA        the HCA's link enables 1X only, on both ends (runs 1X, could be 12X)
  speed:HOST:HCA        the HCA's link enables SDR only, on both ends
  dup-desc:HOST:HCA:AS  the HCA reports the node description of AS ("gpu002 mlx5_0")
  no-pkey:HOST          the host's HCAs are left out of the job partition
  dup-guid:HOST:HCA:AS_HOST:AS_HCA
                        the HCA takes the node GUID (and so the port GUID) of AS_HCA of
                        AS_HOST once the simulator runs: ibsim refuses duplicate GUIDs in a
                        topology, so this is a console command (console.txt) to send it

Output folder: net (ibsim), partitions.conf (OpenSM), hosts.tsv (host, hca, node GUID,
port GUID, leaf, leaf port), faults.tsv (each fault and the ports it affects) and
console.txt (ibsim console commands to send once the subnet is up; empty without them).
"""
import argparse
import os
import sys

# GUID bases: a Mellanox OUI, one range per node kind, so a GUID says what it is.
SPINE_GUID = 0x248A070300A00000
LEAF_GUID = 0x248A070300B00000
HCA_GUID = 0x248A070300C00000
SM_GUID = 0x248A070300D00000
CORE_GUID = 0x248A070300E00000
WIDTH_ALL = 0x1F   # 1X 2X 4X 8X 12X
SPEED_ALL = 0x7    # SDR DDR QDR
JOB_PKEY = "0x0a01"


def die(msg):
    print("gen-ib-fabric: " + msg, file=sys.stderr)
    sys.exit(64)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-o", "--out", required=True, help="output folder (created)")
    p.add_argument("--spines", type=int, default=2)
    p.add_argument("--leaves", type=int, default=2)
    p.add_argument("--hcas-per-leaf", type=int, default=2)
    p.add_argument("--uplinks", type=int, default=1, help="links from each leaf to each spine")
    p.add_argument("--rails", type=int, default=1)
    p.add_argument("--pods", type=int, default=1, help="two-level pods (with --cores)")
    p.add_argument("--cores", type=int, default=0,
                   help="core switches over the pods' spines (0: a two-level tree)")
    p.add_argument("--radix", type=int, default=36, help="ports per switch")
    p.add_argument("--prefix", default="gpu", help="host name prefix")
    p.add_argument("--fault", action="append", default=[], help="see the description")
    a = p.parse_args()
    for name in ("spines", "leaves", "hcas_per_leaf", "uplinks", "rails", "radix", "pods"):
        if getattr(a, name) < 1:
            die("--%s must be at least 1" % name.replace("_", "-"))
    if a.cores < 0 or (a.pods > 1 and a.cores == 0):
        die("--pods needs --cores (the switches that join the pods)")
    if a.leaves % a.rails:
        die("--leaves (%d) must be a multiple of --rails (%d)" % (a.leaves, a.rails))
    # Leaf ports: host ports, one spare for an SM host, then the up-links.
    if a.hcas_per_leaf + 1 + a.spines * a.uplinks > a.radix:
        die("a leaf needs %d ports, the radix is %d"
            % (a.hcas_per_leaf + 1 + a.spines * a.uplinks, a.radix))
    if a.leaves * a.uplinks + a.cores > a.radix:
        die("a spine needs %d ports, the radix is %d"
            % (a.leaves * a.uplinks + a.cores, a.radix))
    if a.pods * a.spines > a.radix:
        die("a core needs %d ports, the radix is %d" % (a.pods * a.spines, a.radix))
    return a


def main():
    a = parse_args()
    os.makedirs(a.out, exist_ok=True)
    groups = a.leaves // a.rails   # rail groups per pod
    width = {}     # (node id, port) -> enabled width mask, when not WIDTH_ALL
    speed = {}
    desc = {}      # node id -> node description
    faults = []

    spines = ["spine%02d" % (s + 1) for s in range(a.pods * a.spines)]
    leaves = ["leaf%02d" % (l + 1) for l in range(a.pods * a.leaves)]
    cores = ["core%02d" % (c + 1) for c in range(a.cores)]
    for n in spines + leaves + cores:
        desc[n] = n

    # hosts[(host, rail)] = (leaf index, leaf port); numbered across groups.
    hosts = {}
    hostnames = []
    for g in range(a.pods * groups):
        for j in range(a.hcas_per_leaf):
            h = "%s%03d" % (a.prefix, g * a.hcas_per_leaf + j + 1)
            hostnames.append(h)
            for r in range(a.rails):
                hosts[(h, r)] = (g * a.rails + r, j + 1)

    def hca_id(h, r):
        return "%s mlx5_%d" % (h, r)

    for h, r in hosts:
        desc[hca_id(h, r)] = hca_id(h, r)
    sms = {"sm01 mlx5_0": (0, a.hcas_per_leaf + 1),
           "sm02 mlx5_0": (len(leaves) - 1, a.hcas_per_leaf + 1)}
    for s in sms:
        desc[s] = s

    no_pkey = set()
    dup_guid = []   # (HCA, HCA whose GUID it takes)
    for f in a.fault:
        parts = f.split(":")
        kind = parts[0]
        if kind in ("width", "speed") and len(parts) == 3:
            h, hca = parts[1], parts[2]
            rail = int(hca.rsplit("_", 1)[-1]) if hca.startswith("mlx5_") else -1
            if (h, rail) not in hosts:
                die("fault %s: no HCA %s on %s" % (f, hca, h))
            li, lp = hosts[(h, rail)]
            table = width if kind == "width" else speed
            table[(hca_id(h, rail), 1)] = 1
            table[(leaves[li], lp)] = 1
            faults.append((kind, "%s/1" % hca_id(h, rail), "%s/%d" % (leaves[li], lp)))
        elif kind == "dup-desc" and len(parts) == 4:
            h, hca, as_ = parts[1], parts[2], parts[3]
            rail = int(hca.rsplit("_", 1)[-1]) if hca.startswith("mlx5_") else -1
            if (h, rail) not in hosts or as_ not in desc:
                die("fault %s: unknown HCA" % f)
            desc[hca_id(h, rail)] = as_
            faults.append((kind, hca_id(h, rail), as_))
        elif kind == "dup-guid" and len(parts) == 5:
            ends = []
            for h, hca in ((parts[1], parts[2]), (parts[3], parts[4])):
                rail = int(hca.rsplit("_", 1)[-1]) if hca.startswith("mlx5_") else -1
                if (h, rail) not in hosts:
                    die("fault %s: no HCA %s on %s" % (f, hca, h))
                ends.append(hca_id(h, rail))
            dup_guid.append((ends[0], ends[1]))
        elif kind == "no-pkey" and len(parts) == 2:
            if parts[1] not in hostnames:
                die("fault %s: no host %s" % (f, parts[1]))
            no_pkey.add(parts[1])
            faults.append((kind, parts[1], JOB_PKEY))
        else:
            die("unknown fault %r" % f)

    def opt(node, port):
        o = ""
        if (node, port) in width:
            o += " w=%d" % width[(node, port)]
        if (node, port) in speed:
            o += " s=%d" % speed[(node, port)]
        return o

    # leaf ports -> peer; spine ports -> peer
    links = {}
    for (h, r), (li, lp) in hosts.items():
        links[(leaves[li], lp)] = (hca_id(h, r), 1)
    for s, (li, lp) in sms.items():
        links[(leaves[li], lp)] = (s, 1)
    for li, leaf in enumerate(leaves):
        pod = li // a.leaves
        for si in range(a.spines):
            spine = spines[pod * a.spines + si]
            for u in range(a.uplinks):
                lp = a.hcas_per_leaf + 2 + si * a.uplinks + u
                sp = 1 + (li % a.leaves) * a.uplinks + u
                links[(leaf, lp)] = (spine, sp)
                links[(spine, sp)] = (leaf, lp)
    for si, spine in enumerate(spines):
        for ci, core in enumerate(cores):
            sp = a.leaves * a.uplinks + 1 + ci
            links[(spine, sp)] = (core, si + 1)
            links[(core, si + 1)] = (spine, sp)

    def peer_of(node, port):
        return links.get((node, port))

    out = []
    if a.cores:
        out.append("# Generated by bench/gen-ib-fabric.py: %d pods of %d spines and %d leaves,"
                   " %d cores, %d HCAs per leaf, %d rails"
                   % (a.pods, a.spines, a.leaves, a.cores, a.hcas_per_leaf, a.rails))
    else:
        out.append("# Generated by bench/gen-ib-fabric.py: %d spines, %d leaves, %d HCAs per"
                   " leaf, %d rails" % (a.spines, a.leaves, a.hcas_per_leaf, a.rails))
    out.append("width=%d" % WIDTH_ALL)
    out.append("speed=%d" % SPEED_ALL)
    out.append("")

    def ca(node, guid, leaf_port):
        out.append("caguid=0x%016x" % guid)
        out.append('Hca 1 "%s" # "%s"' % (node, desc[node]))
        leaf, lp = leaf_port
        out.append('[1] "%s"[%d]%s' % (leaves[leaf], lp, opt(node, 1)))
        out.append("")

    # The SM host first: ibsim attaches clients to the first port it reads.
    ca("sm01 mlx5_0", SM_GUID + 0x10, sms["sm01 mlx5_0"])
    ca("sm02 mlx5_0", SM_GUID + 0x20, sms["sm02 mlx5_0"])

    def switch(node, guid):
        out.append("switchguid=0x%016x" % guid)
        out.append('Switch %d "%s" # "%s" enhanced port 0 lid 0 lmc 0'
                   % (a.radix, node, desc[node]))
        for p in range(1, a.radix + 1):
            pe = peer_of(node, p)
            if pe:
                out.append('[%d] "%s"[%d]%s' % (p, pe[0], pe[1], opt(node, p)))
        out.append("")

    for i, n in enumerate(leaves):
        switch(n, LEAF_GUID + i + 1)
    for i, n in enumerate(spines):
        switch(n, SPINE_GUID + i + 1)
    for i, n in enumerate(cores):
        switch(n, CORE_GUID + i + 1)

    rows = []
    for i, h in enumerate(hostnames):
        for r in range(a.rails):
            node = hca_id(h, r)
            # ibsim gives an HCA node GUID G and its port 1 the GUID G + 1.
            g = HCA_GUID + (i * a.rails + r + 1) * 0x10
            ca(node, g, hosts[(h, r)])
            li, lp = hosts[(h, r)]
            rows.append("%s\tmlx5_%d\t0x%016x\t0x%016x\t%s\t%d"
                        % (h, r, g, g + 1, leaves[li], lp))

    with open(os.path.join(a.out, "net"), "w") as f:
        f.write("\n".join(out) + "\n")
    with open(os.path.join(a.out, "hosts.tsv"), "w") as f:
        f.write("# host\thca\tnode_guid\tport_guid\tleaf\tleaf_port\n")
        f.write("\n".join(rows) + "\n")
    node_guid = {r.split("\t")[0] + " " + r.split("\t")[1]: r.split("\t")[2] for r in rows}
    console = []
    for hca, as_ in dup_guid:
        console.append('Guid "%s" %s' % (hca, node_guid[as_]))
        faults.append(("dup-guid", hca, "0x%016x" % (int(node_guid[as_], 16) + 1)))
    with open(os.path.join(a.out, "console.txt"), "w") as f:
        f.write("".join(c + "\n" for c in console))
    with open(os.path.join(a.out, "faults.tsv"), "w") as f:
        f.write("# fault\tsubject\tdetail\n")
        for x in faults:
            f.write("\t".join(x) + "\n")
    members = []
    for row in rows:
        h, _, _, pg = row.split("\t")[:4]
        if h not in no_pkey:
            members.append("%s=full" % pg)
    with open(os.path.join(a.out, "partitions.conf"), "w") as f:
        f.write("# Generated by bench/gen-ib-fabric.py\n")
        f.write("Default=0x7fff, ipoib : ALL=full;\n")
        # The SM hosts are full members of the job partition too: they run no job but
        # answer its path queries.
        members = ["0x%016x=full" % (SM_GUID + 0x11), "0x%016x=full" % (SM_GUID + 0x21)] + members
        f.write("job=%s, ipoib, mtu=4 :\n" % JOB_PKEY)
        f.write(",\n".join("\t" + m for m in members) + ";\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
