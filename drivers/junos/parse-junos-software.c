/* SPDX-License-Identifier: MIT */
/*
 * <get-software-information/> ("show version"): host name, model and Junos release.
 *
 * Newer releases print <junos-version>; older ones only name the release inside the comment
 * of the "junos" package ("JUNOS Software Release [12.1X46-D15.3]").  On a multi-RE or
 * Virtual Chassis system the first <software-information> (the master RE) is used.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

static char *fa_junos_package_version(xmlNodePtr info)
{
	xmlNodePtr pkg;
	char *fallback = NULL, *v = NULL;

	for (pkg = fa_xml_child(info, "package-information"); pkg && !v;
	     pkg = fa_xml_next(pkg, "package-information")) {
		char *name = fa_xml_child_text(pkg, "name");
		char *comment = fa_xml_child_text(pkg, "comment");

		if (name && strcmp(name, "junos") == 0)
			v = fa_junos_bracketed(comment);
		else if (!fallback)
			fallback = fa_junos_bracketed(comment);
		free(name);
		free(comment);
	}
	if (v) {
		free(fallback);
		return v;
	}
	return fallback;
}

int fa_parse_junos_software(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	xmlDocPtr doc = NULL;
	xmlNodePtr info;
	char *host, *model, *version;
	int r;

	r = fa_junos_reply(cap, "software-information", &doc, &info, err);
	if (r)
		return r;
	host = fa_xml_child_text(info, "host-name");
	model = fa_xml_child_text(info, "product-model");
	version = fa_xml_child_text(info, "junos-version");
	if (!version)
		version = fa_junos_package_version(info);
	if (host)
		fa_set_str(device, "hostname", host);
	if (model)
		fa_set_str(device, "model", model);
	fa_set_str(device, "os.name", "Junos");
	if (version)
		fa_set_str(device, "os.version", version);
	else
		fa_device_warn(device, "%s: no Junos release in the reply", cap->command);
	free(host);
	free(model);
	free(version);
	xmlFreeDoc(doc);
	return 0;
}
