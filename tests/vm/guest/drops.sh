# newcaps=on, SPEC 4.1.4, 4.2, 4.3: what a process dropped it cannot get
# back -- only an exec that really raises privilege sanitizes, and only to
# the bounding set -- while the root of a new user namespace keeps its
# capabilities across exec, legacy capset callers keep working and
# cap_reg_write also covers truncation and storage character devices.
# Each case is a finding of the first security review (issue 8).
. /tests/lib/tap.sh
. /tests/lib/sets.sh
T=/usr/local/bin/nc-try
P=/usr/local/bin/nc-probe
plan 58

mkdir -p /mnt/inh /mnt/str
mount -t ext4 -o caps=inherit /dev/vda /mnt/inh &&
mount -t ext4 -o caps=strict /dev/vdb /mnt/str
ok $? "mount caps=inherit and caps=strict filesystems"

# Programs under test: copies of nc-try, which prints "regular MASK" when
# exec'd. suid: setuid root. sgid-own/sgid-new: setgid to a group uid 1000
# holds as a supplementary group / does not hold. raw-p: cap_net_raw+p.
# self-raw: cap_net_raw+p valid in a user namespace whose root is uid 1000.
i=/mnt/inh
cp $T $i/suid && chmod 4755 $i/suid &&
	cp $T $i/sgid-own && chown 1000:1001 $i/sgid-own && chmod 2755 $i/sgid-own &&
	cp $T $i/sgid-new && chown 1000:1002 $i/sgid-new && chmod 2755 $i/sgid-new &&
	cp $T $i/raw-p && setcap cap_net_raw+p $i/raw-p &&
	cp $T $i/self-raw && chown 1000:1000 $i/self-raw &&
	setcap -n 1000 cap_net_raw+p $i/self-raw
ok $? "test programs in place"
# uid 1000 with supplementary group 1001 and no system capability. setpriv
# keeps the inheritable set across the uid change (PR_SET_KEEPCAPS), and in
# this model Pi carries capabilities across exec: clear it. A legacy tool,
# it keeps the regular capabilities, as every process starting from root.
as_user() { setpriv --reuid 1000 --regid 1000 --groups 1001 --inh-caps=-all "$@"; }


# --- the root of a new user namespace is its init (SPEC 4.2) -----------------
# Mainline: uid 0 in the namespace holds every capability after exec.
# newcaps: Pp = Pe = every system capability, Pi none, regular region
# kept; the probe is unlabeled on an inherit filesystem and the root rule
# reads Pi as Pp & bnd: P'p = every system capability, P'i = Pi & P'p.
is "$(sets_of unshare -Ur $P sets)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"root: unshare -Ur then exec keeps the namespace's capabilities"
is "$(sets_of as_user unshare -Ur $P sets)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"uid 1000: unshare -Ur then exec keeps the namespace's capabilities"
is "$(sets_of as_user unshare -Ur /bin/sh -c "$P sets")" \
	"$(want 0 $SYS $SYS $NONE $REG)" \
	"uid 1000: unshare -Ur, through a shell, keeps them"
# (cap_reg_ptrace, not cap_reg_write: unshare -r writes /proc/self/uid_map)
is "$(sets_of $P run --drop-reg cap_reg_ptrace -- /usr/bin/unshare -Ur $P sets)" \
	"$(want 0 $SYS $SYS $NONE $REG_NO_PTRACE)" \
	"a regular capability dropped before unshare stays dropped in the namespace"

# --- sanitize only on a real gain (SPEC 4.1.4) ------------------------------
# (a) file capabilities the process labelled itself in its own namespace:
# Fp = cap_net_raw is already in Pp there, no gain, no sanitize.
check "uid 1000, own namespace, self-labelled cap_net_raw+p" \
	"$(as_user $T userns-root drop:cap_reg_write execve:$i/self-raw)" \
	"userns-root OK" "drop:cap_reg_write OK" "regular ffef000000000000"
check "root, own namespace, cap_net_raw+p" \
	"$($T userns-root drop:cap_reg_write execve:$i/raw-p)" \
	"userns-root OK" "regular ffef000000000000"
check "root, cap_net_raw+p it already holds" \
	"$($T drop:cap_reg_write execve:$i/raw-p)" "regular ffef000000000000"
# ... but Fp adding a capability the process lacks is a gain.
check "uid 1000, cap_net_raw+p it lacks: sanitized" \
	"$(as_user $T drop:cap_reg_write execve:$i/raw-p)" "regular ffff000000000000"
# (b) setgid to a group the process already holds is no gain.
check "setgid to an own supplementary group" \
	"$(as_user $T drop:cap_reg_write execve:$i/sgid-own)" \
	"drop:cap_reg_write OK" "regular ffef000000000000"
check "setgid to a group not held: sanitized" \
	"$(as_user $T drop:cap_reg_write execve:$i/sgid-new)" \
	"regular ffff000000000000"
# (c) setuid root: a real gain for uid 1000, none for root.
check "uid 1000, setuid-root exec restores a capability dropped from Pp/Pe" \
	"$($T drop:cap_reg_write setuid:1000 execve:$i/suid)" \
	"setuid:1000 OK" "regular ffff000000000000"
check "root, setuid-root exec: no gain, stays dropped" \
	"$($T drop:cap_reg_write execve:$i/suid)" "regular ffef000000000000"
# (d) sanitize reinstates REGULAR & bnd: a bounding-set drop is permanent.
check "bounding-set drop survives a real setuid-root exec" \
	"$($T bset-drop:cap_reg_write drop:cap_reg_write setuid:1000 execve:$i/suid)" \
	"bset-drop:cap_reg_write OK" "setuid:1000 OK" "regular ffef000000000000"
check "bounding-set drop survives a gaining file-capability exec" \
	"$($T bset-drop:cap_reg_write drop:cap_reg_write setuid:1000 execve:$i/raw-p)" \
	"regular ffef000000000000"

# --- SECURE_NO_SXID_SANITIZE is bit 16, lock bit 17 (SPEC 4.1.4) ------------
is "$(capsh --shell=/bin/sh --secbits=0x10000 -- -c "/usr/sbin/capsh --print" |
	sed -n 's|^Securebits: [0-7]*/0x\([0-9a-f]*\)/.*|\1|p')" 10000 \
	"capsh --secbits=0x10000 sets SECURE_NO_SXID_SANITIZE"
is "$(capsh --shell=/bin/sh --secbits=0x100 -- -c true 2>&1; echo "exit $?")" \
	"failed to set securebits to 0400/0x100
exit 1" "capsh --secbits=0x100: bit 8 is left to mainline (refused)"
is "$($T securebits:100)" "securebits:100 EPERM" \
	"PR_SET_SECUREBITS 0x100: EPERM, as mainline"
capsh --shell=/bin/sh --secbits=0x30000 -- -c true 2> /dev/null
ok $? "capsh --secbits=0x30000: the bit with its lock"
check "SECURE_NO_SXID_SANITIZE through capsh: setuid-root exec keeps the drop" \
	"$(capsh --shell=/bin/sh --secbits=0x10000 -- -c \
		"$T drop:cap_reg_write setuid:1000 execve:$i/suid")" \
	"regular ffef000000000000"

# --- legacy capset with Pi not in Pp (SPEC 4.2) ------------------------------
# cap_net_raw (13) leaves Pp and Pe; a version 3 caller asking to keep it in
# Pi gets Pi & Pp' (mainline would keep it); the newcaps version: EPERM.
# (Root's Pi holds only what was put there: here everything, by setpriv.)
check "legacy capset, Pi not in Pp" \
	"$(setpriv --inh-caps=+all $T prm-drop-v3:13 inh prm-drop-new:12 inh)" \
	"prm-drop-v3:13 OK" "inh 000001ffffffdfff" "prm-drop-new:12 EPERM"
is "$(setpriv --inh-caps=+all $T prm-drop-new:12 inh | tail -n 1)" "inh 000001ffffffffff" \
	"the refused newcaps capset changed nothing"

# --- cap_reg_write: truncation of privileged files (SPEC 4.3) ---------------
# Files of uid 1000, truncated by uid 1000: for root the kernel would keep
# the setuid bit (CAP_FSETID) and not need to strip anything.
for f in suid-data fcap-data plain-data; do
	echo original > $i/$f && chown 1000:1000 $i/$f
done
chmod 4755 $i/suid-data && setcap cap_net_raw+p $i/fcap-data
out=$(as_user $T --drop-reg cap_reg_write truncate:$i/suid-data rtrunc:$i/suid-data \
	trunc:$i/suid-data truncate:$i/fcap-data rtrunc:$i/fcap-data \
	rtrunc:$i/plain-data)
check "without cap_reg_write" "$out" "truncate:$i/suid-data EACCES" \
	"rtrunc:$i/suid-data EACCES" "trunc:$i/suid-data EACCES" \
	"truncate:$i/fcap-data EACCES" "rtrunc:$i/fcap-data EACCES" \
	"rtrunc:$i/plain-data EACCES"
is "$(cat $i/suid-data $i/fcap-data $i/plain-data | tr '\n' ' ')" \
	"original original original " "contents unchanged"
is "$(stat -c %a $i/suid-data) $(getcap $i/fcap-data)" \
	"4755 $i/fcap-data cap_net_raw=p" "setuid bit and masks unchanged"
# The kernel's own privilege stripping on a write through an open
# descriptor still passes (a file of uid 1000: root would keep the bit).
echo original > $i/own-suid && chown 1000:1000 $i/own-suid && chmod 4755 $i/own-suid
check "write through a descriptor opened before the drop" \
	"$(as_user $T --keep-fd $i/own-suid --drop-reg cap_reg_write fd-write)" \
	"fd-write OK"
is "$(stat -c %a $i/own-suid)" 755 "... and the kernel stripped the setuid bit"
check "control: with cap_reg_write, O_RDONLY|O_TRUNC empties the file" \
	"$($T rtrunc:$i/plain-data)" "rtrunc:$i/plain-data OK"
is "$(stat -c %s $i/plain-data)" 0 "... it is empty"

# --- cap_reg_write: character devices that store data ------------------------
# Storage devices (nodes without a driver in this kernel): with
# cap_reg_write the open reaches the driver lookup (ENXIO), without it
# newcaps refuses first (EACCES). The dataless devices (memory 1:3/5/7/8/9,
# tty 5:0) answer the same with and without it.
mknod /tmp/sg0 c 21 0 && mknod /tmp/mtd0 c 90 0 && mknod /tmp/ng0 c 242 0 &&
	mknod /tmp/mem c 1 1 && mknod /tmp/kmsg c 1 11 && mknod /tmp/tty c 5 0
ok $? "device nodes created"
out=$($T --drop-reg cap_reg_write wopen:/tmp/sg0 wopen:/tmp/mtd0 wopen:/tmp/ng0 \
	wopen:/tmp/mem wopen:/tmp/kmsg wopen:/dev/null wopen:/dev/zero \
	wopen:/dev/full wopen:/dev/urandom wopen:/tmp/tty)
check "without cap_reg_write" "$out" "wopen:/tmp/sg0 EACCES" \
	"wopen:/tmp/mtd0 EACCES" "wopen:/tmp/ng0 EACCES" "wopen:/tmp/mem EACCES" \
	"wopen:/tmp/kmsg EACCES" "wopen:/dev/null OK" "wopen:/dev/zero OK" \
	"wopen:/dev/full OK" "wopen:/dev/urandom OK"
ctl=$($T wopen:/tmp/sg0 wopen:/tmp/mtd0 wopen:/tmp/tty)
check "control: with cap_reg_write the driver answers" "$ctl" \
	"wopen:/tmp/sg0 ENXIO" "wopen:/tmp/mtd0 ENXIO"
is "$(echo "$out" | grep /tmp/tty)" "$(echo "$ctl" | grep /tmp/tty)" \
	"/dev/tty (5:0) answers the same without cap_reg_write"

umount /mnt/inh && umount /mnt/str
ok $? "unmount"
finish
