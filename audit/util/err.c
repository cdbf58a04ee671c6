/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/util/err.h"

static const char *const fa_errstr[FA_ECOUNT] = {
	[FA_EOK] = "success",
	[FA_ENOMEM] = "out of memory",
	[FA_EIO] = "input/output error",
	[FA_ENOENT] = "not found",
	[FA_EPARSE] = "parse error",
	[FA_EINVAL] = "invalid value",
	[FA_ETOOBIG] = "input too big",
	[FA_ETIMEOUT] = "timed out",
	[FA_EUNREACH] = "unreachable",
	[FA_EAUTH] = "authentication failed",
	[FA_EHOSTKEY] = "host key not trusted",
	[FA_EHOSTKEY_CHANGED] = "host key changed",
	[FA_ECMD] = "command failed",
	[FA_ENOTBUILT] = "not built in",
	[FA_ELOCKED] = "locked by another process",
	[FA_EINTERNAL] = "internal error",
};

const char *fa_strerror(int code)
{
	if (code < 0)
		code = -code;
	if (code >= FA_ECOUNT || !fa_errstr[code])
		return "unknown error";
	return fa_errstr[code];
}

static void fa_err_vset(struct fa_err *err, int code, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

static void fa_err_vset(struct fa_err *err, int code, const char *fmt, va_list ap)
{
	err->code = code;
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
}

int fa_err_set(struct fa_err *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (err) {
		va_start(ap, fmt);
		fa_err_vset(err, code, fmt, ap);
		va_end(ap);
	}
	return -code;
}

int fa_err_at(struct fa_err *err, int code, const char *source, int line, int column,
	      const char *fmt, ...)
{
	va_list ap;

	if (err) {
		va_start(ap, fmt);
		fa_err_vset(err, code, fmt, ap);
		va_end(ap);
		snprintf(err->source, sizeof(err->source), "%s", source ? source : "");
		err->line = line;
		err->column = column;
	}
	return -code;
}

void fa_err_prefix(struct fa_err *err, const char *fmt, ...)
{
	char prefix[256];
	char old[sizeof(err->msg)];
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, ap);
	va_end(ap);
	memcpy(old, err->msg, sizeof(old));
	snprintf(err->msg, sizeof(err->msg), "%s: %s", prefix, old);
}

const char *fa_err_format(const struct fa_err *err, char *buf, size_t size)
{
	const char *msg = err->msg[0] ? err->msg : fa_strerror(err->code);

	if (err->source[0] && err->line > 0 && err->column > 0)
		snprintf(buf, size, "%s:%d:%d: %s", err->source, err->line, err->column, msg);
	else if (err->source[0] && err->line > 0)
		snprintf(buf, size, "%s:%d: %s", err->source, err->line, msg);
	else if (err->source[0])
		snprintf(buf, size, "%s: %s", err->source, msg);
	else
		snprintf(buf, size, "%s", msg);
	return buf;
}
