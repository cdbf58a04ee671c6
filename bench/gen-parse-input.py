#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write one command's output with N interfaces, for bench/bench-parse.sh.

    gen-parse-input.py SRCDIR FAMILY N OUT
    gen-parse-input.py --list          (FAMILY|platform|command, one a line)

The output is a real fixture's record repeated N times under new names (so the parser reads
the exact format the device prints, JSON spaced as the device spaces it).  FAMILY is one of
the names in FAMILIES below; each names its fixture.  Where N records would be over
LIMIT bytes (60 MiB: collect refuses outputs over 64 MiB, --max-output), as many as fit are
written: the family's equivalent of N.  Prints how many interfaces were written.
"""
import json
import re
import sys

UP = "/tests/fixtures/upstream/"
LIMIT = 60 << 20


def mac(i, sep=":"):
    b = [(i >> s) & 255 for s in (32, 24, 16, 8, 0)]
    return sep.join(["02"] + ["%02x" % x for x in b])


def linux_ip_link(src, n):
    # ip -j prints one line without blanks (tests/fixtures/linux/ip-j-d-link-show/gpu-host.json)
    links = json.load(open(src + "/tests/fixtures/linux/ip-j-d-link-show/gpu-host.json"))
    tmpl = next(x for x in links if x.get("link_type") == "ether")
    out = []
    for i in range(n):
        x = dict(tmpl)
        x["ifindex"] = i + 1
        x["ifname"] = "eth%d" % i
        x["address"] = mac(i)
        out.append(x)
    return json.dumps(out, separators=(",", ":")) + "\n"


def linux_ibdev2netdev(src, n):
    # one line per RDMA device port (tests/fixtures/linux/ibdev2netdev/gpu-host.txt)
    return "".join("mlx5_%d port 1 ==> eth%d (Up)\n" % (i, i) for i in range(n))


def cumulus_interface(src, n):
    # NVUE indents by 2 (tests/fixtures/cumulus/leaf01)
    d = json.load(open(src + "/tests/fixtures/cumulus/leaf01/nv-show-interface-o-json.txt"))
    tmpl = d["swp1"]
    out = {}
    for i in range(n):
        x = json.loads(json.dumps(tmpl))
        x["link"]["mac-address"] = mac(i)
        out["swp%d" % (i + 1)] = x
    return json.dumps(out, indent=2) + "\n"


def eos_interfaces(src, n):
    # eAPI indents by 4 (napalm's mocked "show interfaces" of an EOS switch)
    d = json.load(open(src + UP + "napalm-automation__napalm/test/eos/mocked_data/"
                       "test_get_interfaces/normal/show_interfaces.json"))
    tmpl = next(v for k, v in d["interfaces"].items() if k.startswith("Ethernet"))
    out = {}
    for i in range(n):
        x = json.loads(json.dumps(tmpl))
        name = "Ethernet%d/%d" % (i // 64 + 1, i % 64 + 1)
        x["name"] = name
        x["physicalAddress"] = x["burnedInAddress"] = mac(i)
        out[name] = x
    return json.dumps({"interfaces": out}, indent=4) + "\n"


def nxos_interface(src, n):
    # NX-API's TABLE_/ROW_ layout (napalm's mocked "show interface" of a Nexus)
    d = json.load(open(src + UP + "napalm-automation__napalm/test/nxos/mocked_data/"
                       "test_get_facts/normal/show_interface.json"))
    rows = d["TABLE_interface"]["ROW_interface"]
    tmpl = next(r for r in rows if r["interface"].startswith("Ethernet"))
    out = []
    for i in range(n):
        x = dict(tmpl)
        x["interface"] = "Ethernet%d/%d" % (i // 64 + 1, i % 64 + 1)
        x["eth_hw_addr"] = x["eth_bia_addr"] = "%s.%s.%s" % tuple(
            mac(i, "")[k:k + 4] for k in (0, 4, 8))
        out.append(x)
    return json.dumps({"TABLE_interface": {"ROW_interface": out}}, indent=2) + "\n"


def sonic_status(src, n):
    # "show interfaces status", laid out as SONiC's tabulate lays it out: columns as wide as
    # their widest value, values right-aligned, two blanks apart, a dashed line under the
    # header (tests/fixtures/sonic/show-interfaces-status-no-fec.txt)
    head = ["Interface", "Lanes", "Speed", "MTU", "Alias", "Oper", "Admin", "Type", "Asym PFC"]
    rows = [["Ethernet%d" % (i * 8), "%d,%d,%d,%d" % tuple(range(i * 8, i * 8 + 4)), "400G",
             "9100", "etp%d" % (i + 1), "up", "up", "QSFP+ or later", "off"] for i in range(n)]
    w = [max([len(h)] + [len(r[k]) for r in rows]) for k, h in enumerate(head)]
    line = lambda cells: "  ".join(c.rjust(w[k]) for k, c in enumerate(cells))
    return "\n".join([line(head), "  ".join("-" * x for x in w)] + [line(r) for r in rows]) + "\n"


def onyx_interfaces(src, n):
    # "show interfaces ethernet" (tests/fixtures/onyx/show-interfaces-ethernet.txt)
    text = open(src + "/tests/fixtures/onyx/show-interfaces-ethernet.txt").read()
    m = re.search(r"^Eth1/1:\n.*?(?=^Eth1/2:)", text, re.M | re.S)
    block = m.group(0)
    out = []
    for i in range(n):
        b = block.replace("Eth1/1:", "Eth%d/%d:" % (i // 64 + 1, i % 64 + 1), 1)
        b = re.sub(r"Mac address( *): \S+", lambda x: "Mac address%s: %s" % (
            x.group(1), mac(i).upper()), b)
        out.append(b)
    return "".join(out)


def junos_interfaces(src, n):
    # <get-interface-information/> (napalm's mocked reply of a Junos switch)
    text = open(src + UP + "napalm-automation__napalm/test/junos/mocked_data/"
                "test_get_facts/normal/get-interface-information.xml").read()
    m = re.search(r"<physical-interface>.*?</physical-interface>", text, re.S)
    block = m.group(0)
    name = re.search(r"<name>([^<]*)</name>", block).group(1)
    out = ['<interface-information style="normal">']
    for i in range(n):
        out.append(block.replace("<name>%s</name>" % name,
                                 "<name>et-%d/0/%d</name>" % (i // 64, i % 64), 1))
    out.append("</interface-information>")
    return "\n".join(out) + "\n"


def openconfig_interfaces(src, n):
    # <get> of openconfig-interfaces (tests/fixtures/openconfig/leaf1/interfaces.xml)
    text = open(src + "/tests/fixtures/openconfig/leaf1/interfaces.xml").read()
    m = re.search(r"( *)<interface>.*?</interface>\n", text, re.S)
    block = m.group(0)
    head, tail = text[:m.start()], text[text.rindex("</interfaces>") - 4:]
    out = [head]
    for i in range(n):
        name = "Ethernet%d/%d" % (i // 64 + 1, i % 64 + 1)
        out.append(block.replace("Ethernet1/1<", name + "<").replace(
            "0C:42:A1:5B:10:01", mac(i).upper()))
    out.append(tail)
    return "".join(out)


def ib_iblinkinfo(src, n):
    # "iblinkinfo -l": one line per switch port (tests/fixtures/ib/iblinkinfo/line-mode.txt),
    # 40-port switches cabled in pairs
    fmt = ('0x%016x "%20s" %6d %4d[  ] ==( 4X      53.125 Gbps Active/  LinkUp)==>  0x%016x '
           '%6d %4d[  ] "%s" ( )\n')
    out = []
    for i in range(n):
        sw, port = i // 40, i % 40 + 1
        peer = sw ^ 1
        out.append(fmt % (0x7cfe900300000000 + sw, "sw%05d" % sw, sw + 1, port,
                          0x7cfe900300000000 + peer, peer + 1, port, "sw%05d" % peer))
    return "".join(out)


# family: (function, platform, command)
FAMILIES = {
    "linux-ip-link": (linux_ip_link, "linux", "ip -j -d link show"),
    "linux-ibdev2netdev": (linux_ibdev2netdev, "linux", "ibdev2netdev"),
    "cumulus-interface": (cumulus_interface, "cumulus", "nv show interface -o json"),
    "eos-interfaces": (eos_interfaces, "eos", "show interfaces | json"),
    "nxos-interface": (nxos_interface, "nxos", "show interface | json"),
    "sonic-status": (sonic_status, "sonic", "show interfaces status"),
    "onyx-interfaces": (onyx_interfaces, "onyx", "show interfaces ethernet"),
    "junos-interfaces": (junos_interfaces, "junos", "<get-interface-information/>"),
    "openconfig-interfaces": (openconfig_interfaces, "openconfig",
                              '<get><filter type="subtree"><interfaces '
                              'xmlns="http://openconfig.net/yang/interfaces"/></filter></get>'),
    "ib-iblinkinfo": (ib_iblinkinfo, "ib-fabric", "iblinkinfo -l"),
}


def main():
    if sys.argv[1:] == ["--list"]:
        for k, (_, platform, command) in FAMILIES.items():
            print("%s|%s|%s" % (k, platform, command))
        return
    if len(sys.argv) != 5 or sys.argv[2] not in FAMILIES:
        sys.exit(__doc__)
    src, family, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    gen = FAMILIES[family][0]
    per = (len(gen(src, 2000)) - len(gen(src, 1000))) / 1000.0
    n = min(n, int((LIMIT - len(gen(src, 0))) / per))
    with open(out, "w") as f:
        f.write(gen(src, n))
    print(n)


if __name__ == "__main__":
    main()
