# Stress, bounded (issue 12): exec workers on caps=inherit, caps=strict,
# caps=audit, default-policy and remounted filesystems, beside churn:
# remounts between policies, default_policy flips, stats resets, readers of
# mounts/stats/audit/losses, an audit-ring filler, processes dropping regular
# capabilities, file creation on a capdefault= mount and stress-ng
# (exec, fork, open, xattr). Run by tests/vm/stress; disks (in order):
#   vda caps=inherit  vdb caps=strict  vdc caps=audit  vdd default policy
#   vde remounted between the three policies  vdf capdefault= (remounted
#   between policies, same capdefault=)  vdg stress-ng and its libraries
# Kernel command line: ncstress_seconds=N (default 60), ncstress_workers=W
# (exec workers, default 4), ncstress_cpus=N (the CPUs the host gave the
# guest, checked).
#
# Two phases: A (two thirds of the time) with everything, stats resets
# included; then, with nothing running, one stats reset and phase B (the
# rest) with everything but the resets. Phase B's counters are then
# checked against what the workers observed (lower bounds only: whatever
# else runs -- the shell, stress-ng -- only adds to them).
. /tests/lib/tap.sh
NC=/sys/kernel/security/newcaps
ST=/usr/local/bin/nc-stress
CAPDEFAULT=cap_net_bind_service:cap_sys_nice+i
seconds=60 workers=4
for arg in $(cat /proc/cmdline); do
	case $arg in
	ncstress_seconds=*) seconds=${arg#ncstress_seconds=} ;;
	ncstress_workers=*) workers=${arg#ncstress_workers=} ;;
	ncstress_cpus=*) cpus=${arg#ncstress_cpus=} ;;
	esac
done
phase_b=$((seconds / 3))
[ "$phase_b" -ge 1 ] || phase_b=1
phase_a=$((seconds - phase_b))
plan 34
is "$(grep -c '^processor' /proc/cpuinfo)" "${cpus:-1}" "${cpus:-1} CPUs online"
diag "stress: $seconds s ($phase_a + $phase_b), $workers exec workers, $(nproc) CPUs"

# --- set-up ------------------------------------------------------------------
setup() {
	mkdir -p /mnt/inh /mnt/str /mnt/aud /mnt/def /mnt/flip /mnt/cd /mnt/tools
	mount -t ext4 -o caps=inherit /dev/vda /mnt/inh &&
	mount -t ext4 -o caps=strict /dev/vdb /mnt/str &&
	mount -t ext4 -o caps=audit /dev/vdc /mnt/aud &&
	mount -t ext4 /dev/vdd /mnt/def &&
	mount -t ext4 -o caps=inherit /dev/vde /mnt/flip &&
	mount -t ext4 -o capdefault=$CAPDEFAULT /dev/vdf /mnt/cd &&
	mount -t ext4 -o ro /dev/vdg /mnt/tools || return 1
	for d in /mnt/inh /mnt/str /mnt/aud /mnt/def /mnt/flip; do
		cp $ST $d/probe && cp $ST $d/suid && chmod 4755 $d/suid &&
		cp $ST $d/raw-ep && setcap cap_net_raw+ep $d/raw-ep &&
		cp $ST $d/raw-i && setcap cap_net_raw+i $d/raw-i || return 1
	done
	# labeled by capdefault= alone
	cp $ST /mnt/cd/probe && chmod 0755 /mnt/cd/probe &&
	mkdir -p /mnt/cd/files /mnt/cd/sng && chmod 1777 /mnt/cd/sng &&
	: > /mnt/cd/w || return 1
	# default_policy flips make the initramfs (which follows it) strict
	# now and then: a root process exec'ing /usr/bin/mount would then hold
	# no capability. What needs them runs from the caps=inherit mount.
	mkdir -p /mnt/inh/bin &&
	cp /usr/bin/mount /usr/bin/setpriv /usr/local/bin/nc-try \
		/usr/local/bin/nc-probe $ST /mnt/inh/bin/
}
setup
ok $? "mount the six test filesystems and place the exec targets"
mount() { /mnt/inh/bin/mount "$@"; }
setpriv() { /mnt/inh/bin/setpriv "$@"; }
ST=/mnt/inh/bin/nc-stress
NCTRY=/mnt/inh/bin/nc-try
NCPROBE=/mnt/inh/bin/nc-probe
targets=
for t in probe suid raw-ep raw-i; do
	targets="$targets /mnt/inh/$t=inherit /mnt/str/$t=strict /mnt/aud/$t=audit"
	targets="$targets /mnt/def/$t=any /mnt/flip/$t=any"
done
targets="$targets /mnt/cd/probe=any"

# stress-ng from vdg (scripts' approach: its libraries linked into place)
sng=
if [ -x /mnt/tools/stress/stress-ng ]; then
	for lib in /mnt/tools/stress/lib/*; do
		[ -e "/lib/x86_64-linux-gnu/${lib##*/}" ] ||
			ln -s "$lib" "/lib/x86_64-linux-gnu/${lib##*/}"
	done
	sng=/mnt/tools/stress/stress-ng
fi
[ -n "$sng" ] && $sng --version > /tmp/sng.version 2>&1
ok $? "stress-ng runs in the guest ($(cat /tmp/sng.version 2>/dev/null))"

# --- the churners: each loops while /tmp/run exists ---------------------------
L=/tmp/logs
mkdir -p $L
policies="strict audit inherit"

# remount TARGET OPTIONS: mount(2) with MS_REMOUNT (nc-probe, static: many
# more remounts than util-linux mount in the same time); 1 unless OK
remount() {
	case $($NCPROBE remount "$1" "$2") in OK) return 0 ;; esac
	echo "remount $1 $2 failed"
	return 1
}

# Every remount must succeed; the fixed mounts are remounted with their own
# policy (they must keep it: the workers check every exec on them), vde
# between the three, the capdefault= mount too (same capdefault=).
remounter() {
	n=0 bad=0 i=0
	while [ -e /tmp/run ]; do
		for p in $policies; do
			remount /mnt/flip caps=$p || bad=$((bad + 1))
			case $((i % 4)) in
			0) remount /mnt/cd caps=$p,capdefault=$CAPDEFAULT ;;
			1) remount /mnt/inh caps=inherit ;;
			2) remount /mnt/str caps=strict ;;
			3) remount /mnt/aud caps=audit ;;
			esac || bad=$((bad + 1))
			# now and then through util-linux, which replays the options
			if [ $((i % 16)) -eq 5 ]; then
				mount -o remount,caps=$p /mnt/flip || bad=$((bad + 1))
				n=$((n + 1))
			fi
			i=$((i + 1))
			n=$((n + 2))
		done
	done
	echo "remounts $n failed $bad"
}

knobs() {
	n=0 bad=0
	while [ -e /tmp/run ]; do
		for p in $policies; do
			echo $p > $NC/default_policy || bad=$((bad + 1))
			n=$((n + 1))
		done
		for s in trust ignore tighten; do
			echo $s > $NC/stored_policy || bad=$((bad + 1))
		done
		sleep 0.05	# one CPU: leave some to the others
	done
	echo inherit > $NC/default_policy
	echo "flips $n failed $bad"
}

resetter() {
	n=0
	while [ -e /tmp/run ]; do
		echo 0 > $NC/stats && n=$((n + 1))
		sleep 0.2
	done
	echo "resets $n failed 0"
}

# reader MONOTONE: parse stats, mounts, audit and losses; with MONOTONE=1 (no
# resets) no counter may go down between two reads.
reader() {
	monotone=$1 n=0 bad=0
	: > $L/stats.prev
	while [ -e /tmp/run ]; do
		cat $NC/stats > $L/stats.cur 2>/dev/null || bad=$((bad + 1))
		awk -v m="$monotone" '
			FILENAME == ARGV[1] { prev[$1] = $2; next }
			NF != 2 || $2 !~ /^[0-9]+$/ { print "bad stats line: " $0; bad++ }
			m && ($1 in prev) && $2 + 0 < prev[$1] + 0 {
				print "stats " $1 " went down: " prev[$1] " -> " $2; bad++ }
			{ n++ }
			END { if (n < 11) { print "stats: " n " lines"; bad++ }
			      exit bad != 0 }' $L/stats.prev $L/stats.cur >> $L/reader.err ||
			bad=$((bad + 1))
		mv $L/stats.cur $L/stats.prev
		awk '
			$1 != "ext4" || $3 !~ /^(inherit|strict|audit)$/ ||
			$4 !~ /^(explicit|default|stored)$/ { print "bad mounts line: " $0; bad++ }
			$2 == "vda" && $0 != "ext4 vda inherit explicit none" ||
			$2 == "vdb" && $0 != "ext4 vdb strict explicit none" ||
			$2 == "vdc" && $0 != "ext4 vdc audit explicit none" {
				print "fixed mount changed: " $0; bad++ }
			END { if (NR < 7) { print "mounts: " NR " lines"; bad++ }
			      exit bad != 0 }' $NC/mounts >> $L/reader.err ||
			bad=$((bad + 1))
		awk '
			(NF != 8 && NF != 11) || $1 !~ /^[0-9]+$/ { print "bad audit line: " $0; bad++ }
			NR > 1 && $1 != last + 1 { print "audit: seq " $1 " after " last; bad++ }
			{ last = $1 }
			END { if (NR > 64) { print "audit: " NR " lines"; bad++ }
			      exit bad != 0 }' $NC/audit >> $L/reader.err ||
			bad=$((bad + 1))
		# losses: the fields of SPEC 6, up to four PID:PATH links
		awk '
			NF < 9 || NF > 13 || $1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/ ||
			$7 !~ /^(inherit|strict|audit)$/ || $8 !~ /^(unlabeled|label)$/ ||
			$10 != "" && $10 !~ "^" $2 ":/" { print "bad losses line: " $0; bad++ }
			NR > 1 && $1 <= last { print "losses: seq " $1 " after " last; bad++ }
			{ last = $1 }
			END { if (NR > 64) { print "losses: " NR " lines"; bad++ }
			      exit bad != 0 }' $NC/losses >> $L/reader.err ||
			bad=$((bad + 1))
		n=$((n + 1))
	done
	echo "reads $n bad $bad"
}

ring_filler() { # root execs of an unlabeled file on the caps=audit mount
	n=0 bad=0
	while [ -e /tmp/run ]; do
		if /mnt/aud/probe report 1 > /dev/null; then n=$((n + 1))
		else bad=$((bad + 1)); fi
	done
	echo "fills $n failed $bad"
}

# Processes dropping regular capabilities: each denial seen here is counted
# in stats (SPEC 6), so phase B's denied_reg_* are at least these. Each
# round prints the lines of dropper.expected: every call refused with its
# own errno (as regular.sh has them), the last fork, cap_reg_fork held, OK.
printf '%s\n' "fork EPERM" "vfork EPERM" "open:/etc/passwd EPERM" \
	"execve:/mnt/inh/probe EPERM" "wopen:/mnt/cd/w EACCES" \
	"create:/mnt/cd/never EACCES" "unlink:/mnt/cd/w EACCES" "traceme EPERM" \
	"fork OK" > $L/dropper.expected
dropper() {
	n=0
	while [ -e /tmp/run ]; do
		{
			$NCTRY --drop-reg cap_reg_fork fork vfork
			$NCTRY --drop-reg cap_reg_open open:/etc/passwd
			$NCTRY --drop-reg cap_reg_exec execve:/mnt/inh/probe
			$NCTRY --drop-reg cap_reg_write wopen:/mnt/cd/w \
				create:/mnt/cd/never unlink:/mnt/cd/w
			$NCTRY --drop-reg cap_reg_ptrace traceme
			$NCTRY --drop-reg cap_reg_sxid,cap_reg_write fork
		} >> $L/dropper.out 2>&1
		n=$((n + 1))
	done
	echo "rounds $n"
}

creator() { # files on the capdefault= mount, fresh names every round
	r=0 bad=0
	while [ -e /tmp/run ]; do
		r=$((r + 1))
		$ST create /mnt/cd/files $1-$r 40 > /dev/null || bad=$((bad + 1))
	done
	echo "rounds $r failed $bad"
}

stressng() { # as nobody: its exec stressor refuses root
	(cd /mnt/cd/sng && setpriv --reuid=65534 --regid=65534 --clear-groups \
		$sng --exec 1 --exec-max 2 --fork 1 --open 1 --xattr 1 \
		--timeout "$1"s --temp-path /mnt/cd/sng 2>&1)
	echo "stress-ng status $?"
}

# phase NAME SECONDS RESETS: run everything, wait until all of it ended
phase() {
	name=$1 secs=$2 resets=$3
	touch /tmp/run
	pids=
	w=1
	while [ $w -le "$workers" ]; do
		$ST exec --seconds "$secs" --seed "$w$secs" --tag "$name" $targets \
			> $L/$name-worker$w.out 2>&1 &
		pids="$pids $!"
		w=$((w + 1))
	done
	remounter > $L/$name-remounter.out 2>&1 & pids="$pids $!"
	knobs > $L/$name-knobs.out 2>&1 & pids="$pids $!"
	if [ "$resets" = 1 ]; then
		resetter > $L/$name-resetter.out 2>&1 & pids="$pids $!"
		reader 0 > $L/$name-reader.out 2>&1 & pids="$pids $!"
	else
		reader 1 > $L/$name-reader.out 2>&1 & pids="$pids $!"
	fi
	ring_filler > $L/$name-filler.out 2>&1 & pids="$pids $!"
	dropper > $L/$name-dropper.out 2>&1 & pids="$pids $!"
	creator $name > $L/$name-creator.out 2>&1 & pids="$pids $!"
	[ -n "$sng" ] && { stressng "$secs" > $L/$name-stress-ng.out 2>&1 & pids="$pids $!"; }
	sleep "$secs"
	rm -f /tmp/run
	for p in $pids; do wait $p; done
}

# sum FILE-GLOB FIELD-MATCH...: helpers over the workers' summaries
worker_sum() { # worker_sum PHASE AWK-CONDITION FIELD: sum over targets
	cat $L/$1-worker*.out | awk "\$2 == \"target\" && ($2) { s += \$$3 } END { print s + 0 }"
}

# summary FILE: a churner's last line "WHAT N failed|bad M" into s_n and
# s_bad (0 and 1 when missing); anything it printed before, as diagnostics
summary() {
	sed '$d' "$1" | head -n 5 | sed "s|^|# ${1##*/}: |"
	set -- $(tail -n 1 "$1")
	s_n=${2:-x} s_bad=${4:-x}
	case $s_n$s_bad in *[!0-9]*) s_n=0 s_bad=1 ;; esac
}

check_phase() { # results that hold for both phases
	name=$1
	mism=$(cat $L/$name-worker*.out | awk '$2 == "mismatches" { s += $3 } END { print s + 0 }')
	fails=$(cat $L/$name-worker*.out | awk '$2 == "failures" { s += $3 } END { print s + 0 }')
	execs=$(cat $L/$name-worker*.out | awk '$2 == "execs" { s += $3 } END { print s + 0 }')
	diag "$name: $execs checked execs, $mism mismatches, $fails failures"
	grep -h -E '^(MISMATCH|FAILED)' $L/$name-worker*.out | head -n 10 | sed 's/^/# /'
	is "$mism" 0 "$name: every exec result is the one its mount's policy gives (mountopts equations)"
	is "$fails" 0 "$name: every exec ran and reported its sets"
	ok $((execs < 20)) "$name: the workers checked execs ($execs)"
	for w in $(seq "$workers"); do
		grep -q "^$name execs " $L/$name-worker$w.out || {
			echo "# worker $w: $(tail -n 3 $L/$name-worker$w.out | tr '\n' '|')"; }
	done
	summary $L/$name-remounter.out
	ok $(( s_bad != 0 || s_n == 0 )) "$name: $s_n remounts, all succeeded ($s_bad failed)"
	summary $L/$name-knobs.out
	ok $(( s_bad != 0 || s_n == 0 )) "$name: $s_n default_policy flips, all accepted"
	summary $L/$name-reader.out
	head -n 5 $L/reader.err 2>/dev/null | sed 's/^/# /'
	ok $(( s_bad != 0 || s_n == 0 )) "$name: $s_n reads of stats/mounts/audit/losses well-formed, fixed mounts unchanged"
	summary $L/$name-filler.out
	ok $(( s_bad != 0 || s_n == 0 )) "$name: $s_n audit-ring filler execs"
	summary $L/$name-creator.out
	ok $(( s_bad != 0 || s_n == 0 )) "$name: $s_n rounds of 40 creations on the capdefault= mount"
	if [ -n "$sng" ]; then
		grep -v '^stress-ng status' $L/$name-stress-ng.out | grep -iE 'fail|error' |
			head -n 5 | sed 's/^/# /'
		is "$(tail -n 1 $L/$name-stress-ng.out)" "stress-ng status 0" \
			"$name: stress-ng --exec --fork --open --xattr exits 0"
	else
		ok 1 "$name: stress-ng ran (not on vdg)"
	fi
}

echo inherit > $NC/default_policy
diag "phase A: $phase_a s, with stats resets"
phase A "$phase_a" 1
summary $L/A-resetter.out
diag "A: $s_n stats resets"
check_phase A

# --- phase B: counters from a quiescent reset ---------------------------------
: > $L/dropper.out
: > $L/reader.err
echo 0 > $NC/stats
diag "phase B: $phase_b s, no resets"
phase B "$phase_b" 0
check_phase B
cat $NC/stats > $L/stats.final
stat_value() { awk -v k="$1" '$1 == k { print $2 }' $L/stats.final; }
sed 's/^/# stats: /' $L/stats.final

unl_inh=$(stat_value unlabeled_execs_inherit)
unl_str=$(stat_value unlabeled_execs_strict)
unl_aud=$(stat_value unlabeled_execs_audit)
execs=$(stat_value execs)
seen_all=$(cat $L/B-worker*.out | awk '$2 == "execs" { s += $3 } END { print s + 0 }')
summary $L/B-filler.out
fills=$s_n
# unlabeled = not "labeled": the plain and the setuid copies (SPEC 6 counts
# every exec of a file without masks under its policy).
seen_inh=$(worker_sum B '$4 == "inherit" && $5 != "labeled"' 7)
seen_str=$(worker_sum B '$4 == "strict" && $5 != "labeled"' 7)
seen_aud=$(worker_sum B '$4 == "audit" && $5 != "labeled"' 7)
lost_aud=$(worker_sum B '$4 == "audit"' 15)
removed=$(worker_sum B '$4 == "strict"' 17)
diag "B observed: $seen_all execs; unlabeled inherit $seen_inh strict $seen_str audit $seen_aud (+$fills filler); audit-worthy $lost_aud; strict removed $removed"
ok $((execs < unl_inh + unl_str + unl_aud)) \
	"stats: execs ($execs) >= the unlabeled execs of the three policies ($((unl_inh + unl_str + unl_aud)))"
ok $((execs < seen_all + fills)) "stats: execs ($execs) >= the execs observed ($((seen_all + fills)))"
ok $((unl_inh < seen_inh)) "stats: unlabeled_execs_inherit ($unl_inh) >= those seen on caps=inherit ($seen_inh)"
ok $((unl_str < seen_str)) "stats: unlabeled_execs_strict ($unl_str) >= those seen on caps=strict ($seen_str)"
ok $((unl_aud < seen_aud + fills)) \
	"stats: unlabeled_execs_audit ($unl_aud) >= those seen on caps=audit ($((seen_aud + fills)))"
events=$(stat_value audit_events)
ok $((events < lost_aud + fills)) \
	"stats: audit_events ($events) >= caps=audit execs where strict would remove something ($((lost_aud + fills)))"
ok $(($(stat_value strict_removed_caps) < removed)) \
	"stats: strict_removed_caps ($(stat_value strict_removed_caps)) >= what caps=strict removed from the workers ($removed)"
denied_bad=
for cap in fork open exec write ptrace; do
	case $cap in
	fork) pat='^v?fork EPERM$' ;; open) pat='^open:.* EPERM$' ;;
	exec) pat='^execve:.* EPERM$' ;; write) pat='^(wopen|create|unlink):.* EACCES$' ;;
	ptrace) pat='^traceme EPERM$' ;;
	esac
	seen=$(grep -cE "$pat" $L/dropper.out)
	[ "$(stat_value denied_reg_$cap)" -ge "$seen" ] && [ "$seen" -gt 0 ] ||
		denied_bad="$denied_bad $cap:$(stat_value denied_reg_$cap)<$seen"
	diag "denied_reg_$cap $(stat_value denied_reg_$cap) >= $seen seen"
done
is "$denied_bad" "" "stats: each denied_reg_* >= the denials the droppers saw (and they saw some)"
# Each of phase B's dropper rounds printed the expected lines, once each.
rounds=$(awk '$1 == "rounds" { print $2 }' $L/B-dropper.out)
is "$(sort $L/dropper.out | uniq -c | awk '{ $1 = $1; print }')" \
	"$(sort $L/dropper.expected | awk -v n="${rounds:-0}" '{ print n, $0 }')" \
	"dropper: in each of its ${rounds:-0} rounds every call gave its own errno"
# the ring: at most 64 events, consecutive, oldest first; full when phase B
# recorded 64 or more
lines=$(wc -l < $NC/audit)
ok $(( (events >= 64 && lines != 64) || lines > 64 )) \
	"audit: the ring holds $lines events ($events recorded in phase B)"

# --- afterwards ---------------------------------------------------------------
out=$($ST check-masks /mnt/cd/files $CAPDEFAULT)
ok $? "every file created on the capdefault= mount carries its masks ($out)"
echo "$out" | grep '^bad' | head -n 5 | sed 's/^/# /'
out=$($ST check-masks /mnt/cd/sng $CAPDEFAULT)
ok $? "stress-ng's leftovers on the capdefault= mount carry the masks too ($out)"
for d in /mnt/inh /mnt/str /mnt/aud /mnt/def /mnt/flip /mnt/cd /mnt/tools; do
	umount $d || echo "# umount $d failed"
done
is "$(grep -c ' /mnt/' /proc/mounts)" 0 "every test filesystem unmounted"
finish
