#!/bin/sh
# SPDX-License-Identifier: MIT
# The bundled example is exactly what the fabric generator makes with its documented faults,
# so the example, the tests and the benchmarks cannot drift apart.
. "$(dirname "$0")/lib.sh"

gen="${FA_BUILDDIR:-$FA_SRCDIR}/bench/gen-fabric"
[ -x "$gen" ] || fa_skip "bench/gen-fabric is not built"

"$gen" -o "$FA_TMP/pod" --fault mtu:gpu03/ens1f0np0=1500 --fault pfc:leaf02/swp3=4 \
	--fault fw:gpu02/mlx5_1=28.37.1014 --fault speed:gpu04/ens1f0np0=200 \
	--sample 2 --fault pause:gpu03/ens2f0np0=3 --fault flap:gpu01/ens2f0np0=3 \
	--fault crc:leaf01/swp33=12
# README.md and the cabling plan (cabling.csv) are written by hand.
if diff -r -x README.md -x cabling.csv "$FA_SRCDIR/examples/roce-pod" "$FA_TMP/pod" >"$FA_TMP/gen.diff"; then
	fa_ok "examples/roce-pod is what gen-fabric makes"
else
	fa_fail "examples/roce-pod is what gen-fabric makes" "$FA_TMP/gen.diff"
fi

# A larger fabric keeps the Clos wiring: 64 hosts x 4 NICs = 8 leaves.
"$gen" -o "$FA_TMP/big" --hosts 64 --nics 4 --spines 2 --uplinks 4
fa_run collect -i "$FA_TMP/big/inventory.yaml" -o "$FA_TMP/big.json"
fa_expect_rc "a generated 64-host fabric collects" 0
fa_expect_grep "every device of it is collected" 'collected 74 of 74 devices' "$FA_TMP/err"
links=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['links']))" "$FA_TMP/big.json")
if [ "$links" = 288 ]; then
	fa_ok "its 256 host links and 32 uplinks are found"
else
	fa_fail "its 256 host links and 32 uplinks are found (got $links)"
fi

fa_done
