# newcaps benchmarks, in the guest (run by /init as /tests/bench.sh; output
# on the second serial port). Parameters on the kernel command line:
#   ncbench=CONFIG        baseline | off | inherit | strict | audit: how the
#                         bench disk is mounted (caps=CONFIG for the last
#                         three); dropped: caps=inherit after another
#                         process dropped a regular capability (the checks
#                         of the regular capabilities are then patched in)
#   ncbench_ops=N         operations per batch of the heavy workloads (exec,
#                         fork, create); the light ones run 20 N
#   ncbench_reps=R        batches per workload (median, min, max of them)
#   ncbench_stress=N      stress-ng bogo operations: N exec, 4 N fork and
#                         xattr, 20 N open (0: no stress-ng)
#   ncbench_smoke=1       print TAP (one result per workload and per
#                         stress-ng stressor, the plan first) instead of
#                         the bench lines scripts/bench parses
#   ncbench_only=WORKLOAD run that workload alone, one batch of
#                         ncbench_ops operations, and stop (scripts/profile)
# Disks: vda the bench filesystem, vdb the capdefault= one, vdc (optional)
# 100 small ext4 partitions for the mount-scaling figures.
config=inherit ops=50 reps=5 stress=0 smoke= only=
for arg in $(cat /proc/cmdline); do
	case $arg in
	ncbench=*) config=${arg#ncbench=} ;;
	ncbench_ops=*) ops=${arg#ncbench_ops=} ;;
	ncbench_reps=*) reps=${arg#ncbench_reps=} ;;
	ncbench_stress=*) stress=${arg#ncbench_stress=} ;;
	ncbench_smoke=1) smoke=1 ;;
	ncbench_only=*) only=${arg#ncbench_only=} ;;
	esac
done
light=$((ops * 20))
# Smoke mode's TAP: the plan up front, one result per name below, so that
# a workload or stressor that goes missing fails (or skips) by name.
workloads="exec-unlabeled exec-ep exec-i open-close open-write-close create-unlink create-capdefault getppid fork-wait fork-wait@mount write"
stressors="exec fork open xattr"
[ -z "$smoke" ] || echo "1..$(echo $workloads $stressors | wc -w)"
case $config in
baseline|off) opts= ;;
inherit|strict|audit) opts=caps=$config ;;
dropped) opts=caps=inherit ;;
*) echo "bench: unknown configuration '$config'"; exit 2 ;;
esac
out=/tmp/bench.out
: > "$out"
note() { echo "# $*"; }
note "config $config kernel $(uname -r) cmdline $(cat /proc/cmdline)"
note "clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)"
[ -r /sys/kernel/security/newcaps/enabled ] &&
	note "newcaps enabled $(cat /sys/kernel/security/newcaps/enabled)"

mkdir -p /mnt/b /mnt/c
mount -t ext4 ${opts:+-o $opts} /dev/vda /mnt/b || { echo "bench: cannot mount /dev/vda"; exit 1; }
cdir=
if mount -t ext4 -o "${opts:+$opts,}capdefault=cap_net_raw+i" /dev/vdb /mnt/c 2>/dev/null; then
	cdir=/mnt/c
else
	note "capdefault= refused by this kernel: create-capdefault not run"
fi
cp /usr/local/bin/nc-bench-nop /mnt/b/nop
cp /usr/local/bin/nc-bench-nop /mnt/b/nop-ep
cp /usr/local/bin/nc-bench-nop /mnt/b/nop-i
setcap cap_net_raw+ep /mnt/b/nop-ep && setcap cap_net_raw+i /mnt/b/nop-i ||
	echo "bench: setcap failed"
# fork-wait@mount: the same fork from a copy of nc-bench on the bench
# filesystem; on caps=audit that process is being learned (an unlabeled
# exec there), so its forks are those of a learned program.
cp /usr/local/bin/nc-bench /mnt/b/nc-bench
grep ' /mnt/' /proc/mounts | sed 's/^/# mount /'
if [ "$config" = dropped ]; then
	/usr/local/bin/nc-try --drop-reg cap_reg_ptrace regular > /dev/null
	[ "$(cat /sys/kernel/security/newcaps/regular_dropped)" = 1 ] ||
		{ echo "bench: regular_dropped does not read 1 after a drop"; exit 1; }
	note "a process dropped cap_reg_ptrace: regular_dropped 1"
fi
sync

bench() { # bench SUFFIX OPS REPS nc-bench-args...: lines into $out
	suffix=$1 n=$2 r=$3
	shift 3
	${NC_BENCH:-nc-bench} --ops "$n" --reps "$r" --dir /mnt/b ${cdir:+--cdir $cdir} \
		--nop /mnt/b/nop "$@" | sed "s/^bench \([^ ]*\)/bench \1$suffix/" |
		tee -a "$out"
}

if [ -n "$only" ]; then
	bench "" "$ops" 1 --warmup 0 "$only"
	exit 0
fi

# First thing after boot, so that the audit ring starts empty: 64 execs
# fill the ring (caps=audit records one event per exec), the next 64
# overwrite the oldest events. Other configurations record nothing: the
# same two batches are their reference.
if [ -z "$smoke" ]; then
	bench @ring-filling 64 1 --warmup 0 exec-unlabeled
	bench @ring-full 64 1 --warmup 0 exec-unlabeled
	[ -r /sys/kernel/security/newcaps/audit ] &&
		note "audit events in the ring: $(wc -l < /sys/kernel/security/newcaps/audit)"
fi

# The workloads, always in this order.
bench "" "$ops" "$reps" exec-unlabeled exec-ep exec-i
bench "" "$light" "$reps" open-close open-write-close
bench "" "$ops" "$reps" create-unlink
[ -n "$cdir" ] && bench "" "$ops" "$reps" create-capdefault
bench "" "$light" "$reps" getppid
bench "" "$ops" "$reps" fork-wait
NC_BENCH=/mnt/b/nc-bench
bench @mount "$ops" "$reps" fork-wait
NC_BENCH=
bench "" "$light" "$reps" write

# exec against the number of ext mounts: /mnt/b alone, then 9 and 99 more
# filesystems (partitions of vdc, each its own superblock) mounted with the
# same options.
if [ -z "$smoke" ] && [ -b /dev/vdc100 ]; then
	[ -z "$cdir" ] || umount /mnt/c
	bench @mounts=1 "$ops" "$reps" exec-unlabeled
	i=1
	for target in 10 100; do
		while [ $i -lt $target ]; do
			mkdir -p /mnt/p$i
			mount -t ext4 ${opts:+-o $opts} /dev/vdc$i /mnt/p$i ||
				echo "bench: cannot mount /dev/vdc$i"
			i=$((i + 1))
		done
		note "ext mounts: $(grep -c ' ext4 ' /proc/mounts)"
		bench @mounts=$target "$ops" "$reps" exec-unlabeled
	done
fi

# Peer cross-check: stress-ng's exec, fork, open and xattr stressors, one
# instance each, in turn, each for a fixed number of bogo operations, on
# the bench filesystem, where scripts/bench put the stress-ng binary (its
# exec stressor re-executes it from there) and its libraries. As nobody:
# the exec stressor refuses to run as root.
stress_bin=/mnt/b/stress/stress-ng
stress_skip=
[ "$stress" != 0 ] || stress_skip="ncbench_stress=0"
[ -n "$stress_skip" ] || [ -x $stress_bin ] ||
	stress_skip="no stress-ng on the bench disk (scripts/setup-host installs it)"
if [ -z "$stress_skip" ]; then
	for lib in /mnt/b/stress/lib/*; do
		[ -e "/lib/x86_64-linux-gnu/${lib##*/}" ] ||
			ln -s "$lib" "/lib/x86_64-linux-gnu/${lib##*/}"
	done
	# in the page cache first: no disk reads while stress-ng is timed
	cat $stress_bin /mnt/b/stress/lib/* > /dev/null
	mkdir -p /mnt/b/stress/tmp
	chmod 1777 /mnt/b/stress/tmp
	for s in exec fork open xattr; do
		# Counts of similar guest time: the cheap stressors run more
		# operations. exec as ours does it: one child per iteration
		# (default 4096, whatever --exec-ops says), fork and execve
		# always (by default it picks at random among execve/execveat,
		# fork/vfork/clone/spawn, from a thread or not: +-10 %).
		case $s in
		exec) n=$stress extra="--exec-max 1 --exec-method execve --exec-fork-method fork --exec-no-pthread" ;;
		fork|xattr) n=$((stress * 4)) extra= ;;
		open) n=$((stress * 20)) extra= ;;
		esac
		(cd /mnt/b/stress/tmp && /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \
			$stress_bin --$s 1 --$s-ops "$n" $extra --metrics-brief \
			--temp-path /mnt/b/stress/tmp 2>&1) > /tmp/stress.out
		# "stress-ng: info: [PID] STRESSOR BOGO-OPS REAL USR SYS OPS/S(REAL) OPS/S(USR+SYS)"
		line=$(awk -v s="$s" '$4 == s && $5 ~ /^[0-9]+$/ {
			printf "stress %s bogo_ops=%s real_s=%s cpu_s=%.2f bogo_ops_per_s=%s bogo_ops_per_cpu_s=%s\n",
				s, $5, $6, $7 + $8, $9, $10 }' /tmp/stress.out)
		if [ -n "$line" ]; then
			echo "$line" | tee -a "$out"
		else
			echo "stress $s error" | tee -a "$out"
			sed 's/^/# stress-ng: /' /tmp/stress.out
		fi
	done
elif [ "$stress" != 0 ]; then
	note "$stress_skip"
fi

umount /mnt/b
status=0
# ran TAG NAME KEY: one TAP result, the line "TAG NAME ..." of $out with a
# figure KEY=... above 0
ran() {
	n=$((n + 1))
	rest=$(sed -n "s/^$1 $2 //p" "$out")
	fig=$(echo "$rest" | tr ' ' '\n' | sed -n "s/^$3=//p")
	if [ -n "$fig" ] && awk "BEGIN { exit !($fig > 0) }"; then
		echo "ok $n - $1 $2 ran: $fig"
	else
		echo "not ok $n - $1 $2 ran: ${rest:-not reported}"
		status=1
	fi
}
if [ -n "$smoke" ]; then
	n=0
	for w in $workloads; do ran bench "$w" median_ns; done
	for s in $stressors; do
		if [ -n "$stress_skip" ]; then
			n=$((n + 1))
			echo "ok $n - stress $s ran # SKIP $stress_skip"
		else
			ran stress "$s" bogo_ops_per_s
		fi
	done
fi
exit $status
