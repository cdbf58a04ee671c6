/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/suggest.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

#define FA_SUGGEST_MAX_LEN 200

size_t fa_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, *d, r;

	if (la > FA_SUGGEST_MAX_LEN || lb > FA_SUGGEST_MAX_LEN)
		return SIZE_MAX;
	d = fa_xcalloc((la + 1) * (lb + 1), sizeof(*d));
#define D(x, y) d[(x) * (lb + 1) + (y)]
	for (i = 0; i <= la; i++)
		D(i, 0) = i;
	for (j = 0; j <= lb; j++)
		D(0, j) = j;
	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++) {
			size_t best = D(i - 1, j - 1) + (a[i - 1] != b[j - 1]);

			if (D(i - 1, j) + 1 < best)
				best = D(i - 1, j) + 1;
			if (D(i, j - 1) + 1 < best)
				best = D(i, j - 1) + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    D(i - 2, j - 2) + 1 < best)
				best = D(i - 2, j - 2) + 1;
			D(i, j) = best;
		}
	}
	r = D(la, lb);
#undef D
	free(d);
	return r;
}

const char *fa_suggest(const char *word, const char *const *known)
{
	const char *best = NULL;
	size_t bestd = SIZE_MAX, i;

	for (i = 0; known[i]; i++) {
		size_t d = fa_edit_distance(word, known[i]);
		size_t limit = strlen(known[i]) / 3;

		if (limit < 1)
			limit = 1;
		if (d > 0 && d <= limit && d < bestd) {
			best = known[i];
			bestd = d;
		}
	}
	return best;
}
