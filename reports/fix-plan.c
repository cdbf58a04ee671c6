/* SPDX-License-Identifier: MIT */
/*
 * The fix plan (docs/report.md, "Fix plan"): a report's fixes as one text for review, a
 * section per device, switches before hosts, each platform's lines inside the session its
 * CLI needs.  Only text is made here; nothing is sent anywhere.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "reports/fix-plan.h"
#include "reports/report.h"
#include "audit/util/banned.h"

/* What a platform's lines run inside, and how the device is reached. */
static const struct {
	const char *platform;
	const char *where;		/* "run on DEVICE " + this */
	const char *const before[2];	/* lines opening the session, NULL-padded */
	const char *const after[3];	/* lines closing and saving it */
} fa_fix_sessions[] = {
	{ "cumulus", "in its shell (NVUE)", { NULL }, { "nv config apply -y", NULL } },
	{ "eos", "in its CLI", { "configure", NULL }, { "end", "write memory", NULL } },
	{ "ib-fabric", "on the subnet manager's host", { NULL }, { NULL } },
	{ "junos", "in its CLI", { "configure", NULL }, { "commit and-quit", NULL } },
	{ "linux", "as root (ip/ethtool/mlnx_qos changes last until the next reboot: "
		   "also make them in the host's network configuration)", { NULL }, { NULL } },
	{ "nxos", "in its CLI", { "configure terminal", NULL },
	  { "end", "copy running-config startup-config", NULL } },
	{ "onyx", "in its CLI", { "configure terminal", NULL },
	  { "configuration write", "exit", NULL } },
	{ "openconfig", "from a management host with gnmic", { NULL }, { NULL } },
	{ "sonic", "as root in its shell", { NULL }, { "config save -y", NULL } },
};

/* One device's part of the plan, in the report's order of findings. */
struct fa_fix_device {
	const char *name;
	const char *platform;
	json_t *findings;	/* borrowed findings with a fix on this device */
};

struct fa_fix_plan {
	struct fa_fix_device *devs;
	size_t n, alloc;
	json_t *by_hand;	/* borrowed findings no command fixes */
};

/* Append @s with every control character shown as '?', so a value cannot end a comment. */
static void fa_fix_add_safe(struct fa_buf *out, const char *s)
{
	for (; s && *s; s++)
		fa_buf_addch(out, (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
}

static void fa_fix_comment(struct fa_buf *out, const char *indent, const json_t *f)
{
	fa_buf_addf(out, "#%s", indent);
	fa_fix_add_safe(out, json_string_value(json_object_get(f, "rule")));
	fa_buf_adds(out, " on ");
	fa_fix_add_safe(out, json_string_value(json_object_get(f, "subject_text")));
	/* The findings a finding explains are named by rule and subject only. */
	if (json_is_string(json_object_get(f, "message"))) {
		fa_buf_adds(out, ": ");
		fa_fix_add_safe(out, json_string_value(json_object_get(f, "message")));
	}
	fa_buf_addch(out, '\n');
}

static struct fa_fix_device *fa_fix_device_get(struct fa_fix_plan *p, const char *name,
					       const char *platform)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (strcmp(p->devs[i].name, name) == 0)
			return &p->devs[i];
	if (p->n == p->alloc) {
		p->alloc = p->alloc ? p->alloc * 2 : 16;
		p->devs = fa_xreallocarray(p->devs, p->alloc, sizeof(*p->devs));
	}
	p->devs[p->n] = (struct fa_fix_device){ name, platform, json_array() };
	return &p->devs[p->n++];
}

/* Hosts after switches: a switch port must take larger frames, and pause, before its host. */
static int fa_fix_device_order(const void *a, const void *b)
{
	const struct fa_fix_device *x = a, *y = b;
	int hx = strcmp(x->platform, "linux") == 0, hy = strcmp(y->platform, "linux") == 0;

	if (hx != hy)
		return hx - hy;
	return strcmp(x->name, y->name);
}

/* Does line @line appear among the commands already printed for this device? */
static bool fa_fix_seen(const json_t *printed, const char *line)
{
	const json_t *v;
	size_t i;

	json_array_foreach(printed, i, v)
		if (strcmp(json_string_value(v), line) == 0)
			return true;
	return false;
}

static bool fa_fix_has_command(const json_t *fix)
{
	const json_t *v;
	size_t i;

	json_array_foreach(json_object_get(fix, "commands"), i, v)
		if (json_is_string(v) && json_string_value(v)[0] != '#')
			return true;
	return false;
}

static void fa_fix_lines(struct fa_buf *out, const char *const *lines)
{
	for (; *lines; lines++)
		fa_buf_addf(out, "%s\n", *lines);
}

static void fa_fix_device_section(struct fa_buf *out, const struct fa_fix_device *d)
{
	json_t *printed = json_array(), *f, *line;
	size_t i, j, s;
	bool commands = false;

	for (s = 0; s < sizeof(fa_fix_sessions) / sizeof(fa_fix_sessions[0]); s++)
		if (strcmp(fa_fix_sessions[s].platform, d->platform) == 0)
			break;
	json_array_foreach(d->findings, i, f)
		commands |= fa_fix_has_command(json_object_get(f, "fix"));
	fa_buf_adds(out, "\n# ==== ");
	fa_fix_add_safe(out, d->name);
	fa_buf_adds(out, " (");
	fa_fix_add_safe(out, d->platform);
	fa_buf_addf(out, "): %zu finding%s", json_array_size(d->findings),
		    json_array_size(d->findings) == 1 ? "" : "s");
	if (s < sizeof(fa_fix_sessions) / sizeof(fa_fix_sessions[0]))
		fa_buf_addf(out, "; run on it %s", fa_fix_sessions[s].where);
	fa_buf_adds(out, "\n");
	if (commands && s < sizeof(fa_fix_sessions) / sizeof(fa_fix_sessions[0]))
		fa_fix_lines(out, fa_fix_sessions[s].before);
	json_array_foreach(d->findings, i, f) {
		const json_t *fix = json_object_get(f, "fix"), *also;
		size_t before = json_array_size(printed);

		fa_fix_comment(out, " ", f);
		json_array_foreach(json_object_get(f, "explains"), j, also)
			fa_fix_comment(out, "   also fixes ", also);
		if (json_is_string(json_object_get(fix, "note"))) {
			fa_buf_adds(out, "#   note: ");
			fa_fix_add_safe(out, json_string_value(json_object_get(fix, "note")));
			fa_buf_addch(out, '\n');
		}
		json_array_foreach(json_object_get(fix, "commands"), j, line) {
			const char *l = json_string_value(line);

			if (!l || fa_fix_seen(printed, l))
				continue;
			/* A command is one line whatever a device put in its values. */
			fa_fix_add_safe(out, l);
			fa_buf_addch(out, '\n');
			json_array_append(printed, line);
		}
		if (json_array_size(printed) == before && json_array_size(json_object_get(fix,
											     "commands")))
			fa_buf_adds(out, "#   (fixed by the lines above)\n");
	}
	if (commands && s < sizeof(fa_fix_sessions) / sizeof(fa_fix_sessions[0]))
		fa_fix_lines(out, fa_fix_sessions[s].after);
	json_decref(printed);
}

/* The device a finding's fix is for: a device, port or group subject names it. */
static const char *fa_fix_subject_device(const json_t *f)
{
	return json_string_value(json_object_get(json_object_get(f, "subject"), "device"));
}

int fa_fix_plan(const json_t *report, struct fa_buf *out, struct fa_err *err)
{
	const json_t *findings = json_object_get(report, "findings"), *f, *sum;
	struct fa_fix_plan p = { NULL, 0, 0, json_array() };
	size_t i, nfixed = 0, nexplained = 0;
	int r;

	if ((r = fa_report_check(report, err)) < 0) {
		json_decref(p.by_hand);
		return r;
	}
	if (strcmp(json_string_value(json_object_get(report, "format")), FA_REPORT_FORMAT) != 0) {
		json_decref(p.by_hand);
		return fa_err_set(err, FA_EPARSE, "a %s document has no fixes: give the JSON "
				  "report of an audit (format %s)",
				  json_string_value(json_object_get(report, "format")),
				  FA_REPORT_FORMAT);
	}
	json_array_foreach(findings, i, f) {
		const json_t *fix = json_object_get(f, "fix");
		const char *dev = fa_fix_subject_device(f);
		const char *platform = json_string_value(json_object_get(fix, "platform"));

		if (json_array_size(json_object_get(f, "explained_by"))) {
			nexplained++;	/* listed under the finding that explains it */
			continue;
		}
		if (!json_is_object(fix) || !dev || !platform) {
			json_array_append(p.by_hand, (json_t *)f);
			continue;
		}
		json_array_append(fa_fix_device_get(&p, dev, platform)->findings, (json_t *)f);
		nfixed++;
	}
	qsort(p.devs, p.n, sizeof(*p.devs), fa_fix_device_order);

	sum = json_object_get(report, "summary");
	fa_buf_adds(out, "# fabric-audit fix plan: NOTHING IN IT HAS BEEN APPLIED.\n"
			 "# Review every line before you run it on the device its section "
			 "names;\n# fabric-audit never sends these commands.\n# From the report of ");
	fa_fix_add_safe(out, json_string_value(json_object_get(report, "created")));
	fa_buf_adds(out, " on ");
	fa_fix_add_safe(out, json_string_value(json_object_get(json_object_get(report,
										 "snapshot"),
							       "source")));
	fa_buf_addf(out, " (verdict %s).\n# %zu findings: %zu fixed on %zu device%s below, "
		    "%zu with the finding that explains them, %zu by hand (at the end).\n",
		    json_string_value(json_object_get(sum, "verdict")) ?
			    json_string_value(json_object_get(sum, "verdict")) : "?",
		    json_array_size(findings), nfixed, p.n, p.n == 1 ? "" : "s", nexplained,
		    json_array_size(p.by_hand));
	fa_buf_adds(out, "# Order: switches first, then hosts, so that a switch port takes larger "
			 "frames\n# and honours pause frames before its host sends them.\n");
	for (i = 0; i < p.n; i++)
		fa_fix_device_section(out, &p.devs[i]);
	if (json_array_size(p.by_hand)) {
		fa_buf_adds(out, "\n# ==== by hand: no command fixes these (cabling, optics, "
				 "counters, or a rule without a fix) ====\n");
		json_array_foreach(p.by_hand, i, f) {
			const json_t *also;
			size_t j;

			fa_fix_comment(out, " ", f);
			json_array_foreach(json_object_get(f, "explains"), j, also)
				fa_fix_comment(out, "   and what it explains: ", also);
		}
	}
	for (i = 0; i < p.n; i++)
		json_decref(p.devs[i].findings);
	free(p.devs);
	json_decref(p.by_hand);
	return 0;
}
