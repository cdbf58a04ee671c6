/* SPDX-License-Identifier: MIT */
/*
 * Health from two readings of a port's counters (docs/health.md): port.health.previous (the
 * first reading), port.health.delta (how much each counter grew), the interval between the
 * readings and the bit error rate before FEC.  The readings come from one collection
 * (collect --sample: baseline "sample") or from the previous snapshot of a drift history
 * (baseline "history").  A counter that went backwards (cleared, or the device restarted) has
 * no delta and is named in port.health.reset, so a rule reading it is not evaluable rather
 * than passing on a made-up zero.
 */
#ifndef FA_AUDIT_HEALTH_H
#define FA_AUDIT_HEALTH_H

#include <jansson.h>

/*
 * Set @port's "health" from its "counters" (the second reading) and @previous (the
 * "counters" object of the first reading; borrowed), @interval_s apart.  Nothing is set when
 * the port has no counters, @previous is not an object or @interval_s is not positive.
 * Returns 1 when health was set, else 0.
 */
int fa_health_derive_port(json_t *port, const json_t *previous, double interval_s,
			  const char *baseline);

/*
 * Give every port of @devices that has counters but no health its health against the same
 * device and port of @prev_devices (the previous snapshot's "devices"), the interval being
 * the difference of the devices' counters_read_at.  Devices that are not "ok" in either, or
 * whose reading times are missing or not increasing, are left alone.  Returns the number of
 * ports that got health.
 */
size_t fa_health_from_history(json_t *devices, const json_t *prev_devices);

#endif /* FA_AUDIT_HEALTH_H */
