/* SPDX-License-Identifier: MIT */
/*
 * sysfs RDMA and DCQCN reader; the mapping is in sysfs-rdma.h.
 *
 * sysfs files are small, may lack a trailing newline, and some (an unset GID type, an unused
 * ndevs entry) fail to read with EINVAL: such an entry is simply not there.  Directory
 * entries are visited in natural order so the output does not depend on readdir order.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "drivers/transport/sysfs-rdma.h"
#include "audit/util/banned.h"

/* The trimmed first line of a sysfs file, or NULL.  New string. */
static char *fa_sys_read(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *fa_sys_read(const char *fmt, ...)
{
	struct fa_buf path = FA_BUF_INIT, b = FA_BUF_INIT;
	va_list ap;
	char *s = NULL, *nl;
	size_t n;

	va_start(ap, fmt);
	fa_buf_vaddf(&path, fmt, ap);
	va_end(ap);
	if (fa_file_read(path.buf, 65536, &b, NULL) == 0) {
		nl = strchr(b.buf, '\n');
		if (nl)
			*nl = '\0';
		n = strlen(b.buf);
		while (n && isspace((unsigned char)b.buf[n - 1]))
			b.buf[--n] = '\0';
		if (n)
			s = fa_xstrdup(b.buf);
	}
	fa_buf_release(&path);
	fa_buf_release(&b);
	return s;
}

static int fa_sys_name_cmp(const void *a, const void *b)
{
	return fa_natural_cmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of a folder (no dot entries), naturally sorted; *ret_n of them.  free each. */
static char **fa_sys_list(const char *dir, size_t *ret_n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t n = 0;

	*ret_n = 0;
	if (!d)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		v = fa_xreallocarray(v, n + 1, sizeof(*v));
		v[n++] = fa_xstrdup(e->d_name);
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), fa_sys_name_cmp);
	*ret_n = n;
	return v;
}

static void fa_sys_list_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static bool fa_sys_is_number(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

/* "4: ACTIVE" -> "ACTIVE" (borrowed, inside @s). */
static const char *fa_sys_after_colon(const char *s)
{
	const char *c = strchr(s, ':');

	if (!c)
		return s;
	for (c++; *c == ' '; c++)
		;
	return c;
}

static const struct {
	const char *sysfs;
	const char *model;
} fa_sys_phys[] = {
	{ "Sleep", "sleep" },
	{ "Polling", "polling" },
	{ "Disabled", "disabled" },
	{ "PortConfigurationTraining", "training" },
	{ "LinkUp", "linkup" },
	{ "LinkErrorRecovery", "linkerrorrecovery" },
	{ "Phy Test", "phytest" },
};

static void fa_sys_state(json_t *device, json_t *port, const char *where, const char *state,
			 const char *phys)
{
	static const char *const states[] = { "DOWN", "INIT", "ARMED", "ACTIVE" };
	size_t i;

	if (state) {
		const char *s = fa_sys_after_colon(state);

		for (i = 0; i < 4 && strcmp(s, states[i]) != 0; i++)
			;
		if (i < 4) {
			char low[8];
			size_t k;

			for (k = 0; s[k] && k < sizeof(low) - 1; k++)
				low[k] = (char)tolower((unsigned char)s[k]);
			low[k] = '\0';
			fa_set_str(port, "ib.state", low);
		} else {
			fa_device_warn(device, "sysfs: %s: unknown state '%s'", where, state);
		}
	}
	if (phys) {
		const char *s = fa_sys_after_colon(phys);

		for (i = 0; i < sizeof(fa_sys_phys) / sizeof(fa_sys_phys[0]); i++)
			if (strcmp(s, fa_sys_phys[i].sysfs) == 0)
				break;
		if (i < sizeof(fa_sys_phys) / sizeof(fa_sys_phys[0]))
			fa_set_str(port, "ib.phys_state", fa_sys_phys[i].model);
		else
			fa_device_warn(device, "sysfs: %s: unknown phys_state '%s'", where, phys);
	}
}

/* "100 Gb/sec (4X EDR)" -> ib.rate 100000000000, ib.width "4X". */
static void fa_sys_rate(json_t *device, json_t *port, const char *where, const char *rate)
{
	char *end;
	double gb = strtod(rate, &end);
	const char *w;

	if (end == rate || strncmp(end, " Gb/sec", 7) != 0 || !(gb > 0 && gb < 100000)) {
		fa_device_warn(device, "sysfs: %s: unknown rate '%s'", where, rate);
		return;
	}
	fa_set_int(port, "ib.rate", (json_int_t)(gb * 1e9 + 0.5));
	w = strchr(end, '(');
	if (w && isdigit((unsigned char)w[1])) {
		size_t n = 1;

		while (isdigit((unsigned char)w[n]))
			n++;
		if (w[n] == 'X')
			fa_set_strn(port, "ib.width", w + 1, n);
	}
}

static void fa_sys_hex16(json_t *port, const char *path, const char *v)
{
	char *end;
	unsigned long n;

	if (!v)
		return;
	n = strtoul(v, &end, 0);
	if (end != v && *end == '\0' && n <= 65535)
		fa_set_int(port, path, (json_int_t)n);
}

/* "0a7f:bc12:45ef:d23b" -> "0x0a7fbc1245efd23b"; false when not a GUID. */
static bool fa_sys_guid(const char *s, char out[19])
{
	size_t i, k = 2;

	out[0] = '0';
	out[1] = 'x';
	for (i = 0; s[i]; i++) {
		if (i % 5 == 4) {
			if (s[i] != ':')
				return false;
			continue;
		}
		if (!isxdigit((unsigned char)s[i]) || k >= 18)
			return false;
		out[k++] = (char)tolower((unsigned char)s[i]);
	}
	out[k] = '\0';
	return i == 19 && k == 18;
}

/* PSIDs look like MT_0000000838 or SM_2001000001034: two capitals, '_', capitals/digits. */
static bool fa_sys_is_psid(const char *s)
{
	size_t i;

	if (!isupper((unsigned char)s[0]) || !isupper((unsigned char)s[1]) || s[2] != '_' || !s[3])
		return false;
	for (i = 3; s[i]; i++)
		if (!isupper((unsigned char)s[i]) && !isdigit((unsigned char)s[i]))
			return false;
	return true;
}

static void fa_sys_pkeys(const char *pdir, json_t *port)
{
	char *dir = fa_xasprintf("%s/pkeys", pdir);
	size_t i, n;
	char **v = fa_sys_list(dir, &n);
	json_t *a = json_array();

	for (i = 0; i < n; i++) {
		char *k = fa_sys_read("%s/%s", dir, v[i]);
		unsigned long p;
		char *end;

		if (k && fa_sys_is_number(v[i])) {
			p = strtoul(k, &end, 16);
			if (end != k && *end == '\0' && p != 0 && p <= 0xffff) {
				char s[8];

				snprintf(s, sizeof(s), "0x%04lx", p);
				json_array_append_new(a, json_string(s));
			}
		}
		free(k);
	}
	if (n)
		fa_set(port, "pkeys", a);
	else
		json_decref(a);
	fa_sys_list_free(v, n);
	free(dir);
}

static void fa_sys_gids(const char *pdir, const char *link_layer, json_t *port)
{
	char *dir = fa_xasprintf("%s/gids", pdir);
	size_t i, n;
	char **v = fa_sys_list(dir, &n);
	json_t *a = json_array();

	for (i = 0; i < n; i++) {
		char *g = fa_sys_read("%s/%s", dir, v[i]), *t;
		unsigned a1, a2, b1, b2;
		json_t *o;

		if (!g || !fa_sys_is_number(v[i]) || strlen(g) != 39 ||
		    strcmp(g, "0000:0000:0000:0000:0000:0000:0000:0000") == 0) {
			free(g);
			continue;
		}
		o = json_object();
		json_object_set_new(o, "index", json_integer(strtol(v[i], NULL, 10)));
		json_object_set_new(o, "gid", json_string(g));
		t = fa_sys_read("%s/gid_attrs/types/%s", pdir, v[i]);
		if (t && strcmp(t, "RoCE v2") == 0)
			json_object_set_new(o, "type", json_string("RoCE v2"));
		else if (t && strcmp(t, "IB/RoCE v1") == 0 && link_layer)
			json_object_set_new(o, "type", json_string(strcmp(link_layer, "Ethernet") == 0
								   ? "RoCE v1" : "IB"));
		if (strncmp(g, "0000:0000:0000:0000:0000:ffff:", 30) == 0 &&
		    sscanf(g + 30, "%2x%2x:%2x%2x", &a1, &a2, &b1, &b2) == 4) {
			char ip[16];

			snprintf(ip, sizeof(ip), "%u.%u.%u.%u", a1, a2, b1, b2);
			json_object_set_new(o, "ipv4", json_string(ip));
		}
		json_array_append_new(a, o);
		free(t);
		free(g);
	}
	if (json_array_size(a))
		fa_set(port, "gids", a);
	else
		json_decref(a);
	fa_sys_list_free(v, n);
	free(dir);
}

/* The network interface of port @pn of RDMA device @ddir (new string), or NULL. */
static char *fa_sys_netdev(const char *ddir, const char *pn, size_t nports)
{
	char *nd = fa_sys_read("%s/ports/%s/gid_attrs/ndevs/0", ddir, pn), *netdir;
	char **v;
	size_t i, n;

	if (nd)
		return nd;
	netdir = fa_xasprintf("%s/device/net", ddir);
	v = fa_sys_list(netdir, &n);
	if (n == 1 && nports == 1)
		nd = fa_xstrdup(v[0]);
	for (i = 0; !nd && i < n; i++) {
		char *dp = fa_sys_read("%s/%s/dev_port", netdir, v[i]);

		if (dp && fa_sys_is_number(dp) && strtol(dp, NULL, 10) + 1 == strtol(pn, NULL, 10))
			nd = fa_xstrdup(v[i]);
		free(dp);
	}
	fa_sys_list_free(v, n);
	free(netdir);
	return nd;
}

static void fa_sys_device(const char *sysfs, const char *dev, json_t *device)
{
	char *ddir = fa_xasprintf("%s/class/infiniband/%s", sysfs, dev), *pdirs;
	char *fw = fa_sys_read("%s/fw_ver", ddir), *hca = fa_sys_read("%s/hca_type", ddir);
	char *board = fa_sys_read("%s/board_id", ddir), *guid = fa_sys_read("%s/node_guid", ddir);
	char guidbuf[19], pci[PATH_MAX], *link;
	ssize_t pl;
	size_t i, n;
	char **ports;

	pdirs = fa_xasprintf("%s/ports", ddir);
	ports = fa_sys_list(pdirs, &n);
	link = fa_xasprintf("%s/device", ddir);
	pl = readlink(link, pci, sizeof(pci) - 1);
	pci[pl > 0 ? pl : 0] = '\0';
	if (guid && !fa_sys_guid(guid, guidbuf)) {
		fa_device_warn(device, "sysfs: %s: node_guid '%s' is not a GUID", dev, guid);
		free(guid);
		guid = NULL;
	}
	for (i = 0; i < n; i++) {
		char *pdir, *where, *nd, *ll, *st, *ph, *rate, *lid, *smlid;
		const char *base;
		json_t *port;

		if (!fa_sys_is_number(ports[i]))
			continue;
		pdir = fa_xasprintf("%s/%s", pdirs, ports[i]);
		nd = fa_sys_netdev(ddir, ports[i], n);
		where = fa_xasprintf("%s/%s", dev, ports[i]);
		port = fa_device_port(device, nd ? nd : where);
		fa_set_str(port, "nic.device", dev);
		fa_set_int(port, "nic.port", strtol(ports[i], NULL, 10));
		if (fw)
			fa_set_str(port, "nic.firmware", fw);
		if (hca)
			fa_set_str(port, "nic.model", hca);
		if (board && fa_sys_is_psid(board))
			fa_set_str(port, "nic.psid", board);
		if (guid)
			fa_set_str(port, "nic.node_guid", guidbuf);
		base = strrchr(pci, '/');
		base = base ? base + 1 : pci;
		if (strlen(base) == 12 && base[4] == ':' && base[7] == ':' && base[10] == '.')
			fa_set_str(port, "nic.pci", base);
		ll = fa_sys_read("%s/link_layer", pdir);
		if (ll && (strcmp(ll, "InfiniBand") == 0 || strcmp(ll, "Ethernet") == 0))
			fa_set_str(port, "ib.link_layer", ll);
		if (!nd && ll && strcmp(ll, "InfiniBand") == 0)
			fa_set_str(port, "type", "infiniband");
		st = fa_sys_read("%s/state", pdir);
		ph = fa_sys_read("%s/phys_state", pdir);
		fa_sys_state(device, port, where, st, ph);
		rate = fa_sys_read("%s/rate", pdir);
		if (rate)
			fa_sys_rate(device, port, where, rate);
		lid = fa_sys_read("%s/lid", pdir);
		smlid = fa_sys_read("%s/sm_lid", pdir);
		/* LIDs mean something on InfiniBand only; RoCE ports report 0. */
		if (ll && strcmp(ll, "InfiniBand") == 0) {
			fa_sys_hex16(port, "ib.lid", lid);
			fa_sys_hex16(port, "ib.sm_lid", smlid);
		}
		fa_sys_pkeys(pdir, port);
		fa_sys_gids(pdir, ll, port);
		free(lid);
		free(smlid);
		free(rate);
		free(st);
		free(ph);
		free(ll);
		free(where);
		free(nd);
		free(pdir);
	}
	fa_sys_list_free(ports, n);
	free(link);
	free(pdirs);
	free(fw);
	free(hca);
	free(board);
	free(guid);
	free(ddir);
}

int fa_sysfs_rdma_read(const char *sysfs, json_t *device, struct fa_err *err)
{
	char *dir = fa_xasprintf("%s/class/infiniband", sysfs);
	size_t i, n;
	char **devs = fa_sys_list(dir, &n);

	for (i = 0; i < n; i++)
		fa_sys_device(sysfs, devs[i], device);
	fa_sys_list_free(devs, n);
	free(dir);
	return 0;
}

static json_t *fa_sys_prio_switches(const char *dir, bool *present)
{
	json_t *a = json_array();
	int p;

	for (p = 0; p < 8; p++) {
		char *v = fa_sys_read("%s/%d", dir, p);

		if (v)
			*present = true;
		if (v && strcmp(v, "1") == 0)
			json_array_append_new(a, json_integer(p));
		free(v);
	}
	return a;
}

int fa_sysfs_dcqcn_read(const char *sysfs, json_t *device, struct fa_err *err)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(device, "ports"), i, p) {
		const char *name = fa_get_str(p, "name");
		static const char *const sides[] = { "rp", "np" };

		if (!name || strchr(name, '/'))
			continue;
		for (size_t s = 0; s < 2; s++) {
			char *dir = fa_xasprintf("%s/class/net/%s/ecn/roce_%s/enable", sysfs, name,
						 sides[s]);
			char path[32];
			bool present = false;
			json_t *a = fa_sys_prio_switches(dir, &present);

			snprintf(path, sizeof(path), "qos.dcqcn.%s_enabled", sides[s]);
			if (present)
				fa_set(p, path, a);
			else
				json_decref(a);
			free(dir);
		}
	}
	return 0;
}
