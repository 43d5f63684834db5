# Peer check: libcap's own progs/quicktest.sh (Debian's libcap2 source, the
# extra initramfs of tests/vm/build-libcap: quicktest.sh and its static
# programs in /usr/local/libcap/progs) run as root on an ext4 disk mounted
# caps=inherit (/dev/vda), as "make sudotest" runs it: from the directory
# of its programs, stdin not a terminal (uns_test's shell reads it).
#
# quicktest.sh stops at its first failure. It runs twice, each time in a
# fresh copy of the programs, unchanged, traced by lib/quicktest-trace.bash
# (BASH_ENV, a DEBUG trap): "upstream" as upstream runs it, and
# "keep-going" with "exit" made a function that returns, so that every step
# after a failure runs too. Each top-level command of the script is a step,
# named "LLINE:COMMAND" (its line in quicktest.sh, blanks as "_", quotes
# and backslashes left out); the host (tests/vm/peer-libcap) compares
# newcaps=on with newcaps=off on the "# table: CHECK STATUS" lines:
#   upstream:exit STATUS       exit status of the upstream run
#   upstream:stopped-at LLINE  its last step ("end" when it ran to the end)
#   LLINE:COMMAND STATUS       each step of the keep-going run: the step's
#                              exit status, or "exit-N" when the step made
#                              quicktest.sh exit with status N (where the
#                              upstream run stops)
# TAP: in both modes the two runs finish (not killed), on a mount that
# keeps security.capability; with newcaps=off (or without newcaps)
# quicktest.sh passes: exit status 0, "ALL TESTS PASSED!", no exit on the
# way in the keep-going run.
. /tests/lib/tap.sh
mode=off
[ "$(cat /sys/kernel/security/newcaps/enabled 2>/dev/null)" = 1 ] && mode=on
echo "# peer-mode: $mode"
# A fixed plan: 10 checks in both modes, 3 more with newcaps=off (the
# upstream run passes). A check not made is a plan mismatch for run-vm.
case $mode in off) plan 13 ;; *) plan 10 ;; esac
P=/usr/local/libcap/progs

[ -x "$P/quicktest.sh" ] && [ -x "$P/capsh" ] && [ -x "$P/tcapsh-static" ] &&
	[ -x /bin/bash ] && [ -x /usr/bin/id ] && [ -x /usr/bin/cut ]
ok $? "quicktest.sh of libcap2 $(cat /usr/local/libcap/version 2>/dev/null) installed with its programs and /bin/bash"

mkdir -p /mnt/qt
mount -t ext4 -o caps=inherit /dev/vda /mnt/qt
ok $? "mount -t ext4 -o caps=inherit /dev/vda /mnt/qt"
opts=$(findmnt -n -o OPTIONS /mnt/qt)
case ",$opts," in
*,caps=inherit,*) case ",$opts," in *,nosuid,*|*,noexec,*) st=1 ;; *) st=0 ;; esac ;;
*) st=1 ;;
esac
ok $st "/mnt/qt: caps=inherit, exec and setuid allowed ($opts)"
[ "$mode" = off ] || grep -q "^ext4 vda inherit explicit" /sys/kernel/security/newcaps/mounts
ok $? "newcaps: /mnt/qt follows the inherit policy (mode $mode)"
# quicktest.sh's setcap failures would stop it early for another reason.
cp "$P/getpcaps" /mnt/qt/xattr-probe
"$P/setcap" cap_net_raw+ep /mnt/qt/xattr-probe &&
	"$P/getcap" /mnt/qt/xattr-probe | grep -q 'cap_net_raw=ep'
ok $? "the disk keeps security.capability (setcap, getcap)"
rm -f /mnt/qt/xattr-probe

# run NAME [KEEP-GOING]: quicktest.sh in a fresh /mnt/qt/NAME/progs;
# its output in /tmp/NAME.out, the trace in /tmp/NAME.trace, its exit
# status in /tmp/NAME.status
run() {
	dir=/mnt/qt/$1/progs
	rm -rf "/mnt/qt/$1"
	mkdir -p "$dir"
	cp -p "$P"/* "$dir/"
	: > "/tmp/$1.trace"
	st=0
	# busybox timeout leaves a watcher process for up to a second after
	# the command: not in the directory of the disk (sh does not read
	# BASH_ENV; the bash it starts does).
	QT_TRACE=/tmp/$1.trace QT_KEEP_GOING=${2:-} \
		BASH_ENV=/tests/lib/quicktest-trace.bash \
		timeout 300 sh -c 'cd "$0" && exec /bin/bash ./quicktest.sh' "$dir" \
		< /dev/null > "/tmp/$1.out" 2>&1 || st=$?
	echo "$st" > "/tmp/$1.status"
	sed "s/^/# $1: /" "/tmp/$1.out"
	# busybox timeout: 143 when it had to kill it
	[ "$st" -ne 143 ] && [ "$st" -ne 137 ]
	ok $? "$1 run of quicktest.sh finished (exit status $st)"
}
run upstream
run keep-going 1

# steps TRACE STATUS: "NAME STATUS" per step of the trace, STATUS (the
# exit status of bash) closing the last; "exit-N" for a step that called
# exit N (keep-going); "LAST NAME" at the end.
steps() {
	awk -v final="$2" '
	function close_step(st) {
		if (name == "") return
		if (exited != "") st = "exit-" exited
		print name, st
		exited = ""
	}
	# The commands of one line ("a && b", a pipeline) are one step: the
	# first names it, the last gives its status (the $? the script tests).
	$1 == "step" && $3 == line { next }
	$1 == "step" {
		close_step($2)
		line = $3
		$1 = $2 = $3 = ""
		cmd = $0
		sub(/<<-?[A-Za-z_]+.*/, "<<", cmd)	# a here-document: not its body
		gsub(/["'"'"'\\]/, "", cmd)
		gsub(/[ \t]+/, "_", cmd)
		sub(/^_+/, "", cmd)
		sub(/_+$/, "", cmd)
		name = "L" line ":" cmd
		if (name in seen) name = name "#" (++seen[name])
		else seen[name] = 1
		next
	}
	$1 == "exit" { exited = $2; next }
	END { close_step(final); print "LAST", name }' "$1"
}
steps /tmp/upstream.trace "$(cat /tmp/upstream.status)" > /tmp/upstream.steps
steps /tmp/keep-going.trace "$(cat /tmp/keep-going.status)" > /tmp/keep-going.steps
up_status=$(cat /tmp/upstream.status)
up_last=$(sed -n 's/^LAST L\([0-9]*\):.*/L\1/p' /tmp/upstream.steps)
if [ "$up_status" = 0 ] && grep -q '^ALL TESTS PASSED!$' /tmp/upstream.out; then
	up_last=end
fi
grep -v '^LAST ' /tmp/keep-going.steps > /tmp/keep-going.table
[ -s /tmp/keep-going.table ]
ok $? "keep-going run: $(wc -l < /tmp/keep-going.table) steps traced"
# Both runs go the same way up to the step where the upstream run stops.
grep -v '^LAST ' /tmp/upstream.steps | cut -d' ' -f1 > /tmp/up.names
n_up=$(wc -l < /tmp/up.names)
head -n "$n_up" /tmp/keep-going.table | cut -d' ' -f1 > /tmp/kg.names
[ "$n_up" -gt 0 ] && cmp -s /tmp/up.names /tmp/kg.names
ok $? "the keep-going run takes the upstream run's $n_up steps first"

if [ "$mode" = off ]; then
	is "$up_status" 0 "upstream run: quicktest.sh exit status"
	grep -q '^ALL TESTS PASSED!$' /tmp/upstream.out
	ok $? "upstream run: ALL TESTS PASSED!"
	exits=$(grep -c '^exit ' /tmp/keep-going.trace)
	is "$exits" 0 "keep-going run: no step made quicktest.sh exit"
fi

echo "# table: upstream:exit $up_status"
echo "# table: upstream:stopped-at $up_last"
sed 's/^/# table: /' /tmp/keep-going.table
# Nothing quicktest.sh started may still run on the disk.
for p in /proc/[0-9]*; do
	for f in "$p/cwd" "$p/root" "$p/exe" "$p"/fd/*; do
		case $(readlink "$f" 2>/dev/null) in
		/mnt/qt*) diag "left running: ${p#/proc/} $(tr '\0' ' ' < "$p/cmdline") ($f -> $(readlink "$f"))"; break ;;
		esac
	done
done
umount /mnt/qt
ok $? "umount /mnt/qt: no process left on the disk"
finish
