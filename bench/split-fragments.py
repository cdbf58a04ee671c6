#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Split a snapshot into per-device fragments, as 'collect --local' on every host writes them.

usage: split-fragments.py SNAPSHOT OUTDIR [--kind host|switch|all] [--spread S]

Each fragment is a snapshot (same format, same tool) holding one device and no links, named
OUTDIR/<device>.json.  --spread S gives the fragments "created" times spread over S seconds
after the snapshot's own, like hosts of one srun finishing at slightly different moments.
Used by tests/integration/t2401-merge-fragments.sh and bench/bench-merge.sh.
"""
import datetime
import json
import os
import sys


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 64
    snap_path, outdir = argv[1], argv[2]
    kind, spread = "all", 0
    rest = argv[3:]
    while rest:
        if rest[0] == "--kind" and len(rest) > 1:
            kind, rest = rest[1], rest[2:]
        elif rest[0] == "--spread" and len(rest) > 1:
            spread, rest = int(rest[1]), rest[2:]
        else:
            sys.stderr.write(__doc__)
            return 64
    snap = json.load(open(snap_path))
    t0 = datetime.datetime.strptime(snap["created"], "%Y-%m-%dT%H:%M:%SZ")
    os.makedirs(outdir, exist_ok=True)
    n = 0
    for i, dev in enumerate(snap["devices"]):
        if kind != "all" and dev["kind"] != kind:
            continue
        created = t0 + datetime.timedelta(seconds=(i % (spread + 1)) if spread else 0)
        frag = {
            "format": snap["format"],
            "created": created.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "tool": snap["tool"],
            "devices": [dev],
            "links": [],
        }
        with open(os.path.join(outdir, dev["name"] + ".json"), "w") as f:
            # compact, as fabric-audit writes snapshots
            json.dump(frag, f, separators=(",", ":"), sort_keys=True)
            f.write("\n")
        n += 1
    print(n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
