/* SPDX-License-Identifier: MIT */
/*
 * What the InfiniBand fabric parsers share: one record per fabric port as a diagnostic tool
 * prints it, and the code that turns records into ports of the ib-fabric device
 * (docs/platforms/infiniband.md).
 *
 * A fabric port is identified by its port GUID and port number (a switch's ports all carry the
 * switch's GUID, a CA port its own).  It is named "<node description>/<port>", or
 * "<port GUID>/<port>" when the description is empty or two different GUIDs print the same
 * description and port number (unnamed switches all say "Mellanox Technologies ...").
 */
#ifndef FA_DRIVERS_PARSE_IB_INT_H
#define FA_DRIVERS_PARSE_IB_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "drivers/text/textscan.h"

#define FA_IB_NAME_MAX 128

/* One end of a link as printed; a field is unknown when its has_ flag is false / it is -1. */
struct fa_ib_end {
	const char *type;	/* "switch", "ca", "router" or NULL */
	bool has_guid;
	uint64_t guid;
	int64_t port;		/* port number, -1 when unknown */
	int64_t lid;		/* -1 when unknown */
	bool has_name;
	char name[FA_IB_NAME_MAX];
};

/* One line of a tool: a port, its link, and the port at the other end when connected. */
struct fa_ib_rec {
	struct fa_ib_end local;
	bool has_peer;
	struct fa_ib_end peer;
	char width[8];		/* "4X", empty when unknown */
	int64_t rate;		/* bits/s, -1 when unknown */
	char width_best[8];	/* iblinkinfo: the widest width both ends support, or empty */
	int64_t rate_best;	/* iblinkinfo: the best rate both ends support, -1 when unknown */
	const char *state;	/* model ib.state or NULL */
	char phys_state[32];	/* model ib.phys_state, empty when unknown */
};

/* A growing array of records. */
struct fa_ib_recs {
	struct fa_ib_rec *v;
	size_t n, alloc;
};

/* A zeroed record appended to @r (borrowed until the next call). */
struct fa_ib_rec *fa_ib_rec_new(struct fa_ib_recs *r);
void fa_ib_recs_release(struct fa_ib_recs *r);

/* "0x7cfe9003003b4bde" (0x optional, 1-16 hex digits). */
bool fa_ib_guid(struct fa_textscan_span s, uint64_t *ret);

/* Width "4x"/"4X"/"12X" into "4X"; false for "??" and anything else. */
bool fa_ib_width(struct fa_textscan_span s, char out[8]);
/* Lanes of a width written by fa_ib_width. */
int fa_ib_lanes(const char *width);

/*
 * Per-lane data rate in bits/s of a speed as ibnetdiscover names it ("SDR" ... "XDR",
 * "FDR10") or as iblinkinfo prints it ("25.78125 Gbps", "10.0 Gbps (FDR10)").  -1 when unknown
 * ("???").  The rates are the nominal ones ibstat reports (EDR 25, HDR 50, NDR 100 per lane).
 */
int64_t fa_ib_lane_rate(struct fa_textscan_span s);

/* Model ib.state for "Active", "Down", "Initialize"/"Init", "Armed"; NULL otherwise. */
const char *fa_ib_port_state(struct fa_textscan_span s);

/*
 * Node description @s without surrounding quotes and blanks into @e->name; sets has_name
 * when it is not empty.  False when it does not fit.
 */
bool fa_ib_set_name(struct fa_ib_end *e, struct fa_textscan_span s);

/*
 * Write the records as ports of @device: each local end becomes (or updates) a port with
 * type, ib.port_guid, ib.port_number, ib.node_type, ib.node_name, ib.lid, ib.width, ib.rate,
 * ib.width_best, ib.rate_best, ib.state, ib.phys_state and, when connected, ib.peer; a connected peer with a known GUID
 * gets a port too, whose ib.peer points back when it has none.  Records without a local GUID
 * or port number are skipped.
 */
void fa_ib_apply(json_t *device, const struct fa_ib_recs *r);

/* The channel adapter port of @device whose base LID is @lid, or NULL. */
json_t *fa_ib_ca_port(json_t *device, json_int_t lid);
/* "Key.......value" (saquery's dumps): false when @line is not one; the value trimmed. */
bool fa_ib_dotted(struct fa_textscan_span line, struct fa_textscan_span *ret_key,
		  struct fa_textscan_span *ret_val);

/* The port counters the model keeps: IBA name, model counter, and unit (PortXmitData and
 * PortRcvData count 4-byte words), for perfquery's text and the in-process document. */
struct fa_ib_counter {
	const char *name;
	const char *counter;
	int64_t scale;
};
extern const struct fa_ib_counter fa_ib_counters[];
extern const size_t fa_ib_ncounters;

#endif /* FA_DRIVERS_PARSE_IB_INT_H */
