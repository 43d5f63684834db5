#!/bin/sh
# Host tests of the newcaps tools that need no newcaps kernel: newcaps-label
# (policy files, --check, --dry-run, labelling a tree, --from-audit on
# sample audit text) and newcapsctl on a fake securityfs directory
# ($NEWCAPS_SECURITYFS, with a fake /proc in $NEWCAPS_PROC for why). TAP. Expected values are written by hand from
# the audit format and the man pages, never taken from a tool's output.
#
#   tools-host.sh BUILDDIR/userspace
#
# The labelling checks need CAP_SETFCAP over the files they label: as
# root, or, for any other user, as root of a user namespace of one's own
# (unshare -r: setcap then writes a namespaced security.capability on the
# files one owns), so the script runs itself again there when it can.
# Where neither works, each labelling check still reports, as a SKIP: the
# plan is fixed, the same on every host.
set -u
if [ "$(id -u)" -ne 0 ] && [ -z "${NEWCAPS_TOOLS_USERNS:-}" ] &&
	unshare -r true 2>/dev/null; then
	NEWCAPS_TOOLS_USERNS=1 exec unshare -r "$0" "$@"
fi
bin=$(cd "$1" && pwd)
label=$bin/newcaps-label
ctl=$bin/newcapsctl
exec=$bin/newcaps-exec
hook=$(cd "$(dirname "$0")/../dpkg" && pwd)/newcaps-dpkg-hook
work=$(mktemp -d "${TMPDIR:-/tmp}/newcaps-tools.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Every check below, the labelling ones included: a host where some do not
# run reports them as SKIPs, never a smaller plan.
echo "1..160"
n=0 failed=0 skip=
# With $skip set, a check reports "ok N - WHAT # SKIP $skip" whatever its
# result.
ok() {
	n=$((n + 1))
	if [ -n "$skip" ]; then echo "ok $n - $2 # SKIP $skip"
	elif [ "$1" -eq 0 ]; then echo "ok $n - $2"
	else echo "not ok $n - $2"; failed=$((failed + 1)); fi
}
is() { if [ -n "$skip" ] || [ "$1" = "$2" ]; then ok 0 "$3"; else ok 1 "$3"; echo "#   got:      '$1'"; echo "#   expected: '$2'"; fi; }

# --- learning: --from-audit on sample events (interface version 3) -------
cat > "$work/events" <<'EOF'
1 254:16 12 /mnt/a/bin/bind80 cap_chown,cap_net_bind_service,cap_sys_admin cap_net_bind_service
2 254:16 13 /mnt/a/bin/quiet cap_chown,cap_kill none
3 254:16 12 /mnt/a/bin/bind80 cap_chown,cap_net_bind_service,cap_sys_admin cap_chown
4 254:16 14 /mnt/a/bin/daemon cap_sys_nice -
5 254:16 15 /mnt/a/my\040tool cap_kill cap_kill
6 254:16 16 /mnt/a/bin/v2 cap_kill
EOF
# (--no-verify: these paths do not exist here; verification is tested below)
out=$("$label" --from-audit --no-verify "$work/events" 2>"$work/err")
is "$?" 0 "from-audit: exit 0"
is "$out" "/mnt/a/bin/bind80 cap_chown:cap_net_bind_service+i
/mnt/a/bin/quiet none
/mnt/a/my\\040tool cap_kill+i" \
	"from-audit: union of USED per path as Fi, none for nothing used, sorted, escaped"
grep -q "1 event of programs still running ignored" "$work/err"
ok $? "from-audit: the running event is noted on stderr"
grep -q "1 event without the capabilities used" "$work/err"
ok $? "from-audit: the version 2 event is noted on stderr"
out2=$("$label" --from-audit -N - < "$work/events" 2>/dev/null)
is "$out2" "$out" "from-audit: - reads standard input"

# merged across runs: an earlier policy, then the events again
printf '/mnt/a/bin/quiet cap_sys_time+i\n/mnt/a/bin/old cap_kill+i\n/mnt/a/bin/bind80 cap_setuid+i\n' > "$work/earlier"
cp "$work/earlier" "$work/policy"
"$label" --from-audit -N "$work/events" --merge "$work/policy" -o "$work/policy" 2>/dev/null
is "$?" 0 "from-audit --merge -o the same file: exit 0"
is "$(cat "$work/policy")" "/mnt/a/bin/bind80 cap_chown:cap_setuid:cap_net_bind_service+i
/mnt/a/bin/old cap_kill+i
/mnt/a/bin/quiet cap_sys_time+i
/mnt/a/my\\040tool cap_kill+i" \
	"merge: union with the earlier policy; nothing used adds nothing"
"$label" --from-audit -N "$work/events" --merge "$work/policy" -o "$work/policy2" 2>/dev/null
is "$(cat "$work/policy2")" "$(cat "$work/policy")" "merge: idempotent"

printf '1 254:16 12 /p cap_chown cap_chown\n2 254:16 12 relative cap_chown none\n3 x\n' > "$work/bad-events"
"$label" --from-audit "$work/bad-events" -o "$work/none" 2>"$work/err"
is "$?" 2 "from-audit: bad lines: exit 2"
[ ! -e "$work/none" ]
ok $? "from-audit: bad lines: no policy written"
is "$(grep -c 'bad-events:[23]:' "$work/err")" 2 "from-audit: each bad line named"
printf '/p cap_reg_write+p\n' > "$work/bad-merge"
"$label" --from-audit "$work/events" --merge "$work/bad-merge" >/dev/null 2>"$work/err"
is "$?" 2 "from-audit: a bad --merge policy: exit 2"
grep -q "^$work/bad-merge:1: bad SPEC 'cap_reg_write+p': cap_reg_write is a regular capability" "$work/err"
ok $? "from-audit: a bad --merge policy: the line and the reason named"

# --merge keeps a line's permitted part (issue 20): learning adds Fi only,
# under the line's one e flag, and never invents an Fp
printf '/mnt/a/bin/bind80 cap_net_bind_service+ep\n/mnt/a/bin/svc cap_net_raw+p\n' > "$work/fp.policy"
out=$("$label" --from-audit -N "$work/events" --merge "$work/fp.policy" 2>/dev/null)
is "$?" 0 "from-audit --merge of a policy with +p: exit 0"
is "$out" "/mnt/a/bin/bind80 cap_net_bind_service+pie cap_chown+ie
/mnt/a/bin/quiet none
/mnt/a/bin/svc cap_net_raw+p
/mnt/a/my\\040tool cap_kill+i" \
	"merge: Fp kept, learned Fi added beside it, no Fp for learned-only paths"
printf '%s\n' "$out" > "$work/fp2.policy"
is "$("$label" --from-audit -N "$work/events" --merge "$work/fp2.policy" 2>/dev/null)" "$out" \
	"merge with +p: idempotent (the written p part reads back)"

# --- learning: a path must still name the file the event saw ------------
# (Review III: a user who can make an exec appear at a path must not get a
# label onto whatever lies there when --from-audit runs.) Events 3, 4, 6:
# 1 and 2 were overwritten, 5 is missing.
mkdir "$work/learn"
printf x > "$work/learn/kept"
printf x > "$work/learn/old"
dev=$(stat -c '%Hd:%Ld' "$work/learn/kept")
kept_ino=$(stat -c %i "$work/learn/kept")
old_ino=$(stat -c %i "$work/learn/old")
printf x > "$work/learn/replaced"	# while old exists: another inode
rm "$work/learn/old"
cat > "$work/learn/events" <<EOF
3 $dev $kept_ino $work/learn/kept cap_chown cap_chown
4 $dev $old_ino $work/learn/gone cap_kill cap_kill
6 $dev $old_ino $work/learn/replaced cap_net_raw cap_net_raw
EOF
out=$("$label" --from-audit "$work/learn/events" 2>"$work/err")
is "$?" 0 "from-audit, verified: exit 0"
is "$out" "$work/learn/kept cap_chown+i" \
	"from-audit, verified: only the path whose device and inode match"
grep -q "learn/events:2: $work/learn/gone: No such file or directory, not learned" "$work/err"
ok $? "from-audit, verified: a vanished path is named and skipped"
grep -q "learn/events:3: $work/learn/replaced is now another file (.* the event saw $dev inode $old_ino), not learned" "$work/err"
ok $? "from-audit, verified: a replaced file is named and skipped"
grep -q "events lost: 2 before event 3, 1 between events" "$work/err"
ok $? "from-audit: lost events (sequence gaps) are reported"
is "$("$label" --from-audit --no-verify "$work/learn/events" 2>/dev/null | wc -l)" 3 \
	"from-audit --no-verify: every path learned"
"$label" --no-verify "$work/policy" 2>/dev/null
is "$?" 2 "--no-verify without --from-audit: exit 2"

# --- review as a diff: --from-audit --diff over several runs -------------
# (version 4 events: the last field says how the capabilities came)
cat > "$work/run1" <<'EOF'
1 254:16 12 /mnt/a/bin/bind80 cap_chown,cap_net_bind_service cap_net_bind_service root
2 254:16 13 /mnt/a/bin/quiet cap_chown none root
3 254:16 12 /mnt/a/bin/bind80 cap_chown,cap_net_bind_service cap_chown inheritable
4 254:16 14 /mnt/a/bin/daemon cap_sys_nice -
EOF
cat > "$work/run2" <<'EOF'
1 254:16 12 /mnt/a/bin/bind80 cap_chown,cap_net_bind_service cap_net_bind_service root
2 254:16 17 /mnt/a/bin/new cap_kill cap_kill root
3 254:16 18 /mnt/a/bin/newnone cap_chown none root
4 254:16 19 /mnt/a/bin/svc cap_chown none root
EOF
cat > "$work/current.policy" <<'EOF'
/mnt/a/bin/bind80 cap_setuid:cap_net_bind_service+i
/mnt/a/bin/quiet cap_sys_time+i
/mnt/a/bin/old cap_kill+i
/mnt/a/bin/svc cap_net_raw+p
EOF
# the diff's table, blanks squeezed; "rc=STATUS" last
diff_of() {
	(cd "$work" && "$label" --from-audit -N "$@" 2>"$work/err"; echo "rc=$?") |
		tr -s ' ' | sed 's/ $//'
}
is "$(diff_of run1 run2 --diff current.policy)" "PATH STATUS CHANGE CAPABILITY USED EXECS RUNS VIA CHAIN
/mnt/a/bin/bind80 changed + cap_chown 1 3 run1 inheritable
/mnt/a/bin/bind80 changed - cap_setuid 0 3 run1,run2
/mnt/a/bin/new new + cap_kill 1 1 run2 root
/mnt/a/bin/newnone new + none 0 1 run2
/mnt/a/bin/quiet changed - cap_sys_time 0 1 run1
rc=1" \
	"diff: +cap used (in how many of the program's execs, which runs, how it came), -cap unused, new programs; exit 1; Fp and programs not run untouched"
is "$(tail -n 1 "$work/err")" "newcaps-label: 4 programs would change" "diff: the count on stderr"
is "$(diff_of run1 run2 --diff current.policy -v | grep -E 'unseen|unchanged')" \
	"/mnt/a/bin/old unseen 0 0
/mnt/a/bin/svc unchanged 0 1 run2" \
	"diff -v: also the policy's programs that did not run, and those that would not change"
"$label" --from-audit -N "$work/run1" "$work/run2" --diff "$work/current.policy" --json > "$work/diff.json" 2>/dev/null
is "$(jq -r '.diff[] | [.path, .change, .capability, .used, .execs, .runs, .via // "-"] | join(" ")' "$work/diff.json")" \
"/mnt/a/bin/bind80 + cap_chown 1 3 $work/run1 inheritable
/mnt/a/bin/bind80 - cap_setuid 0 3 $work/run1,$work/run2 -
/mnt/a/bin/new + cap_kill 1 1 $work/run2 root
/mnt/a/bin/newnone + none 0 1 $work/run2 -
/mnt/a/bin/quiet - cap_sys_time 0 1 $work/run1 -" \
	"diff --json: the same rows, counts as numbers (read with jq)"
# Version 6 events name the event of the program above (PARENT): the diff
# says under which programs each capability was used. Event 6 left the
# ring, so the chain of event 7 ends there.
cat > "$work/run3" <<'EOF'
1 254:16 20 /mnt/a/bin/systemd cap_chown,cap_kill cap_chown,cap_kill root 0
2 254:16 21 /mnt/a/bin/sh cap_chown,cap_kill cap_chown,cap_kill root 1
3 254:16 22 /mnt/a/bin/chowner cap_chown,cap_kill cap_chown root 2
4 254:16 23 /mnt/a/bin/killer cap_chown,cap_kill cap_kill root 1
5 254:16 22 /mnt/a/bin/chowner cap_chown,cap_kill cap_chown root 1
7 254:16 22 /mnt/a/bin/chowner cap_chown,cap_kill cap_chown root 6
8 254:16 22 /mnt/a/bin/chowner cap_chown,cap_kill cap_chown root 2
EOF
: > "$work/empty.policy"
"$label" --from-audit -N "$work/run3" --diff "$work/empty.policy" --json > "$work/chain.json" 2>/dev/null
is "$(jq -r '.diff[] | [.path, .capability, .used, .chain // "-"] | join(" | ")' "$work/chain.json")" \
"/mnt/a/bin/chowner | cap_chown | 4 | /mnt/a/bin/sh < /mnt/a/bin/systemd; /mnt/a/bin/systemd
/mnt/a/bin/killer | cap_kill | 1 | /mnt/a/bin/systemd
/mnt/a/bin/sh | cap_chown | 1 | /mnt/a/bin/systemd
/mnt/a/bin/sh | cap_kill | 1 | /mnt/a/bin/systemd
/mnt/a/bin/systemd | cap_chown | 1 | -
/mnt/a/bin/systemd | cap_kill | 1 | -" \
	"diff: each capability with the distinct chains of programs above its uses, nearest first"

# Several runs merge: learning from both at once is learning one, then
# merging the other.
"$label" --from-audit -N "$work/run1" "$work/run2" -o "$work/both.policy" 2>/dev/null &&
	"$label" --from-audit -N "$work/run1" -o "$work/one.policy" 2>/dev/null &&
	"$label" --from-audit -N "$work/run2" --merge "$work/one.policy" -o "$work/two.policy" 2>/dev/null
is "$(cat "$work/both.policy")" "$(cat "$work/two.policy")" \
	"two events files at once learn what one, then the other merged, learn"
is "$(diff_of run1 run2 --diff both.policy)" "rc=0" \
	"diff against the policy the same runs learned: no rows, exit 0"
"$label" --from-audit -N "$work/run1" --diff "$work/both.policy" -o "$work/x" 2>"$work/err"
is "$? $(cat "$work/err")" "2 newcaps-label: --diff writes no policy: no --merge or --output" \
	"--diff with --output: exit 2, said why"
"$label" --from-audit -N "$work/run1" --json 2>"$work/err"
is "$? $(cat "$work/err")" "2 newcaps-label: --json goes with --diff or --coverage" "--json without --diff: exit 2"
"$label" --from-audit -N - "$work/run1" < "$work/run2" 2>"$work/err"
is "$? $(cat "$work/err")" "2 newcaps-label: '-' (standard input) only as the one events file" \
	"standard input beside another events file: exit 2"
"$label" --diff "$work/both.policy" "$work/both.policy" 2>"$work/err"
is "$?" 2 "--diff without --from-audit: exit 2"

# --- coverage: the privileged entry points of a system image --------------
# (--root: an image in a directory; the paths as the system names them)
sys=$work/sys
mkdir -p "$sys/usr/bin" "$sys/usr/sbin" "$sys/etc/systemd/system/multi-user.target.wants" \
	"$sys/etc/systemd/system/sockets.target.wants" "$sys/etc/systemd/system/web.service.d" \
	"$sys/etc/systemd/system/getty.target.wants" "$sys/usr/lib/systemd/system"
ln -s usr/sbin "$sys/sbin"
for p in bin/suid bin/sgid bin/plain bin/prep sbin/webd sbin/webd2 sbin/sockd sbin/agetty; do
	printf x > "$sys/usr/$p" && chmod 0755 "$sys/usr/$p"
done
chmod 4755 "$sys/usr/bin/suid"
chmod 2755 "$sys/usr/bin/sgid"
printf '[Service]\nExecStartPre=-/usr/bin/prep\nExecStart=/usr/sbin/webd --flag\n' > "$sys/usr/lib/systemd/system/web.service"
printf '[Service]\nExecStart=\nExecStart=@/usr/sbin/webd2 webd2\n' > "$sys/etc/systemd/system/web.service.d/override.conf"
printf '[Service]\nExecStart=sockd\n' > "$sys/usr/lib/systemd/system/sock.service"
printf '[Service]\nExecStart=-/sbin/agetty -o "-p -- \\\\u" --noclear - $TERM\n' > "$sys/usr/lib/systemd/system/getty@.service"
ln -s ../web.service "$sys/etc/systemd/system/multi-user.target.wants/web.service"
ln -s ../sock.socket "$sys/etc/systemd/system/sockets.target.wants/sock.socket"
ln -s ../getty@.service "$sys/etc/systemd/system/getty.target.wants/getty@tty1.service"
cat > "$work/cov.events" <<'EOF'
1 254:16 12 /usr/bin/suid cap_setuid,cap_chown cap_setuid root
2 254:16 13 /usr/sbin/webd2 cap_net_bind_service -
3 254:16 12 /usr/bin/suid cap_setuid,cap_chown none root
EOF
cov_of() {
	"$label" --coverage --root "$sys" "$@" 2>"$work/err" | tr -s ' ' | sed 's/ $//'
}
is "$(cov_of "$work/cov.events")" "PATH SEEN USED EXECS KIND
/usr/bin/prep no 0 unit:web.service
/usr/bin/sgid no 0 setgid
/usr/bin/suid yes cap_setuid 2 setuid
/usr/sbin/agetty no 0 unit:getty@tty1.service
/usr/sbin/sockd no 0 unit:sock.service
/usr/sbin/webd2 running 0 unit:web.service" \
	"coverage: set-user-ID and set-group-ID programs, the Exec*= programs of started services (drop-in reset, template, socket, bare name, /sbin link), each seen, running or not"
is "$(cat "$work/err")" "newcaps-label: 1 of 6 entry points without masks seen to finish
newcaps-label: coverage 16.7 %" "coverage: the share on stderr"
"$label" --coverage --root "$sys" --min 20 "$work/cov.events" > /dev/null 2>&1
is "$?" 1 "coverage --min 20 of 16.7 %: exit 1"
"$label" --coverage --root "$sys" --min 10 "$work/cov.events" > /dev/null 2>&1
is "$?" 0 "coverage --min 10: exit 0"
is "$("$label" --coverage --root "$sys" --json "$work/cov.events" 2>/dev/null |
	jq -r '.coverage[] | select(.seen == "yes") | "\(.path) \(.used) \(.execs)"')" \
	"/usr/bin/suid cap_setuid 2" "coverage --json: the same rows (jq)"
"$label" --coverage --min 101 2>"$work/err"
is "$? $(cat "$work/err")" "2 newcaps-label: --min: invalid percentage '101' (0 to 100)" \
	"coverage --min 101: exit 2, said why"
"$label" --from-audit --min 10 "$work/cov.events" 2>"$work/err"
is "$? $(cat "$work/err")" "2 newcaps-label: --min and --root go with --coverage" \
	"--min without --coverage: exit 2"
"$label" -j 2x "$work/current.policy" 2>"$work/err"
is "$? $(cat "$work/err")" "2 newcaps-label: --jobs: invalid number '2x' (0 to 1024; 0: one per CPU)" \
	"-j 2x: exit 2, said why"
"$label" --from-audit -N --state "$work/x.state" "$work/run1" > /dev/null 2>"$work/err"
is "$? $(cat "$work/err")" "2 newcaps-label: --jobs and --state go with labelling, --check or --dry-run" \
	"--state with --from-audit: exit 2"

# --- labelling a tree ------------------------------------------------------
root=$work/root
mkdir -p "$root/bin"
for f in ping quiet 'two words' plain; do printf x > "$root/bin/$f"; done
ln -s ping "$root/bin/link"
mkdir "$root/bin/dir"
cat > "$work/label.policy" <<'EOF'
# the example
/bin/ping cap_net_raw+i
/bin/quiet none
/bin/two\040words cap_chown:cap_kill+ie
EOF
labelling() {
	setcap -r "$root/bin/plain"
	"$label" --check "$work/label.policy" "$root" > "$work/out" 2>&1
	is "$?" 1 "check before labelling: exit 1 (differs)"
	is "$(grep -c ': differs' "$work/out")" 2 "check: two files differ"
	"$label" --dry-run "$work/label.policy" "$root" > "$work/out" 2>&1
	is "$?" 0 "dry-run: exit 0"
	is "$(getcap "$root/bin/ping")" "" "dry-run changed nothing"
	setcap cap_setuid=ep "$root/bin/quiet"
	"$label" "$work/label.policy" "$root/" > "$work/out" 2>&1
	is "$?" 0 "label: exit 0"
	is "$(getcap "$root/bin/ping" | awk '{print $2}')" "cap_net_raw=i" "ping labelled as setcap shows it"
	is "$(getcap "$root/bin/two words" | sed 's/.* //')" "cap_chown,cap_kill=ei" "path with a space labelled, e flag"
	is "$(getcap "$root/bin/quiet")" "" "none removed the masks setcap wrote"
	"$label" --check "$work/label.policy" "$root" > "$work/out" 2>&1
	is "$?" 0 "check after labelling: exit 0"
	setcap cap_net_raw=ep "$root/bin/ping"
	"$label" --check "$work/label.policy" "$root" > "$work/out" 2>&1
	is "$?" 1 "check: drift (Fp added by setcap) found"
	is "$(cat "$work/out")" "$root/bin/ping: differs: on disk cap_net_raw=ep, policy cap_net_raw+i" \
		"check: the drifted file named with both states"

	# bad paths: each one an error, the others labelled, exit 3
	printf '/bin/missing cap_kill+i\n/bin/link cap_kill+i\n/bin/dir cap_kill+i\n/bin/plain cap_kill+i\n' > "$work/paths.policy"
	"$label" "$work/paths.policy" "$root" > "$work/out" 2>&1
	is "$?" 3 "missing, symlink, directory: exit 3"
	grep -q "bin/missing: No such file or directory" "$work/out"
	ok $? "missing file: ENOENT message"
	grep -q "bin/link: is a symbolic link" "$work/out"
	ok $? "symlink: not followed"
	grep -q "bin/dir: not a regular file" "$work/out"
	ok $? "directory: not a regular file"
	is "$(getcap "$root/bin/plain" | sed 's/.* //')" "cap_kill=i" "the good line was still applied"
	is "$(getcap "$root/bin/ping" | sed 's/.* //')" "cap_net_raw=ep" "the symlink's target untouched"

	# a symbolic link in a directory resolves inside the root: an
	# absolute link cannot reach a file outside the tree
	mkdir -p "$work/outside/bin"
	printf x > "$work/outside/bin/victim"
	ln -s "$work/outside/bin" "$root/escape"
	printf '/escape/victim cap_sys_admin+i\n' > "$work/escape.policy"
	"$label" "$work/escape.policy" "$root" > "$work/out" 2>&1
	is "$?" 3 "absolute symlink in a directory: that file fails, exit 3"
	is "$(getcap "$work/outside/bin/victim")" "" "the file outside the root untouched"
	"$label" "$work/escape.policy" "$work/no-such-root" > "$work/out" 2>&1
	is "$?" 2 "a missing root: exit 2"
	grep -q "no-such-root: No such file or directory" "$work/out"
	ok $? "a missing root: named"

	# a bad policy: nothing applied at all
	setcap -r "$root/bin/plain"
	printf '/bin/plain cap_kill+i\n/bin/ping cap_net_raw+e\nrelative none\n' > "$work/bad.policy"
	"$label" "$work/bad.policy" "$root" > "$work/out" 2>&1
	is "$?" 2 "bad policy: exit 2"
	is "$(grep -c '^bad.policy\|bad.policy:[0-9]' "$work/out")" 2 "bad policy: both bad lines reported"
	is "$(getcap "$root/bin/plain")" "" "bad policy: the good line was not applied"

	# --- a service under strict: Fp from the policy (issue 20) -------
	# Container runtimes and service managers clear Pi, so under strict
	# such a program needs Fp, written explicitly as setcap does.
	mkdir "$root/sbin"
	for f in svc both mixed; do printf x > "$root/sbin/$f"; done
	cat > "$work/svc.policy" <<'EOF'
# services started with Pi cleared
/sbin/svc cap_net_bind_service+ep
/sbin/both cap_net_bind_service+eip
/sbin/mixed cap_net_bind_service+pe cap_chown:cap_kill+ie
EOF
	"$label" "$work/svc.policy" "$root" > "$work/out" 2>&1
	is "$?" 0 "+p: label: exit 0"
	is "$(getcap "$root/sbin/svc")" "$root/sbin/svc cap_net_bind_service=ep" \
		"+ep: getcap shows exactly Fp and e"
	is "$(getcap "$root/sbin/both")" "$root/sbin/both cap_net_bind_service=eip" \
		"+eip: getcap shows exactly Fp, Fi and e"
	is "$(getcap "$root/sbin/mixed")" "$root/sbin/mixed cap_chown,cap_kill=ei cap_net_bind_service+ep" \
		"two clauses: Fp of one, Fi of the other, one e flag"
	"$label" --check "$work/svc.policy" "$root" > "$work/out" 2>&1
	is "$?:$(cat "$work/out")" "0:" "+p: check after labelling: exit 0, nothing printed"
	setcap -r "$root/sbin/svc"
	"$label" --check "$work/svc.policy" "$root" > "$work/out" 2>&1
	is "$?" 1 "+p: check after setcap -r: exit 1"
	is "$(cat "$work/out")" "$root/sbin/svc: differs: on disk none, policy cap_net_bind_service+pe" \
		"+p: check after setcap -r: the file, none on disk, the policy's Fp"
	setcap cap_net_bind_service=ei "$root/sbin/svc"
	"$label" --check "$work/svc.policy" "$root" > "$work/out" 2>&1
	is "$?:$(cat "$work/out")" "1:$root/sbin/svc: differs: on disk cap_net_bind_service=ei, policy cap_net_bind_service+pe" \
		"+p: Fi where the policy has Fp is drift"
	setcap cap_net_bind_service=p "$root/sbin/svc"
	"$label" --check "$work/svc.policy" "$root" > "$work/out" 2>&1
	is "$?:$(cat "$work/out")" "1:$root/sbin/svc: differs: on disk cap_net_bind_service=p, policy cap_net_bind_service+pe" \
		"+p: Fp without the e flag is drift"
	"$label" --dry-run "$work/svc.policy" "$root" > "$work/out" 2>&1
	is "$?:$(cat "$work/out"):$(getcap "$root/sbin/svc" | sed 's/.* //')" \
		"0:$root/sbin/svc: would set cap_net_bind_service+pe (on disk cap_net_bind_service=p):cap_net_bind_service=p" \
		"+p: dry-run says what it would set and sets nothing"
	setcap cap_net_bind_service=ei "$root/sbin/both"
	"$label" --check "$work/svc.policy" "$root" > "$work/out" 2>&1
	is "$(grep sbin/both "$work/out")" "$root/sbin/both: differs: on disk cap_net_bind_service=ei, policy cap_net_bind_service+pie" \
		"+p: a missing Fp alone (Fi and e as the policy) is drift"
	"$label" "$work/svc.policy" "$root" > /dev/null 2>&1 &&
		"$label" --check "$work/svc.policy" "$root" > /dev/null 2>&1
	ok $? "+p: labelled again, check clean"

	# bad SPECs with p: the line named, exit 2, no file changed (the
	# good first line is not applied either)
	for bad in "cap_reg_write+p|cap_reg_write is a regular capability, which no file mask holds" \
		   "cap_net_bind_service+pq|unknown flag 'q'" \
		   "cap_bogus+ep|unknown capability name" \
		   "cap_net_bind_service+ep cap_chown+i|flag 'e' on some clauses only"; do
		spec=${bad%%|*} why=${bad#*|}
		printf '/bin/plain cap_kill+i\n/sbin/svc %s\n' "$spec" > "$work/bad-p.policy"
		getcap -r "$root" 2>/dev/null | sort > "$work/before"
		"$label" "$work/bad-p.policy" "$root" > "$work/out" 2>&1
		is "$?" 2 "bad '$spec': exit 2"
		grep -qF "$work/bad-p.policy:2: bad SPEC '$spec': $why" "$work/out"
		ok $? "bad '$spec': line 2 named with the reason"
		getcap -r "$root" 2>/dev/null | sort > "$work/after"
		cmp -s "$work/before" "$work/after"
		ok $? "bad '$spec': no file changed"
	done

	# -j and --state: 300 files, every tenth labelled; messages in policy
	# order whatever the threads; the state file skips what did not change
	mkdir -p "$root/many"
	: > "$work/many.policy"
	for i in $(seq 100 399); do
		printf x > "$root/many/f$i"
		case $i in *0) echo "/many/f$i cap_net_raw+i" ;; *) echo "/many/f$i none" ;; esac \
			>> "$work/many.policy"
	done
	"$label" --dry-run -j 1 "$work/many.policy" "$root" > "$work/serial" 2>&1
	"$label" --dry-run -j 8 "$work/many.policy" "$root" > "$work/parallel" 2>&1
	is "$(grep -c 'would set' "$work/serial") $(cmp -s "$work/serial" "$work/parallel" && echo same)" \
		"30 same" "-j 8 and -j 1 say the same, in policy order (30 files would change)"
	"$label" -j 8 --state "$work/many.state" "$work/many.policy" "$root" > /dev/null 2>&1 &&
		"$label" --check -j 1 "$work/many.policy" "$root" > /dev/null 2>&1
	ok $? "-j 8 labels all 300, a check with -j 1 is clean"
	is "$(head -n 1 "$work/many.state") $(grep -c '^/many/' "$work/many.state")" \
		"# newcaps-label state 1 root $root 300" "--state: the state file names the root and the 300 files"
	"$label" -v --state "$work/many.state" "$work/many.policy" "$root" > "$work/out" 2>&1
	is "$?:$(grep -c 'OK (unchanged since the state file)' "$work/out")" "0:300" \
		"--state, nothing changed: all 300 skipped without opening them"
	setcap cap_kill=ep "$root/many/f100"	# drift: ctime moves
	rm "$root/many/f101" && printf y > "$root/many/f101"	# replaced: another inode
	sed -i 's|^/many/f102 none$|/many/f102 cap_chown+i|' "$work/many.policy"	# line changed
	setcap cap_chown=ep "$root/many/f101"
	"$label" -v --state "$work/many.state" "$work/many.policy" "$root" > "$work/out" 2>&1
	is "$?:$(grep -c 'unchanged since' "$work/out"):$(grep -v 'unchanged since' "$work/out" | sort | tr '\n' '|')" \
		"0:297:$root/many/f100: set cap_net_raw+i (was cap_kill=ep)|$root/many/f101: set none (was cap_chown=ep)|$root/many/f102: set cap_chown+i (was none)|" \
		"--state: a file setcap changed, a replaced one and a changed line are looked at again; 297 skipped"
	"$label" --check "$work/many.policy" "$root" > /dev/null 2>&1
	ok $? "--state: after that run a full check is clean"
	sed -i '2s/ [0-9]* / x /' "$work/many.state"
	"$label" --state "$work/many.state" "$work/many.policy" "$root" > /dev/null 2>"$work/err"
	is "$? $(cat "$work/err")" "2 newcaps-label: $work/many.state:2: not a state line (delete the file to start again)" \
		"--state: a damaged state file: exit 2, the line named"
	rm -f "$work/many.state"
	mkdir -p "$work/root2" && cp -a "$root/many" "$work/root2/" &&
		"$label" --state "$work/many.state" "$work/many.policy" "$root" > /dev/null 2>&1 &&
		"$label" -v --state "$work/many.state" "$work/many.policy" "$work/root2" > "$work/out" 2>"$work/err"
	is "$?:$(grep -c 'unchanged since' "$work/out"):$(cat "$work/err")" \
		"0:0:newcaps-label: note: $work/many.state is not a state of root $work/root2: every file is looked at" \
		"--state of another root: every file looked at, said so"

	# newcaps-dpkg-hook (after dpkg runs): learned lines of files that are
	# gone dropped, the administrator's lines win, a replaced program
	# labelled again by change, new and changed privileged programs named
	hk=$work/hook
	mkdir -p "$hk/root/usr/bin" "$hk/etc" "$hk/lib" "$hk/run"
	for f in a b c; do printf x > "$hk/root/usr/bin/$f"; done
	printf '/usr/bin/a cap_chown+i\n/usr/bin/b cap_kill+i\n/usr/bin/gone cap_net_raw+i\n' > "$hk/lib/learned.policy"
	printf '# the administrator'"'"'s\n/usr/bin/b cap_net_raw+i\n' > "$hk/etc/admin.policy"
	hook() {
		NEWCAPS_ETC=$hk/etc NEWCAPS_LIB=$hk/lib NEWCAPS_RUN=$hk/run \
		NEWCAPS_HOOK_ROOT=$hk/root NEWCAPS_LABEL=$label "$hook" "$@"
	}
	hook post 2> "$work/err"
	is "$?:$(getcap "$hk/root/usr/bin/a" "$hk/root/usr/bin/b" | sed "s|$hk/root||" | tr '\n' '|')" \
		"0:/usr/bin/a cap_chown=i|/usr/bin/b cap_net_raw=i|" \
		"dpkg hook: the learned line labels a, the administrator's line wins for b"
	is "$(cat "$hk/lib/learned.policy" | tr '\n' '|')" "/usr/bin/a cap_chown+i|/usr/bin/b cap_kill+i|" \
		"dpkg hook: the line of a file that is gone is dropped from the learned policy"
	grep -q "^newcaps: /usr/bin/gone is gone: its line dropped from $hk/lib/learned.policy" "$work/err"
	ok $? "dpkg hook: the dropped line is said"
	# a package operation: a replaced (unlabeled, another inode), a new
	# set-user-ID program
	hook pre
	printf y > "$hk/root/usr/bin/a.new" && mv "$hk/root/usr/bin/a.new" "$hk/root/usr/bin/a"
	printf z > "$hk/root/usr/bin/newsuid" && chmod 4755 "$hk/root/usr/bin/newsuid"
	hook post 2> "$work/err"
	is "$(getcap "$hk/root/usr/bin/a" | sed 's/.* //'):$(grep -c 'labelled again' "$work/err")" "cap_chown=i:1" \
		"dpkg hook: the replaced program labelled again, and only it"
	is "$(sed 's/^[^ ]* //' "$hk/lib/review" | tr '\n' '|')" "changed /usr/bin/a|new /usr/bin/newsuid|" \
		"dpkg hook: the changed and the new privileged program named for review"
	hook pre && hook post 2> "$work/err"
	is "$?:$(cat "$work/err")" "0:" "dpkg hook: nothing changed, nothing done or said"
}
if setcap cap_chown=i "$root/bin/plain" 2>/dev/null; then
	labelling
else
	# the same checks, each a SKIP (the tools' errors are expected)
	skip="cannot set security.capability on files in ${TMPDIR:-/tmp} (uid $(id -u))"
	labelling 2>/dev/null
	skip=
fi
"$label" >/dev/null 2>&1
is "$?" 2 "no policy: usage, exit 2"
"$label" --check --dry-run "$work/label.policy" >/dev/null 2>&1
is "$?" 2 "--check with --dry-run: exit 2"

# --- newcapsctl on a fake securityfs -------------------------------------
fs=$work/fs
mkdir "$fs"
echo 1 > "$fs/enabled"; echo 3 > "$fs/version"
echo strict > "$fs/default_policy"; echo trust > "$fs/stored_policy"
printf 'ext4 fakedev9 audit explicit cap_net_raw+i\n' > "$fs/mounts"
printf 'execs 41\naudit_events 2\n' > "$fs/stats"
printf '48 cap_reg_fork\n' > "$fs/regular"
cp "$work/events" "$fs/audit"
export NEWCAPS_SECURITYFS=$fs
is "$("$ctl" get default_policy)" strict "get: the file's value"
is "$("$ctl" --json | jq -r '[.newcaps[0].enabled, .newcaps[0].version, .newcaps[0].stored_policy, .mounts[0].source, .mounts[0].policy, .mounts[0].origin, .mounts[0].capdefault, .stats[0].execs] | map(tostring) | join(" ")')" \
	"true 3 trust fakedev9 audit explicit cap_net_raw+i 41" \
	"status --json: knobs, mounts and counters as in the files"
is "$("$ctl" audit --json | jq -r '.events[] | [.seq, .path, .state, (.used // "null")] | map(tostring) | join("|")' | tr '\n' ';')" \
	"1|/mnt/a/bin/bind80|done|cap_net_bind_service;2|/mnt/a/bin/quiet|done|none;3|/mnt/a/bin/bind80|done|cap_chown;4|/mnt/a/bin/daemon|running|null;5|/mnt/a/my tool|done|cap_kill;6|/mnt/a/bin/v2|unknown|null;" \
	"audit --json: every event decoded"
"$ctl" set enabled 0 2>"$work/err"
is "$?" 1 "set of a read-only knob: exit 1"
"$ctl" get nosuch 2>"$work/err"
is "$?" 1 "unknown knob: exit 1"
grep -q "default_policy" "$work/err"
ok $? "unknown knob: the knobs are listed"
"$ctl" frobnicate 2>"$work/err"
is "$?" 1 "unknown command: exit 1"
is "$(tail -n 1 "$work/err")" "Try 'newcapsctl --help' for more information." \
	"unknown command: util-linux's hint"
"$ctl" set default_policy bogus 2>"$work/err"
is "$?" 1 "set default_policy bogus: exit 1"
is "$(cat "$work/err")" "newcapsctl: default_policy: invalid value 'bogus' (accepted: inherit, strict or audit)" \
	"set default_policy bogus: the knob, the value, the accepted ones"
is "$(cat "$fs/default_policy")" strict "set default_policy bogus: nothing written"
"$ctl" set stored_policy Trust 2>/dev/null
is "$?" 1 "set stored_policy Trust: exit 1 (lowercase only, as the kernel)"
is "$("$ctl" get version --json | jq -c .)" '{"newcaps":[{"version":3}]}' \
	"get version --json: a number"
"$ctl" stats --reset --json 2>/dev/null
is "$?" 1 "--json with --reset: exit 1"
"$ctl" --bogus 2>/dev/null
is "$?" 1 "unknown option: exit 1"
"$ctl" -V | grep -qx 'newcapsctl from newcaps [0-9][0-9.]*'
ok $? "-V: util-linux format"
"$ctl" --help | head -n 2 | tr '\n' '|' > "$work/help"
is "$(cat "$work/help")" "|Usage:|" "--help: a blank line, then Usage:"
"$ctl" --help | tail -n 1 > "$work/help"
is "$(cat "$work/help")" "For more details see newcapsctl(8)." "--help: ends with the man page"
echo 0 > "$fs/enabled"
"$ctl" > /dev/null
is "$?" 3 "status with newcaps off: exit 3"
NEWCAPS_SECURITYFS=$work/absent "$ctl" get version 2>"$work/err"
is "$?" 3 "no interface: exit 3"
grep -q "newcaps is not in this kernel" "$work/err"
ok $? "no interface: said so"

# --- newcapsctl why: the losses file (interface version 6) ----------------
# A fake /proc ($NEWCAPS_PROC) of status files: 250 < 230 < 201 < 1 and
# 240 < 1; 260 has exited. The records' programs: a real file with a space
# in its name (unlabeled), a real file setcap labels (label), a file that
# is gone (label: its masks cannot be read).
echo 1 > "$fs/enabled"; echo 6 > "$fs/version"
w=$work/why
mkdir -p "$w"
printf x > "$w/my tool"
printf x > "$w/labelled"
ln -s "my tool" "$w/link"
for p in 1:0 201:1 230:201 240:1 250:230; do
	mkdir -p "$work/proc/${p%:*}"
	printf 'Name:\tx\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t%s\nNgid:\t0\nPid:\t%s\nPPid:\t%s\n' \
		"${p%:*}" "${p%:*}" "${p#*:}" > "$work/proc/${p%:*}/status"
done
dev=$(stat -c '%Hd:%Ld' "$w/my tool")
cat > "$fs/losses" <<EOF
1 1 0 254:0 12 /sbin/init strict unlabeled cap_chown,cap_net_admin
7 230 0 254:0 4711 /usr/bin/ip strict unlabeled cap_net_admin,cap_sys_admin 230:/usr/bin/bash 201:/usr/sbin/sshd 1:/usr/lib/systemd/systemd
8 240 1000 $dev $(stat -c %i "$w/my tool") $w/my\\040tool strict unlabeled cap_net_raw 240:/bin/sh 1:/sbin/init
9 250 0 $dev $(stat -c %i "$w/labelled") $w/labelled strict label cap_chown,cap_kill 250:/usr/bin/make 230:/usr/bin/bash 201:/usr/sbin/sshd 1:/usr/lib/systemd/systemd
10 260 0 $dev 4 $w/removed audit label cap_sys_time 260:/bin/sh
EOF
why() { NEWCAPS_PROC=$work/proc "$ctl" why "$@"; }
# the rows as "PROGRAM|CAPABILITY|POLICY|CAUSE|PID|CHAIN", one a line
why_rows() {
	why --json "$@" 2>"$work/err" |
		jq -r '.losses[] | [.program, .capability, .policy, .cause, .pid, .chain] | map(tostring) | join("|")'
}
why > "$work/out" 2>"$work/err"
is "$?:$(wc -l < "$work/out"):$(head -n 1 "$work/out" | tr -s ' ' | sed 's/ $//'):$(cat "$work/err")" \
	"0:9:PROGRAM CAPABILITY POLICY CAUSE PID CHAIN LINE:" \
	"why: every record, one row per capability (8) under the headings, exit 0"
is "$(why_rows)" "/sbin/init|cap_chown|strict|unlabeled|1|null
/sbin/init|cap_net_admin|strict|unlabeled|1|null
/usr/bin/ip|cap_net_admin|strict|unlabeled|230|/usr/bin/bash < /usr/sbin/sshd < /usr/lib/systemd/systemd
/usr/bin/ip|cap_sys_admin|strict|unlabeled|230|/usr/bin/bash < /usr/sbin/sshd < /usr/lib/systemd/systemd
$w/my tool|cap_net_raw|strict|unlabeled|240|/bin/sh < /sbin/init
$w/labelled|cap_chown|strict|label|250|/usr/bin/make < /usr/bin/bash < /usr/sbin/sshd < /usr/lib/systemd/systemd
$w/labelled|cap_kill|strict|label|250|/usr/bin/make < /usr/bin/bash < /usr/sbin/sshd < /usr/lib/systemd/systemd
$w/removed|cap_sys_time|audit|label|260|/bin/sh" \
	"why --json: every row (read with jq): paths unescaped, the chain nearest first, null without links, pid a number"
out=$(why "$w/my tool" 2>&1 | tr -s ' ' | sed 's/ $//')
is "$out" "PROGRAM CAPABILITY POLICY CAUSE PID CHAIN LINE
$w/my tool cap_net_raw strict unlabeled 240 /bin/sh < /sbin/init $w/my\\040tool cap_net_raw+i" \
	"why PATH: the file's record by device and inode; LINE for an unlabeled file: PATH cap+i, the path escaped"
is "$(why_rows "$w/link")" "$w/my tool|cap_net_raw|strict|unlabeled|240|/bin/sh < /sbin/init" \
	"why PATH of a symbolic link: the file it names"
is "$(why --json "$w/removed" | jq -r '.losses[] | "\(.program) \(.capability) \(.line)"')" \
	"$w/removed cap_sys_time $w/removed cap_sys_time+i" \
	"why PATH that cannot be stat'ed: matched by its text; LINE for a label that cannot be read: PATH cap+i"
why "$work/events" > "$work/out" 2>"$work/err"
is "$?:$(cat "$work/out" "$work/err")" "3:" "why PATH without a record: exit 3, nothing printed"
why --json "$work/events" > "$work/out" 2>"$work/err"
is "$?:$(cat "$work/out" "$work/err")" "3:" "why --json PATH without a record: exit 3, nothing printed"
is "$(why_rows 250 | cut -d'|' -f1,2,5 | tr '\n' ';')" \
	"/sbin/init|cap_chown|1;/sbin/init|cap_net_admin|1;/usr/bin/ip|cap_net_admin|230;/usr/bin/ip|cap_sys_admin|230;$w/labelled|cap_chown|250;$w/labelled|cap_kill|250;" \
	"why PID: its records and its running ancestors' (230, 201, 1), not a sibling's"
is "$(why_rows 201 | cut -d'|' -f1,2,5 | tr '\n' ';')" \
	"/sbin/init|cap_chown|1;/sbin/init|cap_net_admin|1;/usr/bin/ip|cap_net_admin|230;/usr/bin/ip|cap_sys_admin|230;$w/labelled|cap_chown|250;$w/labelled|cap_kill|250;" \
	"why PID: the records whose chain names it too"
is "$(why_rows 240 | cut -d'|' -f1,5 | tr '\n' ';')" \
	"/sbin/init|1;/sbin/init|1;$w/my tool|240;" "why PID whose parent is 1"
why 4242 > "$work/out" 2>"$work/err"
is "$?:$(cat "$work/out" "$work/err")" "1:newcapsctl: 4242: no such process" \
	"why PID that does not exist: exit 1 (usage), said so"
why 260 > /dev/null 2>&1
is "$?" 1 "why PID of a record whose process has exited: exit 1"
why 0 2>"$work/err"
is "$?:$(cat "$work/err")" "1:newcapsctl: '0' is not a process id" "why 0: not a process id, exit 1"
why 1 2 2>"$work/err"
is "$?:$(head -n 1 "$work/err")" "1:newcapsctl: why: wrong number of arguments" "why with two arguments: exit 1"
# LINE of a label: the file's masks now, the capability added to Fi
if ! setcap cap_net_bind_service=ep "$w/labelled" 2>/dev/null; then
	skip="cannot set security.capability on files in ${TMPDIR:-/tmp} (uid $(id -u))"
fi
is "$(why --json "$w/labelled" 2>/dev/null | jq -r '.losses[].line')" \
	"$w/labelled cap_net_bind_service+pe cap_chown+ie
$w/labelled cap_net_bind_service+pe cap_kill+ie" \
	"why: LINE of a label keeps the file's Fp and e and adds the capability to Fi"
why --json "$w/labelled" 2>/dev/null | jq -r '.losses[0].line' > "$work/keep.policy"
"$label" "$work/keep.policy" / > /dev/null 2>&1
is "$?:$(why --json "$w/labelled" 2>/dev/null | jq -r '.losses[].line' | tr '\n' ';')" \
	"0:$w/labelled cap_net_bind_service+pe cap_chown+ie;$w/labelled cap_net_bind_service+pe cap_chown:cap_kill+ie;" \
	"why: newcaps-label applies a LINE as written; LINE then keeps the Fi it added"
skip=
printf '11 1 0 254:0 12 /sbin/init strict labelled cap_chown\n' >> "$fs/losses"
why > /dev/null 2>"$work/err"
is "$?:$(cat "$work/err")" "0:newcapsctl: $fs/losses: line 6: bad cause 'labelled' (unlabeled or label)" \
	"why: a bad line named with its number and reason, the others shown"
rm "$fs/losses"; echo 5 > "$fs/version"
why > "$work/out" 2>"$work/err"
is "$?:$(cat "$work/out" "$work/err")" "2:newcapsctl: losses: this kernel does not record losses (interface version 5)" \
	"why on an older kernel (no losses file): exit 2, said so"
"$ctl" --help | grep -q '^ why \[<path>|<pid>\] '
ok $? "--help: why among the commands"

# --- newcaps-exec: what it checks before touching anything ------------------
"$exec" --pid 99999999999 --print 2>"$work/err"
is "$?" 1 "exec --pid out of range: exit 1"
grep -q "'99999999999' is not a process id" "$work/err"
ok $? "exec --pid out of range: named"
"$exec" --pid -5 --print 2>/dev/null
is "$?" 1 "exec --pid -5: exit 1"
"$exec" --pid 1 --pid 2 --print 2>/dev/null
is "$?" 1 "exec --pid twice: exit 1"
"$exec" --pid 1 --drop=cap_kill --print 2>/dev/null
is "$?" 1 "exec --pid with a change: exit 1"
"$exec" --securebits=-1 -- true 2>/dev/null
is "$?" 1 "exec --securebits=-1: exit 1"
"$exec" --drop=cap_bogus -- true 2>"$work/err"
is "$?" 1 "exec --drop=cap_bogus: exit 1"
grep -q "unknown capability 'cap_bogus' (accepted: " "$work/err"
ok $? "exec --drop=cap_bogus: the name and the accepted forms"
"$exec" 2>"$work/err"
is "$?" 1 "exec with nothing to do: exit 1"
is "$(tail -n 1 "$work/err")" "Try 'newcaps-exec --help' for more information." \
	"exec with nothing to do: util-linux's hint"
"$exec" --help | tail -n 1 > "$work/help"
is "$(cat "$work/help")" "For more details see newcaps-exec(1)." "exec --help: ends with the man page"
"$label" --bogus 2>"$work/err"
is "$?" 2 "label: unknown option: exit 2"
is "$(tail -n 1 "$work/err")" "Try 'newcaps-label --help' for more information." \
	"label: unknown option: util-linux's hint"

[ "$failed" -eq 0 ]
