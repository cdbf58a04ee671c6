/* SPDX-License-Identifier: MIT */
/*
 * Cabling plans: the links a fabric is meant to have, compared with the links discovery
 * found (LLDP, InfiniBand), for the rules of scope "plan".
 *
 * A plan is read from either format (docs/rules.md, "Cabling plans"):
 *   - CSV, one planned link per line: a_device,a_port,b_device,b_port[,cable_type,length_m]
 *     ('#' comments, blank lines and a header line starting with a_device are skipped);
 *   - Graphviz DOT edges as Cumulus PTM's topology.dot writes them:
 *     "spine01":"swp1" -- "leaf01":"swp33";  (optional [cable_type="dac", length_m="3"]).
 *
 * Comparing a plan with a snapshot gives one *plan subject* per planned link, and one per
 * discovered link the plan does not have ("extra"), each with a status:
 *   ok            discovery found exactly the planned link
 *   miswired      a planned port is cabled to another port than planned (the binding's
 *                 "found" says what each planned port reaches)
 *   no-peer       both devices were collected, nothing was found on either planned port
 *   unknown-port  a planned port is not a port the collected device reported
 *   not-polled    a device of the link was not collected (absent or failed), so the link
 *                 cannot be checked
 *   extra         a discovered link between devices of the plan, on ports the plan does
 *                 not use
 */
#ifndef FA_RULES_PLAN_H
#define FA_RULES_PLAN_H

#include <jansson.h>
#include <stddef.h>

#include "audit/util/err.h"

struct fa_topo;

struct fa_plan_link {
	char *a_device, *a_port, *b_device, *b_port;
	char *cable_type;	/* NULL when not given */
	double length_m;	/* < 0 when not given */
	int line;		/* where it is written (1-based) */
};

struct fa_plan {
	char *source;		/* file name, for "file:line" */
	struct fa_plan_link *links;
	size_t n;
};

/*
 * Parse a plan from @len bytes of @data (CSV or DOT, told apart by the text), naming @source
 * in errors.  *ret is new (free with fa_plan_free()).  Errors: -FA_EPARSE "source:line:column"
 * for a malformed line, a missing device or port, a bad length, a link from a port to
 * itself, or a port planned twice.
 */
int fa_plan_parse(const char *source, const char *data, size_t len, struct fa_plan **ret,
		  struct fa_err *err);

/* Read and parse a plan file (at most 64 MiB).  Errors as fa_plan_parse(), -FA_ENOENT, -FA_EIO. */
int fa_plan_load(const char *path, struct fa_plan **ret, struct fa_err *err);

/*
 * A plan from JSON (a rule example's "plan"): a list of { a: { device, port }, b: {...},
 * cable_type?, length_m? }.  Errors: -FA_EPARSE naming the entry.
 */
int fa_plan_from_json(const json_t *list, const char *source, struct fa_plan **ret,
		      struct fa_err *err);

void fa_plan_free(struct fa_plan *plan);

/* One subject of a plan rule. */
struct fa_plan_subject {
	json_t *plan;			/* the "plan" binding (owned) */
	const char *a_device, *a_port;	/* the ends' names (borrowed) */
	const char *b_device, *b_port;
	const json_t *a_dev, *a_port_obj;	/* the snapshot's objects, NULL when absent */
	const json_t *b_dev, *b_port_obj;
	const json_t *link;		/* the discovered link (status ok and extra), else NULL */
};

/*
 * Compare @plan with the topology @t of a snapshot.  *ret is a new array of *ret_n subjects:
 * the planned links in plan order, then the extra links in device and port order (free with
 * fa_plan_subjects_free()).  @plan and @t must outlive the subjects.
 */
void fa_plan_compare(const struct fa_plan *plan, const struct fa_topo *t,
		     struct fa_plan_subject **ret, size_t *ret_n);
void fa_plan_subjects_free(struct fa_plan_subject *s, size_t n);

#endif /* FA_RULES_PLAN_H */
