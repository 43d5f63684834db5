// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of libnewcaps: capability names and lists, the parsers
 * of the securityfs files, audit and losses lines and their escapes,
 * policy files, file capabilities. TAP output. Expected values are
 * written out by hand from SPEC sections 2 and 6, the audit format (issue
 * 10) and the losses format (interface version 6).
 *
 *   test_lib DATADIR      (DATADIR/regular: a copy of the kernel's file)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "newcaps.h"
#include "tap.h"

#define B(n)	(1ULL << (n))

static char *write_temp(const char *text)
{
	char *path = strdup("/tmp/newcaps-test-XXXXXX");
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		perror("temporary file");
		exit(2);
	}
	close(fd);
	return path;
}

static void test_regular(const char *datadir)
{
	char path[4096], name[NC_CAPNAME_MAX], *bad;
	unsigned int cap = 999;

	tap_ok(nc_capname_parse("reg_fork", 8, &cap) == -EINVAL,
	       "regular name unknown before the kernel's list is loaded");
	snprintf(path, sizeof(path), "%s/regular", datadir);
	tap_ok(nc_regular_load(path) == 0, "load %s", path);
	tap_ok(nc_regular_count() == 6, "6 regular capabilities");
	tap_ok(nc_regular_mask() == 0x003f000000000000ULL,
	       "regular mask is bits 48..53");
	bad = write_temp("48 cap_reg_fork\n47 cap_low\n");
	tap_ok(nc_regular_load(bad) == -EINVAL, "a number below 48 is refused");
	unlink(bad);
	free(bad);
	bad = write_temp("48 cap_reg_fork\n48 cap_reg_again\n");
	tap_ok(nc_regular_load(bad) == -EINVAL, "a number twice is refused");
	unlink(bad);
	free(bad);
	bad = write_temp("50 reg_exec\n");
	tap_ok(nc_regular_load(bad) == -EINVAL, "a name without cap_ is refused");
	unlink(bad);
	free(bad);
	tap_ok(nc_regular_count() == 6, "a failed load keeps the table");
	tap_ok(nc_regular_load("/nonexistent/regular") == -ENOENT,
	       "missing file: -ENOENT");

	tap_ok(!strcmp(nc_capname(0, name), "cap_chown"), "name of 0");
	tap_ok(!strcmp(nc_capname(40, name), "cap_checkpoint_restore"),
	       "name of 40");
	tap_ok(!strcmp(nc_capname(48, name), "cap_reg_fork"), "name of 48");
	tap_ok(!strcmp(nc_capname(53, name), "cap_reg_ptrace"), "name of 53");
	tap_ok(!strcmp(nc_capname(41, name), "41"), "41 has no name: number");
	tap_ok(!strcmp(nc_capname(54, name), "54"), "54 has no name: number");
}

static void test_names(void)
{
	static const struct {
		const char *text;
		int cap;	/* -1: refused */
	} cases[] = {
		{ "cap_chown", 0 }, { "CHOWN", 0 }, { "Cap_Net_Raw", 13 },
		{ "net_raw", 13 }, { "cap_checkpoint_restore", 40 },
		{ "reg_write", 52 }, { "cap_reg_write", 52 },
		{ "CAP_REG_FORK", 48 }, { "reg_ptrace", 53 }, { "48", 48 },
		{ "0", 0 }, { "63", 63 }, { "64", -1 }, { "007", -1 },
		{ "07", -1 }, { "9", 9 },
		{ "", -1 }, { "cap_", -1 }, { "cap_reg_bogus", -1 },
		{ "reg_", -1 }, { "bogus", -1 }, { "cap_cap_chown", -1 },
		{ "chown ", -1 },
		/* libcap's cap_from_name() stops at a digit (found by fuzzing) */
		{ "net_raw2", -1 }, { "cap_fowner555lC", -1 },
		{ "chown0", -1 },
	};
	unsigned int cap, i;
	u64 mask;
	char err[256], *text;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int ret = nc_capname_parse(cases[i].text, strlen(cases[i].text),
					   &cap);

		if (cases[i].cap < 0)
			tap_ok(ret == -EINVAL, "name '%s' refused", cases[i].text);
		else
			tap_ok(ret == 0 && cap == (unsigned int)cases[i].cap,
			       "name '%s' is %d", cases[i].text, cases[i].cap);
	}

	tap_ok(nc_caplist_parse("none", &mask, err, sizeof(err)) == 0 &&
	       mask == 0, "list 'none' is empty");
	tap_ok(nc_caplist_parse("cap_chown,reg_fork,net_raw", &mask, err,
				sizeof(err)) == 0 &&
	       mask == (B(0) | B(48) | B(13)), "list of three");
	tap_ok(nc_caplist_parse("cap_chown,cap_reg_nope", &mask, err,
				sizeof(err)) == -EINVAL &&
	       strstr(err, "'cap_reg_nope'") &&
	       strstr(err, "not a regular capability of this kernel"),
	       "unknown regular name named in the error: %s", err);
	tap_ok(nc_caplist_parse("cap_chown,,cap_kill", &mask, err,
				sizeof(err)) == -EINVAL &&
	       strstr(err, "empty capability name"), "empty item: %s", err);
	tap_ok(nc_caplist_parse("cap_chown,", &mask, err, sizeof(err)) ==
	       -EINVAL, "trailing comma refused");
	tap_ok(nc_caplist_parse("", &mask, err, sizeof(err)) == -EINVAL,
	       "empty list refused (write none)");
	tap_ok(nc_caplist_parse("none,cap_chown", &mask, err, sizeof(err)) ==
	       -EINVAL, "none inside a list refused");

	text = nc_caplist_format(0, ",");
	tap_ok(text && !strcmp(text, "none"), "format of 0 is none");
	free(text);
	text = nc_caplist_format(B(13) | B(0) | B(52) | B(60), ",");
	tap_ok(text && !strcmp(text, "cap_chown,cap_net_raw,cap_reg_write,60"),
	       "format in ascending order: %s", text ? text : "NULL");
	free(text);
}

static void test_escapes(void)
{
	static const struct {
		const char *escaped, *plain;	/* plain NULL: refused */
	} cases[] = {
		{ "/a\\040b", "/a b" }, { "/t\\011x", "/t\tx" },
		{ "/n\\012", "/n\n" }, { "/b\\134s", "/b\\s" },
		{ "/\\303\\251", "/\xc3\xa9" }, { "/plain", "/plain" },
		{ "/a b", NULL }, { "/x\\0", NULL }, { "/x\\08", NULL },
		{ "/x\\000y", NULL }, { "/x\\400", NULL }, { "/x\\", NULL },
		{ "/x\\x20", NULL },
	};
	unsigned int i;
	char *out;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		out = nc_unescape(cases[i].escaped, strlen(cases[i].escaped));
		if (cases[i].plain)
			tap_ok(out && !strcmp(out, cases[i].plain),
			       "unescape '%s'", cases[i].escaped);
		else
			tap_ok(!out && errno == EINVAL, "unescape '%s' refused",
			       cases[i].escaped);
		free(out);
	}
	out = nc_escape("/a b\tc\nd\\e");
	tap_ok(out && !strcmp(out, "/a\\040b\\011c\\012d\\134e"),
	       "escape space, tab, newline, backslash");
	free(out);
}

static void test_audit(void)
{
	struct nc_audit_event ev;
	char err[256];
	static const char *const bad[] = {
		"",
		"7 254:16 12 /p cap_chown cap_chown extra",
		"7 254:16 12 /p",
		"7  254:16 12 /p cap_chown -",
		"7 254:16 12 /p cap_chown - ",
		" 7 254:16 12 /p cap_chown -",
		"0 254:16 12 /p cap_chown -",
		"x 254:16 12 /p cap_chown -",
		"7 254 12 /p cap_chown -",
		"7 254:x 12 /p cap_chown -",
		"7 4096:0 12 /p cap_chown -",
		"7 254:16 -1 /p cap_chown -",
		"7 254:16 12 rel cap_chown -",
		"7 254:16 12 /p cap_bogus -",
		"7 254:16 12 /p cap_chown cap_bogus",
		"7 254:16 12 /p\\9 cap_chown -",
		"18446744073709551616 254:16 12 /p cap_chown -",
		"7 254:16 12 /p cap_chown - sideways",
		"7 254:16 12 /p cap_chown - root 8:1",
		"7 254:16 12 /p cap_chown - root 8:1 5",
		"7 254:16 12 /p cap_chown - root 8:1 5 rel",
		"7 254:16 12 /p cap_chown - root 8:1 x /s",
		"7 254:16 12 /p cap_chown - root 8:1 5 /s extra",
		/* version 6: PARENT, an earlier event or 0 */
		"7 254:16 12 /p cap_chown - root 7",
		"7 254:16 12 /p cap_chown - root 9",
		"7 254:16 12 /p cap_chown - root -1",
		"7 254:16 12 /p cap_chown - root x 8:1 5 /s",
		"7 254:16 12 /p cap_chown - root 6 8:1 5 /s extra",
	};
	unsigned int i;

	tap_ok(nc_audit_parse("7 254:16 12 /mnt/audit/bin/bind80 cap_chown,cap_net_bind_service,cap_sys_admin cap_net_bind_service",
			      &ev, err, sizeof(err)) == 0 &&
	       ev.seq == 7 && ev.major == 254 && ev.minor == 16 &&
	       ev.ino == 12 && !strcmp(ev.path, "/mnt/audit/bin/bind80") &&
	       ev.lost == (B(0) | B(10) | B(21)) && ev.state == NC_USED_DONE &&
	       ev.used == B(10), "version 3 event of the issue's example");
	nc_audit_event_free(&ev);
	tap_ok(nc_audit_parse("8 8:1 99 /a\\040b\\134c cap_kill -", &ev, err,
			      sizeof(err)) == 0 &&
	       !strcmp(ev.path, "/a b\\c") && ev.state == NC_USED_RUNNING,
	       "running event, escaped path");
	nc_audit_event_free(&ev);
	tap_ok(nc_audit_parse("9 8:1 99 /x cap_kill none", &ev, err,
			      sizeof(err)) == 0 &&
	       ev.state == NC_USED_DONE && ev.used == 0,
	       "finished event that used nothing");
	nc_audit_event_free(&ev);
	tap_ok(nc_audit_parse("10 8:1 99 /x cap_kill,41 41,cap_kill", &ev,
			      err, sizeof(err)) == 0 &&
	       ev.lost == (B(5) | B(41)) && ev.used == (B(5) | B(41)),
	       "numbers for capabilities without a name");
	nc_audit_event_free(&ev);
	tap_ok(nc_audit_parse("3 254:0 4 /bin/x cap_chown,cap_kill", &ev, err,
			      sizeof(err)) == 0 &&
	       ev.state == NC_USED_UNKNOWN && ev.lost == (B(0) | B(5)),
	       "version 2 event: USED unknown");
	nc_audit_event_free(&ev);
	tap_ok(nc_audit_parse("11 8:1 99 /usr/bin/python3 cap_chown cap_chown root",
			      &ev, err, sizeof(err)) == 0 &&
	       ev.via == NC_VIA_ROOT && !ev.script.path &&
	       ev.used == B(0), "version 4 event: through the root rule");
	nc_audit_event_free(&ev);
	tap_ok(nc_audit_parse("12 8:1 99 /bin/dash cap_kill none inheritable 8:2 7 /tmp/a\\001b\\012.sh",
			      &ev, err, sizeof(err)) == 0 &&
	       ev.via == NC_VIA_INHERITABLE && !strcmp(ev.path, "/bin/dash") &&
	       ev.script.major == 8 && ev.script.minor == 2 &&
	       ev.script.ino == 7 && ev.script.path &&
	       !strcmp(ev.script.path, "/tmp/a\001b\n.sh"),
	       "version 4 event of a script: interpreter, then the script with control characters escaped");
	nc_audit_event_free(&ev);
	tap_ok(nc_audit_parse("13 8:1 99 /bin/chowner cap_chown cap_chown root 12",
			      &ev, err, sizeof(err)) == 0 &&
	       ev.via == NC_VIA_ROOT && ev.parent == 12 && !ev.script.path,
	       "version 6 event: PARENT, the event of the program above");
	nc_audit_event_free(&ev);
	tap_ok(nc_audit_parse("14 8:1 99 /bin/dash cap_kill none inheritable 0 8:2 7 /tmp/s.sh",
			      &ev, err, sizeof(err)) == 0 &&
	       ev.parent == 0 && ev.script.path &&
	       !strcmp(ev.script.path, "/tmp/s.sh") && ev.script.ino == 7,
	       "version 6 event of a script: PARENT 0 (none), then the script");
	nc_audit_event_free(&ev);
	tap_ok(nc_audit_parse("12 8:1 99 /bin/dash cap_kill none inheritable 8:2 7 /tmp/s.sh",
			      &ev, err, sizeof(err)) == 0 && ev.parent == 0,
	       "version 4 event: no PARENT, read as 0");
	nc_audit_event_free(&ev);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		tap_ok(nc_audit_parse(bad[i], &ev, err, sizeof(err)) == -EINVAL &&
		       err[0], "refused: '%s' (%s)", bad[i], err);
	}
}

/* The losses file (interface version 6): the records and their chains. */
static void test_losses(void)
{
	struct nc_loss l;
	char err[256];
	static const char *const bad[] = {
		"",
		/* 8 fields: no REMOVED */
		"1 1 0 254:0 12 /sbin/init strict unlabeled",
		/* no POLICY (the links shift into REMOVED) */
		"9 240 0 8:1 99 /opt/my\\040tool label cap_net_raw 240:/bin/sh 1:/sbin/init",
		"1 1 0 254:0 12 /sbin/init strict unknown cap_chown",
		"1 1 0 254:0 12 /sbin/init Strict unlabeled cap_chown",
		"1 1 0 254:0 12 /sbin/init none unlabeled cap_chown",
		"1 1 0 254:0 12 /sbin/init strict unlabeled none",
		"1 1 0 254:0 12 /sbin/init strict unlabeled cap_bogus",
		"1 1 0 254:0 12 /sbin/init strict unlabeled cap_chown,",
		"1 1 0 254:0 12 /sbin/init strict unlabeled  cap_chown",
		"1 1 0 254:0 12 /sbin/init strict unlabeled cap_chown ",
		" 1 1 0 254:0 12 /sbin/init strict unlabeled cap_chown",
		"0 1 0 254:0 12 /sbin/init strict unlabeled cap_chown",
		"1 0 0 254:0 12 /sbin/init strict unlabeled cap_chown",
		"1 x 0 254:0 12 /sbin/init strict unlabeled cap_chown",
		"1 2147483648 0 254:0 12 /sbin/init strict unlabeled cap_chown",
		"1 1 -1 254:0 12 /sbin/init strict unlabeled cap_chown",
		"1 1 4294967295 254:0 12 /sbin/init strict unlabeled cap_chown",
		"1 1 0 254 12 /sbin/init strict unlabeled cap_chown",
		"1 1 0 254:0 x /sbin/init strict unlabeled cap_chown",
		"1 1 0 254:0 12 sbin/init strict unlabeled cap_chown",
		"1 1 0 254:0 12 /opt/my\\9tool strict unlabeled cap_chown",
		"1 1 0 254:0 12 /opt/my\\000tool strict unlabeled cap_chown",
		/* links: PID:PATH, the first of the same process */
		"7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin 230/usr/bin/bash",
		"7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin x:/usr/bin/bash",
		"7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin :/usr/bin/bash",
		"7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin 230:/usr/bin/bash 0:/sbin/init",
		"7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin 231:/usr/bin/bash",
		"7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin 230:usr/bin/bash",
		"7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin 230:",
		"7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin 230:/usr/bin/ba\\8sh",
		"7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin 230:/usr/bin/bash 201:/usr/sbin/sshd 150:/usr/bin/tmux 2:/usr/lib/systemd/systemd 1:/sbin/init",
	};
	unsigned int i;

	tap_ok(nc_loss_parse("1 1 0 254:0 12 /sbin/init strict unlabeled cap_chown,cap_net_admin",
			     &l, err, sizeof(err)) == 0 &&
	       l.seq == 1 && l.pid == 1 && l.uid == 0 && l.major == 254 &&
	       l.minor == 0 && l.ino == 12 && !strcmp(l.path, "/sbin/init") &&
	       l.policy == NC_POLICY_STRICT && l.cause == NC_LOSS_UNLABELED &&
	       l.removed == (B(0) | B(12)) && l.nlinks == 0,
	       "losses: init from the kernel, no links");
	nc_loss_free(&l);
	tap_ok(nc_loss_parse("7 230 1000 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin,cap_sys_admin 230:/usr/bin/bash 201:/usr/sbin/sshd 150:/usr/bin/tmux 1:/usr/lib/systemd/systemd",
			     &l, err, sizeof(err)) == 0 &&
	       l.seq == 7 && l.pid == 230 && l.uid == 1000 && l.ino == 4711 &&
	       !strcmp(l.path, "/usr/bin/ip") &&
	       l.removed == (B(12) | B(21)) && l.nlinks == 4 &&
	       l.links[0].pid == 230 &&
	       !strcmp(l.links[0].path, "/usr/bin/bash") &&
	       l.links[1].pid == 201 &&
	       !strcmp(l.links[1].path, "/usr/sbin/sshd") &&
	       l.links[2].pid == 150 &&
	       !strcmp(l.links[2].path, "/usr/bin/tmux") &&
	       l.links[3].pid == 1 &&
	       !strcmp(l.links[3].path, "/usr/lib/systemd/systemd"),
	       "losses: four links, nearest first");
	nc_loss_free(&l);
	tap_ok(nc_loss_parse("9 240 0 8:1 99 /opt/my\\040tool strict label cap_net_raw 240:/bin/sh 1:/sbin/init",
			     &l, err, sizeof(err)) == 0 &&
	       l.major == 8 && l.minor == 1 && l.ino == 99 &&
	       !strcmp(l.path, "/opt/my tool") && l.cause == NC_LOSS_LABEL &&
	       l.removed == B(13) && l.nlinks == 2 &&
	       !strcmp(l.links[1].path, "/sbin/init"),
	       "losses: the file's Fi, a path with a space");
	nc_loss_free(&l);
	tap_ok(nc_loss_parse("12 300 4294967294 8:1 5 /usr/bin/python3 audit label cap_kill,41,cap_reg_fork 300:/tmp/a\\040b:c.sh",
			     &l, err, sizeof(err)) == 0 &&
	       l.uid == 4294967294U && l.policy == NC_POLICY_AUDIT &&
	       l.removed == (B(5) | B(41) | B(48)) && l.nlinks == 1 &&
	       l.links[0].pid == 300 &&
	       !strcmp(l.links[0].path, "/tmp/a b:c.sh"),
	       "losses: audit, a number and a regular name, a link path with a space and a colon");
	nc_loss_free(&l);
	tap_ok(nc_loss_parse("2 2 0 8:1 5 /x inherit label cap_chown", &l, err,
			     sizeof(err)) == 0 &&
	       l.policy == NC_POLICY_INHERIT,
	       "losses: policy inherit");
	nc_loss_free(&l);
	tap_ok(!strcmp(nc_loss_cause_name(NC_LOSS_UNLABELED), "unlabeled") &&
	       !strcmp(nc_loss_cause_name(NC_LOSS_LABEL), "label"),
	       "losses: cause names as in the file");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		tap_ok(nc_loss_parse(bad[i], &l, err, sizeof(err)) == -EINVAL &&
		       err[0], "losses: refused: '%s' (%s)", bad[i], err);
	}
	/* what the messages say */
	nc_loss_parse("1 1 0 254:0 12 /sbin/init strict unknown cap_chown", &l,
		      err, sizeof(err));
	tap_ok(!strcmp(err, "bad cause 'unknown' (unlabeled or label)"),
	       "losses: a bad cause named with the accepted ones: %s", err);
	nc_loss_parse("1 1 0 254:0 12 /sbin/init strict unlabeled none", &l,
		      err, sizeof(err));
	tap_ok(strstr(err, "removed capabilities: 'none'") == err,
	       "losses: an empty REMOVED said so: %s", err);
	nc_loss_parse(bad[sizeof(bad) / sizeof(bad[0]) - 1], &l, err,
		      sizeof(err));
	tap_ok(strstr(err, "0 to 4 links") != NULL,
	       "losses: five links: the limit said: %s", err);
	nc_loss_parse("7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin 230:/usr/bin/bash x:/usr/sbin/sshd",
		      &l, err, sizeof(err));
	tap_ok(!strcmp(err, "bad link 2 'x:/usr/sbin/sshd' (PID:PATH)"),
	       "losses: a bad link named by its place: %s", err);
}

static void test_files(void)
{
	char mounts[] = "ext4 vda strict explicit none\n"
			"ext2 loop0 inherit default cap_net_raw+ie\n";
	char mounts_bad[] = "ext4 vda strict explicit none\next4 vdb strict\n";
	char stats[] = "execs 12\ndenied_reg_fork 3\n";
	char stats_bad[] = "execs 12\naudit_events x\n";
	struct nc_mount *m = NULL;
	struct nc_stat *s = NULL;
	int bad = 0, n;

	n = nc_mounts_parse(mounts, &m, &bad);
	tap_ok(n == 2 && !strcmp(m[0].device, "vda") &&
	       !strcmp(m[0].origin, "explicit") &&
	       !strcmp(m[1].fstype, "ext2") &&
	       !strcmp(m[1].capdefault, "cap_net_raw+ie"),
	       "mounts: two lines, five fields");
	free(m);
	tap_ok(nc_mounts_parse(mounts_bad, &m, &bad) == -EINVAL && bad == 2,
	       "mounts: a short line is refused, named by number");
	n = nc_stats_parse(stats, &s, &bad);
	tap_ok(n == 2 && !strcmp(s[1].name, "denied_reg_fork") &&
	       s[1].value == 3, "stats: name value lines");
	free(s);
	tap_ok(nc_stats_parse(stats_bad, &s, &bad) == -EINVAL && bad == 2,
	       "stats: a value that is no number is refused");
}

/* A policy line nc_labels_parse_line() must refuse. */
#define BAD(line)	{ line, -EINVAL, NULL, 0, 0, false, false }

static void test_labels(void)
{
	static const struct {
		const char *line;
		int ret;
		const char *path;
		u64 fp, fi;
		bool set, fe;
	} cases[] = {
		{ "/bin/ping cap_net_raw+i", 0, "/bin/ping", 0, B(13), true,
		  false },
		{ "  /bin/x\tCAP_CHOWN:kill+EI  ", 0, "/bin/x", 0,
		  B(0) | B(5), true, true },
		{ "/my\\040prog 0x400+i", 0, "/my prog", 0, B(10), true,
		  false },
		{ "/bin/y none", 0, "/bin/y", 0, 0, false, false },
		{ "# comment", 1, NULL, 0, 0, false, false },
		{ "   ", 1, NULL, 0, 0, false, false },
		{ "", 1, NULL, 0, 0, false, false },
		BAD("/bin/z"),
		BAD("bin/z none"),
		BAD("/bin/../etc/z none"),
		BAD("/bin/.. none"),
		BAD("/bin/ none"),
		BAD("/bin/z cap_reg_fork+i"),
		BAD("/bin/z cap_chown+i x"),
		BAD("/bin/a b cap_chown+i"),
		BAD("/bin/z\\9 none"),
		/* the permitted part (issue 20): policy files only */
		{ "/bin/z cap_chown+p", 0, "/bin/z", B(0), 0, true, false },
		{ "/usr/sbin/nginx cap_net_bind_service+ep", 0,
		  "/usr/sbin/nginx", B(10), 0, true, true },
		{ "/n Net_Bind_Service+PIE", 0, "/n", B(10), B(10), true,
		  true },
		{ "/n cap_net_bind_service+eip", 0, "/n", B(10), B(10), true,
		  true },
		{ "/n 0x401+pi", 0, "/n", B(0) | B(10), B(0) | B(10), true,
		  false },
		{ "/n cap_net_bind_service+pe\tcap_chown:cap_kill+ie", 0, "/n",
		  B(10), B(0) | B(5), true, true },
		{ "/n cap_kill+i cap_chown+i cap_kill+p", 0, "/n", B(5),
		  B(0) | B(5), true, false },
		BAD("/n cap_reg_write+p"),
		BAD("/n cap_chown:reg_fork+ep"),
		BAD("/n 0x1000000000000+p"),
		BAD("/n cap_bogus+p"),
		BAD("/n +p"),
		BAD("/n cap_chown+pp"),
		BAD("/n cap_chown+px"),
		BAD("/n cap_chown+p+i"),
		BAD("/n cap_chown+e"),
		BAD("/n cap_chown+ep cap_kill+i"),
		BAD("/n none cap_chown+p"),
		BAD("/n cap_chown+p none"),
	};
	const char text[] = "# policy\n/b cap_kill+i\n/a none\n/b none\n"
			    "/c bogus\n/d\\040e cap_chown+i\n"
			    "/p cap_net_bind_service+ep\n";
	struct nc_labels labels = { 0 };
	struct nc_fcaps m;
	struct nc_label label;
	char err[512], *out = NULL;
	size_t size = 0;
	unsigned int i;
	FILE *f;
	int ret;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err[0] = '\0';
		ret = nc_labels_parse_line(cases[i].line, &label, err,
					   sizeof(err));
		if (cases[i].ret)
			tap_ok(ret == cases[i].ret &&
			       (ret > 0 || err[0]),
			       "policy line '%s': %d %s", cases[i].line,
			       cases[i].ret, err);
		else
			tap_ok(ret == 0 && !strcmp(label.path, cases[i].path) &&
			       label.masks.present == cases[i].set &&
			       label.masks.fp == cases[i].fp &&
			       label.masks.fi == cases[i].fi &&
			       label.masks.fe == cases[i].fe,
			       "policy line '%s'", cases[i].line);
		if (ret == 0)
			free(label.path);
	}
	/* what the messages say, not only that they fail */
	err[0] = '\0';
	nc_labels_parse_line("/n cap_reg_write+p", &label, err, sizeof(err));
	tap_ok(strstr(err, "cap_reg_write is a regular capability") &&
	       strstr(err, "Fp of the regular region is always empty"),
	       "+p on a regular capability: named, with the model's rule: %s",
	       err);
	err[0] = '\0';
	nc_labels_parse_line("/n cap_chown+px", &label, err, sizeof(err));
	tap_ok(!strcmp(err, "bad SPEC 'cap_chown+px': unknown flag 'x' (accepted: p, i and e)"),
	       "an unknown flag beside p: named: %s", err);
	err[0] = '\0';
	nc_labels_parse_line("/n cap_bogus+ep", &label, err, sizeof(err));
	tap_ok(strstr(err, "bad SPEC 'cap_bogus+ep': unknown capability name") ==
	       err, "an unknown name with p: the kernel parser's reason: %s",
	       err);
	err[0] = '\0';
	nc_labels_parse_line("/n cap_chown+ep cap_kill+i", &label, err,
			     sizeof(err));
	tap_ok(strstr(err, "flag 'e' on some clauses only") != NULL,
	       "e on some clauses only: said so: %s", err);

	f = fmemopen((void *)text, sizeof(text) - 1, "r");
	ret = nc_labels_read(f, "test", &labels);
	fclose(f);
	tap_ok(ret == 2 && labels.n == 4,
	       "policy file: 2 bad lines (duplicate /b, bogus spec), 4 good");
	tap_ok(labels.n == 4 && labels.v[0].line == 2 && labels.v[2].line == 6,
	       "line numbers kept");

	m = (struct nc_fcaps){ .present = true, .fi = B(21) };
	tap_ok(nc_labels_merge(&labels, "/a", &m) == 0 &&
	       nc_labels_find(&labels, "/a")->masks.present &&
	       nc_labels_find(&labels, "/a")->masks.fi == B(21),
	       "merge into none gives the masks");
	m = (struct nc_fcaps){ .present = true, .fi = B(10), .fe = true };
	tap_ok(nc_labels_merge(&labels, "/b", &m) == 0 &&
	       nc_labels_find(&labels, "/b")->masks.fi == (B(5) | B(10)) &&
	       nc_labels_find(&labels, "/b")->masks.fe,
	       "merge is the union, e from either");
	m = (struct nc_fcaps){ .present = false };
	tap_ok(nc_labels_merge(&labels, "/b", &m) == 0 &&
	       nc_labels_find(&labels, "/b")->masks.fi == (B(5) | B(10)),
	       "merging none changes nothing");
	tap_ok(nc_labels_merge(&labels, "/z y", &m) == 0 &&
	       nc_labels_find(&labels, "/z y") &&
	       !nc_labels_find(&labels, "/z y")->masks.present,
	       "merging none of a new path adds a none line");
	m = (struct nc_fcaps){ .present = true, .fi = B(0) | B(10) };
	tap_ok(nc_labels_merge(&labels, "/p", &m) == 0 &&
	       nc_labels_find(&labels, "/p")->masks.fp == B(10) &&
	       nc_labels_find(&labels, "/p")->masks.fi == (B(0) | B(10)) &&
	       nc_labels_find(&labels, "/p")->masks.fe,
	       "merging learned Fi keeps the line's Fp and e");

	f = open_memstream(&out, &size);
	ret = nc_labels_write(f, &labels);
	fclose(f);
	tap_ok(ret == 0 && out &&
	       !strcmp(out, "/a cap_sys_admin+i\n"
			    "/b cap_kill:cap_net_bind_service+ie\n"
			    "/d\\040e cap_chown+i\n"
			    "/p cap_net_bind_service+pie cap_chown+ie\n"
			    "/z\\040y none\n"),
	       "written sorted, escaped, canonical, the p part kept");
	nc_labels_free(&labels);
	f = fmemopen(out, size, "r");
	ret = nc_labels_read(f, "written", &labels);
	fclose(f);
	tap_ok(ret == 0 && labels.n == 5 &&
	       !strcmp(labels.v[2].path, "/d e") &&
	       labels.v[3].masks.fp == B(10) &&
	       labels.v[3].masks.fi == (B(0) | B(10)) && labels.v[3].masks.fe,
	       "what is written reads back, Fp included");
	nc_labels_free(&labels);
	free(out);

	/* each clause form once: "+p", "+pi", "+i", with and without e */
	{
		static const struct {
			struct nc_fcaps m;
			const char *text;
		} fmt[] = {
			{ { true, B(10), 0, false }, "cap_net_bind_service+p" },
			{ { true, B(10), 0, true }, "cap_net_bind_service+pe" },
			{ { true, B(10), B(10), false },
			  "cap_net_bind_service+pi" },
			{ { true, B(0) | B(10), B(10) | B(13), true },
			  "cap_chown+pe cap_net_bind_service+pie cap_net_raw+ie" },
			{ { false, 0, 0, false }, "none" },
		};
		char buf[NC_LABEL_SPEC_MAX];
		struct nc_fcaps back;

		for (i = 0; i < sizeof(fmt) / sizeof(fmt[0]); i++) {
			ret = nc_label_spec_format(&fmt[i].m, buf, sizeof(buf));
			tap_ok(ret == (int)strlen(fmt[i].text) &&
			       !strcmp(buf, fmt[i].text) &&
			       nc_label_spec_parse(buf, strlen(buf), &back, err,
						   sizeof(err)) == 0 &&
			       nc_fcaps_match(&back, &fmt[i].m) &&
			       back.present == fmt[i].m.present,
			       "format '%s' and parse it back", fmt[i].text);
		}
		m = (struct nc_fcaps){ .present = true };
		tap_ok(nc_label_spec_format(&m, buf, sizeof(buf)) == -EINVAL,
		       "format: present but empty masks have no SPEC");
		m = (struct nc_fcaps){ .present = true, .fp = B(48) };
		tap_ok(nc_label_spec_format(&m, buf, sizeof(buf)) == -EINVAL,
		       "format: a regular bit in Fp has no SPEC");
	}

	/* An empty set has no array (qsort(NULL, 0), found by fuzzing). */
	out = NULL;
	f = open_memstream(&out, &size);
	ret = nc_labels_write(f, &labels);
	fclose(f);
	tap_ok(ret == 0 && out && !strcmp(out, ""), "an empty set writes nothing");
	free(out);
}

static bool write_proc(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	bool ok = fd >= 0 && write(fd, text, strlen(text)) ==
		(ssize_t)strlen(text);

	if (fd >= 0)
		close(fd);
	return ok;
}

/*
 * A user other than root labels the files it owns as root of a user
 * namespace of its own (the kernel writes a namespaced
 * security.capability), as tools-host.sh does with unshare -r: then
 * test_fcaps() runs its checks on any host that allows user namespaces.
 */
static bool own_user_namespace(void)
{
	char map[32];
	unsigned int uid = geteuid(), gid = getegid();

	if (unshare(CLONE_NEWUSER))
		return false;
	snprintf(map, sizeof(map), "0 %u 1", uid);
	if (!write_proc("/proc/self/uid_map", map))
		return false;
	snprintf(map, sizeof(map), "0 %u 1", gid);
	return write_proc("/proc/self/setgroups", "deny") &&
	       write_proc("/proc/self/gid_map", map);
}

/*
 * The checks of test_fcaps() after its first nc_fcaps_set(): a host where
 * that fails reports as many SKIPs, so the plan is the same everywhere.
 */
#define FCAPS_CHECKS 12

static void test_fcaps(void)
{
	struct nc_fcaps want = { .present = true, .fi = B(13) | B(10) };
	struct nc_fcaps none = { .present = false };
	struct nc_fcaps caps;
	char *path = write_temp("x"), *text;
	int fd = open(path, O_RDONLY);
	unsigned int first;

	tap_ok(nc_fcaps_get(fd, &caps) == 0 && !caps.present,
	       "a new file has no masks");
	if (nc_fcaps_set(fd, &want)) {
		/* the checks below, each reported, not dropped */
		tap_skip(FCAPS_CHECKS, "cannot set security.capability here");
		tap_diag("nc_fcaps_set: %s", strerror(errno));
		close(fd);
		unlink(path);
		free(path);
		return;
	}
	first = tap_count;
	tap_ok(nc_fcaps_get(fd, &caps) == 0 && caps.present &&
	       caps.fi == (B(13) | B(10)) && caps.fp == 0 && !caps.fe,
	       "set then read: Fi as asked, no Fp, no Fe");
	tap_ok(nc_fcaps_match(&caps, &want), "matches the spec");
	tap_ok(!nc_fcaps_match(&caps, &none), "does not match none");
	text = nc_fcaps_text(&caps);
	tap_ok(text && !strcmp(text, "cap_net_bind_service,cap_net_raw=i"),
	       "libcap text: %s", text ? text : "NULL");
	free(text);
	want.fe = true;
	tap_ok(!nc_fcaps_match(&caps, &want), "+ie does not match +i");
	tap_ok(nc_fcaps_set(fd, &want) == 0 && nc_fcaps_get(fd, &caps) == 0 &&
	       caps.fe && nc_fcaps_match(&caps, &want), "set +ie");
	/* the permitted part: cap_net_bind_service+pie cap_net_raw+ie */
	want.fp = B(10);
	tap_ok(!nc_fcaps_match(&caps, &want),
	       "Fp asked, none on the file (Fi, Fe as asked): no match");
	tap_ok(nc_fcaps_set(fd, &want) == 0 && nc_fcaps_get(fd, &caps) == 0 &&
	       caps.present && caps.fp == B(10) &&
	       caps.fi == (B(13) | B(10)) && caps.fe &&
	       nc_fcaps_match(&caps, &want),
	       "set Fp and Fi with e: read back as asked");
	text = nc_fcaps_text(&caps);
	tap_ok(text && !strcmp(text, "cap_net_bind_service=eip cap_net_raw+ei"),
	       "libcap text with Fp: %s", text ? text : "NULL");
	free(text);
	want.fp = 0;
	tap_ok(!nc_fcaps_match(&caps, &want), "an Fp the policy lacks: no match");
	tap_ok(nc_fcaps_set(fd, &none) == 0 && nc_fcaps_get(fd, &caps) == 0 &&
	       !caps.present, "none removes the masks");
	tap_ok(nc_fcaps_set(fd, &none) == 0, "removing absent masks is fine");
	if (tap_count - first != FCAPS_CHECKS)
		tap_ok(false, "test_fcaps: %u checks, FCAPS_CHECKS (skips) %u",
		       tap_count - first, FCAPS_CHECKS);
	close(fd);
	unlink(path);
	free(path);
}

int main(int argc, char **argv)
{
	unsigned int uid;

	if (argc != 2) {
		fprintf(stderr, "usage: test_lib DATADIR\n");
		return 2;
	}
	test_regular(argv[1]);
	test_names();
	test_escapes();
	test_audit();
	test_losses();
	test_files();
	test_labels();
	uid = geteuid();
	if (uid != 0 && own_user_namespace())
		tap_diag("uid %u: file capabilities as root of a user namespace of its own",
			 uid);
	test_fcaps();
	return tap_done();
}
