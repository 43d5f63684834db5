# newcaps=off (issue 23): "every system call behaves as on a kernel without
# newcaps; the caps= and capdefault= mount options are still checked and
# shown, but have no effect" (admin guide). tests/vm/modes boots it with
# newcaps=off and inactive (newcaps=on lsm=capability, issue 33), where the
# options are checked but, the LSM's hooks never registered, not shown, the
# securityfs mounts file is empty and knob writes get EOPNOTSUPP (admin
# guide). Disks: vda caps=strict, vdb capdefault=, vdc no newcaps option
# (the reference: what an unpatched kernel does, see vm-off-as-unpatched).
. /tests/lib/tap.sh
. /tests/lib/sets.sh
. /tests/lib/mode.sh
NC=/sys/kernel/security/newcaps
P=/usr/local/bin/nc-probe
CTL=/usr/local/bin/newcapsctl
EXEC=/usr/local/bin/newcaps-exec
plan 24

case $mode in off|inactive) r=0 ;; *) r=1 ;; esac
ok $r "booted with newcaps=off or left out of lsm= ($mode)"
is "$(cat $NC/enabled)" 0 "enabled reads 0"

# --- the options are checked ---------------------------------------------
mkdir -p /mnt/str /mnt/cd /mnt/ref /mnt/bad
is "$(nc-probe mount ext4 /dev/vda /mnt/bad caps=bogus)" EINVAL "mount -o caps=bogus: EINVAL"
dmesg | grep 'newcaps: bad caps= value' | tail -n 1 | grep -q 'accepted inherit, strict or audit'
ok $? "caps=bogus: the log line names the accepted forms"
is "$(nc-probe mount ext4 /dev/vdb /mnt/bad capdefault=cap_bogus+i)" EINVAL \
	"mount -o capdefault=cap_bogus+i: EINVAL"
is "$(grep -c ' /mnt/bad ' /proc/mounts)" 0 "no bad mount left anything mounted"

# --- ... and shown -------------------------------------------------------
mount -t ext4 -o caps=strict /dev/vda /mnt/str &&
	mount -t ext4 -o capdefault=cap_net_raw+i /dev/vdb /mnt/cd &&
	mount -t ext4 /dev/vdc /mnt/ref
ok $? "mount caps=strict, capdefault=cap_net_raw+i and a plain filesystem"
case $mode in
off) caps=caps=strict capdefault=capdefault=cap_net_raw+i
	line="ext4 vda strict explicit none" ;;
*) caps= capdefault= line= ;;
esac
is "$(sed -n 's|^/dev/vda /mnt/str ext4 \(.*\) 0 0$|\1|p' /proc/mounts | tr ',' '\n' | grep '^caps=')" \
	"$caps" "/proc/mounts shows '$caps' ($mode)"
is "$(sed -n 's|^/dev/vdb /mnt/cd ext4 \(.*\) 0 0$|\1|p' /proc/mounts | tr ',' '\n' | grep '^capdefault=')" \
	"$capdefault" "/proc/mounts shows '$capdefault' ($mode)"
is "$(grep '^ext4 vda ' $NC/mounts)" "$line" \
	"securityfs mounts shows '$line' for vda ($mode)"

# --- ... but have no effect ----------------------------------------------
cp $P /mnt/str/probe && cp $P /mnt/ref/probe && cp $P /mnt/str/suid &&
	chmod 4755 /mnt/str/suid && cp $P /mnt/ref/suid && chmod 4755 /mnt/ref/suid
ok $? "unlabeled and setuid-root probes on the strict and the plain filesystem"
ref=$(caps /mnt/ref/probe sets) ref_root=$ref
is "$(caps /mnt/str/probe sets)" "$ref" "root: an unlabeled program on caps=strict gets what it gets on a plain mount"
case $ref in *" P=$SYS E=$SYS "*) r=0 ;; *) r=1 ;; esac
ok $r "... root's whole system set, as mainline ($ref)"
as_user() { setpriv --reuid 1000 --regid 1000 --clear-groups --inh-caps=-all "$@"; }
ref=$(caps as_user /mnt/ref/suid sets)
is "$(caps as_user /mnt/str/suid sets)" "$ref" "uid 1000: a setuid-root program on caps=strict as on a plain mount"
case $ref in "euid=0 "*" P=$SYS E=$SYS "*) r=0 ;; *) r=1 ;; esac
ok $r "... euid 0 and root's whole system set, as mainline ($ref)"
echo x > /mnt/cd/new && touch /mnt/cd/labelled && setcap cap_kill+ep /mnt/cd/labelled
ok $? "files created on the capdefault= mount"
is "$(getcap /mnt/cd/new /mnt/cd/labelled)" "/mnt/cd/labelled cap_kill=ep" \
	"capdefault= wrote no masks (setcap's own do show)"

# --- the tools -------------------------------------------------------------
out=$($CTL status 2>&1)
is "$?" 3 "newcapsctl status: exit 3 (newcaps off)"
echo "$out" | grep -q '^newcaps: *off: the kernel behaves as without newcaps'
ok $? "newcapsctl status says so"
is "$($CTL get enabled 2>&1; echo "exit $?")" "0
exit 0" "newcapsctl get enabled: 0, exit 0"
out=$($EXEC --drop=reg_write -- /bin/true 2>&1)
is "$?" 3 "newcaps-exec --drop=reg_write: exit 3 ($out)"
out=$($CTL set default_policy strict 2>&1)
st=$?
case $mode:$st:$out in
off:0:|inactive:[1-9]*:*"Operation not supported"*) r=0 ;;
*) r=1; echo "# $mode: exit status $st, output: $out" ;;
esac
ok $r "default_policy strict: accepted (off) or EOPNOTSUPP (inactive)"
is "$(caps /mnt/ref/probe sets)" "$ref_root" "... and changes nothing"
$CTL set default_policy inherit
unmount_all "unmount everything" /mnt/str /mnt/cd /mnt/ref
finish
