# newcaps=on: ways around a filesystem's policy that must be closed (SPEC
# 4.1, 5, 6): a #! script on a caps=strict mount run by an interpreter from
# elsewhere, capability masks on a nosuid mount, a remount that fails after
# changing the policy, a second mount asking for other options, and a
# policy stored in the superblock (untrusted input, knob stored_policy).
#
# Disks: vda inherit, vdb strict, vdc audit, vdd nosuid+strict, vde and vdf
# carry a policy in their superblock (tune2fs -E mount_opts=). Every part
# unmounts what it mounted, so the next one starts clean.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
NC=/sys/kernel/security/newcaps
NCP=/usr/local/bin/nc-probe
plan 108

mounts_line() { # the "mounts" line of a device, by name (builtins only)
	while read -r line; do
		case $line in "ext4 $1 "*) echo "$line" ;; esac
	done < $NC/mounts
}
mounted() { grep -q " $1 " /proc/mounts; }
unmount_quietly() { # cleanup, not a test: whatever is mounted on DIR goes
	while mounted "$1"; do umount "$1" 2> /dev/null || break; done
}
like() { # like ACTUAL PATTERN DESCRIPTION: ACTUAL matches the case PATTERN
	case $1 in
	$2) ok 0 "$3" ;;
	*) ok 1 "$3"; echo "#   got:      '$1'"; echo "#   expected: '$2'" ;;
	esac
}
# probes_in DIR...: copies of the probe labelled cap_net_raw+i (raw-i) and
# cap_net_raw+ep (raw-ep) in each DIR
probes_in() {
	rc=0
	for d in "$@"; do
		cp $NCP $d/raw-i && setcap cap_net_raw+i $d/raw-i &&
			cp $NCP $d/raw-ep && setcap cap_net_raw+ep $d/raw-ep || rc=1
	done
	return $rc
}
# Knob writes with the shell's own echo: no exec, so they work whatever
# default_policy does to the programs of the initramfs. Errors (a knob the
# kernel lacks) are left to the tests that read the knob back.
set_knob() { { echo "$2" > $NC/$1; } 2> /dev/null; }

is "$(cat $NC/enabled)" 1 "newcaps is on"
is "$(cat $NC/default_policy)" inherit "default_policy starts as inherit"

# --- 1. the exec chain: a #! script cannot sidestep caps=strict (4.1.1) ---
# show.sh prints what sets_of parses, with shell builtins only: the sets are
# those of the shell running the script, nothing else is exec'd.
cat > /tmp/show.sh << 'EOF'
#!/bin/sh
while read -r key v1 v2 rest; do
	case $key in
	Uid:) echo "euid $v2" ;;
	Cap*) echo "$key $v1" ;;
	esac
done < /proc/$$/status
EOF
mkdir -p /mnt/inh /mnt/str /mnt/aud
mount -t ext4 -o caps=inherit /dev/vda /mnt/inh &&
	mount -t ext4 -o caps=strict /dev/vdb /mnt/str &&
	mount -t ext4 -o caps=audit /dev/vdc /mnt/aud
ok $? "mount caps=inherit, caps=strict and caps=audit filesystems"
# via-strict-sh.sh: the script on the inherit mount, its interpreter (a
# copy of busybox, which runs sh as its name says) on the strict one.
rc=0
for d in /mnt/inh /mnt/str /mnt/aud; do
	cp /tmp/show.sh $d/show.sh && chmod 755 $d/show.sh || rc=1
done
cp /bin/busybox /mnt/str/sh &&
	sed '1s|.*|#!/mnt/str/sh|' /tmp/show.sh > /mnt/inh/via-strict-sh.sh &&
	chmod 755 /mnt/inh/via-strict-sh.sh || rc=1
ok $rc "scripts in place (interpreter /bin/sh on the initramfs, default policy)"
is "$(sets_of /mnt/inh/show.sh)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"control: #! script on caps=inherit keeps the system capabilities"
# Script strict, interpreter inherit: the strictest policy applies.
is "$(sets_of /mnt/str/show.sh)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"#! script on caps=strict, interpreter on an inherit filesystem: strict"
is "$(sets_of /mnt/inh/via-strict-sh.sh)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"control: #! script on caps=inherit, interpreter on caps=strict: strict"
# Script audit, interpreter inherit: audit, which computes as inherit and
# records that strict would have removed root's system capabilities.
is "$(sets_of /mnt/aud/show.sh)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"#! script on caps=audit computes as inherit"
# The masks are the interpreter's: the event names it (device:inode of
# /bin/sh, a link to busybox), not the script. (busybox stat: %d is the
# kernel's dev_t, major in bits 8..19, minor in 0..7 and 20..31)
dev=$(stat -L -c %d /bin/sh)
set -- $(tail -n 1 $NC/audit)
is "${2:-} ${3:-}" "$(( (dev >> 8) & 0xfff )):$(( (dev & 0xff) | ((dev >> 12) & 0xfff00) )) $(stat -L -c %i /bin/sh)" \
	"#! script on caps=audit: the newest audit event names the interpreter"
umount /mnt/inh && umount /mnt/str && umount /mnt/aud
ok $? "part 1: unmount"

# --- 2. masks on a nosuid mount count as absent (4.1.1) -------------------
# Mainline ignores security.capability on nosuid mounts: the file is then
# unlabeled, and strict gives root nothing (Fp = 0, Fi = REGULAR).
mkdir -p /mnt/nosuid /mnt/str
mount -t ext4 -o nosuid,caps=strict /dev/vdd /mnt/nosuid &&
	mount -t ext4 -o caps=strict /dev/vdb /mnt/str
ok $? "mount nosuid,caps=strict and caps=strict filesystems"
probes_in /mnt/nosuid /mnt/str
ok $? "probes labeled cap_net_raw+i and cap_net_raw+ep in place"
is "$(getcap /mnt/nosuid/raw-i)" "/mnt/nosuid/raw-i cap_net_raw=i" \
	"the masks are stored on the nosuid mount"
is "$(sets_of /mnt/str/raw-i sets)" "$(want 0 $NET_RAW $NET_RAW $NONE $REG)" \
	"control: cap_net_raw+i on caps=strict without nosuid: Pi & Fi"
is "$(sets_of /mnt/nosuid/raw-i sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"cap_net_raw+i on nosuid,caps=strict: masks ignored, unlabeled, strict"
is "$(sets_of /mnt/nosuid/raw-ep sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"control: cap_net_raw+ep on nosuid,caps=strict gives nothing"
umount /mnt/nosuid && umount /mnt/str
ok $? "part 2: unmount"

# --- 2b. a mount outside the namespace: masks limit, grant nothing -------
# runc runs itself through a bind mount of its own binary that it detaches
# before the exec (CVE-2019-5736). Mainline reads no file capabilities from
# a mount outside the process's mount namespace, so nothing is granted
# there (Fp, setuid bits). The masks' limit (Fi) still holds: on strict it
# is what passes root's capabilities on, on inherit an unlabeled file would
# pass everything.
# via_detached FILE ARG...: FILE bind-mounted, opened, detached, then run
# through the open descriptor (sets_of runs it in a subshell).
via_detached() {
	f=$1
	shift
	: > /tmp/detached && mount --bind "$f" /tmp/detached &&
		exec 3< /tmp/detached && umount -l /tmp/detached &&
		{ grep -c ' /tmp/detached ' /proc/mounts || :; } &&
		/proc/self/fd/3 "$@"
}
mkdir -p /mnt/inh /mnt/str
mount -t ext4 -o caps=inherit /dev/vda /mnt/inh &&
	mount -t ext4 -o caps=strict /dev/vdb /mnt/str
ok $? "mount caps=inherit and caps=strict filesystems"
probes_in /mnt/inh /mnt/str
ok $? "probes labeled cap_net_raw+i and cap_net_raw+ep in place"
# "0": grep's count of /tmp/detached in /proc/mounts once it is detached.
is "$(sets_of via_detached /mnt/str/raw-i sets)" \
	"$(want 0 $NET_RAW $NET_RAW $NONE $REG) [0]" \
	"cap_net_raw+i on caps=strict, run through a detached mount: Pi & Fi"
is "$(sets_of via_detached /mnt/inh/raw-i sets)" \
	"$(want 0 $NET_RAW $NET_RAW $NONE $REG) [0]" \
	"cap_net_raw+i on caps=inherit, run through a detached mount: Pi & Fi, not inherit's all"
is "$(sets_of via_detached /mnt/str/raw-ep sets)" \
	"$(want 0 $NONE $NONE $NONE $REG) [0]" \
	"cap_net_raw+ep on caps=strict, run through a detached mount: Fp grants nothing"
is "$(sets_of /mnt/str/raw-ep sets)" "$(want 0 $NET_RAW $NET_RAW $NONE $REG)" \
	"control: cap_net_raw+ep on caps=strict, run directly: Fp"
umount /mnt/inh && umount /mnt/str
ok $? "part 2b: unmount"

# --- 3. a failed remount keeps the policy (5) -----------------------------
mount -t ext4 -o caps=strict /dev/vdb /mnt/str && cp $NCP /mnt/str/probe
ok $? "mount caps=strict, unlabeled probe in place"
exec 3> /mnt/str/f
is "$(nc-probe remount /mnt/str ro,caps=inherit)" EBUSY \
	"remount ro,caps=inherit with a file open for writing: EBUSY"
is "$(mounts_line vdb)" "ext4 vdb strict explicit none" \
	"after the failed remount: mounts still says strict"
is "$(sets_of /mnt/str/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"after the failed remount: exec still strict"
is "$(findmnt -n -o OPTIONS /mnt/str | tr , '\n' | grep '^caps=')" caps=strict \
	"after the failed remount: findmnt still shows caps=strict"
grep -q ' /mnt/str ext4 rw[, ]' /proc/mounts
ok $? "after the failed remount: still read-write"
exec 3>&-
umount /mnt/str
ok $? "part 3: unmount"

# --- 4. a second mount asking for other newcaps options fails (5) ---------
mkdir -p /mnt/a /mnt/b
mount -t ext4 -o caps=strict /dev/vdb /mnt/a
ok $? "mount caps=strict at A"
is "$(nc-probe mount ext4 /dev/vdb /mnt/b caps=inherit)" EINVAL \
	"second mount with caps=inherit: EINVAL"
is "$(grep -c ' /mnt/b ' /proc/mounts)" 0 "... nothing mounted at B"
unmount_quietly /mnt/b
is "$(mounts_line vdb)" "ext4 vdb strict explicit none" \
	"... the policy stays strict"
is "$(nc-probe mount ext4 /dev/vdb /mnt/b caps=strict,capdefault=cap_net_raw+i)" \
	EINVAL "second mount with the same caps= but another capdefault=: EINVAL"
is "$(grep -c ' /mnt/b ' /proc/mounts)" 0 "... nothing mounted at B"
unmount_quietly /mnt/b
is "$(nc-probe mount ext4 /dev/vdb /mnt/b caps=strict)" OK \
	"second mount with the same caps=strict: OK"
mounted /mnt/b
ok $? "... mounted at B"
unmount_quietly /mnt/b
is "$(nc-probe mount ext4 /dev/vdb /mnt/b '')" OK \
	"second mount without newcaps options: OK"
mounted /mnt/b
ok $? "... mounted at B"
unmount_quietly /mnt/b
umount /mnt/a
ok $? "part 4: unmount"

# --- 5. a policy stored in the superblock is untrusted input (5, 6) -------
K=$NC/stored_policy
is "$(cat $K 2> /dev/null)" tighten "stored_policy: starts as tighten"
is "$(stat -c %a $K 2> /dev/null)" 644 "stored_policy: mode 0644"
for value in "" bogus Trust " trust" "trust x"; do
	is "$(nc-probe write $K "$value")" EINVAL "stored_policy: write '$value': EINVAL"
	is "$(cat $K 2> /dev/null)" tighten "stored_policy: write '$value': unchanged"
done
is "$(nc-probe run --as 1000 -- $NCP write $K trust)" EACCES \
	"stored_policy: uid 1000 gets EACCES"
is "$(cat $K 2> /dev/null)" tighten "stored_policy: unchanged by uid 1000"
is "$(setpriv --inh-caps=-mac_admin --bounding-set=-mac_admin $NCP write $K trust)" \
	EPERM "stored_policy: root without CAP_MAC_ADMIN gets EPERM"
is "$(cat $K 2> /dev/null)" tighten "stored_policy: unchanged by root without CAP_MAC_ADMIN"
for value in trust ignore tighten; do
	# the last one with a trailing newline, as echo writes it
	[ $value = tighten ] && arg="$value
" what="'$value' and a newline" || arg=$value what="'$value'"
	is "$(nc-probe write $K "$arg")" OK "stored_policy: write $what: OK"
	is "$(cat $K 2> /dev/null)" $value "stored_policy: $what reads back as $value"
done

# While default_policy is strict every program of the initramfs runs
# without system capabilities: mounts then go through a copy of nc-probe on
# a caps=inherit filesystem, and unmounts wait until the default is back.
mkdir -p /mnt/tools /mnt/sto /mnt/bog
mount -t ext4 -o caps=inherit /dev/vda /mnt/tools && cp $NCP /mnt/tools/nc-probe
ok $? "nc-probe on a caps=inherit filesystem"
TOOL=/mnt/tools/nc-probe
rc=0
for dev in vde vdf; do
	mount -t ext4 /dev/$dev /mnt/sto && cp $NCP /mnt/sto/probe || rc=1
	unmount_quietly /mnt/sto
done
ok $rc "unlabeled probes on vde and vdf"
tune2fs -E mount_opts=caps=inherit /dev/vde > /dev/null
ok $? "tune2fs -E mount_opts=caps=inherit on vde"

# stored_case STORED DEFAULT OPTIONS SETS MOUNTS-LINE NAME: mount vde with
# OPTIONS under stored_policy STORED and default_policy DEFAULT.
stored_case() {
	set_knob stored_policy "$1"
	set_knob default_policy "$2"
	is "$($TOOL mount ext4 /dev/vde /mnt/sto "$3")" OK "$6: mount"
	is "$(sets_of /mnt/sto/probe sets)" "$4" "$6: exec"
	is "$(mounts_line vde)" "$5" "$6: mounts line"
	set_knob default_policy inherit
	set_knob stored_policy tighten
	umount /mnt/sto
	ok $? "$6: unmount"
}
# The stored inherit may not be laxer than default_policy=strict ...
stored_case tighten strict "" "$(want 0 $NONE $NONE $NONE $REG)" \
	"ext4 vde strict stored none" "stored caps=inherit, tighten, default strict"
# ... unless the administrator trusts the medium ...
stored_case trust strict "" "$(want 0 $SYS $SYS $NONE $REG)" \
	"ext4 vde inherit stored none" "stored caps=inherit, trust, default strict"
# ... or ignores it: the default then decides, live.
stored_case ignore strict "" "$(want 0 $NONE $NONE $NONE $REG)" \
	"ext4 vde strict default none" "stored caps=inherit, ignore, default strict"
# An option given at mount time is the administrator's: it wins.
stored_case tighten strict caps=inherit "$(want 0 $SYS $SYS $NONE $REG)" \
	"ext4 vde inherit explicit none" "stored caps=inherit, explicit caps=inherit, tighten, default strict"
stored_case trust inherit caps=strict "$(want 0 $NONE $NONE $NONE $REG)" \
	"ext4 vde strict explicit none" "stored caps=inherit, explicit caps=strict, trust, default inherit"

# A stored value that does not parse: strict, one log line (fail closed).
tune2fs -E mount_opts=caps=bogus /dev/vdf > /dev/null
ok $? "tune2fs -E mount_opts=caps=bogus on vdf"
set_knob default_policy inherit
set_knob stored_policy trust
log_lines() { dmesg | grep newcaps | grep -c bogus; }
before=$(log_lines)
mount -t ext4 /dev/vdf /mnt/bog
ok $? "stored caps=bogus, trust, default inherit: mount succeeds"
after=$(log_lines)
is "$(sets_of /mnt/bog/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"stored caps=bogus: exec strict"
set -- $(mounts_line vdf)
is "${3:-}" strict "stored caps=bogus: mounts says strict"
is "$((after - before))" 1 "stored caps=bogus: one kernel log line naming newcaps and bogus"
set_knob stored_policy tighten
umount /mnt/bog
ok $? "stored caps=bogus: unmount"

# An option ext4 does not know, stored beside a valid caps=strict, in
# either order: ext4 drops the stored string, the filesystem stays strict.
# (tune2fs -E splits its argument at commas: debugfs stores the string.)
for stored in caps=strict,nosuchopt nosuchopt,caps=strict; do
	debugfs -w -R "ssv mount_opts $stored" /dev/vdf 2> /dev/null &&
		mount -t ext4 /dev/vdf /mnt/bog
	ok $? "stored $stored, tighten, default inherit: mount succeeds"
	is "$(sets_of /mnt/bog/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
		"stored $stored: exec strict"
	set -- $(mounts_line vdf)
	is "${3:-} ${4:-}" "strict stored" "stored $stored: mounts says strict, stored"
	umount /mnt/bog
done

# A stored capdefault= only widens what strict gives: under tighten it is
# ignored with a log line, under trust it applies.
tune2fs -E mount_opts=capdefault=cap_kill+i /dev/vdf > /dev/null
ok $? "tune2fs -E mount_opts=capdefault=cap_kill+i on vdf"
log_lines() { dmesg | grep -c 'vdf: stored capdefault= ignored'; }
before=$(log_lines)
mount -t ext4 /dev/vdf /mnt/bog && touch /mnt/bog/tight
ok $? "stored capdefault, tighten: mount, create a file"
is "$(getcap /mnt/bog/tight)" "" "stored capdefault, tighten: no masks on the new file"
is "$(( $(log_lines) - before ))" 1 "stored capdefault, tighten: one log line"
umount /mnt/bog
set_knob stored_policy trust
mount -t ext4 /dev/vdf /mnt/bog && touch /mnt/bog/trusted
ok $? "stored capdefault, trust: mount, create a file"
is "$(getcap /mnt/bog/trusted)" "/mnt/bog/trusted cap_kill=i" \
	"stored capdefault, trust: the new file carries the masks"
set_knob stored_policy tighten
umount /mnt/bog

# Leave the disks and the knobs as found.
tune2fs -E mount_opts= /dev/vde > /dev/null
tune2fs -E mount_opts= /dev/vdf > /dev/null
umount /mnt/tools
set_knob default_policy inherit
set_knob stored_policy tighten
is "$(cat $NC/default_policy)" inherit "default_policy back to inherit"
is "$(cat $K 2> /dev/null)" tighten "stored_policy back to tighten"
is "$(grep -c ' /mnt/' /proc/mounts)" 0 "nothing left mounted under /mnt"
finish
