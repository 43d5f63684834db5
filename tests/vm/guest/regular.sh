# newcaps=on, SPEC 4.3: each regular capability, once dropped (newcaps capset
# version), makes exactly the listed system calls fail; nothing brings it
# back but the sanitize rule; drops survive fork and exec; the usual tools
# keep showing system capabilities only.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
NC=/sys/kernel/security/newcaps
T=/usr/local/bin/nc-try
plan 115

mkdir -p /mnt/inh /mnt/str /mnt/def /mnt/ctl
mount -t ext4 -o caps=inherit /dev/vda /mnt/inh &&
mount -t ext4 -o caps=strict /dev/vdb /mnt/str &&
mount -t ext4 /dev/vdc /mnt/def &&
mount -t ext4 -o caps=inherit /dev/vdd /mnt/ctl
ok $? "mount caps=inherit, caps=strict, default and control filesystems"
# The tree the write tests work on, once per filesystem under test and
# once as a control that the same calls succeed with cap_reg_write held.
for d in /mnt/inh /mnt/ctl; do
	echo original > $d/f && echo kept > $d/kept && mkdir $d/d &&
	echo r > $d/r1 &&
	echo x > $d/xf && setfattr_ok=$(nc-try setxattr:$d/xf)
done
is "$setfattr_ok" "setxattr:/mnt/ctl/xf OK" "user xattrs work on the test filesystem"
for d in /mnt/inh /mnt/str /mnt/def; do
	cp $T $d/nc-try && cp $T $d/suid && chmod 4755 $d/suid
done
cp /usr/local/bin/nc-probe /mnt/inh/probe-suid && chmod 4755 /mnt/inh/probe-suid

denied() { # the stats counter of a regular capability
	while read -r key value; do
		[ "$key" = "denied_$1" ] && echo "$value"
	done < $NC/stats
}

# --- cap_reg_fork ----------------------------------------------------------
before=$(denied reg_fork)
out=$($T --drop-reg cap_reg_fork fork vfork clone clone3 open:/etc/passwd regular)
check "without cap_reg_fork" "$out" "fork EPERM" "vfork EPERM" "clone EPERM" \
	"clone3 EPERM" "open:/etc/passwd OK" "regular fffe000000000000"
is "$(( $(denied reg_fork) - before ))" 4 "stats: 4 fork denials counted"
check "control" "$($T fork vfork clone clone3)" "fork OK" "vfork OK" "clone OK" "clone3 OK"

# --- cap_reg_open ----------------------------------------------------------
before=$(denied reg_open)
# open_by_handle_at needs a descriptor on the file's filesystem: the cwd.
out=$(cd /mnt/inh && $T --keep-fd /proc/self/status --drop-reg cap_reg_open \
	open:/etc/passwd openat:/etc/passwd openat2:/etc/passwd creat:/tmp/creat \
	handle:/mnt/inh/f fd-read fork execve:/mnt/inh/nc-try)
check "without cap_reg_open" "$out" "open:/etc/passwd EPERM" \
	"openat:/etc/passwd EPERM" "openat2:/etc/passwd EPERM" \
	"creat:/tmp/creat EPERM" "handle:/mnt/inh/f EPERM" "fd-read OK" "fork OK" \
	"regular fffd000000000000"
is "$(( $(denied reg_open) - before ))" 5 "stats: 5 open denials counted"
check "control" "$(cd /mnt/inh && $T open:/etc/passwd openat:/etc/passwd openat2:/etc/passwd handle:/mnt/inh/f)" \
	"open:/etc/passwd OK" "openat:/etc/passwd OK" "openat2:/etc/passwd OK" \
	"handle:/mnt/inh/f OK"

# --- cap_reg_exec ----------------------------------------------------------
before=$(denied reg_exec)
out=$($T --drop-reg cap_reg_exec execveat:$T fork open:/etc/passwd execve:$T)
check "without cap_reg_exec" "$out" "execveat:$T EPERM" "fork OK" \
	"open:/etc/passwd OK" "execve:$T EPERM"
is "$(( $(denied reg_exec) - before ))" 2 "stats: 2 exec denials counted"
check "control" "$($T execveat:$T)" "regular ffff000000000000"

# --- cap_reg_write ---------------------------------------------------------
writes() { # the write calls on tree $1 (--keep-fd must come first)
	d=$1
	shift
	$T --keep-fd $d/kept "$@" wopen:$d/f append:$d/f trunc:$d/f \
		create:$d/new rename:$d/r1:$d/r2 link:$d/f:$d/h \
		mkdir:$d/d2 rmdir:$d/d mknod:$d/fifo symlink:f:$d/sl \
		chmod:$d/f chown:$d/f utimes:$d/f truncate:$d/f \
		setxattr:$d/f removexattr:$d/xf setflags:$d/f fd-write fd-truncate \
		open:$d/f wopen:/dev/null creat:/tmp/creat-w unlink:$d/xf
}
before=$(denied reg_write)
out=$(writes /mnt/inh --drop-reg cap_reg_write)
d=/mnt/inh
check "without cap_reg_write" "$out" "wopen:$d/f EACCES" "append:$d/f EACCES" \
	"trunc:$d/f EACCES" "create:$d/new EACCES" "unlink:$d/xf EACCES" \
	"rename:$d/r1:$d/r2 EACCES" "link:$d/f:$d/h EACCES" "mkdir:$d/d2 EACCES" \
	"rmdir:$d/d EACCES" "mknod:$d/fifo EACCES" "symlink:f:$d/sl EACCES" \
	"chmod:$d/f EPERM" "chown:$d/f EPERM" "utimes:$d/f EPERM" \
	"truncate:$d/f EACCES" "setxattr:$d/f EPERM" "removexattr:$d/xf EPERM" \
	"setflags:$d/f EPERM" \
	"fd-write OK" "fd-truncate OK" "open:$d/f OK" "wopen:/dev/null OK" \
	"creat:/tmp/creat-w EACCES"
is "$(( $(denied reg_write) - before ))" 19 "stats: 19 write denials counted"
is "$(cat $d/f)" original "the file is untouched"
is "$(ls $d | tr '\n' ' ')" "d f kept lost+found nc-try probe-suid r1 suid xf " \
	"no entry created or removed"
is "$(stat -c %a $d/f)" 644 "mode unchanged"
ctl=$(writes /mnt/ctl)
is "$(echo "$ctl" | grep -v ' OK$' | tr '\n' '|')" "" \
	"control: every write call succeeds with cap_reg_write"

# --- cap_reg_ptrace ---------------------------------------------------------
before=$(denied reg_ptrace)
out=$($T --drop-reg cap_reg_ptrace attach seize traceme open:/proc/self/status fork)
check "without cap_reg_ptrace" "$out" "attach EPERM" "seize EPERM" \
	"traceme EPERM" "open:/proc/self/status OK" "fork OK"
is "$(( $(denied reg_ptrace) - before ))" 3 "stats: 3 ptrace denials counted"
check "control" "$($T attach seize)" "attach OK" "seize OK"

# --- cap_reg_sxid -------------------------------------------------------------
is "$(sets_of nc-probe run --as 1000 --drop-reg cap_reg_sxid -- /mnt/inh/probe-suid sets)" \
	"$(want 1000 $NONE $NONE $NONE $REG_NO_SXID)" \
	"without cap_reg_sxid a setuid-root binary gains nothing"

# --- nothing brings a dropped capability back -----------------------------
out=$($T --drop-reg cap_reg_fork capset-v3 regular raise:cap_reg_fork regular \
	setuid:0 regular keepcaps ambient:cap_reg_fork ambient:cap_reg_open \
	unshare-user regular fork)
check "after dropping cap_reg_fork" "$out" "capset-v3 OK" "regular fffe000000000000" \
	"raise:cap_reg_fork EPERM" "setuid:0 OK" "keepcaps OK" \
	"ambient:cap_reg_fork EINVAL" "ambient:cap_reg_open EINVAL" \
	"unshare-user OK" "fork EPERM"
is "$(echo "$out" | grep -c '^regular fffe000000000000$')" 4 \
	"cap_reg_fork stays dropped through capset v3, newcaps capset, setuid, unshare(CLONE_NEWUSER)"
out=$($T --drop-reg cap_reg_write setuid:1000 regular)
check "setuid to 1000" "$out" "setuid:1000 OK" "regular ffef000000000000"
out=$($T bset-read:cap_reg_exec bset-drop:cap_reg_exec bset-read:cap_reg_exec \
	bset-read-plain:cap_reg_fork regular)
check "bounding set" "$out" "bset-read:cap_reg_exec 1" "bset-drop:cap_reg_exec OK" \
	"bset-read:cap_reg_exec 0" "bset-read-plain:cap_reg_fork EINVAL" \
	"regular ffff000000000000"

# --- drops survive exec under every policy; sanitize ------------------------
echo audit > $NC/default_policy
for d in /mnt/inh /mnt/str /mnt/def; do
	check "exec on $d" "$($T --drop-reg cap_reg_write execve:$d/nc-try)" \
		"regular ffef000000000000"
done
echo inherit > $NC/default_policy
# A real gain: uid 1000 exec'ing a setuid-root program (drops.sh has the
# cases that are no gain).
check "setuid-root exec by uid 1000" \
	"$($T --drop-reg cap_reg_write setuid:1000 execve:/mnt/inh/suid)" \
	"regular ffff000000000000"
check "setuid-root exec by uid 1000, SECURE_NO_SXID_SANITIZE" \
	"$($T --drop-reg cap_reg_write securebits:10000 setuid:1000 execve:/mnt/inh/suid)" \
	"securebits:10000 OK" "regular ffef000000000000"
check "user namespace keeps SECURE_NO_SXID_SANITIZE, locked" \
	"$($T --drop-reg cap_reg_write securebits:10000 unshare-user securebits:0)" \
	"unshare-user OK" "securebits:0 EPERM"

# --- the usual tools: system capabilities only -------------------------------
# Model: init's Pi is full, so the root shell holds every system
# capability in all three sets -- as /proc says.
is "$(sets_of nc-probe sets)" "$(want 0 $SYS $SYS $NONE $REG)" "/proc: root shell"
is "$(capsh --print | sed -n 's/^Current: //p')" "=ep" "capsh --print: root shell =ep (Pi empty, as mainline)"
# libcap names bits it does not know by number ("48"), or cap_reg_* once
# it learns the names: neither may appear in any set capsh prints.
capsh --print | grep -Eq '(^|[ ,=])(4[89]|5[0-9]|6[0-3])([ ,=+-]|$)|cap_reg_'
ok $((! $?)) "capsh --print shows no regular capability"
is "$(getpcaps $$ 2>&1)" "$$: =ep" "getpcaps: =ep"
is "$(setpriv --dump | sed -n 's/^Capability bounding set: //p' | tr ',' '\n' | wc -l)" 41 \
	"setpriv --dump: 41 bounding capabilities"
cp /bin/busybox /mnt/inh/ping
setcap cap_net_raw+ep /mnt/inh/ping && is "$(getcap /mnt/inh/ping)" \
	"/mnt/inh/ping cap_net_raw=ep" "setcap/getcap round trip"
check "capsh --drop=all keeps regular capabilities" \
	"$(capsh --shell=/bin/sh --drop=all -- -c "$T regular fork open:/etc/passwd")" \
	"regular ffff000000000000" "fork OK" "open:/etc/passwd OK"
check "setpriv --inh-caps=-all --bounding-set=-all keeps them" \
	"$(setpriv --inh-caps=-all --bounding-set=-all $T regular fork open:/etc/passwd)" \
	"regular ffff000000000000" "fork OK" "open:/etc/passwd OK"
check "a version 3 capset of empty sets keeps them" \
	"$(nc-probe run --legacy-clear -- $T regular fork open:/etc/passwd)" \
	"regular ffff000000000000" "fork OK" "open:/etc/passwd OK"
# Model: Pi and bnd emptied, exec of an unlabeled file inherits Pi & Fi:
# no system capability left; the tools must say so, as /proc does.
is "$(setpriv --inh-caps=-all --bounding-set=-all capsh --print | sed -n 's/^Current: //p')" \
	"=" "capsh after a full legacy drop: no capability"
is "$(setpriv --inh-caps=-all --bounding-set=-all setpriv --dump | sed -n 's/^Capability bounding set: //p')" \
	"[none]" "setpriv --dump after a full legacy drop: empty bounding set"
is "$(sets_of setpriv --inh-caps=-all --bounding-set=-all nc-probe sets)" \
	"$(want 0 $NONE $NONE $NONE $REG)" "/proc after a full legacy drop: no system capability"
is "$(nc-probe run --as 1000 -- /usr/sbin/capsh --print | sed -n 's/^Current: //p')" \
	"=" "capsh as uid 1000: no capability"

# --- usermode helpers keep theirs: a core_pattern pipe helper creates a file
old_pattern=$(cat /proc/sys/kernel/core_pattern)
echo "|$T create:/tmp/umh-created" > /proc/sys/kernel/core_pattern
sh -c 'kill -SEGV $$' 2> /dev/null
i=0
while [ ! -e /tmp/umh-created ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
[ -e /tmp/umh-created ]
ok $? "a core_pattern helper (usermode helper) can still open and create files"
echo "$old_pattern" > /proc/sys/kernel/core_pattern

unmount_all "unmount everything" /mnt/inh /mnt/str /mnt/def /mnt/ctl
finish
