# newcaps=on: claims of the admin guide (patches/6.1/0009, the same in patches/6.12) and of the series
# that no other guest test checked (issue 23, "Claims without a test"),
# each against what the kernel does: errno names, exact sets, file
# contents, counters and audit lines. Where the kernel does something else
# than a sentence says, the check states what it does and names the
# sentence ("differs from ...").
#
# Disks: vda caps=inherit (work tree), vdb caps=strict, vdc caps=audit,
# vdd carries options stored in its superblock.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
NC=/sys/kernel/security/newcaps
P=/usr/local/bin/nc-probe
T=/usr/local/bin/nc-try
plan 112

stat_of() { # the stats counter NAME
	while read -r key value; do
		[ "$key" = "$1" ] && echo "$value"
	done < $NC/stats
}
denied() { stat_of "denied_$1"; }
mounts_line() { # the "mounts" line of a device, by name (builtins only)
	while read -r line; do
		case $line in "ext4 $1 "*) echo "$line" ;; esac
	done < $NC/mounts
}
# Knob writes with the shell's own echo: no exec, so they work whatever
# default_policy does to the programs of the initramfs.
set_knob() { { echo "$2" > $NC/$1; } 2> /dev/null; }
lines() { # one line, for exact comparisons ("" stays "")
	[ -z "$1" ] || echo "$1" | tr '\n' '|'
}
# wait_for TEST...: poll (5 s at most) until the test command succeeds
wait_for() {
	n=0
	while ! "$@" && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
}

is "$(cat $NC/enabled)" 1 "newcaps is on"
mkdir -p /mnt/inh /mnt/str /mnt/aud /mnt/sto
mount -t ext4 -o caps=inherit /dev/vda /mnt/inh &&
	mount -t ext4 -o caps=strict /dev/vdb /mnt/str &&
	mount -t ext4 -o caps=audit /dev/vdc /mnt/aud
ok $? "mount caps=inherit, caps=strict and caps=audit filesystems"
D=/mnt/inh
echo original > $D/f && cp $P $D/probe && cp $P $D/probe-suid &&
	chmod 4755 $D/probe-suid && cp $P /mnt/str/probe
ok $? "work files and probes in place"

# --- cap_reg_open and O_PATH (guide: "nor are O_PATH descriptors") -------
before=$(denied reg_open)
out=$($T --drop-reg cap_reg_open opath:/etc/passwd opath:$D reopen:/etc/passwd \
	open:/etc/passwd)
is "$(lines "$out")" "opath:/etc/passwd OK|opath:$D OK|reopen:/etc/passwd EPERM|open:/etc/passwd EPERM|" \
	"without cap_reg_open: O_PATH opens succeed, a real open through the O_PATH descriptor's /proc link does not"
is "$(( $(denied reg_open) - before ))" 2 \
	"stats: the two real opens are counted, the O_PATH ones are not"
is "$(lines "$($T reopen:/etc/passwd)")" "reopen:/etc/passwd OK|" \
	"control: the reopen works with cap_reg_open"

# --- cap_reg_open and pidfds: a pidfd is a handle the kernel makes, not a
# file one opens (6.1: an anonymous inode; 6.12: a pidfs file the kernel
# opens itself), so the drop leaves pidfd_open() and CLONE_PIDFD alone.
out=$($T --drop-reg cap_reg_open pidfd-open clone-pidfd open:/etc/passwd)
is "$(lines "$out")" "pidfd-open OK|clone-pidfd OK|open:/etc/passwd EPERM|" \
	"without cap_reg_open: pidfd_open() and clone3(CLONE_PIDFD) give a pidfd, open() is refused"

# --- threads (guide: "fail with EPERM, for new threads as for new
# processes"; a drop holds for the threads created after it) --------------
before=$(denied reg_fork)
out=$($T --drop-reg cap_reg_fork thread:regular)
is "$(lines "$out")" "thread:regular EPERM|" \
	"without cap_reg_fork: pthread_create (clone3, CLONE_THREAD) EPERM"
is "$(( $(denied reg_fork) - before ))" 1 "stats: the thread denial is counted"
out=$($T --drop-reg cap_reg_write thread:regular thread:wopen:$D/f thread:open:$D/f \
	thread:thread:wopen:$D/f)
is "$(lines "$out")" "regular ffef000000000000|thread:regular OK|thread:wopen:$D/f EACCES|thread:open:$D/f OK|thread:thread:wopen:$D/f EACCES|" \
	"a thread created after dropping cap_reg_write lacks it, and so does its own thread"
out=$($T thread:regular thread:wopen:$D/f)
is "$(lines "$out")" "regular ffff000000000000|thread:regular OK|thread:wopen:$D/f OK|" \
	"control: a thread of a process that dropped nothing writes"
# capset() changes the calling thread's credentials only (as mainline):
# a thread started before the drop keeps its set. Not in the guide.
out=$($T spawn drop:cap_reg_write in-spawned:regular in-spawned:wopen:$D/f \
	regular wopen:$D/f)
is "$(lines "$out")" "spawn OK|drop:cap_reg_write OK|regular ffff000000000000|in-spawned:regular OK|in-spawned:wopen:$D/f OK|regular ffef000000000000|wopen:$D/f EACCES|" \
	"a drop is per thread: a thread started before it keeps cap_reg_write"
is "$(cat $D/f)" original "the file is untouched (the opens for writing wrote nothing)"

# --- attach-level accesses without cap_reg_ptrace (guide: "fail with
# EPERM, as do the other attach-level accesses process_vm_readv(),
# process_vm_writev() and pidfd_getfd()"; /proc/PID/mem EACCES) -------------
# mem-read/mem-write: /proc/PID/mem of a child forked before the drop; the
# write is read back.
before=$(denied reg_ptrace)
out=$($T --drop-reg cap_reg_ptrace mem-read mem-write open:/proc/self/mem)
is "$(lines "$out")" "mem-read EACCES|mem-write EACCES|open:/proc/self/mem OK|" \
	"without cap_reg_ptrace: /proc/PID/mem of another process EACCES (mainline's mm_access errno, not EPERM), one's own opens"
is "$(( $(denied reg_ptrace) - before ))" 2 "stats: the two /proc/PID/mem denials are counted"
is "$(lines "$($T mem-read mem-write)")" "mem-read OK|mem-write OK|" \
	"control: /proc/PID/mem read, written and read back"
out=$($T --drop-reg cap_reg_write mem-read mem-write)
is "$(lines "$out")" "mem-read OK|mem-write EACCES|" \
	"without cap_reg_write: /proc/PID/mem opens for reading, not for writing (a write open)"

# pidfd_getfd: a descriptor open for appending in another process.
: > $D/log
sleep 1000 3>> $D/log &
holder=$!
wait_for test -e /proc/$holder/fd/3
out=$($T --drop-reg cap_reg_ptrace getfd:$holder:3 fd-text:ptrace)
is "$(lines "$out")" "getfd:$holder:3 EPERM|fd-text:ptrace EBADF|" \
	"without cap_reg_ptrace: pidfd_getfd EPERM"
# guide, cap_reg_write: "descriptors opened for writing elsewhere and
# received with SCM_RIGHTS or pidfd_getfd() keep working"
out=$($T --drop-reg cap_reg_write wopen:$D/log getfd:$holder:3 fd-text:received)
is "$(lines "$out")" "wopen:$D/log EACCES|getfd:$holder:3 OK|fd-text:received OK|" \
	"without cap_reg_write: no write open, but a descriptor taken with pidfd_getfd writes"
is "$(cat $D/log)" received "... and the file holds what it wrote"
kill $holder
before=$(denied reg_ptrace)
is "$(lines "$($T --drop-reg cap_reg_ptrace vm-read vm-write)")" "vm-read EPERM|vm-write EPERM|" \
	"without cap_reg_ptrace: process_vm_readv and process_vm_writev EPERM"
is "$(( $(denied reg_ptrace) - before ))" 2 "stats: the process_vm_readv and process_vm_writev denials are counted"
is "$(lines "$($T vm-read vm-write)")" "vm-read OK|vm-write OK|" \
	"control: process_vm_readv reads, process_vm_writev writes and process_vm_readv reads it back"

# --- writes to securityfs need CAP_MAC_ADMIN of the opener and of the
# writer (guide, securityfs) ---------------------------------------------
K=$NC/default_policy
no_mac_admin() { setpriv --inh-caps=-mac_admin --bounding-set=-mac_admin "$@"; }
# knob_written [LAUNCHER...]: a shell started by LAUNCHER opens the knob
# default_policy (fd 3); root with every capability takes the descriptor
# with pidfd_getfd and writes "audit" through it. Prints the result of the
# write and the knob's value after it. (LAUNCHER is a program, not a shell
# function: $! must be the process that holds the descriptor.)
knob_written() {
	"$@" sh -c "exec 3> $K; exec sleep 1000" &
	holder=$!
	wait_for test -e /proc/$holder/fd/3
	r=$($T getfd:$holder:3 fd-text:audit | sed -n 's/^fd-text:audit //p')
	kill $holder
	echo "$r $(cat $K)"
}
is "$(knob_written /usr/bin/setpriv --inh-caps=-mac_admin --bounding-set=-mac_admin)" \
	"EPERM inherit" \
	"a knob opened without CAP_MAC_ADMIN: root with it gets EPERM writing, the knob is unchanged"
is "$(knob_written)" "OK audit" \
	"control: a knob opened with CAP_MAC_ADMIN, written through the taken descriptor"
set_knob default_policy inherit
# Opened by this shell (CAP_MAC_ADMIN), written by a process without it.
out=$(no_mac_admin $T use-fd:4 fd-text:audit 4> $K)
is "$(lines "$out")" "use-fd:4 OK|fd-text:audit EPERM|" \
	"a knob opened with CAP_MAC_ADMIN, written by a process without it: EPERM"
is "$(cat $K)" inherit "... default_policy unchanged"

# --- setns into a user namespace (guide: entering one keeps the regular
# region of every set and of the bounding set, and SECURE_NO_SXID_SANITIZE,
# locked; system sets as mainline) ------------------------------------------
/usr/bin/unshare -U sleep 1000 &
userns=$!
self_ns=$(readlink /proc/self/ns/user)
wait_for test "$(readlink /proc/$userns/ns/user 2> /dev/null)" != "$self_ns"
out=$($T --drop-reg cap_reg_write bset-drop:cap_reg_exec setns-user:$userns caps \
	bset-read:cap_reg_exec wopen:$D/f raise:cap_reg_write)
is "$(lines "$out")" "bset-drop:cap_reg_exec OK|setns-user:$userns OK|caps e=ffef01ffffffffff p=ffef01ffffffffff i=ffef000000000000|bset-read:cap_reg_exec 0|wopen:$D/f EACCES|raise:cap_reg_write EPERM|" \
	"setns: every system capability of the namespace in Pp and Pe, none in Pi; cap_reg_write and the bounding-set drop stay"
out=$($T setns-user:$userns caps)
is "$(lines "$out")" "setns-user:$userns OK|caps e=ffff01ffffffffff p=ffff01ffffffffff i=ffff000000000000|" \
	"control: setns without a drop keeps every regular capability"
out=$($T --drop-reg cap_reg_write securebits:10000 setns-user:$userns securebits:0)
is "$(lines "$out")" "securebits:10000 OK|setns-user:$userns OK|securebits:0 EPERM|" \
	"setns keeps SECURE_NO_SXID_SANITIZE, locked"
kill $userns

# --- user namespaces need cap_reg_write to map ids (guide, Side effects)
out=$($T --drop-reg cap_reg_write userns-root)
is "$(lines "$out")" "userns-root EACCES|" \
	"without cap_reg_write: unshare(CLONE_NEWUSER) and writing setgroups/uid_map: EACCES"
out=$($T --drop-reg cap_reg_write unshare-user wopen:/proc/self/uid_map)
is "$(lines "$out")" "unshare-user OK|wopen:/proc/self/uid_map EACCES|" \
	"... the namespace is made, its uid_map cannot be opened for writing"
is "$(lines "$($T userns-root)")" "userns-root OK|" "control: with cap_reg_write the ids are mapped"
out=$(newcaps-exec --drop=reg_write -- /usr/bin/unshare -r true 2>&1)
is "$?:$(echo "$out" | grep -c 'Permission denied')" "1:1" \
	"unshare -r without cap_reg_write fails (exit 1, Permission denied)"

# --- io_uring (guide: "io_uring_setup() with IORING_SETUP_SQPOLL fails with
# EPERM" without cap_reg_fork) ---------------------------------------------
out=$($T --drop-reg cap_reg_fork uring sqpoll)
is "$(lines "$out")" "uring OK|sqpoll EPERM|" \
	"without cap_reg_fork: io_uring_setup works, with IORING_SETUP_SQPOLL EPERM"
is "$(lines "$($T sqpoll)")" "sqpoll OK|" "control: SQPOLL with cap_reg_fork"

# --- what a drop does not reach (guide, "What a drop promises"): a ring set
# up before it keeps serving with the credentials it captured; BPF_OBJ_GET
# is not a filesystem open -------------------------------------------------
out=$($T --keep-ring --drop-reg cap_reg_open ring-open:/etc/passwd open:/etc/passwd)
is "$(lines "$out")" "ring-open:/etc/passwd OK|open:/etc/passwd EPERM|" \
	"a SQPOLL ring set up before dropping cap_reg_open still opens; open(2) does not"
out=$($T --drop-reg cap_reg_open --keep-ring ring-open:/etc/passwd)
is "$(lines "$out")" "ring-open:/etc/passwd EPERM|" \
	"control: a ring set up after the drop opens nothing"
mkdir -p /sys/fs/bpf && mount -t bpf bpf /sys/fs/bpf &&
	is "$(lines "$($T bpf-pin:/sys/fs/bpf/held)")" "bpf-pin:/sys/fs/bpf/held OK|" \
	"a BPF map pinned on bpffs"
out=$($T --drop-reg cap_reg_open bpf-get:/sys/fs/bpf/held open:/sys/fs/bpf/held)
is "$(lines "$out")" "bpf-get:/sys/fs/bpf/held OK|open:/sys/fs/bpf/held EPERM|" \
	"without cap_reg_open: BPF_OBJ_GET of the pinned map works, open(2) of it does not"
umount /sys/fs/bpf

# --- core dumps (guide, Side effects: to a file they fail without
# cap_reg_open or cap_reg_write; a | pipe helper still works) -------------
old_pattern=$(cat /proc/sys/kernel/core_pattern)
mkdir -p /tmp/cores
echo "/tmp/cores/core.%p" > /proc/sys/kernel/core_pattern
# crash_cores [nc-try options]: nc-try's child crashes (what wait() says of
# its core), then the core files: "core empty" or "core nonempty" each
crash_cores() {
	rm -f /tmp/cores/*
	$T "$@" crash
	for c in /tmp/cores/*; do
		[ -e "$c" ] || continue
		[ -s "$c" ] && echo "core nonempty" || echo "core empty"
	done
}
is "$(lines "$(crash_cores)")" "crash core|core nonempty|" \
	"control: a crash dumps core to a file"
is "$(lines "$(crash_cores --drop-reg cap_reg_write)")" "crash nocore|" \
	"without cap_reg_write: no core file (its creation is refused)"
# The dump creates the file (cap_reg_write is held), then its open fails.
is "$(lines "$(crash_cores --drop-reg cap_reg_open)")" "crash nocore|core empty|" \
	"without cap_reg_open: no core, the file the dump created stays empty"
rm -f /tmp/umh-dropped
echo "|$T create:/tmp/umh-dropped" > /proc/sys/kernel/core_pattern
is "$(lines "$($T --drop-reg cap_reg_open,cap_reg_write crash)")" "crash core|" \
	"without cap_reg_open and cap_reg_write: a | core_pattern helper takes the core"
wait_for test -e /tmp/umh-dropped
test -e /tmp/umh-dropped
ok $? "... and creates its file (a usermode helper holds every regular capability)"
echo "$old_pattern" > /proc/sys/kernel/core_pattern

# --- the ioctls that change a file through a read-only descriptor (guide:
# "chattr, dedupe, verity, encryption policy, filesystem label (EPERM)") ---
ioctls="fssetxattr setversion setfslabel dedupe verity encrypt"
args=
for i in $ioctls; do args="$args ioctl:$i:$D/f"; done
before=$(denied reg_write)
out=$($T --drop-reg cap_reg_write $args)
is "$(echo "$out" | sed "s|:$D/f||" | tr '\n' '|')" \
	"ioctl:fssetxattr EPERM|ioctl:setversion EPERM|ioctl:setfslabel EPERM|ioctl:dedupe EPERM|ioctl:verity EPERM|ioctl:encrypt EPERM|" \
	"without cap_reg_write: FS_IOC_FSSETXATTR, SETVERSION, SETFSLABEL, FIDEDUPERANGE, ENABLE_VERITY, SET_ENCRYPTION_POLICY through a read-only descriptor EPERM"
is "$(( $(denied reg_write) - before ))" 6 "stats: 6 write denials counted"
# Control: ext4 answers itself (metadata_csum refuses SETVERSION; this
# guest has neither verity nor encryption).
out=$($T $args)
is "$(echo "$out" | sed "s|:$D/f||" | tr '\n' '|')" \
	"ioctl:fssetxattr OK|ioctl:setversion ENOTTY|ioctl:setfslabel OK|ioctl:dedupe EOPNOTSUPP|ioctl:verity EOPNOTSUPP|ioctl:encrypt EOPNOTSUPP|" \
	"control: with cap_reg_write ext4 answers each ioctl itself"
out=$($T --keep-fd $D/f --drop-reg cap_reg_write fd-ioctl:fssetxattr fd-ioctl:setfslabel)
is "$(lines "$out")" "fd-ioctl:fssetxattr OK|fd-ioctl:setfslabel OK|" \
	"without cap_reg_write, through a descriptor opened for writing before: they work"
# Writing ioctls fail closed (Review IV): a filesystem's own ioctl that may
# write (ext4's migrate and checkpoint) is refused on a read-only
# descriptor; those that change nothing still work. ext4 answers the
# control itself: the file has extents already (migrate EINVAL).
args="ioctl:migrate:$D/f ioctl:checkpoint:$D/f ioctl:fiemap:$D/f ioctl:getflags:$D/f"
is "$(lines "$($T --drop-reg cap_reg_write $args)" | sed "s|:$D/f||g")" \
	"ioctl:migrate EPERM|ioctl:checkpoint EPERM|ioctl:fiemap OK|ioctl:getflags OK|" \
	"without cap_reg_write, read-only descriptor: ext4's migrate and checkpoint EPERM, fiemap and getflags work"
is "$(lines "$($T $args)" | sed "s|:$D/f||g")" \
	"ioctl:migrate EINVAL|ioctl:checkpoint OK|ioctl:fiemap OK|ioctl:getflags OK|" \
	"control: with cap_reg_write ext4 answers migrate and checkpoint itself"
# On a device, SG_IO (SCSI commands, which may write) needs cap_reg_write
# whatever the descriptor: here an INQUIRY on a disk opened read-only.
is "$(lines "$($T --drop-reg cap_reg_write ioctl:sgio:/dev/vdd)")" "ioctl:sgio:/dev/vdd EPERM|" \
	"without cap_reg_write: SG_IO on a block device opened read-only, EPERM"
is "$(lines "$($T ioctl:sgio:/dev/vdd)")" "ioctl:sgio:/dev/vdd ENOTTY|" \
	"control: with it the driver answers (virtio-blk has no SG_IO: ENOTTY)"
# Dedupe writes into its target: refused from a descriptor open for
# writing too, when the target is read-only.
cp $D/f $D/f-dedupe
is "$(lines "$($T --keep-fd $D/f --drop-reg cap_reg_write dedupe-into:$D/f-dedupe)")" \
	"dedupe-into:$D/f-dedupe EPERM|" \
	"without cap_reg_write, FIDEDUPERANGE from a write-open descriptor into a read-only one: EPERM"
is "$(lines "$($T --keep-fd $D/f dedupe-into:$D/f-dedupe)")" \
	"dedupe-into:$D/f-dedupe EOPNOTSUPP|" \
	"control: with cap_reg_write ext4 answers the dedupe itself"

# --- denied_reg_sxid (guide: "Each denial is counted in stats") ----------
grep -q '^denied_reg_sxid [0-9]*$' $NC/stats
ok $? "stats has a denied_reg_sxid line"
before=$(denied reg_sxid)
is "$(sets_of $P run --as 1000 --drop-reg cap_reg_sxid -- $D/probe-suid sets)" \
	"$(want 1000 $NONE $NONE $NONE $REG_NO_SXID)" \
	"without cap_reg_sxid, uid 1000 runs a setuid-root program: no gain"
is "$(( $(denied reg_sxid) - before ))" 1 "denied_reg_sxid: the refused gain is counted"
before=$(denied reg_sxid)
# Both execs must run (their euid line shows it): nothing counted proves
# nothing if nothing ran.
ran=$($P run --as 1000 --drop-reg cap_reg_sxid -- $D/probe sets | grep -c '^euid ')
ran=$ran$($P run --drop-reg cap_reg_sxid -- $D/probe-suid sets | grep -c '^euid ')
is "$ran:$(( $(denied reg_sxid) - before ))" "11:0" \
	"denied_reg_sxid: not counted for a plain program, nor for root's setuid-root exec (both ran; nothing to gain)"

# --- setpriv --reuid and keep_caps (guide, "setpriv and keep_caps") ------
# Root's Pi holds only what was put there: here cap_net_bind_service, by
# setpriv (an ambient capability must be inheritable too).
inh_nbs() { setpriv --inh-caps=+net_bind_service "$@"; }
is "$(lines "$(inh_nbs $T keepcaps setuid:1000 inh)")" "keepcaps OK|setuid:1000 OK|inh 0000000000000000|" \
	"leaving uid 0 with keep_caps empties the system part of Pi but what was ambient"
# systemd's User= with AmbientCapabilities=: what was ambient stays in Pi,
# so the ambient set cleared by the uid change can be raised again.
is "$(lines "$(inh_nbs $T keepcaps ambient:cap_net_bind_service setuid:1000 inh ambient:cap_net_bind_service)")" \
	"keepcaps OK|ambient:cap_net_bind_service OK|setuid:1000 OK|inh 0000000000000400|ambient:cap_net_bind_service OK|" \
	"leaving uid 0 keeps in Pi what was ambient; it can be raised again"
# Without keep_caps Pp loses its system part, and so does Pi (SPEC 4.2).
is "$(lines "$(inh_nbs $T ambient:cap_net_bind_service setuid:1000 inh ambient:cap_net_bind_service)")" \
	"ambient:cap_net_bind_service OK|setuid:1000 OK|inh 0000000000000000|ambient:cap_net_bind_service EPERM|" \
	"without keep_caps Pi keeps no system capability; nothing can be raised"
reuid() { setpriv --reuid 1000 --regid 1000 --clear-groups "$@"; }
is "$(sets_of reuid $D/probe sets)" "$(want 1000 $NONE $NONE $NONE $REG)" \
	"setpriv --reuid: an unlabeled program on caps=inherit gets nothing of root's"
is "$(sets_of reuid --inh-caps=+net_raw $D/probe sets)" \
	"$(want 1000 $NET_RAW $NET_RAW $NET_RAW $REG)" \
	"setpriv --reuid --inh-caps=+net_raw: cap_net_raw alone"
is "$(sets_of reuid /mnt/str/probe sets)" "$(want 1000 $NONE $NONE $NONE $REG)" \
	"setpriv --reuid: an unlabeled program on caps=strict gets nothing"
# The shell setpriv starts, its own sets read with builtins only; it lives
# on the initramfs, which follows default_policy=inherit.
SHOW='while read -r k v1 v2 r; do case $k in Uid:) echo "euid $v2" ;; Cap*) echo "$k $v1" ;; esac; done < /proc/$$/status'
is "$(sets_of reuid sh -c "$SHOW")" "$(want 1000 $NONE $NONE $NONE $REG)" \
	"setpriv --reuid sh: the shell holds no system capability, as on mainline"

# --- masks from another user namespace are ignored (guide, nosuid) -------
S=/mnt/str
cp $P $S/ns-ep && chown 1000:1000 $S/ns-ep && cp $P $S/init-ep &&
	setcap cap_net_raw+ep $S/init-ep
ok $? "ns-ep (owned by uid 1000) and init-ep (cap_net_raw+ep) on caps=strict"
$P run --as 1000 -- /usr/bin/unshare -Ur /usr/sbin/setcap cap_net_raw+ep $S/ns-ep
ok $? "uid 1000 labels ns-ep cap_net_raw+ep in a user namespace of its own"
is "$(getcap -n $S/ns-ep)" "$S/ns-ep cap_net_raw=ep [rootid=1000]" \
	"ns-ep's masks belong to the namespace whose root is uid 1000"
is "$(sets_of $S/ns-ep sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"root in the initial namespace: ns-ep's masks ignored, unlabeled on strict: nothing"
is "$(sets_of $S/init-ep sets)" "$(want 0 $NET_RAW $NET_RAW $NONE $REG)" \
	"control: init-ep's masks give root cap_net_raw"
is "$(sets_of $P run --as 1000 -- /usr/bin/unshare -Ur $S/ns-ep sets)" \
	"$(want 0 $NET_RAW $NET_RAW $NONE $REG)" \
	"control: in uid 1000's namespace ns-ep's masks count"

# --- options stored in the superblock (guide, "Policies stored on the
# medium") ------------------------------------------------------------------
mount -t ext4 /dev/vdd /mnt/sto && cp $P /mnt/sto/probe && umount /mnt/sto
ok $? "unlabeled probe on vdd"
# "the comparison follows later changes of default_policy": stored audit,
# tighten. Probes run between knob changes; mounts read back.
tune2fs -E mount_opts=caps=audit /dev/vdd > /dev/null
mount -t ext4 /dev/vdd /mnt/sto
ok $? "stored caps=audit, tighten, default inherit: mount"
# under POLICY: with default_policy POLICY, the mounts line of vdd, the sets
# of an exec on it and whether unlabeled_execs_audit counted that exec;
# default_policy is inherit again afterwards
under() {
	set_knob default_policy "$1"
	a0=$(stat_of unlabeled_execs_audit)
	s=$(sets_of /mnt/sto/probe sets)
	echo "$(mounts_line vdd) / $s audit+$(( $(stat_of unlabeled_execs_audit) - a0 ))"
	set_knob default_policy inherit
}
is "$(under inherit)" "ext4 vdd audit stored none / $(want 0 $SYS $SYS $NONE $REG) audit+1" \
	"default inherit: the stored audit applies"
is "$(under strict)" "ext4 vdd strict stored none / $(want 0 $NONE $NONE $NONE $REG) audit+0" \
	"default_policy changed to strict after the mount: strict"
is "$(under inherit)" "ext4 vdd audit stored none / $(want 0 $SYS $SYS $NONE $REG) audit+1" \
	"default_policy back to inherit: the stored audit again"
umount /mnt/sto
set_knob stored_policy trust
mount -t ext4 /dev/vdd /mnt/sto
is "$(under strict)" "ext4 vdd audit stored none / $(want 0 $SYS $SYS $NONE $REG) audit+1" \
	"control: under trust the stored audit stays when default_policy becomes strict"
umount /mnt/sto
set_knob stored_policy tighten

# "a bad stored capdefault= is dropped": no masks, one log line; the policy
# stays the default one (only a bad caps= makes the filesystem strict).
log_lines() { dmesg | grep -c "newcaps: vdd: stored option capdefault="; }
set_knob stored_policy trust
for stored in capdefault=cap_net_raw+p capdefault=nosuchcap+i; do
	debugfs -w -R "ssv mount_opts $stored" /dev/vdd 2> /dev/null
	before=$(log_lines)
	mount -t ext4 /dev/vdd /mnt/sto && rm -f /mnt/sto/new && touch /mnt/sto/new
	ok $? "stored $stored, trust: mount, create a file"
	is "$(getcap /mnt/sto/new)" "" "stored $stored: no masks on the new file"
	is "$(mounts_line vdd) / $(sets_of /mnt/sto/probe sets)" \
		"ext4 vdd inherit default none / $(want 0 $SYS $SYS $NONE $REG)" \
		"stored $stored: the filesystem follows default_policy (inherit)"
	is "$(( $(log_lines) - before ))" 1 "stored $stored: one kernel log line"
	umount /mnt/sto
done
is "$(dmesg | grep 'newcaps: vdd: stored option capdefault=' | tail -n 1 | sed 's/^\[[ 0-9.]*\] //')" \
	"newcaps: vdd: stored option capdefault='nosuchcap+i' does not parse: no default masks" \
	"the log line names the device, the value and what happens"
debugfs -w -R "ssv mount_opts caps=strict,capdefault=nosuchcap+i" /dev/vdd 2> /dev/null
mount -t ext4 /dev/vdd /mnt/sto && rm -f /mnt/sto/new && touch /mnt/sto/new
is "$(getcap /mnt/sto/new) / $(mounts_line vdd)" " / ext4 vdd strict stored none" \
	"stored caps=strict beside a bad capdefault=: strict, no masks"
umount /mnt/sto
tune2fs -E mount_opts=capdefault=cap_kill+i /dev/vdd > /dev/null
mount -t ext4 /dev/vdd /mnt/sto && rm -f /mnt/sto/new && touch /mnt/sto/new
is "$(getcap /mnt/sto/new)" "/mnt/sto/new cap_kill=i" \
	"control: a valid stored capdefault= under trust puts its masks on a new file"
umount /mnt/sto
set_knob stored_policy tighten
tune2fs -E mount_opts= /dev/vdd > /dev/null

# --- paths of audit events: 256 bytes kept (patch 8: "Paths longer than
# the 256 bytes an event keeps are recorded as .../NAME") ------------------
# field N of the audit event whose field 3 (inode) or 9 (script inode) is INO
event_field() { awk -v f="$1" -v c="$2" -v i="$3" '$c == i { v = $f } END { print v }' $NC/audit; }
long=/mnt/aud/$(printf '%0200d' 0 | tr 0 d)	# 209 bytes
n45=$(printf '%045d' 0 | tr 0 p)
n46=$(printf '%046d' 0 | tr 0 q)
mkdir $long && cp $P $long/$n45 && cp $P $long/$n46
ok $? "probes at paths of 255 and 256 bytes on caps=audit"
$long/$n45 sets > /dev/null && $long/$n46 sets > /dev/null
is "$(event_field 4 3 "$(stat -c %i $long/$n45)")" "$long/$n45" \
	"a 255-byte path is recorded whole"
is "$(event_field 4 3 "$(stat -c %i $long/$n46)")" ".../$n46" \
	"a 256-byte path is recorded as .../NAME"
# A #! script's path, as execve() named it, made absolute (its interpreter
# /bin/sh is on the initramfs, the script on caps=audit).
n60=$(printf '%060d' 0 | tr 0 s)
printf '#!/bin/sh\n:\n' > $long/$n60 && chmod 755 $long/$n60
ino=$(stat -c %i $long/$n60)
(cd $long && ./$n60)
rel=$(event_field 11 10 "$ino")
$long/$n60
abs=$(event_field 11 10 "$ino")
is "$rel" ".../$n60" \
	"a script run by a relative name, 270 bytes made absolute: recorded as .../NAME"
is "$abs" ".../$n60" \
	"a script run by its 270-byte absolute name: recorded as .../NAME"

# --- overlayfs (guide: "the policy is that of the filesystem holding the
# real file ... Masks are read through overlayfs as mainline reads them") --
mkdir -p /ovl/lower /mnt/str/upper /mnt/str/work /mnt/ovl
cp $P /ovl/lower/low-probe && cp $P /mnt/str/upper/up-probe &&
	cp $P /mnt/str/upper/up-raw && setcap cap_net_raw+ep /mnt/str/upper/up-raw &&
	mount -t overlay -o lowerdir=/ovl/lower,upperdir=/mnt/str/upper,workdir=/mnt/str/work \
		ovl /mnt/ovl
ok $? "overlayfs: lower layer on the initramfs, upper on caps=strict"
is "$(sets_of /mnt/ovl/low-probe sets)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"overlayfs: a program of the lower layer follows default_policy (inherit)"
is "$(sets_of /mnt/ovl/up-probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"overlayfs: an unlabeled program of the upper layer (caps=strict) gets nothing"
is "$(sets_of /mnt/ovl/up-raw sets)" "$(want 0 $NET_RAW $NET_RAW $NONE $REG)" \
	"overlayfs: masks read through overlayfs (cap_net_raw+ep on the upper layer)"
touch /mnt/ovl/low-probe
is "$(sets_of /mnt/ovl/low-probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"overlayfs: copied up to the strict upper layer, the same program gets nothing"
umount /mnt/ovl
ok $? "overlayfs unmounted"

# --- binfmt_misc (guide: "for a #! script (and a binfmt_misc interpreter)
# the strictest policy of the script's and the interpreter's filesystems
# applies ... The masks are the interpreter's") ------------------------------
# Interpreters: busybox as "sh" on the initramfs (inherit), on caps=strict,
# and on caps=strict labelled cap_net_raw+ep; each runs a file of builtins.
B=/proc/sys/fs/binfmt_misc
mkdir -p /mnt/str/raw && cp /bin/busybox /mnt/str/sh && cp /bin/busybox /mnt/str/raw/sh &&
	setcap cap_net_raw+ep /mnt/str/raw/sh && mount -t binfmt_misc none $B &&
	echo ':ncinh:E::ncinh::/bin/sh:' > $B/register &&
	echo ':ncstr:E::ncstr::/mnt/str/sh:' > $B/register &&
	echo ':ncraw:E::ncraw::/mnt/str/raw/sh:' > $B/register
ok $? "binfmt_misc: three interpreters registered by extension"
for f in $D/show.ncinh /mnt/str/show.ncinh $D/show.ncstr $D/show.ncraw; do
	echo "$SHOW" > $f && chmod 755 $f
done
is "$(sets_of $D/show.ncinh)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"binfmt_misc: file and interpreter on inherit: root's system set"
is "$(sets_of /mnt/str/show.ncinh)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"binfmt_misc: file on caps=strict, interpreter on inherit: strict, nothing"
is "$(sets_of $D/show.ncstr)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"binfmt_misc: file on inherit, interpreter on caps=strict: strict, nothing"
is "$(sets_of $D/show.ncraw)" "$(want 0 $NET_RAW $NET_RAW $NONE $REG)" \
	"binfmt_misc: the interpreter's masks decide (cap_net_raw+ep)"
echo -1 > $B/status && umount $B
ok $? "binfmt_misc entries removed, unmounted"

# --- cap_reg_write and the writes a system capability decides (guide: "a
# read-write mount or remount (CAP_SYS_ADMIN) is left to it; FITRIM, an
# ioctl on a directory not open for writing, is refused") and no log of a
# denial ("Denials are not logged") ------------------------------------------
mount -o remount,ro /mnt/aud && grep -q ' /mnt/aud ext4 ro,' /proc/mounts
ok $? "remount,ro of /mnt/aud (by root with everything)"
newcaps-exec --drop=reg_write -- busybox mount -o remount,rw /mnt/aud
is "$?:$(awk '$2 == "/mnt/aud" { split($4, o, ","); print o[1] }' /proc/mounts)" "0:rw" \
	"without cap_reg_write, root remounts it read-write (CAP_SYS_ADMIN decides)"
trim() { # trim [LAUNCHER...]: fstrim's exit status and errno text
	out=$("$@" busybox fstrim /mnt/aud 2>&1)
	echo "$? ${out##*: }"
}
is "$(trim newcaps-exec --drop=reg_write --) | $(trim)" \
	"1 Operation not permitted | 0 " \
	"FITRIM without cap_reg_write: EPERM (an ioctl not known to change nothing); with it, the disk trims"
log_before=$(dmesg | grep -c newcaps)
before=$(denied reg_write)
for i in 1 2 3; do
	newcaps-exec --drop=reg_write -- sh -c "echo x > $D/denied-$i" 2> /dev/null
done
is "$(( $(denied reg_write) - before )) $(dmesg | grep -c newcaps)" "3 $log_before" \
	"three write opens refused without cap_reg_write: counted three times, not one kernel log line"

set_knob default_policy inherit
set_knob stored_policy tighten
is "$(cat $NC/default_policy) $(cat $NC/stored_policy)" "inherit tighten" "knobs back to inherit, tighten"
unmount_all "unmount everything" /mnt/inh /mnt/str /mnt/aud
finish
