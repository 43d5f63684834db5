# Least privilege learned from use (issue 10): programs run on a caps=audit
# mount, the audit file records the capabilities each one used,
# newcaps-label turns that into labels, and after a remount to caps=strict
# the same workload works with each program holding exactly what it used.
. /tests/lib/tap.sh
. /tests/lib/audit.sh
NC=/sys/kernel/security/newcaps
W=/usr/local/bin/nc-work
plan 102

mkdir -p /mnt/l
mount -t ext4 -o caps=audit /dev/vda /mnt/l
ok $? "mount caps=audit"
for p in chowner mknoder reader idler unlabeled; do
	cp $W /mnt/l/$p || echo "# cp $p failed"
done
is "$(cat $NC/version)" 6 "interface version 6: the audit file shows what was used, how it came and the script; regular_dropped; losses"

# first LINE of a workload run: "ACTION OK" or the errno name
action() { "$@" | head -n 1; }
# sets: "P=CapPrm E=CapEff I=CapInh" of a workload run
sets() {
	"$@" | awk '/^CapPrm:/ { p = $2 } /^CapEff:/ { e = $2 } /^CapInh:/ { i = $2 }
		END { printf "P=%s E=%s I=%s\n", p, e, i }'
}
workload_files() {
	rm -f /tmp/owned /tmp/null3 /tmp/secret
	: > /tmp/owned
	echo secret > /tmp/secret && chown 1000 /tmp/secret && chmod 0400 /tmp/secret
}

# --- audit mode: run the workload ------------------------------------
workload_files
seq0=$(last_seq)
is "$(action /mnt/l/chowner chown /tmp/owned 1000)" "chown OK" "audit: chowner chowns"
is "$(action /mnt/l/mknoder mknod /tmp/null3)" "mknod OK" "audit: mknoder makes a device"
is "$(action /mnt/l/reader read /tmp/secret)" "read OK" "audit: reader reads a 0400 file of uid 1000"
is "$(action /mnt/l/reader chown /tmp/owned 0)" "chown OK" "audit: reader, second run, chowns"
is "$(action /mnt/l/idler idle)" "idle OK" "audit: idler runs"
# A process that forks: the child's use counts for the program.
is "$(sh -c '/mnt/l/idler idle >/dev/null; echo done')" done "a program run from a shell"
wait_used "$seq0"
ev=$(events_since "$seq0")
check "audit events with the capabilities used" "$ev" \
	"/mnt/l/chowner cap_chown" "/mnt/l/mknoder cap_mknod" \
	"/mnt/l/reader cap_dac_read_search" "/mnt/l/reader cap_chown" \
	"/mnt/l/idler none"
is "$(echo "$ev" | grep -c .)" 6 "one event per exec of an unlabeled program"
lost=$(awk -v s="$seq0" '$1 > s && $4 == "/mnt/l/chowner" { print $5 }' $NC/audit)
case ",$lost," in *,cap_chown,*cap_sys_admin,*) r=0 ;; *) r=1 ;; esac
ok $r "the event still lists what strict would have removed ($lost)"

# --- a program still running shows "-" --------------------------------
seq1=$(last_seq)
mkfifo /tmp/hold
(/mnt/l/reader read /tmp/hold > /dev/null) &
reader=$!
# The reader blocks opening the fifo until it has a writer.
n=0
while [ "$(last_seq)" = "$seq1" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
is "$(events_since "$seq1")" "/mnt/l/reader -" "while the program runs its event shows -"
echo x > /tmp/hold
wait $reader
wait_used "$seq1"
is "$(events_since "$seq1")" "/mnt/l/reader none" \
	"once it exited: what it used (its own fifo: nothing)"
rm -f /tmp/hold

# --- learn, label ----------------------------------------------------
newcaps-label --from-audit > /tmp/learned.policy
ok $? "newcaps-label --from-audit"
sed 's/^/# policy: /' /tmp/learned.policy
newcaps-label /tmp/learned.policy
ok $? "newcaps-label applies the learned policy"
check "labels" "$(getcap /mnt/l/chowner /mnt/l/mknoder /mnt/l/reader)" \
	"/mnt/l/chowner cap_chown=i" "/mnt/l/mknoder cap_mknod=i" \
	"/mnt/l/reader cap_chown,cap_dac_read_search=i"
is "$(getcap /mnt/l/unlabeled)" "" "a program never run stays unlabeled"

# --- strict: the same workload ---------------------------------------
mount -o remount,caps=strict /mnt/l
ok $? "remount caps=strict"
workload_files
is "$(action /mnt/l/chowner chown /tmp/owned 1000)" "chown OK" "strict: chowner chowns"
is "$(action /mnt/l/mknoder mknod /tmp/null3)" "mknod OK" "strict: mknoder makes a device"
is "$(action /mnt/l/reader read /tmp/secret)" "read OK" "strict: reader reads the 0400 file"
is "$(action /mnt/l/reader chown /tmp/owned 0)" "chown OK" "strict: reader chowns"
is "$(action /mnt/l/idler idle)" "idle OK" "strict: idler runs"
# Capability numbers: chown 0, dac_read_search 2, mknod 27. Root's Pi is
# empty, and root keeps it (SPEC 4.1.4).
is "$(sets /mnt/l/chowner idle)" \
	"P=0000000000000001 E=0000000000000001 I=0000000000000000" \
	"strict: chowner holds cap_chown only"
is "$(sets /mnt/l/mknoder idle)" \
	"P=0000000008000000 E=0000000008000000 I=0000000000000000" \
	"strict: mknoder holds cap_mknod only"
is "$(sets /mnt/l/reader idle)" \
	"P=0000000000000005 E=0000000000000005 I=0000000000000000" \
	"strict: reader holds cap_chown and cap_dac_read_search only"
is "$(sets /mnt/l/idler idle)" \
	"P=0000000000000000 E=0000000000000000 I=0000000000000000" \
	"strict: idler holds nothing"
is "$(sets /mnt/l/unlabeled idle)" \
	"P=0000000000000000 E=0000000000000000 I=0000000000000000" \
	"strict: an unlabeled program holds nothing"
is "$(action /mnt/l/unlabeled chown /tmp/owned 1000)" "chown EPERM" \
	"strict: the unlabeled program cannot chown"
is "$(action /mnt/l/mknoder chown /tmp/owned 1000)" "chown EPERM" \
	"strict: mknoder cannot do what it never did"
seq2=$(last_seq)
/mnt/l/chowner idle > /dev/null
is "$(last_seq)" "$seq2" "strict records no audit events"

# --- a #! script, started by a relative path ----------------------------
# The masks of a script exec are its interpreter's (here a busybox copy
# on the same mount): the event must name the interpreter by absolute
# path, so that the learned label lands on it and works under strict.
mount -o remount,caps=audit /mnt/l
cp /bin/busybox /mnt/l/sh &&
	printf '#!/mnt/l/sh\nchown 1000 /tmp/owned\n' > /mnt/l/chown.sh &&
	chmod 755 /mnt/l/chown.sh
ok $? "script and interpreter in place"
workload_files
seq3=$(last_seq)
(cd /mnt/l && ./chown.sh)
ok $? "audit: ./chown.sh chowns"
wait_used "$seq3"
is "$(events_since "$seq3")" "/mnt/l/sh cap_chown" \
	"script: the event names the interpreter, by absolute path"
# Fields 7-11: root ran it (the root rule passed the capabilities on),
# no audited program above it (PARENT 0: this shell is on the initramfs),
# then the script's device, inode and path, made absolute.
is "$(awk -v s="$seq3" '$1 > s { print $7, $8, $9, $10, $11 }' $NC/audit)" \
	"root 0 $(cat /sys/class/block/vda/dev) $(stat -c %i /mnt/l/chown.sh) /mnt/l/chown.sh" \
	"script: the event names the script beside its interpreter"
newcaps-label --from-audit > /tmp/script.policy 2>/tmp/script.notes &&
	newcaps-label /tmp/script.policy
ok $? "script: learn and label"
grep -qx "newcaps-label: note: /mnt/l/sh is the interpreter of /mnt/l/chown.sh: its label gives every script it runs what that script used" /tmp/script.notes
ok $? "script: newcaps-label notes that the label is the interpreter's"
grep -qx "newcaps-label: note: /mnt/l/sh received cap_chown through the root rule: its +i label gives them when root runs it; run by another user it needs '/mnt/l/sh cap_chown+p'" /tmp/script.notes
ok $? "script: newcaps-label notes the root rule and what another user would need"
is "$(getcap /mnt/l/sh /mnt/l/chown.sh)" "/mnt/l/sh cap_chown=i" \
	"script: the interpreter is labelled, the script is not"
mount -o remount,caps=strict /mnt/l
workload_files
(cd /mnt/l && ./chown.sh)
ok $? "strict: the script chowns"
# (busybox runs the applet its name says: the copy is called sh)
mkdir -p /tmp/unlabeled && cp /bin/busybox /tmp/unlabeled/sh
workload_files
printf '#!/tmp/unlabeled/sh\nchown 1000 /tmp/owned\n' > /mnt/l/other.sh &&
	chmod 755 /mnt/l/other.sh
is "$(cd /mnt/l && ./other.sh 2>&1 | grep -c 'Operation not permitted')" 1 \
	"strict: the same script through an unlabeled interpreter cannot"

# --- a path with control characters --------------------------------------
# The event stays one line of single-space separated fields: a newline, a
# control character and a space in a program's name are octal escapes.
mount -o remount,caps=audit /mnt/l
odd=$(printf '/mnt/l/new\nline\001 x')
cp $W "$odd"
seq4=$(last_seq)
"$odd" idle > /dev/null
wait_used "$seq4"
is "$(awk -v s="$seq4" '$1 > s { print NF, $4 }' $NC/audit)" \
	'8 /mnt/l/new\012line\001\040x' \
	"a newline in a program's path is escaped"
# --- exec chains: what a program starts counts for it too ----------------
# Under strict a capability reaches a program only through every program
# above it in the exec chain (the root rule passes on Pp ∩ Fi): a shell
# that runs chowner needs cap_chown in its own Fi, whether it forks first
# or execs away. (busybox runs the applet its name says.)
mkdir -p /mnt/l/chain && cp /bin/busybox /mnt/l/chain/sh &&
	cp /bin/busybox /mnt/l/chain/ash && cp $W /mnt/l/chain/chowner
ok $? "chain: two shells and chowner in place"
workload_files
seq5=$(last_seq)
is "$(action /mnt/l/chain/sh -c 'exec /mnt/l/chain/chowner chown /tmp/owned 1000')" \
	"chown OK" "audit: a shell execs chowner"
workload_files
is "$(action /mnt/l/chain/ash -c '/mnt/l/chain/chowner chown /tmp/owned 1000; true')" \
	"chown OK" "audit: a shell forks and runs chowner"
wait_used "$seq5"
ev=$(events_since "$seq5")
check "chain events" "$ev" "/mnt/l/chain/sh cap_chown" \
	"/mnt/l/chain/ash cap_chown" "/mnt/l/chain/chowner cap_chown"
is "$(echo "$ev" | grep -c .)" 4 "chain: one event per exec"
# Each chowner event names the event of the shell above it (PARENT).
is "$(awk -v s="$seq5" '$1 > s { path[$1] = $4; parent[$1] = $8 }
	END { for (e in path) if (path[e] == "/mnt/l/chain/chowner")
		print path[parent[e]] }' $NC/audit | sort | tr '\n' ' ')" \
	"/mnt/l/chain/ash /mnt/l/chain/sh " \
	"chain: each chowner event names its shell's event as PARENT (version 6)"
is "$(newcaps-label --from-audit --diff /dev/null --json 2>/dev/null |
	jq -r '.diff[] | select(.path == "/mnt/l/chain/chowner") | .chain' |
	tr ';' '\n' | sed 's/^ //' | grep '^/mnt/l/chain/' | sort | tr '\n' ' ')" \
	"/mnt/l/chain/ash /mnt/l/chain/sh " \
	"chain: --diff names the shells above chowner's uses"
# A chain links 16 records above a program at most: deep.sh N execs itself
# N times, then chowner, which is N + 1 programs below the first one.
printf '#!/mnt/l/chain/sh\n[ "$1" -gt 0 ] && exec /mnt/l/chain/deep.sh $(($1 - 1))\nexec /mnt/l/chain/chowner chown /tmp/owned 1000\n' \
	> /mnt/l/chain/deep.sh && chmod 755 /mnt/l/chain/deep.sh
for depth in 15 16; do # (wait_used uses $n)
	workload_files
	seq=$(last_seq)
	/mnt/l/chain/deep.sh $depth | head -n 1 | sed "s/^/# deep.sh $depth: /"
	wait_used "$seq"
	awk -v s="$seq" '$1 > s { print $6; exit }' $NC/audit > /tmp/deep.$depth
done
is "$(cat /tmp/deep.15)" cap_chown "chain: a use 16 programs down counts for the first"
is "$(cat /tmp/deep.16)" none "chain: 17 programs down it starts a chain of its own"
newcaps-label --from-audit > /tmp/chain.policy && newcaps-label /tmp/chain.policy
ok $? "chain: learn and label"
is "$(getcap /mnt/l/chain/sh /mnt/l/chain/ash | sort)" \
	"/mnt/l/chain/ash cap_chown=i
/mnt/l/chain/sh cap_chown=i" "chain: both shells may pass cap_chown on"
mount -o remount,caps=strict /mnt/l
workload_files
is "$(action /mnt/l/chain/sh -c 'exec /mnt/l/chain/chowner chown /tmp/owned 1000')" \
	"chown OK" "strict: the learned shell execs chowner, which chowns"
workload_files
is "$(action /mnt/l/chain/ash -c '/mnt/l/chain/chowner chown /tmp/owned 1000; true')" \
	"chown OK" "strict: the learned shell forks, chowner chowns"

# --- a launcher: what a program keeps when it narrows its sets ---------
# runc never uses the capabilities it hands a container: it narrows its
# sets to them with capset(), which needs them permitted though no
# capable() check asks. Kept that way, they count as used; a capset that
# narrows nothing counts for nothing.
mount -o remount,caps=audit /mnt/l
# (room on the small disk: the shells of the parts above are done)
rm -f /mnt/l/chain/ash /mnt/l/sh "$odd" && mkdir -p /mnt/l/launch &&
	cp /bin/busybox /mnt/l/launch/ash &&
	cp $W /mnt/l/keeper && cp $W /mnt/l/keeper-all
ok $? "keep: two keepers and a shell in place"
seq8=$(last_seq)
is "$(action /mnt/l/launch/ash -c 'exec /mnt/l/keeper keep 13')" \
	"keep OK" "audit: a shell execs keeper, which narrows its sets to cap_net_raw"
is "$(action /mnt/l/keeper-all keep-all)" "keep-all OK" \
	"audit: keeper-all sets the sets it holds"
wait_used "$seq8"
ev=$(events_since "$seq8")
check "keep events" "$ev" "/mnt/l/launch/ash cap_net_raw" \
	"/mnt/l/keeper cap_net_raw" "/mnt/l/keeper-all none"
is "$(echo "$ev" | grep -c .)" 3 "keep: one event per exec"
newcaps-label --from-audit > /tmp/keep.policy && newcaps-label /tmp/keep.policy
ok $? "keep: learn and label"
mount -o remount,caps=strict /mnt/l
is "$(action /mnt/l/launch/ash -c 'exec /mnt/l/keeper keep 13')" \
	"keep OK" "strict: the learned shell execs keeper, whose capset works"
is "$(action /mnt/l/chain/sh -c 'exec /mnt/l/keeper keep 13')" "keep EPERM" \
	"strict: through a shell that learned only cap_chown, the capset fails"

# --- use in a user namespace of its own is no privilege (Review IV) -------
# A sandbox (bwrap, unshare, a browser) is root in a user namespace of its
# own: what it does there needs no label, so learning must not count it.
mount -o remount,caps=audit /mnt/l
cp $W /mnt/l/sandboxer
ok $? "sandbox: an unlabeled sandboxer in place"
seq10=$(last_seq)
is "$(action /mnt/l/sandboxer sandbox 13)" "sandbox OK" \
	"audit: sandboxer sets a hostname and narrows its sets in a user namespace of its own"
wait_used "$seq10"
is "$(events_since "$seq10")" "/mnt/l/sandboxer none" \
	"audit: what it used there counts for nothing (cap_sys_admin, the capset)"
rm -f /mnt/l/sandboxer

# --- a probe is no use ------------------------------------------------
# The kernel asks some questions without auditing them (ns_capable_noaudit):
# /proc/PID/stat of another uid's process checks cap_sys_ptrace only to
# decide which fields to show. Such a probe must not widen a label;
# /proc/PID/environ, which needs the capability, is the control.
# (/mnt/l is caps=audit here, since the sandbox part.)
rm -f /tmp/sleeper.pid
setpriv --reuid 1000 --regid 1000 --clear-groups \
	sh -c 'echo $$ > /tmp/sleeper.pid; exec sleep 60' &
n=0
while [ ! -s /tmp/sleeper.pid ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
sleeper=$(cat /tmp/sleeper.pid)
cp $W /mnt/l/prober && cp $W /mnt/l/peeker &&
	[ "$(sed -n 's/^Uid:[[:space:]]*\([0-9]*\).*/\1/p' /proc/$sleeper/status)" = 1000 ]
ok $? "probe: uid 1000's sleep and two unlabeled readers in place"
seq12=$(last_seq)
is "$(action /mnt/l/prober read /proc/$sleeper/stat)" "read OK" \
	"audit: prober reads uid 1000's /proc/PID/stat (cap_sys_ptrace probed)"
is "$(action /mnt/l/peeker read /proc/$sleeper/environ)" "read OK" \
	"audit: peeker reads uid 1000's /proc/PID/environ (cap_sys_ptrace used)"
kill $sleeper
wait
wait_used "$seq12"
is "$(events_since "$seq12" | tr '\n' '|')" \
	"/mnt/l/prober none|/mnt/l/peeker cap_dac_read_search,cap_sys_ptrace|" \
	"audit: the probe counts for nothing; peeker used cap_sys_ptrace (and, environ being 0400, cap_dac_read_search)"
awk -v s="$seq12" '$1 > s' $NC/audit > /tmp/probe.audit &&
	newcaps-label --from-audit /tmp/probe.audit -o /tmp/probe.policy &&
	newcaps-label /tmp/probe.policy
ok $? "probe: learn and label from those two events"
is "$(getcap /mnt/l/prober /mnt/l/peeker | tr '\n' '|')" \
	"/mnt/l/peeker cap_dac_read_search,cap_sys_ptrace=i|" \
	"probe: the learned labels: peeker's as it used them, prober none"
rm -f /mnt/l/prober /mnt/l/peeker /tmp/probe.audit /tmp/probe.policy /tmp/sleeper.pid

# --- overlayfs checks with its mounter's credentials: no use --------------
# A copy-up runs with the mounter's credentials (override_creds): giving
# the upper copy of a uid 1000 file its owner asks root's cap_chown. That is
# no use by the program that wrote (admin guide, "Learning"); its own chown
# on the same overlay is the control. (/mnt/l is caps=audit.)
mkdir -p /tmp/ovl-lower /mnt/l/ovl-upper /mnt/l/ovl-work /tmp/ovl &&
	echo lower > /tmp/ovl-lower/shared && chown 1000 /tmp/ovl-lower/shared &&
	chmod 0666 /tmp/ovl-lower/shared && cp $W /mnt/l/copier &&
	mount -t overlay -o lowerdir=/tmp/ovl-lower,upperdir=/mnt/l/ovl-upper,workdir=/mnt/l/ovl-work \
		ovl /tmp/ovl
ok $? "overlay: a uid 1000 file, mode 0666, on the lower layer; an unlabeled copier"
seq13=$(last_seq)
is "$(action /mnt/l/copier append /tmp/ovl/shared)" "append OK" \
	"audit: copier appends to the file as root (needs no capability of its own)"
is "$(stat -c %u /mnt/l/ovl-upper/shared) $(tail -n 1 /mnt/l/ovl-upper/shared)" \
	"1000 appended" \
	"overlay: the write copied the file up, and the copy-up chowned it to uid 1000 as root"
wait_used "$seq13"
is "$(events_since "$seq13")" "/mnt/l/copier none" \
	"audit: the copy-up's cap_chown, asked with the mounter's credentials, counts for nothing"
seq14=$(last_seq)
is "$(action /mnt/l/copier chown /tmp/ovl/shared 0)" "chown OK" \
	"control: copier chowns the overlay file to root itself"
wait_used "$seq14"
is "$(events_since "$seq14")" "/mnt/l/copier cap_chown" \
	"control: its own chown through overlayfs counts (cap_chown)"
umount /tmp/ovl && rm -rf /mnt/l/ovl-upper /mnt/l/ovl-work /mnt/l/copier /tmp/ovl-lower
ok $? "overlay unmounted, layers removed"

# --- a labelled program counts for its caller (Review IV) ---------------
# A labelled program records no event of its own; what it takes from its
# caller's Pi the caller must pass on under strict, so it counts for it.
# (room on the small disk: the launch shell, its label removed, and the
# chowner labelled cap_chown+i in the first round)
rm -f /mnt/l/keeper /mnt/l/keeper-all && setcap -r /mnt/l/launch/ash &&
	[ "$(getcap /mnt/l/chowner)" = "/mnt/l/chowner cap_chown=i" ]
ok $? "link: an unlabeled shell, and chowner labelled cap_chown+i"
workload_files
seq11=$(last_seq)
is "$(action /mnt/l/launch/ash -c '/mnt/l/chowner chown /tmp/owned 1000; true')" \
	"chown OK" "audit: a shell runs the labelled chowner, which chowns"
wait_used "$seq11"
is "$(events_since "$seq11")" "/mnt/l/launch/ash cap_chown" \
	"audit: one event, the shell's, with the labelled chowner's cap_chown"

# --- a program that outlives its place in the ring ----------------------
# A daemon's event leaves the ring of 64 long before the daemon exits: it
# is recorded again when it completes, with what the program used.
mount -o remount,caps=audit /mnt/l
mkfifo /tmp/hold2 && chown 1000 /tmp/hold2 && chmod 0400 /tmp/hold2 &&
	cp $W /mnt/l/daemon
ok $? "ring: a fifo and an unlabeled daemon in place"
seq6=$(last_seq)
# Opening uid 1000's 0400 fifo takes cap_dac_read_search, then blocks.
(/mnt/l/daemon read /tmp/hold2 > /dev/null) &
reader=$!
n=0
while [ "$(last_seq)" = "$seq6" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
is "$(events_since "$seq6")" "/mnt/l/daemon -" "ring: the daemon runs, its event shows -"
i=0
while [ $i -lt 70 ]; do /mnt/l/idler idle > /dev/null; i=$((i + 1)); done
is "$(awk -v s="$seq6" '$1 <= s + 1 { n++ } END { print n + 0 }' $NC/audit)" 0 \
	"ring: the running daemon's event has left the ring"
seq7=$(last_seq)
echo x > /tmp/hold2
wait $reader
wait_recorded "$seq7" /mnt/l/daemon
is "$(events_since "$seq7")" "/mnt/l/daemon cap_dac_read_search" \
	"ring: recorded again when it completes, with what it used"
rm -f /tmp/hold2

# --- recorded again over the event of another running program ----------
# The kernel copies an event only when it is about to be overwritten while
# its program runs. A daemon recorded again takes the oldest place in the
# ring: when that is a second running daemon's, the second one's event
# must be kept too, and recorded again when it completes.
# hold_on FIFO PROGRAM: PROGRAM blocks opening FIFO (uid 1000's, 0400)
hold_on() {
	rm -f "$1" && mkfifo "$1" && chown 1000 "$1" && chmod 0400 "$1" || return 1
	s=$(last_seq)
	("$2" read "$1" > /dev/null) &
	n=0
	while [ "$(last_seq)" = "$s" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
}
rm -f /mnt/l/daemon && cp $W /mnt/l/first && cp $W /mnt/l/second
ok $? "displaced: two unlabeled daemons"
hold_on /tmp/hold3 /mnt/l/first
first=$!
i=0
while [ $i -lt 70 ]; do /mnt/l/idler idle > /dev/null; i=$((i + 1)); done
hold_on /tmp/hold4 /mnt/l/second
second=$!
seq8=$(last_seq)
# Until the second daemon's event is the oldest in the ring of 64.
while [ $(($(last_seq) - seq8)) -lt 63 ]; do /mnt/l/idler idle > /dev/null; done
wait_used "$seq8"
is "$(awk -v s="$seq8" '$1 == s { print $4, $6 }' $NC/audit)" "/mnt/l/second -" \
	"displaced: the second daemon's event is the oldest, running"
is "$(awk '$4 == "/mnt/l/first"' $NC/audit)" "" \
	"displaced: the first daemon's event has left the ring"
echo x > /tmp/hold3
wait $first
wait_recorded "$seq8" /mnt/l/first
is "$(events_since "$seq8" | grep -v idler)" "/mnt/l/first cap_dac_read_search" \
	"displaced: the first daemon is recorded again"
is "$(awk -v s="$seq8" '$1 <= s' $NC/audit)" "" \
	"displaced: it took the place of the second daemon's event"
seq9=$(last_seq)
echo x > /tmp/hold4
wait $second
wait_recorded "$seq9" /mnt/l/second
is "$(events_since "$seq9")" "/mnt/l/second cap_dac_read_search" \
	"displaced: the second daemon's event was kept and is recorded again with what it used"
rm -f /tmp/hold3 /tmp/hold4
umount /mnt/l
finish
