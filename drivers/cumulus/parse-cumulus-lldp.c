/* SPDX-License-Identifier: MIT */
/*
 * "nv show interface --view=lldp-detail -o json": the LLDP neighbour of every interface.
 *
 * A view is a subset of the interface objects, so the answer has the shape of
 * "nv show interface -o json" restricted to "lldp": {"swp1": {"lldp": {"neighbor":
 * {"spine01": {"chassis": {"chassis-id": ..., "system-name": ...}, "port": {"name": "swp1",
 * "description": ..., "type": "ifname"}}}}}}.  The neighbour object is the one NVUE shows for
 * "nv show interface <if> lldp neighbor <id>".  Interfaces without a neighbour have no
 * "neighbor" (or an empty one) and get no lldp fields.
 */
#include "config.h"

#include "audit/model.h"
#include "drivers/cumulus/parse-cumulus-int.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "audit/util/banned.h"

#define FA_CMD_LLDP "nv show interface --view=lldp-detail -o json"

int fa_parse_cumulus_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_cumulus_cmd(cap, FA_CMD_LLDP);
	json_t *root = NULL, *ifc, *lldp, *nbr;
	const char *name;
	int r;

	r = fa_cumulus_load(cap, FA_CMD_LLDP, &root, err);
	if (r)
		return r;
	if (!json_is_object(root)) {
		fa_device_warn(device, "%s: expected an object of interfaces", cmd);
		goto out;
	}
	json_object_foreach(root, name, ifc) {
		if (!json_is_object(ifc)) {
			fa_device_warn(device, "%s: %s: not an object", cmd, name);
			continue;
		}
		lldp = json_object_get(ifc, "lldp");
		if (!lldp)
			continue;
		nbr = json_object_get(lldp, "neighbor");
		/* Only a port with a neighbour (or a malformed answer to report) is worth a port. */
		if (json_is_object(lldp) && (!nbr || (json_is_object(nbr) && !json_object_size(nbr))))
			continue;
		fa_cumulus_lldp_port(device, fa_device_port(device, name), lldp, cmd);
	}
out:
	json_decref(root);
	return 0;
}
