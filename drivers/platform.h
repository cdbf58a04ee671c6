/* SPDX-License-Identifier: MIT */
/*
 * Platforms: what is sent to a device of one kind, and which parser reads each answer.
 *
 * A platform is a table of commands.  A command is either run once per device, or expanded
 * per RDMA network interface (the word IF in the template) or per RDMA device (the word DEV),
 * after the once-per-device commands have been parsed and the device's ports are known (a
 * port is an RDMA interface when its "nic.device" is set, e.g. by ibdev2netdev).
 *
 * Read-only promise: the collectors send nothing but these commands, expanded.
 *
 * Parsers are pure functions from capture bytes to model fields, no I/O:
 *   - @cap->data is the exact output (NUL-terminated, may be empty); @cap->arg is the
 *     expanded IF or DEV, NULL for once-per-device commands.
 *   - Write only what the output says into @device (a device object, docs/model.md).
 *     Never write a guessed or default value.
 *   - A line or field that is not understood becomes a warning on the device
 *     (fa_device_warn(device, "<command>: ...")), and parsing goes on.
 *   - Return -FA_EPARSE (message in @err) only when the output as a whole is not the expected
 *     format (invalid JSON, an error message instead of a table, empty when data is required).
 *   - Return FA_PARSED_EMPTY when the output is understood and says there is nothing to
 *     record (a neighbour table with no rows).  Otherwise an output with text from which
 *     nothing reaches @device is a parse error: the boundary (drivers/parse.h) says so.
 *   - The boundary hands over a normalised layout (drivers/text/outnorm.h): "\n" line ends,
 *     no trailing blanks, no prompt or pager lines, no indentation shared by every line.
 *
 * Adding a platform: one folder, drivers/<name>/, holding its command table
 * (platform-<name>.c) and its parsers (parse-<name>-<what>.c); then one line in
 * platform-list.h and fa_platforms[] in platform.c.
 *
 * Adding a field to the model, or a command: audit/fields.def is the one place a field is
 * declared (a FIELD() line: type, unit, meaning, volatility) and every command of a platform
 * table is a SOURCE() there; list the new command's SOURCE id on each field its parser
 * writes.  The tests refuse a command that is no SOURCE, and "fabric-audit fields --check"
 * a snapshot field that is not registered for its platform.  Transports live in drivers/transport/,
 * shared text, unit and XML helpers in drivers/text/.
 */
#ifndef FA_DRIVERS_PLATFORM_H
#define FA_DRIVERS_PLATFORM_H

#include <jansson.h>
#include <stdbool.h>

#include "audit/util/err.h"
#include "drivers/capture.h"

/* What a parser returns for an output it understood that holds no data (see above). */
#define FA_PARSED_EMPTY 1

typedef int fa_parse_fn(const struct fa_capture *cap, json_t *device, struct fa_err *err);

enum fa_expand {
	FA_EXPAND_NONE,		/* once per device */
	FA_EXPAND_NETDEV,	/* once per RDMA network interface: IF */
	FA_EXPAND_RDMADEV,	/* once per RDMA device: DEV */
	FA_EXPAND_IBCAPORT,	/* once per InfiniBand CA port with a LID, when the device's
				   partitions.conf was read: LID */
	FA_EXPAND_IBCALID,	/* once per InfiniBand CA port with a LID, always: LID */
	FA_EXPAND_IBSMLID,	/* once per InfiniBand CA port where an SM runs (ib.is_sm): LID */
	FA_EXPAND_IB_PARTITIONS,	/* once: the inventory's ib_partitions_file, else
					   /etc/opensm/partitions.conf: FILE */
	FA_EXPAND_NCCL_ENV,	/* once per environment file the inventory names for the device
				   (nccl_env), in the inventory's order: FILE */
};

enum fa_command_flags {
	/* A parser for captures a user brings (fabric-audit parse), not sent by collect. */
	FA_CMD_PARSE_ONLY = 1 << 0,
	/* A failure (non-zero exit, missing tool) is a warning, not a failed device. */
	FA_CMD_OPTIONAL = 1 << 1,
	/*
	 * Another tool's way to the same settings: sent only for the arguments (IF, DEV) where
	 * the nearest command above it without this flag failed (dcb where mlnx_qos did).
	 */
	FA_CMD_FALLBACK = 1 << 2,
	/*
	 * Reads counters or sensor readings (docs/health.md): sent only when counters are
	 * wanted ("collect --sample SECONDS", drift), and then a second time SECONDS after the
	 * first reading, so the model gets both.
	 */
	FA_CMD_COUNTERS = 1 << 3,
	/*
	 * With FA_CMD_COUNTERS: the output is configuration too (Onyx's "show interfaces
	 * ethernet"), so it is sent by every collection; its counters are kept only when
	 * counters are wanted.
	 */
	FA_CMD_ALSO_CONFIG = 1 << 4,
	/*
	 * ib-fabric: one way to discover the subnet.  A device whose inventory says
	 * "ib_discovery: inprocess" is sent the FA_CMD_IB_INPROCESS commands and not the
	 * FA_CMD_IB_TOOLS ones; every other device the reverse (docs/platforms/infiniband.md).
	 */
	FA_CMD_IB_TOOLS = 1 << 5,
	FA_CMD_IB_INPROCESS = 1 << 6,
};

struct fa_command {
	const char *command;	/* template, e.g. "mlnx_qos -i IF" */
	enum fa_expand expand;
	unsigned flags;
	fa_parse_fn *parse;
};

struct fa_platform {
	const char *name;	/* "linux", "cumulus" */
	const char *kind;	/* "host" or "switch" */
	const char *summary;
	const struct fa_command *commands;
	size_t ncommands;
};

/* NULL-terminated list of every platform, sorted by name. */
extern const struct fa_platform *const fa_platforms[];

/* Borrowed, or NULL. */
const struct fa_platform *fa_platform_find(const char *name);

/* The name of the platform @name is a likely typo of ("cumuls": "cumulus"), or NULL. */
const char *fa_platform_suggest(const char *name);

/*
 * The command of @p whose template is @command, or whose template matches @command with IF
 * or DEV standing for one word (so "mlnx_qos -i eth0" finds "mlnx_qos -i IF").  When @ret_arg
 * is not NULL it receives the word (new string, free()) or NULL.
 */
const struct fa_command *fa_platform_command(const struct fa_platform *p, const char *command,
					     char **ret_arg);

/* The template with IF/DEV replaced by @arg.  New string, free(). */
char *fa_command_expand(const struct fa_command *c, const char *arg);

#endif /* FA_DRIVERS_PLATFORM_H */
