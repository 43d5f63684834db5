# newcaps=on: exec under caps=inherit, caps=strict and the default policy
# side by side, setuid/nosuid/no_new_privs, the securityfs knobs, audit
# mode, remount, capdefault and a table of bad inputs.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
. /tests/lib/scenarios.sh
NC=/sys/kernel/security/newcaps
plan 178

setup_mounts caps=inherit caps=strict
ok $? "mount caps=inherit, caps=strict, default and nosuid filesystems"
is "$(cat $NC/enabled)" 1 "securityfs: enabled is 1"
is "$(cat $NC/default_policy)" inherit "securityfs: default_policy starts as inherit"

# --- exec scenarios: the sets worked out from SPEC 4.1 and 4.2 ----------
expect() {
	case $1 in
	root-inherit-unlabeled|root-default-unlabeled|root-strict-suid)
		want 0 $SYS $SYS $NONE $REG ;;
	root-strict-unlabeled|root-legacy-clear) want 0 $NONE $NONE $NONE $REG ;;
	root-*-raw-ep|root-*-raw-i) want 0 $NET_RAW $NET_RAW $NONE $REG ;;
	user-inherit-unlabeled|user-strict-unlabeled|user-strict-raw-i)
		want 1000 $NONE $NONE $NONE $REG ;;
	user-*-raw-ep) case $1 in
		*nosuid*|*nnp*) want 1000 $NONE $NONE $NONE $REG ;;
		*) want 1000 $NET_RAW $NET_RAW $NET_RAW $REG ;;
		esac ;;
	user-inherit-suid|user-strict-suid) want 0 $SYS $SYS $NONE $REG ;;
	user-nosuid-suid|user-nnp-suid) want 1000 $NONE $NONE $NONE $REG ;;
	user-no-sxid-suid) want 1000 $NONE $NONE $NONE $REG_NO_SXID ;;
	# euid 0 is no new id for root and Fp = SYS adds nothing to its Pp:
	# no gain, no sanitize (SPEC 4.1.4). uid 1000 really gains.
	user-dropped-write-suid-sanitized) want 0 $SYS $SYS $NONE $REG ;;
	root-dropped-write-suid|root-dropped-write-suid-no-sanitize|\
	root-dropped-write-unlabeled)
		want 0 $SYS $SYS $NONE $REG_NO_WRITE ;;
	*) echo "no expectation for $1" ;;
	esac
}
scenario() {
	name=$1
	shift
	is "$(sets_of "$@")" "$(expect "$name")" "sets after exec: $name"
}
run_scenarios

# --- capget and capset versions (SPEC 4.2) ------------------------------
is "$(nc-probe capget 20080522)" "e=$SYS p=$SYS i=$NONE" \
	"capget version 3: system capabilities only"
is "$(nc-probe capget 19980330)" \
	"e=00000000ffffffff p=00000000ffffffff i=0000000000000000" \
	"capget version 1: the low word only"
is "$(nc-probe capget 20261202)" \
	"e=ffff01ffffffffff p=ffff01ffffffffff i=ffff000000000000" \
	"capget newcaps version: the regular region too"
is "$(sets_of nc-probe run --drop-reg cap_reg_fork,cap_reg_ptrace -- /mnt/inh/probe sets)" \
	"$(want 0 $SYS $SYS $NONE ffde000000000000)" \
	"newcaps capset drops cap_reg_fork and cap_reg_ptrace from all three sets"

# --- the knobs ----------------------------------------------------------
stat_value() { # builtins only: reading must not exec anything
	while read -r key value; do
		[ "$key" = "$1" ] && echo "$value"
	done < $NC/stats
}
mounts_line() { # the "mounts" line of a device, by name
	while read -r line; do
		case $line in "ext4 $1 "*) echo "$line" ;; esac
	done < $NC/mounts
}
majmin() { cat /sys/class/block/$1/dev; }

is "$(mounts_line vda)" "ext4 vda inherit explicit none" "mounts: vda explicit inherit"
is "$(mounts_line vdb)" "ext4 vdb strict explicit none" "mounts: vdb explicit strict"
is "$(mounts_line vdc)" "ext4 vdc inherit default none" "mounts: vdc follows the default"
is "$(findmnt -n -o OPTIONS /mnt/str | tr , '\n' | grep '^caps=')" caps=strict \
	"findmnt shows caps=strict"
grep -q ' /mnt/inh ext4 [^ ]*caps=inherit' /proc/mounts
ok $? "/proc/mounts shows caps=inherit"
is "$(awk '$2 == "/mnt/def" { n++; if ($4 ~ /(^|,)caps=/) c++ } END { print n + 0, c + 0 }' /proc/mounts)" \
	"1 0" "/proc/mounts shows the default mount once, without caps="

expected_regular="48 cap_reg_fork
49 cap_reg_open
50 cap_reg_exec
51 cap_reg_sxid
52 cap_reg_write
53 cap_reg_ptrace"
is "$(cat $NC/regular)" "$expected_regular" "regular: numbers and names of SPEC 2"
is "$(cat $NC/version)" 6 "version: 6 (audit events say how capabilities came, and name scripts; regular_dropped; losses)"

# default_policy switches the very next exec of an unlabeled binary.
echo strict > $NC/default_policy
is "$(sets_of /mnt/def/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"default_policy=strict: next exec on the default mount is strict"
is "$(mounts_line vdc)" "ext4 vdc strict default none" "mounts: vdc now strict (default)"
is "$(sets_of /mnt/inh/probe sets)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"default_policy=strict leaves the caps=inherit mount alone"
echo inherit > $NC/default_policy
is "$(sets_of /mnt/def/probe sets)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"default_policy=inherit: next exec inherits again"

# remount switches a mount's policy; a mount option beats the default.
mount -o remount,caps=strict /mnt/inh
ok $? "mount -o remount,caps=strict"
is "$(sets_of /mnt/inh/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"after remount,caps=strict the exec is strict"
is "$(findmnt -n -o OPTIONS /mnt/inh | tr , '\n' | grep '^caps=')" caps=strict \
	"findmnt shows the remounted policy"
mount -o remount,caps=inherit /mnt/inh
is "$(sets_of /mnt/inh/probe sets)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"remount,caps=inherit restores inheritance"
# A second mount of a mounted filesystem that asks for other newcaps
# options fails (SPEC 5, as SELinux does); remount changes them.
mkdir -p /mnt/str2
is "$(nc-probe mount ext4 /dev/vdb /mnt/str2 caps=inherit)" EINVAL \
	"second mount of vdb with caps=inherit: EINVAL"
is "$(mounts_line vdb)" "ext4 vdb strict explicit none" \
	"a second mount does not change the policy"
mount -o remount,ro /mnt/str && mount -o remount,rw /mnt/str
is "$(mounts_line vdb)" "ext4 vdb strict explicit none" \
	"a remount without caps= keeps the policy"

# stats: counters move by exactly what was done.
echo 0 > $NC/stats
ok $? "stats: writing 0 resets"
execs0=$(stat_value execs)
strict0=$(stat_value unlabeled_execs_strict)
removed0=$(stat_value strict_removed_caps)
/mnt/str/probe sets > /dev/null
is "$(( $(stat_value execs) - execs0 ))" 1 "stats: execs counts one exec"
is "$(( $(stat_value unlabeled_execs_strict) - strict0 ))" 1 \
	"stats: one unlabeled exec under strict"
is "$(( $(stat_value strict_removed_caps) - removed0 ))" 41 \
	"stats: strict removed root's 41 system capabilities"
for cap in fork open exec sxid write ptrace; do
	is "$(stat_value denied_reg_$cap)" 0 "stats: denied_reg_$cap listed"
done

# audit mode: computes as inherit, records what strict would remove. Every
# exec by root of an unlabeled file is an event now, so between the counter
# readings (shell builtins) only the probes run. Two more copies of the
# probe, run last, give the ring several events in a known order.
cp /mnt/def/probe /mnt/def/probe-b && cp /mnt/def/probe /mnt/def/probe-c
echo audit > $NC/default_policy
events0=$(stat_value audit_events)
audit0=$(stat_value unlabeled_execs_audit)
/mnt/def/probe sets > /tmp/audit-sets
events1=$(stat_value audit_events)
audit1=$(stat_value unlabeled_execs_audit)
/mnt/def/raw-ep sets > /dev/null
events2=$(stat_value audit_events)
/mnt/def/raw-ep run --as 1000 -- /mnt/def/probe sets > /dev/null
events3=$(stat_value audit_events)
/mnt/def/probe-b sets > /dev/null
/mnt/def/probe-c sets > /dev/null
echo inherit > $NC/default_policy
is "$(sets_of cat /tmp/audit-sets)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"audit: sets as under inherit"
is "$((events1 - events0))" 1 "stats: one audit event"
is "$((audit1 - audit0))" 1 "stats: one unlabeled exec under audit"
is "$((events2 - events1))" 0 "audit: a labeled file records nothing"
is "$((events3 - events2))" 0 \
	"audit: nothing recorded when strict would change nothing (uid 1000)"
set -- $(grep ' /mnt/def/probe ' $NC/audit | tail -n 1)
is "$2 $3 $4" "$(majmin vdc) $(stat -c %i /mnt/def/probe) /mnt/def/probe" \
	"audit event: device, inode and path of the file"
is "$5" "$(capsh --decode=0x$SYS | sed 's/^.*=//')" \
	"audit event: the capabilities strict would remove, by libcap name"
seq=${1:-0}
is "$(tail -n 3 $NC/audit | cut -d' ' -f1,4 | tr '\n' ' ')" \
	"$seq /mnt/def/probe $((seq + 1)) /mnt/def/probe-b $((seq + 2)) /mnt/def/probe-c " \
	"audit: oldest event first: the last three execs, in order, numbered in turn"
is "$(awk 'NR > 1 && $1 != last + 1 { bad++ } { last = $1 } END { three = NR >= 3; print three, bad + 0 }' $NC/audit)" \
	"1 0" "audit: the whole ring ascends by one from its first line"

# capdefault: masks on new regular files, in the creating transaction.
mount -o remount,capdefault=cap_net_bind_service:cap_sys_nice+i /mnt/def
ok $? "remount,capdefault=cap_net_bind_service:cap_sys_nice+i"
echo first > /mnt/def/new-file
is "$(getcap /mnt/def/new-file)" "/mnt/def/new-file cap_net_bind_service,cap_sys_nice=i" \
	"capdefault: getcap shows the masks on a new file"
echo second >> /mnt/def/new-file
is "$(getcap /mnt/def/new-file)" "/mnt/def/new-file cap_net_bind_service,cap_sys_nice=i" \
	"capdefault: masks without Fp survive a write"
is "$(cat /mnt/def/new-file)" "first
second" "capdefault: file content intact"
mkdir /mnt/def/new-dir
is "$(getcap /mnt/def/new-dir)" "" "capdefault: directories get no masks"
is "$(findmnt -n -o OPTIONS /mnt/def | tr , '\n' | grep '^capdefault=')" \
	"capdefault=cap_net_bind_service:cap_sys_nice+i" "findmnt shows capdefault="
is "$(mounts_line vdc)" "ext4 vdc inherit default cap_net_bind_service:cap_sys_nice+i" \
	"mounts: capdefault shown"
cp /mnt/def/raw-ep /mnt/def/forced && setcap cap_net_raw+ep /mnt/def/forced
is "$(getcap /mnt/def/forced)" "/mnt/def/forced cap_net_raw=ep" \
	"setcap cap_net_raw+ep over the capdefault= masks"
echo junk >> /mnt/def/forced
is "$(getcap /mnt/def/forced)" "" "masks with Fp are still removed by a write"
mount -o remount,capdefault=0x2000+ie /mnt/def
echo x > /mnt/def/hex-file
is "$(getcap /mnt/def/hex-file)" "/mnt/def/hex-file cap_net_raw=ei" \
	"capdefault=0x2000+ie: Fi and the effective flag"
mount -o remount,capdefault=none /mnt/def
echo x > /mnt/def/plain-file
is "$(getcap /mnt/def/plain-file)" "" "capdefault=none writes nothing"

# --- bad inputs: EINVAL, one log line, nothing changed -------------------
mkdir -p /mnt/bad
log_lines() { dmesg | grep -c 'newcaps: bad '; }
bad_mount() { # OPTIONS: a fresh mount and a remount both fail
	before=$(log_lines)
	is "$(nc-probe mount ext4 /dev/vde /mnt/bad "$1")" EINVAL "mount -o '$1': EINVAL"
	is "$(( $(log_lines) - before ))" 1 "mount -o '$1': one kernel log line"
	is "$(nc-probe remount /mnt/str "$1")" EINVAL "remount -o '$1': EINVAL"
}
for opts in caps= caps caps=Strict caps=STRICT "caps=strict " caps=strictx \
	caps=$(printf '%0300d' 0) capdefault= \
	capdefault=+i capdefault=cap_bogus+i capdefault=cap_net_raw \
	capdefault=cap_net_raw+p capdefault=cap_net_raw+ip capdefault=0x+i \
	capdefault=0x1000000000000+i capdefault=0x10000000000000000+i \
	capdefault=cap_reg_fork+i capdefault=cap_net_raw+x \
	capdefault=cap_net_raw:+i caps=strict,capdefault=cap_net_raw+p; do
	bad_mount "$opts"
done
is "$(grep -c ' /mnt/bad ' /proc/mounts)" 0 "no bad mount left anything mounted"
# util-linux replays the current options on remount: the last one wins.
is "$(nc-probe remount /mnt/str caps=inherit,caps=strict)" OK \
	"repeated caps=: accepted, the last one wins"
is "$(mounts_line vdb)" "ext4 vdb strict explicit none" \
	"failed remounts kept vdb's policy"
is "$(sets_of /mnt/str/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"failed remounts: exec still strict"
dmesg | grep 'newcaps: bad caps= value' | tail -n 1 | grep -q 'accepted inherit, strict or audit'
ok $? "the log line names the accepted forms"

bad_knob() { # FILE VALUE ERRNO
	old=$(cat $NC/$1)
	is "$(nc-probe write $NC/$1 "$2")" "$3" "write '$2' to $1: $3"
	is "$(cat $NC/$1)" "$old" "write '$2' to $1: unchanged"
}
for value in "" "
" Strict STRICT "strict

" "strict x" strictx " strict" "$(printf '%0100d' 0)"; do
	bad_knob default_policy "$value" EINVAL
done
is "$(nc-probe write $NC/default_policy "strict
")" OK "default_policy takes a trailing newline"
echo inherit > $NC/default_policy
is "$(nc-probe write $NC/stats 1)" EINVAL "stats: only 0 resets"
is "$(nc-probe write $NC/version 2)" EINVAL "version is read-only"

# --- writes without CAP_MAC_ADMIN ------------------------------------------
# The writable files are 0644 (no world-writable files, SPEC 6): uid 1000
# is refused by the file mode before the capability check.
is "$(nc-probe run --as 1000 -- $NCP write $NC/default_policy strict)" EACCES \
	"uid 1000: default_policy write gets EACCES"
is "$(nc-probe run --as 1000 -- $NCP write $NC/stats 0)" EACCES \
	"uid 1000: stats reset gets EACCES"
is "$(stat -c '%n %a' $NC/* | sed 's|.*/||' | sort | tr '\n' ' ')" \
	"audit 400 default_policy 644 enabled 444 losses 400 mounts 444 regular 444 regular_dropped 444 stats 644 stored_policy 644 version 444 " \
	"securityfs file modes: none world-writable"
is "$(setpriv --inh-caps=-mac_admin --bounding-set=-mac_admin $NCP write $NC/default_policy strict)" \
	EPERM "root without CAP_MAC_ADMIN gets EPERM"
is "$(unshare -U -r $NCP write $NC/default_policy strict)" EPERM \
	"root of a user namespace gets EPERM"
is "$(cat $NC/default_policy)" inherit "default_policy unchanged by refused writes"

# --- concurrent writers and readers ---------------------------------------
(i=0; while [ $i -lt 200 ]; do
	echo strict > $NC/default_policy; echo audit > $NC/default_policy
	i=$((i + 1)); done) &
writer=$!
badreads=0
i=0
while [ $i -lt 200 ]; do
	read -r v < $NC/default_policy
	case $v in strict|audit|inherit) ;; *) badreads=$((badreads + 1)) ;; esac
	cat $NC/mounts $NC/stats $NC/audit > /dev/null || badreads=$((badreads + 1))
	i=$((i + 1))
done
wait $writer
is "$badreads" 0 "200 reads during 400 writes: every value valid"
echo inherit > $NC/default_policy

# --- tune2fs: the flag in the superblock (checked again after reboot) -----
tune2fs -E mount_opts=caps=strict /dev/vdf > /dev/null
ok $? "tune2fs -E mount_opts=caps=strict"
mkdir -p /mnt/tune
mount -t ext4 /dev/vdf /mnt/tune && cp $NCP /mnt/tune/probe
is "$(sets_of /mnt/tune/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"tune2fs flag: exec is strict without a mount option"
is "$(mounts_line vdf)" "ext4 vdf strict stored none" "mounts: tune2fs flag, stored"

unmount_all "unmount everything" /mnt/tune /mnt/inh /mnt/str /mnt/def /mnt/nosuid
finish
