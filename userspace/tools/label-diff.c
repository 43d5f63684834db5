// SPDX-License-Identifier: GPL-2.0
/*
 * newcaps-label --from-audit --diff: what the events of one or more audit
 * runs say each program used, and the change that would make to a policy,
 * with the evidence for each capability (newcaps-label(8)).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <libsmartcols.h>

#include "label-diff.h"

struct nc_use *nc_uses_find(const struct nc_uses *uses, const char *path)
{
	size_t i;

	for (i = 0; i < uses->n; i++)
		if (!strcmp(uses->v[i].path, path))
			return &uses->v[i];
	return NULL;
}

static struct nc_use *use_of(struct nc_uses *uses, const char *path)
{
	struct nc_use *v = nc_uses_find(uses, path);

	if (v)
		return v;
	if (uses->n == uses->alloc) {
		size_t alloc = uses->alloc ? 2 * uses->alloc : 64;

		v = realloc(uses->v, alloc * sizeof(*v));
		if (!v)
			return NULL;
		uses->v = v;
		uses->alloc = alloc;
	}
	v = &uses->v[uses->n];
	memset(v, 0, sizeof(*v));
	v->path = strdup(path);
	if (!v->path)
		return NULL;
	uses->n++;
	return v;
}

/* Add @chain to the "; "-joined @chains unless it is there; -ENOMEM. */
static int chain_add(char **chains, const char *chain)
{
	size_t len = strlen(chain);
	const char *p = *chains;
	char *more;

	while (p) {
		if (!strncmp(p, chain, len) && (!p[len] || p[len] == ';'))
			return 0;
		p = strstr(p, "; ");
		if (p)
			p += 2;
	}
	if (asprintf(&more, "%s%s%s", *chains ? *chains : "",
		     *chains ? "; " : "", chain) < 0)
		return -ENOMEM;
	free(*chains);
	*chains = more;
	return 0;
}

int nc_uses_add(struct nc_uses *uses, const struct nc_audit_event *ev,
		unsigned int run, const char *chain)
{
	struct nc_use *use = use_of(uses, ev->path);
	u64 used = ev->used & NC_SYSTEM_MASK;
	unsigned int cap;

	if (!use)
		return -ENOMEM;
	use->execs++;
	use->runs |= NC_BIT(run);
	use->used |= used;
	for (cap = 0; cap < 64; cap++) {
		if (!(used & NC_BIT(cap)))
			continue;
		use->count[cap]++;
		use->cap_runs[cap] |= NC_BIT(run);
		use->via[cap] |= 1U << ev->via;
		if (*chain && chain_add(&use->chains[cap], chain))
			return -ENOMEM;
	}
	return 0;
}

void nc_uses_free(struct nc_uses *uses)
{
	unsigned int cap;

	while (uses->n) {
		uses->n--;
		free(uses->v[uses->n].path);
		for (cap = 0; cap < 64; cap++)
			free(uses->v[uses->n].chains[cap]);
	}
	free(uses->v);
	memset(uses, 0, sizeof(*uses));
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct nc_use *)a)->path,
		      ((const struct nc_use *)b)->path);
}

static int label_by_path(const void *a, const void *b)
{
	return strcmp(((const struct nc_label *)a)->path,
		      ((const struct nc_label *)b)->path);
}

enum { COL_PATH, COL_STATUS, COL_CHANGE, COL_CAP, COL_USED, COL_EXECS,
       COL_RUNS, COL_VIA, COL_CHAIN, NCOLS };

/* The names of the runs in @mask, comma-separated (malloc'd). */
static char *run_names(u64 mask, const char *const *runs)
{
	char *text = strdup(""), *more;
	unsigned int i;

	for (i = 0; text && i < NC_RUNS_MAX && runs[i]; i++) {
		if (!(mask & NC_BIT(i)))
			continue;
		if (asprintf(&more, "%s%s%s", text, *text ? "," : "", runs[i]) < 0)
			more = NULL;
		free(text);
		text = more;
	}
	return text;
}

static const char *via_names(unsigned char via)
{
	static const char *const names[] = {
		"", "unknown", "inheritable", "unknown,inheritable", "root",
		"unknown,root", "inheritable,root", "unknown,inheritable,root",
	};

	return names[via & 7];
}

struct diff_out {
	struct libscols_table *tb;
	const char *const *runs;
};

static void row(struct diff_out *out, const char *path, const char *status,
		const char *change, const char *cap, unsigned int used,
		unsigned int execs, u64 runs, const char *via,
		const char *chains)
{
	char used_text[16], execs_text[16], *run_text = run_names(runs, out->runs);
	const char *cells[NCOLS] = {
		path, status, change, cap, used_text, execs_text,
		run_text ? run_text : "", via, chains ? chains : "",
	};

	if (!run_text)
		nc_fail(EXIT_FAILURE, "out of memory");
	snprintf(used_text, sizeof(used_text), "%u", used);
	snprintf(execs_text, sizeof(execs_text), "%u", execs);
	nc_table_row(out->tb, cells, NCOLS);
	free(run_text);
}

/* One program's rows; whether it changes. */
static bool program_rows(struct diff_out *out, const struct nc_use *use,
			 const struct nc_label *label, bool all)
{
	u64 fi = label ? label->masks.fi : 0, fp = label ? label->masks.fp : 0;
	u64 add, remove;
	const char *status;
	char name[NC_CAPNAME_MAX];
	unsigned int cap;

	if (!use) {	/* in the policy, not run */
		if (all)
			row(out, label->path, "unseen", "", "", 0, 0, 0, "",
			    NULL);
		return false;
	}
	add = use->used & ~(fi | fp);
	remove = fi & ~use->used & ~fp;
	status = !label ? "new" : add | remove ? "changed" : "unchanged";
	if (label && !add && !remove) {
		if (all)
			row(out, use->path, status, "", "", 0, use->execs,
			    use->runs, "", NULL);
		return false;
	}
	if (!label && !add)	/* a line "PATH none" would be added */
		row(out, use->path, status, "+", "none", 0, use->execs,
		    use->runs, "", NULL);
	for (cap = 0; cap < 64; cap++) {
		if (add & NC_BIT(cap))
			row(out, use->path, status, "+", nc_capname(cap, name),
			    use->count[cap], use->execs, use->cap_runs[cap],
			    via_names(use->via[cap]), use->chains[cap]);
		else if (remove & NC_BIT(cap))
			row(out, use->path, status, "-", nc_capname(cap, name),
			    0, use->execs, use->runs, "", NULL);
	}
	return true;
}

size_t nc_uses_diff(struct nc_uses *uses, struct nc_labels *policy,
		    const char *const *runs, bool json, bool all)
{
	static const struct {
		const char *name;
		int type;
	} cols[NCOLS] = {
		{ "PATH", SCOLS_JSON_STRING }, { "STATUS", SCOLS_JSON_STRING },
		{ "CHANGE", SCOLS_JSON_STRING }, { "CAPABILITY", SCOLS_JSON_STRING },
		{ "USED", SCOLS_JSON_NUMBER }, { "EXECS", SCOLS_JSON_NUMBER },
		{ "RUNS", SCOLS_JSON_STRING }, { "VIA", SCOLS_JSON_STRING },
		{ "CHAIN", SCOLS_JSON_STRING },
	};
	struct diff_out out = { .tb = nc_table_new("diff", json), .runs = runs };
	size_t i = 0, j = 0, changed = 0;
	int c;

	for (c = 0; c < NCOLS; c++)
		nc_table_column(out.tb, cols[c].name, cols[c].type, 0);
	qsort(uses->v, uses->n, sizeof(*uses->v), by_path);
	qsort(policy->v, policy->n, sizeof(*policy->v), label_by_path);
	/* Both sorted by path: walk them side by side. */
	while (i < uses->n || j < policy->n) {
		const struct nc_use *use = i < uses->n ? &uses->v[i] : NULL;
		const struct nc_label *label = j < policy->n ? &policy->v[j] : NULL;

		c = !use ? 1 : !label ? -1 : strcmp(use->path, label->path);
		if (c < 0)
			label = NULL, i++;
		else if (c > 0)
			use = NULL, j++;
		else
			i++, j++;
		changed += program_rows(&out, use, label, all);
	}
	if (scols_table_get_nlines(out.tb) || json)
		if (scols_print_table(out.tb))
			nc_fail(EXIT_FAILURE, "stdout: %s", strerror(errno));
	scols_unref_table(out.tb);
	return changed;
}
