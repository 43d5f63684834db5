# Power loss (issue 12), one boot of tests/vm/power-loss: check what the
# previous boot left on vda (cut off by the host without sync), then create
# files on a capdefault= mount until the host cuts this boot off too.
# Kernel command line: ncpower_round=K (0: fresh disk, nothing to check;
# ncpower_last=1: check only, then end normally), ncpower_cpus=N (the CPUs
# the host gave the guest, checked).
#
# Round K creates its files in /mnt/p/rK under capdefault=SPEC(K), a
# different SPEC in turn, so that each directory is checked against the
# masks in force when its files were created. Odd rounds mount commit=1:
# more committed transactions for the replay. Checked directories are
# removed before the next round starts.
. /tests/lib/tap.sh
ST=/usr/local/bin/nc-stress
round=0 last=
for arg in $(cat /proc/cmdline); do
	case $arg in
	ncpower_round=*) round=${arg#ncpower_round=} ;;
	ncpower_last=1) last=1 ;;
	ncpower_cpus=*) cpus=${arg#ncpower_cpus=} ;;
	esac
done
spec() { # the capdefault= of round $1
	case $(($1 % 3)) in
	0) echo cap_net_raw+i ;;
	1) echo cap_net_bind_service:cap_sys_nice+ie ;;
	2) echo 0x3000+i ;;	# cap_net_admin, cap_net_raw
	esac
}
mkdir -p /mnt/p
# A fixed plan: the CPUs, then round 0 only mounts; a later round checks
# what the previous one left (mount, its directory, no other, unmount,
# e2fsck) and, unless it is the last, mounts for its own files. Every check
# comes before "power-loss creating": a boot cut off during the creation
# has made them all.
if [ "$round" -eq 0 ]; then
	plan 2
elif [ -n "$last" ]; then
	plan 6
else
	plan 7
fi
# the creators race on CPUs of their own (per-CPU counters, the journal)
is "$(grep -c '^processor' /proc/cpuinfo)" "${cpus:-1}" "${cpus:-1} CPUs online"

if [ "$round" -gt 0 ]; then
	# What the cut left: the mount replays the journal (unless the host
	# did it with e2fsck -fy), then every file must carry its masks.
	mount -t ext4 /dev/vda /mnt/p
	ok $? "mount after the cut (journal replay)"
	total=0
	k=$((round - 1))
	# the directory was synced before the creation started
	out=$($ST check-masks /mnt/p/r$k "$(spec "$k")")
	ok $? "r$k: every file that exists carries capdefault=$(spec "$k") ($out)"
	echo "$out" | grep '^bad' | head -n 5 | sed 's/^/# /'
	set -- $out
	total=${2:-0}
	# Each round's directory is removed once checked (and the unmount
	# writes that out): another one left is a lost removal.
	others=
	for d in /mnt/p/r*; do
		[ -d "$d" ] && [ "$d" != /mnt/p/r$k ] && others="$others ${d##*/}"
	done
	is "${others# }" "" "no other round's directory left"
	diag "files checked: $total"
	echo "power-loss files $total"
	# checked once: room for the next round's files (and unlinks to replay)
	rm -rf /mnt/p/r*
	umount /mnt/p
	ok $? "unmount"
	out=$(/usr/sbin/e2fsck -fn /dev/vda 2>&1)
	rc=$?
	ok $rc "e2fsck -fn clean after the replay"
	[ $rc -eq 0 ] || echo "$out" | tail -n 20 | sed 's/^/# /'
fi
if [ -n "$last" ]; then
	finish
fi

opts=capdefault=$(spec "$round")
[ $((round % 2)) -eq 1 ] && opts=$opts,commit=1
mount -t ext4 -o "$opts" /dev/vda /mnt/p
ok $? "round $round: mount -o $opts"
# the directory on disk before the cut can come: each cut has files to check
mkdir -p /mnt/p/r$round && sync
$ST create /mnt/p/r$round a 0 > /dev/null &
$ST create /mnt/p/r$round b 0 > /dev/null &
# the host cuts the power from now on: no sync, no unmount
echo "power-loss creating"
wait
echo "power-loss: the creators ended before the cut"
finish
