/* SPDX-License-Identifier: MIT */
/* The parser boundary (see parse.h). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/parse.h"
#include "drivers/text/outnorm.h"
#include "audit/util/banned.h"

static uint64_t fa_parse_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

static uint64_t fa_parse_hash_bytes(uint64_t h, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return fa_parse_mix(h, len);
}

/*
 * A hash of @v that json_equal() would agree with: equal values hash equal, and members of
 * an object count whatever their order.  @skip names a member left out (NULL: none).
 */
static uint64_t fa_parse_hash(const json_t *v, const char *skip)
{
	uint64_t h = (uint64_t)json_typeof(v) + 1;
	const char *key;
	json_t *child;
	size_t i;

	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		uint64_t sum = 0;

		json_object_foreach((json_t *)v, key, child) {
			if (skip && strcmp(key, skip) == 0)
				continue;
			sum += fa_parse_mix(fa_parse_hash_bytes(h, key, strlen(key)),
					    fa_parse_hash(child, NULL));
		}
		return fa_parse_mix(h, sum);
	}
	case JSON_ARRAY:
		json_array_foreach(v, i, child)
			h = fa_parse_mix(h, fa_parse_hash(child, NULL));
		return fa_parse_mix(h, json_array_size(v));
	case JSON_STRING:
		return fa_parse_hash_bytes(h, json_string_value(v), json_string_length(v));
	case JSON_INTEGER:
		return fa_parse_mix(h, (uint64_t)json_integer_value(v));
	case JSON_REAL: {
		double d = json_real_value(v);
		uint64_t bits;

		memcpy(&bits, &d, sizeof(bits));
		return fa_parse_mix(h, bits);
	}
	default:
		return h;
	}
}

/*
 * What a parser is judged on: @device without its warnings, as a 64-bit hash rather than a
 * copy (a copy of a device with 100,000 ports doubled the memory and time of parsing it).
 */
static uint64_t fa_parse_model_of(const json_t *device)
{
	return fa_parse_hash(device, "warnings");
}

/* The first line with text of @s, cut to fit a message. */
static void fa_parse_first_line(const char *s, char *buf, size_t size)
{
	size_t n = 0;

	while (*s == '\n')
		s++;
	while (s[n] && s[n] != '\n' && n + 1 < size && n < 60)
		n++;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

/* The calling thread's parse budget (see parse.h). */
static _Thread_local struct {
	double budget;		/* seconds; 0: none */
	double spent;		/* by parsers that returned */
	double deadline;	/* thread CPU clock at which the running parser is over; 0: none */
} fa_budget;

static double fa_thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void fa_parse_budget_begin(double seconds)
{
	fa_budget.budget = seconds > 0 ? seconds : 0;
	fa_budget.spent = 0;
	fa_budget.deadline = 0;
}

double fa_parse_budget_spent(void)
{
	return fa_budget.spent;
}

bool fa_parse_budget_over(void)
{
	return fa_budget.deadline > 0 && fa_thread_cpu() > fa_budget.deadline;
}

/* The message of a budget that ran out: the same words wherever it is noticed. */
static int fa_parse_budget_error(struct fa_err *err)
{
	return fa_err_set(err, FA_ETIMEOUT,
			  "over the parse budget (%.3g s of CPU for this device's outputs, "
			  "--parse-budget)", fa_budget.budget);
}

int fa_parse_output(fa_parse_fn *fn, const struct fa_capture *cap, json_t *device,
		    struct fa_err *err)
{
	struct fa_capture norm = *cap;
	struct fa_buf text = FA_BUF_INIT;
	char *prompt = NULL, *cut = NULL, cut_was = 0;
	uint64_t before = 0;
	double t0 = 0;
	size_t n;
	bool has_text;
	int r;

	if (cap->format == FA_CAPTURE_TEXT) {
		if (fa_outnorm_copy(cap->data, cap->len, cap->command, &text, &prompt, &n)) {
			norm.data = text.buf;
			norm.len = text.len;
		} else if (n < cap->len && cap->writable) {
			/*
			 * The text is the start of the capture (a prompt or blank lines after
			 * it go): ended by a NUL in place of a copy, which for an output of
			 * 60 MiB is 60 MiB less; the byte is put back at out.
			 */
			cut = (char *)cap->data + n;
			cut_was = *cut;
			*cut = '\0';
			norm.len = n;
		} else if (n < cap->len) {
			fa_buf_add(&text, cap->data, n);
			norm.data = text.buf;
			norm.len = text.len;
		}
		if (prompt)
			norm.prompt = prompt;
	}
	has_text = !fa_outnorm_is_blank(norm.data, norm.len);
	if (fa_budget.budget > 0 && fa_budget.spent >= fa_budget.budget) {
		r = fa_parse_budget_error(err);
		goto out;
	}
	if (fa_budget.budget > 0) {
		t0 = fa_thread_cpu();
		fa_budget.deadline = t0 + fa_budget.budget - fa_budget.spent;
	}
	if (has_text)
		before = fa_parse_model_of(device);
	r = fn(&norm, device, err);
	if (fa_budget.budget > 0) {
		fa_budget.spent += fa_thread_cpu() - t0;
		fa_budget.deadline = 0;
		if (fa_budget.spent > fa_budget.budget) {
			r = fa_parse_budget_error(err);
			goto out;
		}
	}
	if (r == FA_PARSED_EMPTY || r < 0 || !has_text) {
		r = r < 0 ? r : 0;
		goto out;
	}
	/* no field, at most warnings about lines not understood: nothing was recognised */
	if (!cap->again && fa_parse_model_of(device) == before) {
		char first[64];

		fa_parse_first_line(norm.data, first, sizeof(first));
		r = fa_err_set(err, FA_EPARSE,
			       "nothing recognised in the output (it starts \"%s\")", first);
	}
out:
	if (cut)
		*cut = cut_was;
	free(prompt);
	fa_buf_release(&text);
	return r;
}
