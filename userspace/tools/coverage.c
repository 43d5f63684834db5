// SPDX-License-Identifier: GPL-2.0
/*
 * newcaps-label --coverage: every privileged entry point of the running
 * system, and whether the audit runs saw it (newcaps-label(8)). What
 * learning never saw gets no label, and under strict it fails; this says
 * which before the strict boot.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <linux/magic.h>
#include <libsmartcols.h>

#include "coverage.h"

/* An entry point: @kinds says why ("setuid", "masks", "unit:NAME", ...). */
struct entry {
	char *path;
	char *kinds;
	bool masks;
};

static struct {
	struct entry *v;
	size_t n, alloc;
} entries;

/* The system's root: "" for /, else a directory holding an image of one. */
static char root[PATH_MAX];

/* Format a path into @buf (PATH_MAX bytes); false when it does not fit. */
static bool __attribute__((format(printf, 2, 3))) fmt_path(char *buf,
							    const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, PATH_MAX, fmt, ap);
	va_end(ap);
	return n >= 0 && n < PATH_MAX;
}

/*
 * @path under the root ("/usr/bin/x" -> "ROOT/usr/bin/x") in @buf
 * (PATH_MAX bytes); a path too long is "" (which names no file).
 */
static const char *rooted(const char *path, char *buf)
{
	if (!fmt_path(buf, "%s%s", root, path))
		buf[0] = '\0';
	return buf;
}

/*
 * The canonical path of ROOT@path as the system names it (symbolic links
 * resolved inside the image), malloc'd; NULL when it does not exist.
 */
static char *canonical(const char *path)
{
	char buf[PATH_MAX], *real, *inside;
	size_t len = strlen(root);

	real = realpath(rooted(path, buf), NULL);
	if (!real || !len)
		return real;
	if (!strncmp(real, root, len) && real[len] == '/')
		inside = strdup(real + len);
	else	/* an absolute link out of the image: keep the name */
		inside = strdup(path);
	free(real);
	return inside;
}

static void nomem(void)
{
	nc_fail(EXIT_FAILURE, "out of memory");
}

/* Note that @path is an entry point for reason @kind (each reason once). */
static void add_entry(const char *path, const char *kind)
{
	struct entry *e = NULL;
	size_t i, len = strlen(kind);
	char *kinds;

	for (i = 0; i < entries.n && !e; i++)
		if (!strcmp(entries.v[i].path, path))
			e = &entries.v[i];
	if (!e) {
		if (entries.n == entries.alloc) {
			size_t alloc = entries.alloc ? 2 * entries.alloc : 256;
			struct entry *v = realloc(entries.v, alloc * sizeof(*v));

			if (!v)
				nomem();
			entries.v = v;
			entries.alloc = alloc;
		}
		e = &entries.v[entries.n++];
		e->path = strdup(path);
		e->kinds = strdup(kind);
		e->masks = !strcmp(kind, "masks");
		if (!e->path || !e->kinds)
			nomem();
		return;
	}
	for (kinds = e->kinds; kinds; kinds = strchr(kinds, ',')) {
		kinds += *kinds == ',';
		if (!strncmp(kinds, kind, len) &&
		    (kinds[len] == ',' || !kinds[len]))
			return;
	}
	if (asprintf(&kinds, "%s,%s", e->kinds, kind) < 0)
		nomem();
	free(e->kinds);
	e->kinds = kinds;
	e->masks |= !strcmp(kind, "masks");
}

/* The kernel's own filesystems: nothing to run there. */
static bool pseudo_fs(const char *dir)
{
	static const long skip[] = {
		PROC_SUPER_MAGIC, SYSFS_MAGIC, DEVPTS_SUPER_MAGIC,
		CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC, SECURITYFS_MAGIC,
		DEBUGFS_MAGIC, TRACEFS_MAGIC, BPF_FS_MAGIC, PSTOREFS_MAGIC,
		EFIVARFS_MAGIC, 0x19800202 /* mqueue */,
		0x62656570 /* configfs */, 0x65735543 /* fusectl */,
		HUGETLBFS_MAGIC, AUTOFS_SUPER_MAGIC, NSFS_MAGIC,
	};
	struct statfs sfs;
	size_t i;

	if (statfs(dir, &sfs))
		return true;	/* unreadable: nothing to list */
	for (i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (sfs.f_type == skip[i])
			return true;
	return false;
}

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	const char *name = path + strlen(root);	/* as the system names it */

	(void)ftw;
	if (type == FTW_D)
		return pseudo_fs(path) ? FTW_SKIP_SUBTREE : FTW_CONTINUE;
	if (type != FTW_F || !S_ISREG(st->st_mode))
		return FTW_CONTINUE;
	if ((st->st_mode & S_ISUID) && (st->st_mode & 0111))
		add_entry(name, "setuid");
	if ((st->st_mode & S_ISGID) && (st->st_mode & 0111))
		add_entry(name, "setgid");
	if (lgetxattr(path, "security.capability", NULL, 0) > 0)
		add_entry(name, "masks");
	return FTW_CONTINUE;
}

/* ---- services ------------------------------------------------------------ */

/* systemd's unit load path, first wins (systemd.unit(5)). */
static const char *const unit_dirs[] = {
	"/etc/systemd/system", "/run/systemd/system",
	"/run/systemd/generator", "/usr/local/lib/systemd/system",
	"/usr/lib/systemd/system", NULL,
};

static const char *const exec_keys[] = {
	"ExecCondition", "ExecStartPre", "ExecStart", "ExecStartPost",
	"ExecReload", "ExecStop", "ExecStopPost", NULL,
};

#define NKEYS	7
#define PROGS_MAX	16

/* A unit's programs per Exec*= key, as its files leave them. */
struct unit_progs {
	char *v[NKEYS][PROGS_MAX];
	size_t n[NKEYS];
};

/* The program of an Exec*= value: prefixes off, a bare name searched. */
static char *exec_program(const char *value)
{
	static const char *const dirs[] = {
		"/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin",
		NULL,
	};
	char name[PATH_MAX], path[PATH_MAX], buf[PATH_MAX];
	size_t len, i;

	value += strspn(value, "@-:+!");
	len = strcspn(value, " \t");
	if (!len || len >= sizeof(name))
		return NULL;
	memcpy(name, value, len);
	name[len] = '\0';
	if (name[0] == '/')
		return canonical(name);
	for (i = 0; dirs[i]; i++) {
		if (fmt_path(path, "%s/%s", dirs[i], name) &&
		    !access(rooted(path, buf), X_OK))
			return canonical(path);
	}
	return NULL;
}

static void read_unit_file(const char *file, struct unit_progs *u)
{
	char buf[PATH_MAX];
	FILE *f = fopen(rooted(file, buf), "re");
	char line[4096];
	size_t k;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		for (k = 0; exec_keys[k]; k++) {
			size_t len = strlen(exec_keys[k]);
			char *prog;

			if (strncmp(line, exec_keys[k], len) || line[len] != '=')
				continue;
			if (!line[len + 1]) {	/* "ExecStart=" resets */
				while (u->n[k])
					free(u->v[k][--u->n[k]]);
				break;
			}
			prog = exec_program(line + len + 1);
			if (prog && u->n[k] < PROGS_MAX)
				u->v[k][u->n[k]++] = prog;
			else
				free(prog);
			break;
		}
	}
	fclose(f);
}

static int name_cmp(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* The drop-ins of @dropdir (DIR/NAME.d), in name order. */
static void read_dropins(const char *dropdir, struct unit_progs *u)
{
	struct dirent **names;
	char file[PATH_MAX], buf[PATH_MAX];
	int i, n = scandir(rooted(dropdir, buf), &names, NULL,
			   name_cmp);

	for (i = 0; i < n; i++) {
		const char *d = names[i]->d_name;
		size_t len = strlen(d);

		if (len > 5 && !strcmp(d + len - 5, ".conf") &&
		    fmt_path(file, "%s/%s", dropdir, d))
			read_unit_file(file, u);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
}

/* The programs of service @name (an instance reads its template). */
static void add_service(const char *name)
{
	char template[PATH_MAX], path[PATH_MAX], kind[PATH_MAX], buf[PATH_MAX];
	const char *at = strchr(name, '@');
	struct unit_progs u = { 0 };
	size_t d, k;

	if (!fmt_path(template, "%.*s@.service", at ? (int)(at - name) : 0,
		      name) || !fmt_path(kind, "unit:%s", name))
		return;
	for (d = 0; unit_dirs[d]; d++) {
		if (fmt_path(path, "%s/%s", unit_dirs[d], name) &&
		    !access(rooted(path, buf), R_OK))
			break;
		if (at && fmt_path(path, "%s/%s", unit_dirs[d], template) &&
		    !access(rooted(path, buf), R_OK))
			break;
	}
	if (!unit_dirs[d])
		return;
	read_unit_file(path, &u);
	for (d = 0; unit_dirs[d]; d++) {
		if (at && fmt_path(path, "%s/%s.d", unit_dirs[d], template))
			read_dropins(path, &u);
		if (fmt_path(path, "%s/%s.d", unit_dirs[d], name))
			read_dropins(path, &u);
	}
	for (k = 0; k < NKEYS; k++)
		while (u.n[k]) {
			char *prog = u.v[k][--u.n[k]];

			add_entry(prog, kind);
			free(prog);
		}
}

/*
 * The service a *.wants or *.requires entry starts: itself, or for a
 * socket, timer or path unit the service of the same name (their
 * default Unit=). Into @service (PATH_MAX bytes); false for others.
 */
static bool started_service(const char *entry, char *service)
{
	static const char *const activators[] = { ".socket", ".timer", ".path", NULL };
	size_t len = strlen(entry), i;

	if (len > 8 && !strcmp(entry + len - 8, ".service"))
		return fmt_path(service, "%s", entry);
	for (i = 0; activators[i]; i++) {
		size_t alen = strlen(activators[i]);

		if (len > alen && !strcmp(entry + len - alen, activators[i]))
			return fmt_path(service, "%.*s.service",
					(int)(len - alen), entry);
	}
	return false;
}

/* Every service a *.wants or *.requires directory of the load path starts. */
static void add_services(void)
{
	char **seen = NULL, wants[PATH_MAX], service[PATH_MAX], buf[PATH_MAX];
	size_t nseen = 0, d, i;

	for (d = 0; unit_dirs[d]; d++) {
		DIR *dir = opendir(rooted(unit_dirs[d], buf)), *sub;
		struct dirent *de, *se;

		while (dir && (de = readdir(dir))) {
			size_t len = strlen(de->d_name);

			if (!(len > 6 && !strcmp(de->d_name + len - 6, ".wants")) &&
			    !(len > 9 && !strcmp(de->d_name + len - 9, ".requires")))
				continue;
			sub = fmt_path(wants, "%s%s/%s", root, unit_dirs[d],
				       de->d_name) ? opendir(wants) : NULL;
			while (sub && (se = readdir(sub))) {
				char **v;

				if (!started_service(se->d_name, service))
					continue;
				for (i = 0; i < nseen; i++)
					if (!strcmp(seen[i], service))
						break;
				if (i < nseen)
					continue;
				v = realloc(seen, (nseen + 1) * sizeof(*v));
				if (!v || !(v[nseen] = strdup(service)))
					nomem();
				seen = v;
				add_service(seen[nseen++]);
			}
			if (sub)
				closedir(sub);
		}
		if (dir)
			closedir(dir);
	}
	while (nseen)
		free(seen[--nseen]);
	free(seen);
}

/* ---- the report ---------------------------------------------------------- */

static int entry_cmp(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->path,
		      ((const struct entry *)b)->path);
}

double nc_coverage(const struct nc_seen *seen, const char *dir, bool json)
{
	static const struct {
		const char *name;
		int type;
	} cols[] = {
		{ "PATH", SCOLS_JSON_STRING }, { "SEEN", SCOLS_JSON_STRING },
		{ "USED", SCOLS_JSON_STRING }, { "EXECS", SCOLS_JSON_NUMBER },
		{ "KIND", SCOLS_JSON_STRING },
	};
	struct libscols_table *tb = nc_table_new("coverage", json);
	size_t i, counted = 0, covered = 0;
	char *init;

	if (dir && !realpath(dir, root))
		nc_fail(2, "%s: %s", dir, strerror(errno));
	if (!dir || !strcmp(root, "/"))
		root[0] = '\0';
	if (nftw(*root ? root : "/", visit, 64, FTW_PHYS | FTW_ACTIONRETVAL))
		nc_fail(2, "%s: %s", *root ? root : "/", strerror(errno));
	add_services();
	/* the first program of all, on the running system */
	init = *root ? NULL : realpath("/proc/1/exe", NULL);
	if (init)
		add_entry(init, "init");
	free(init);
	qsort(entries.v, entries.n, sizeof(*entries.v), entry_cmp);
	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
		nc_table_column(tb, cols[i].name, cols[i].type, 0);
	for (i = 0; i < entries.n; i++) {
		const struct entry *e = &entries.v[i];
		const struct nc_use *done = nc_uses_find(&seen->done, e->path);
		char execs[16], *used = NULL;
		const char *state;
		const char *cells[5];

		if (e->masks)
			state = "labelled";
		else if (done)
			state = "yes";
		else if (nc_uses_find(&seen->running, e->path))
			state = "running";
		else
			state = "no";
		if (!e->masks) {
			counted++;
			covered += done != NULL;
		}
		if (done && !(used = nc_caplist_format(done->used, ",")))
			nomem();
		snprintf(execs, sizeof(execs), "%u", done ? done->execs : 0);
		cells[0] = e->path;
		cells[1] = state;
		cells[2] = used ? used : "";
		cells[3] = execs;
		cells[4] = e->kinds;
		nc_table_row(tb, cells, 5);
		free(used);
	}
	if (scols_print_table(tb))
		nc_fail(EXIT_FAILURE, "stdout: %s", strerror(errno));
	scols_unref_table(tb);
	for (i = 0; i < entries.n; i++) {
		free(entries.v[i].path);
		free(entries.v[i].kinds);
	}
	free(entries.v);
	fprintf(stderr, "%s: %zu of %zu entry points without masks seen to finish\n",
		nc_prog, covered, counted);
	return counted ? 100.0 * (double)covered / (double)counted : 100.0;
}
