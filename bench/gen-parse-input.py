#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write one command's output with N interfaces, for bench/bench-parse.sh.

    gen-parse-input.py SRCDIR FAMILY N OUT

The output is a real fixture's record repeated N times under new names (so the parser reads
the exact format the device prints): FAMILY is one of
  linux-ip-link     ip -j -d link show (tests/fixtures/linux/ip-j-d-link-show/gpu-host.json)
  cumulus-interface nv show interface -o json (tests/fixtures/cumulus/leaf01)
"""
import json
import sys


def mac(i):
    return "02:%02x:%02x:%02x:%02x:%02x" % ((i >> 32) & 255, (i >> 24) & 255, (i >> 16) & 255,
                                          (i >> 8) & 255, i & 255)


def linux_ip_link(src, n):
    links = json.load(open(src + "/tests/fixtures/linux/ip-j-d-link-show/gpu-host.json"))
    tmpl = next(x for x in links if x.get("link_type") == "ether")
    out = []
    for i in range(n):
        x = dict(tmpl)
        x["ifindex"] = i + 1
        x["ifname"] = "eth%d" % i
        x["address"] = mac(i)
        out.append(x)
    return out


def cumulus_interface(src, n):
    d = json.load(open(src + "/tests/fixtures/cumulus/leaf01/nv-show-interface-o-json.txt"))
    tmpl = d["swp1"]
    out = {}
    for i in range(n):
        x = json.loads(json.dumps(tmpl))
        x["link"]["mac-address"] = mac(i)
        out["swp%d" % (i + 1)] = x
    return out


FAMILIES = {"linux-ip-link": linux_ip_link, "cumulus-interface": cumulus_interface}


def main():
    if len(sys.argv) != 5 or sys.argv[2] not in FAMILIES:
        sys.exit(__doc__)
    src, family, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    with open(out, "w") as f:
        json.dump(FAMILIES[family](src, n), f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
