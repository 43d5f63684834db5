// SPDX-License-Identifier: GPL-2.0
/*
 * Policy files of newcaps-label (userspace/lib/labels.c): the input is a
 * whole file, read with nc_labels_read.
 *
 *  - every label kept has an absolute path naming a file, without a ".."
 *    component, unique in the set, and valid masks (none, or Fp | Fi not
 *    empty and of system capabilities only);
 *  - writing the set (nc_labels_write) and reading it back gives no bad
 *    line and the same text when written again;
 *  - merging a label into itself changes nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "newcaps.h"

static bool dotdot(const char *path)
{
	const char *p;

	for (p = path; (p = strstr(p, "/..")); p += 3)
		if (p[3] == '/' || p[3] == '\0')
			return true;
	return false;
}

static char *write_text(struct nc_labels *labels, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	FUZZ_CHECK(f, "open_memstream");
	FUZZ_CHECK(nc_labels_write(f, labels) == 0, "write failed: %d",
		   errno);
	fclose(f);
	return text;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* nc_labels_read reports every bad line on stderr. */
	fuzz_quiet_stderr();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nc_labels labels = { 0 }, again = { 0 }, merged = { 0 };
	char *buf, *text1, *text2;
	size_t i, j, len1, len2;
	FILE *f;
	int bad;

	if (size == 0)
		return 0;
	buf = fuzz_copy(data, size, 0);
	f = fmemopen(buf, size, "r");
	FUZZ_CHECK(f, "fmemopen");
	bad = nc_labels_read(f, "fuzz", &labels);
	fclose(f);
	FUZZ_CHECK(bad >= 0, "read failed: %d", bad);

	for (i = 0; i < labels.n; i++) {
		const struct nc_label *l = &labels.v[i];
		size_t n = strlen(l->path);

		FUZZ_CHECK(l->path[0] == '/' && l->path[n - 1] != '/' &&
			   !dotdot(l->path), "path '%s' kept", l->path);
		FUZZ_CHECK(l->line > 0, "label without a line");
		FUZZ_CHECK(!l->masks.present ||
			   ((l->masks.fp | l->masks.fi) &&
			    !((l->masks.fp | l->masks.fi) & ~NC_SYSTEM_MASK)),
			   "masks p %#llx i %#llx kept",
			   (unsigned long long)l->masks.fp,
			   (unsigned long long)l->masks.fi);
		for (j = 0; j < i; j++)
			FUZZ_CHECK(strcmp(labels.v[j].path, l->path),
				   "'%s' twice", l->path);
		FUZZ_CHECK(nc_labels_merge(&merged, l->path, &l->masks) == 0 &&
			   nc_labels_merge(&merged, l->path, &l->masks) == 0,
			   "merge failed");
		FUZZ_CHECK(merged.n == i + 1 &&
			   merged.v[i].masks.present == l->masks.present &&
			   merged.v[i].masks.fp == l->masks.fp &&
			   merged.v[i].masks.fi == l->masks.fi &&
			   merged.v[i].masks.fe == l->masks.fe,
			   "merging '%s' into itself changed it", l->path);
	}

	text1 = write_text(&labels, &len1);
	f = fmemopen(text1, len1 ? len1 : 1, "r");
	FUZZ_CHECK(f, "fmemopen");
	if (len1) {
		bad = nc_labels_read(f, "again", &again);
		FUZZ_CHECK(bad == 0, "%d bad lines in the written file:\n%s",
			   bad, text1);
	}
	fclose(f);
	FUZZ_CHECK(again.n == labels.n, "%zu labels read back, %zu written",
		   again.n, labels.n);
	text2 = write_text(&again, &len2);
	FUZZ_CHECK(len1 == len2 && !memcmp(text1, text2, len1),
		   "written twice differently:\n%s---\n%s", text1, text2);

	free(text1);
	free(text2);
	nc_labels_free(&labels);
	nc_labels_free(&again);
	nc_labels_free(&merged);
	free(buf);
	return 0;
}
