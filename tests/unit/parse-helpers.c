/* SPDX-License-Identifier: MIT */
/* What the parser tests share (see parse-helpers.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/capture.h"
#include "drivers/parse.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

/* A capture of @len bytes of @data as the output of @command (with @arg) in @format. */
static struct fa_capture fa_tp_capture(const char *device, const char *command, const char *arg,
				       enum fa_capture_format format, const char *data,
				       size_t len)
{
	struct fa_capture cap = FA_CAPTURE_INIT;

	cap.device = device;
	cap.command = command;
	cap.arg = arg;
	cap.format = format;
	cap.data = data;
	cap.len = len;
	return cap;
}

int fa_tp_run(fa_parse_fn *fn, const char *device, const char *command, const char *arg,
	      const char *data, size_t len, json_t *dev, struct fa_err *err)
{
	struct fa_capture cap = fa_tp_capture(device, command, arg, FA_CAPTURE_TEXT, data, len);

	return fa_parse_output(fn, &cap, dev, err);
}

int fa_tp_file(fa_parse_fn *fn, const char *device, const char *command, const char *arg,
	       const char *path, json_t *dev, struct fa_err *err)
{
	struct fa_buf b = FA_BUF_INIT;
	int r;

	fa_test_read(path, &b);
	r = fa_tp_run(fn, device, command, arg, b.buf, b.len, dev, err);
	fa_buf_release(&b);
	return r;
}

int fa_tp_direct(fa_parse_fn *fn, const char *command, enum fa_capture_format format,
		 const char *data, size_t len, json_t *dev, struct fa_err *err)
{
	struct fa_capture cap = fa_tp_capture(NULL, command, NULL, format, data, len);

	return fn(&cap, dev, err);
}

json_t *fa_tp_direct_file(fa_parse_fn *fn, const char *command, enum fa_capture_format format,
			  const char *path, json_t *dev)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	int r;

	fa_test_read(path, &b);
	r = fa_tp_direct(fn, command, format, b.buf, b.len, dev, &err);
	ck_assert_msg(r == 0, "%s parses (%s).", path, err.msg);
	fa_buf_release(&b);
	return dev;
}

json_t *fa_tp_gid(const json_t *port, json_int_t index)
{
	json_t *g;
	size_t i;

	json_array_foreach(json_object_get(port, "gids"), i, g)
		if (json_integer_value(json_object_get(g, "index")) == index)
			return g;
	return NULL;
}

const char *fa_tp_own(const char *rel)
{
	static char path[4096];

	snprintf(path, sizeof(path), "%s", fa_test_srcfile(rel));
	return path;
}

size_t fa_tp_nwarn(const json_t *dev)
{
	return json_array_size(json_object_get(dev, "warnings"));
}

bool fa_tp_warned(const json_t *dev, const char *needle)
{
	json_t *w;
	size_t i;

	json_array_foreach(json_object_get(dev, "warnings"), i, w)
		if (strstr(json_string_value(w), needle))
			return true;
	return false;
}

const char *fa_tp_str(const json_t *obj, const char *path)
{
	const char *s = fa_get_str(obj, path);

	return s ? s : "(absent)";
}

json_int_t fa_tp_int(const json_t *obj, const char *path)
{
	json_int_t v = FA_TP_ABSENT_INT;

	fa_get_int(obj, path, &v);
	return v;
}
