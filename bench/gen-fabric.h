/* SPDX-License-Identifier: MIT */
/* gen-fabric internals shared by its host and switch capture writers. */
#ifndef FA_BENCH_GEN_FABRIC_H
#define FA_BENCH_GEN_FABRIC_H

#include <stddef.h>

#include "audit/util/buf.h"

struct gen_fabric {
	const char *dir;
	int spines, hosts, nics, uplinks;
	int nleaves;
	int sample;	/* --sample: seconds between two readings of the counters; 0: none */
};

struct gen_fault {
	const char *kind, *device, *port, *value;
};

const struct gen_fault *gen_find_fault(const char *kind, const char *device, const char *port);
void gen_write(const char *dir, const char *device, const char *command, const struct fa_buf *b);
void gen_mkdir(const char *dir, const char *device);
void gen_host_name(const struct gen_fabric *f, int h, char *buf, size_t size);
void gen_leaf_name(const struct gen_fabric *f, int l, char *buf, size_t size);
void gen_spine_name(const struct gen_fabric *f, int s, char *buf, size_t size);
void gen_ifname(int n, char *buf, size_t size);
void gen_mac(int kind, int dev, int port, char *buf, size_t size);
void gen_host_peer(const struct gen_fabric *f, int h, int n, int *ret_leaf, int *ret_port);
void gen_uplink_peer(const struct gen_fabric *f, int l, int u, int *ret_spine, int *ret_port);
int gen_leaf_host(const struct gen_fabric *f, int l, int port, int *ret_nic);
int gen_link_gbps(const struct gen_fabric *f, int h, int n);

/* Write every capture of one device. */
void gen_host(const struct gen_fabric *f, int h);
void gen_leaf(const struct gen_fabric *f, int l);
void gen_spine(const struct gen_fabric *f, int s);
/* --sample: both readings of a host's counters and modules (bench/gen-health.c). */
void gen_host_health(const struct gen_fabric *f, int h);
/* --sample: the second reading of a leaf's (@spine 0) or spine's counters (bench/gen-switch.c). */
void gen_switch_health(const struct gen_fabric *f, int spine, int i);
/* One capture of reading @reading (1: <slug>.txt, 2: <slug>.2.txt). */
void gen_write_reading(const char *dir, const char *device, const char *command,
		       const struct fa_buf *b, int reading);

#endif /* FA_BENCH_GEN_FABRIC_H */
