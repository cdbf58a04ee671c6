/* SPDX-License-Identifier: MIT */
/*
 * The inventory: which devices to audit and how to reach them (docs/inventory.md).
 *
 * An inventory file (YAML, or JSON, which YAML reads too) has three sections: "defaults"
 * (settings for every device), "groups" (named sets of devices given by host ranges, with
 * their own settings) and "devices" (one entry per device or per range of devices).  A
 * device's setting comes from its device entry, else from the last group in file order that
 * sets it, else from the defaults; tags are combined and vars merged key by key in the same
 * order.  A device named both by a group and by a device entry is one device.
 *
 * Loading is strict: an unknown key, a value of the wrong type, an unknown platform or
 * transport, a duplicate device or a host range that does not expand is an error reported
 * as "file:line:column: message".  Secrets are never in the file: a password is given as the
 * NAME of an environment variable (password_env) and read only when a collector connects.
 */
#ifndef FA_INVENTORY_INVENTORY_H
#define FA_INVENTORY_INVENTORY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/util/err.h"

/* How a device is reached. */
enum fa_transport {
	FA_TRANSPORT_SSH,	/* commands over SSH (default) */
	FA_TRANSPORT_NETCONF,	/* NETCONF over SSH */
	FA_TRANSPORT_LOCAL,	/* this machine: netlink, sysfs, local commands */
	FA_TRANSPORT_REPLAY,	/* captured outputs from a capture directory */
	FA_TRANSPORT_COUNT
};

/* "ssh", "netconf", "local", "replay"; NULL for a value out of range. */
const char *fa_transport_to_string(enum fa_transport t);
/* The transport named @s, or -FA_EINVAL. */
int fa_transport_from_string(const char *s);

/*
 * One device, every setting resolved.  Every string is owned by the inventory; NULL means not
 * set (address, platform, kind and name are always set).
 */
struct fa_inv_device {
	char *name;		/* identity; also the folder name in a capture directory */
	char *address;		/* host name or IP address to connect to; defaults to name */
	char *platform;		/* a known platform (drivers/platform.h) */
	char *kind;		/* "host" or "switch", from the platform table */
	char *role;		/* free text: "leaf", "spine", "gpu-host", … */
	char *user;		/* login user */
	char *identity_file;	/* SSH private key path (relative paths resolved) */
	char *password_env;	/* NAME of the environment variable holding the password */
	char *captures;		/* capture directory for the replay transport (resolved) */
	enum fa_transport transport;
	int port;		/* 22 for ssh, 830 for netconf unless set; 0 when not applicable */
	double timeout;		/* seconds per command; 0 = not set */
	bool ssh_agent;		/* try keys from ssh-agent */
	char **groups;		/* groups it belongs to, in file order */
	size_t ngroups;
	char **tags;		/* combined tags, first appearance first, no duplicates */
	size_t ntags;
	json_t *vars;		/* merged vars (an object, owned reference) or NULL */
	char **nccl_env;	/* NCCL environment files read on the host, in order */
	size_t nnccl_env;
	/* ib-fabric: discover the subnet in process (libibnetdisc) instead of with the tools */
	bool ib_inprocess;
	char *ib_port;		/* its HCA and port ("mlx5_1", "mlx5_1/2"), NULL: the first */
	/* ib-fabric: OpenSM's partitions.conf on its host, NULL: /etc/opensm/partitions.conf */
	char *ib_partitions_file;
	int line;		/* where it was first named in the file */
	int column;
};

struct fa_inventory {
	char *path;			/* the file as given to fa_inventory_load */
	struct fa_inv_device *devices;	/* in the order they were first named in the file */
	size_t ndevices;
};

#define FA_INVENTORY_INIT { NULL, NULL, 0 }

/*
 * Read the inventory file @path into *@ret (overwritten; release with
 * fa_inventory_release()).  On error *@ret is left empty and @err says where:
 *   -FA_ENOENT  the file is not there (the message names it)
 *   -FA_EIO     it cannot be read
 *   -FA_EPARSE  not YAML/JSON, an unknown key, a wrong type, a duplicate device
 *   -FA_EINVAL  a bad value: unknown platform or transport, a host range that does not
 *               expand, a port out of range, a device without a platform, no devices
 */
int fa_inventory_load(const char *path, struct fa_inventory *ret, struct fa_err *err);

/*
 * Is @s an ib_port: "mlx5_1" or "mlx5_1/2", an HCA name (letters, digits, '_', '-', '.')
 * and a port number from 1 to 255?
 */
bool fa_inventory_ib_port_ok(const char *s);

/* Free the contents; the inventory is left empty.  Accepts an empty inventory. */
void fa_inventory_release(struct fa_inventory *inv);

/* The device named @name, or NULL (borrowed, valid until the inventory is released). */
const struct fa_inv_device *fa_inventory_find(const struct fa_inventory *inv, const char *name);

/*
 * The inventory as JSON: { "format": "fabric-audit/inventory/v1", "path", "devices": [...] },
 * each device with the fields above that are set.  Never holds a secret: only the name of
 * the password variable.  New reference.
 */
json_t *fa_inventory_to_json(const struct fa_inventory *inv);

#endif /* FA_INVENTORY_INVENTORY_H */
