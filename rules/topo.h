/* SPDX-License-Identifier: MIT */
/*
 * The fabric's topology as the rules see it: which port is cabled to which (from the
 * snapshot's links), and which way is "up" the Clos.
 *
 * Nouns: an *end* is one side of a link, seen from a port: the port, the device and port at
 * the other side, and the link.  A device's *tier* orders the Clos: hosts are 0; a switch
 * whose role names its layer is 1 (leaf, tor), 2 (spine) or 3 (super-spine, core); any other
 * switch takes its distance in links from the nearest host; a switch that is neither named
 * nor connected to a host has no tier.  An *uplink* is a port whose peer has a higher tier,
 * a *downlink* one whose peer has a lower tier; links between equal tiers (peer links) are
 * neither.
 *
 * Links are what discovery found (LLDP, InfiniBand); links of source "plan" are not.  Only
 * devices whose status is ok (or absent, in hand-made snapshots) take part, as in the
 * engine; a link naming a device or port the snapshot does not describe is left out.  A port
 * on more than one link keeps the first.  Everything is built once, in time linear in the
 * number of ports and links; lookups by device or port are by the JSON value's address, so a
 * rule handing back a port it read costs one hash probe.
 */
#ifndef FA_RULES_TOPO_H
#define FA_RULES_TOPO_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define FA_TOPO_NO_TIER (-1)

struct fa_topo;

/* One end of a link, from the side of @port. */
struct fa_topo_end {
	const json_t *port;		/* borrowed from the snapshot */
	const char *port_name;
	size_t dev;			/* index of @port's device in the snapshot's devices */
	size_t peer_dev;
	const json_t *peer_port;
	const char *peer_port_name;
	const json_t *link;
	size_t order;			/* @port's position in its device's ports */
	bool is_a;			/* @port is the link's end a */
};

/*
 * New topology of @snapshot (free with fa_topo_free()).  The snapshot must outlive it and
 * have the structure the engine checks (named devices and ports, links with two ends).
 */
struct fa_topo *fa_topo_new(const json_t *snapshot);
/* The same, built in @nparts parts (threads); 0: as fa_topo_new() decides.  For tests. */
struct fa_topo *fa_topo_new_parts(const json_t *snapshot, size_t nparts);
void fa_topo_free(struct fa_topo *t);

/* Number of devices (the snapshot's, in order). */
size_t fa_topo_ndevs(const struct fa_topo *t);
/* Borrowed: device @i, or NULL out of range. */
const json_t *fa_topo_device(const struct fa_topo *t, size_t i);
/* Index of the device object @dev (by address): true when it is one of the snapshot's. */
bool fa_topo_device_index(const struct fa_topo *t, const json_t *dev, size_t *ret);
/* Index of the device named @name: true when the snapshot has it (whatever its status). */
bool fa_topo_find_device(const struct fa_topo *t, const char *name, size_t *ret);
/* Was device @i collected (status ok)? */
bool fa_topo_device_ok(const struct fa_topo *t, size_t i);
/* Borrowed: the port named @name of device @i, or NULL. */
const json_t *fa_topo_find_port(const struct fa_topo *t, size_t i, const char *name);
/* The tier a role names (leaf, tor: 1; spine: 2; super-spine, core: 3), or FA_TOPO_NO_TIER. */
int fa_topo_role_tier(const char *role);
/* Tier of device @i, or FA_TOPO_NO_TIER. */
int fa_topo_tier(const struct fa_topo *t, size_t i);

/* Borrowed: the end of the (first) link on port object @port, or NULL when it has none. */
const struct fa_topo_end *fa_topo_port_end(const struct fa_topo *t, const json_t *port);

/* The ends on device @i's ports, in port order; *ret borrowed.  Returns how many. */
size_t fa_topo_device_ends(const struct fa_topo *t, size_t i, const struct fa_topo_end **ret);

#endif /* FA_RULES_TOPO_H */
