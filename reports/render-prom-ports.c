/* SPDX-License-Identifier: MIT */
/*
 * Per-port health metrics for the Prometheus textfile (docs/report.md), from the snapshot an
 * audit ran on, so a Grafana board can graph what the health rules judged.  node_exporter's
 * naming: counters as read are fabric_audit_port_NAME_total (durations in seconds), the rates
 * of the last two readings and the physical readings are gauges in base units where there is
 * one (seconds, amperes, volts, degrees Celsius; optical power stays in dBm).  Labels:
 * command, device, port, and priority or lane for per-priority counters and per-lane
 * readings.  A port without a field has no sample for it: no invented zero.
 *
 * Each metric's samples follow its HELP and TYPE lines, as the exposition format requires,
 * so the ports are walked once per metric.
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

enum fa_pm_kind {
	FA_PM_COUNTER,		/* counters.NAME as read */
	FA_PM_RATE,		/* health.delta.NAME / health.interval_s */
	FA_PM_VALUE,		/* a reading as it is */
};

struct fa_pm {
	const char *name;	/* metric name after fabric_audit_port_ */
	const char *path;	/* the port field, or the counter name */
	enum fa_pm_kind kind;
	double scale;		/* unit conversion to the metric's unit */
	const char *label;	/* per index of a list: "priority" or "lane" */
	const char *help;
};

/* The counters of audit/counters.def, as read and as a rate. */
#define COUNTER(name, type, unit, sources, meaning)                                               \
	{ name, name, FA_PM_COUNTER, 1.0, NULL, meaning },
static const struct fa_pm fa_pm_counters[] = {
#include "audit/counters.def"
};
#undef COUNTER

static const struct fa_pm fa_pm_values[] = {
	{ "health_interval_seconds", "health.interval_s", FA_PM_VALUE, 1.0, NULL,
	  "Time between the two readings the rates come from." },
	{ "pre_fec_ber", "health.pre_fec_ber", FA_PM_VALUE, 1.0, NULL,
	  "Bit error rate before FEC over the interval." },
	{ "raw_ber", "phy.raw_ber", FA_PM_VALUE, 1.0, NULL,
	  "Bit error rate before FEC, as the NIC or switch estimates it." },
	{ "effective_ber", "phy.effective_ber", FA_PM_VALUE, 1.0, NULL,
	  "Bit error rate after FEC, as the NIC or switch estimates it." },
	{ "module_temperature_celsius", "transceiver.temperature", FA_PM_VALUE, 1.0, NULL,
	  "Module temperature at the reading." },
	{ "module_voltage_volts", "transceiver.voltage", FA_PM_VALUE, 1.0, NULL,
	  "Module supply voltage at the reading." },
	{ "module_rx_power_dbm", "transceiver.rx_power", FA_PM_VALUE, 1.0, "lane",
	  "Received optical power per lane at the reading, in dBm." },
	{ "module_tx_power_dbm", "transceiver.tx_power", FA_PM_VALUE, 1.0, "lane",
	  "Transmitted optical power per lane at the reading, in dBm." },
	{ "module_tx_bias_amperes", "transceiver.tx_bias", FA_PM_VALUE, 0.001, "lane",
	  "Laser bias current per lane at the reading." },
};

/* Microsecond counters are exported in seconds; their rate is the share of time paused. */
static bool fa_pm_is_duration(const char *counter)
{
	size_t n = strlen(counter);

	return n > 9 && strcmp(counter + n - 9, "_duration") == 0;
}

/* The value at @path of @port (as the metric reads it), or NULL. */
static json_t *fa_pm_value(const struct fa_pm *m, const json_t *port, double *scale)
{
	char path[128];
	json_t *v, *iv;

	*scale = m->scale;
	if (m->kind == FA_PM_VALUE)
		return fa_obj_get_path(port, m->path);
	snprintf(path, sizeof(path), "%s.%s", m->kind == FA_PM_COUNTER ? "counters" :
		 "health.delta", m->path);
	v = fa_obj_get_path(port, path);
	if (m->kind == FA_PM_COUNTER) {
		if (fa_pm_is_duration(m->path))
			*scale = 1e-6;
		return v;
	}
	iv = fa_obj_get_path(port, "health.interval_s");
	if (!v || !json_is_number(iv) || json_number_value(iv) <= 0)
		return NULL;
	*scale = (fa_pm_is_duration(m->path) ? 1e-6 : 1.0) / json_number_value(iv);
	return v;
}

/*
 * The metric's name for a counter: the model's name, except where Prometheus reads a word of
 * it as a unit ("bits" is not a base unit, promtool's lint says).
 */
static const char *fa_pm_base_name(const struct fa_pm *m)
{
	return strcmp(m->name, "corrected_bits") == 0 ? "corrected_bit_errors" : m->name;
}

static void fa_pm_name(struct fa_buf *out, const struct fa_pm *m)
{
	fa_buf_addf(out, "fabric_audit_port_%s", fa_pm_base_name(m));
	if (m->kind == FA_PM_COUNTER)
		fa_buf_adds(out, fa_pm_is_duration(m->path) ? "_seconds_total" : "_total");
	else if (m->kind == FA_PM_RATE)
		fa_buf_adds(out, fa_pm_is_duration(m->path) ? "_ratio" : "_per_second");
}

static void fa_pm_sample(struct fa_buf *out, const struct fa_pm *m, const char *command,
			 const char *dev, const char *port, const char *label, size_t index,
			 const json_t *v, double scale)
{
	fa_pm_name(out, m);
	fa_buf_adds(out, "{command=\"");
	fa_prom_escape_label(out, command);
	fa_buf_adds(out, "\",device=\"");
	fa_prom_escape_label(out, dev);
	fa_buf_adds(out, "\",port=\"");
	fa_prom_escape_label(out, port);
	fa_buf_addch(out, '"');
	if (label)
		fa_buf_addf(out, ",%s=\"%zu\"", label, index);
	/* counters as read stay exact integers */
	if (json_is_integer(v) && scale == 1.0)
		fa_buf_addf(out, "} %lld\n", (long long)json_integer_value(v));
	else
		fa_buf_addf(out, "} %.15g\n", json_number_value(v) * scale);
}

/* Every sample of metric @m over the ports of @snapshot; returns how many it wrote. */
static size_t fa_pm_samples(struct fa_buf *out, const struct fa_pm *m, const char *command,
			    const json_t *snapshot, bool write)
{
	const json_t *d, *p, *x;
	size_t i, j, k, n = 0;

	json_array_foreach(json_object_get(snapshot, "devices"), i, d) {
		const char *dev = json_string_value(json_object_get(d, "name"));

		json_array_foreach(json_object_get(d, "ports"), j, p) {
			const char *port = json_string_value(json_object_get(p, "name"));
			double scale;
			json_t *v = dev && port ? fa_pm_value(m, p, &scale) : NULL;

			if (json_is_number(v)) {
				if (write)
					fa_pm_sample(out, m, command, dev, port, NULL, 0, v, scale);
				n++;
			} else if (json_is_array(v)) {
				json_array_foreach(v, k, x) {
					if (!json_is_number(x))
						continue;
					if (write)
						fa_pm_sample(out, m, command, dev, port,
							     m->label ? m->label : "priority", k, x,
							     scale);
					n++;
				}
			}
		}
	}
	return n;
}

static void fa_pm_metric(struct fa_buf *out, const struct fa_pm *m, const char *command,
			 const json_t *snapshot)
{
	if (!fa_pm_samples(out, m, command, snapshot, false))
		return;
	fa_buf_adds(out, "# HELP ");
	fa_pm_name(out, m);
	if (m->kind == FA_PM_RATE)
		fa_buf_addf(out, " %s: %s over the last two readings.\n# TYPE ", m->help,
			    fa_pm_is_duration(m->path) ? "share of the time" : "per second");
	else
		fa_buf_addf(out, " %s%s.\n# TYPE ", m->help,
			    m->kind == FA_PM_COUNTER && fa_pm_is_duration(m->path) ?
			    " (seconds)" : "");
	fa_pm_name(out, m);
	fa_buf_adds(out, m->kind == FA_PM_COUNTER ? " counter\n" : " gauge\n");
	fa_pm_samples(out, m, command, snapshot, true);
}

void fa_prom_ports(struct fa_buf *out, const char *command, const json_t *snapshot)
{
	size_t i;

	for (i = 0; i < sizeof(fa_pm_counters) / sizeof(fa_pm_counters[0]); i++)
		fa_pm_metric(out, &fa_pm_counters[i], command, snapshot);
	for (i = 0; i < sizeof(fa_pm_counters) / sizeof(fa_pm_counters[0]); i++) {
		struct fa_pm rate = fa_pm_counters[i];

		rate.kind = FA_PM_RATE;
		fa_pm_metric(out, &rate, command, snapshot);
	}
	for (i = 0; i < sizeof(fa_pm_values) / sizeof(fa_pm_values[0]); i++)
		fa_pm_metric(out, &fa_pm_values[i], command, snapshot);
}
