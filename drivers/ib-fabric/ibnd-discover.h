/* SPDX-License-Identifier: MIT */
/*
 * In-process discovery of an InfiniBand subnet with libibnetdisc and libibmad (rdma-core's
 * discovery and MAD libraries, the ones ibnetdiscover, iblinkinfo, smpquery, perfquery and
 * sminfo are built on), for the ib-fabric platform's "ibnd-discover" command
 * (docs/platforms/infiniband.md).
 *
 * One run writes one JSON document (format "fabric-audit-ibnd/1"): every node and port the
 * discovery found, then, within a time budget, the P_Key table and counters of every CA port
 * with a LID and the SMInfo of every port that is an SM.  Only Get() MADs are sent.  The
 * document is a capture like any command's output: saved by --save-captures, read back by
 * replay, parsed by fa_parse_ib_ibnd.
 */
#ifndef FA_DRIVERS_IBND_DISCOVER_H
#define FA_DRIVERS_IBND_DISCOVER_H

#include "audit/util/buf.h"
#include "audit/util/err.h"

/* The command word the ib-fabric table and the local collector know it by. */
#define FA_IBND_COMMAND "ibnd-discover"

struct fa_ibnd_opts {
	const char *ca;		/* HCA name (mlx5_0), NULL: the first one libibumad finds */
	int port;		/* its port number, 0: the first active one */
	unsigned max_smps;	/* MADs in flight during discovery, 0: 2 */
	unsigned timeout_ms;	/* per MAD, 0: 500 */
	unsigned retries;	/* per MAD, 0: 2 */
	double budget;		/* seconds for the whole run; the per-port queries stop after */
	bool progress;		/* draw progress on standard error (a terminal) */
};

/*
 * Discover the subnet from the local port and append the JSON document to @out.  0, or
 * -FA_EUNREACH (no port, or discovery failed), -FA_ETIMEOUT (the budget ran out before the
 * fabric was walked).  Per-port queries that fail or do not fit the budget are left out and
 * counted in the document ("skipped").
 */
int fa_ibnd_discover(const struct fa_ibnd_opts *o, struct fa_buf *out, struct fa_err *err);

#endif /* FA_DRIVERS_IBND_DISCOVER_H */
