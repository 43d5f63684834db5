# newcaps=on: the userspace tools against the real kernel (SPEC 7, issue
# 10). newcapsctl's --json is parsed back with jq and compared with the
# securityfs files; newcaps-exec's sets are read from /proc/PID/status and
# decoded independently (capsh --decode, the kernel's "regular" file);
# newcaps-label's masks are read back with getcap and checked by exec.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
NC=/sys/kernel/security/newcaps
CTL=/usr/local/bin/newcapsctl
EXEC=/usr/local/bin/newcaps-exec
LABEL=/usr/local/bin/newcaps-label
plan 105

mkdir -p /mnt/s /mnt/d /mnt/a
mount -t ext4 -o caps=strict /dev/vda /mnt/s &&
mount -t ext4 /dev/vdb /mnt/d &&
mount -t ext4 -o caps=audit,capdefault=cap_net_raw+i /dev/vdc /mnt/a
ok $? "mount caps=strict, default, caps=audit with capdefault"
cp /usr/local/bin/nc-probe /mnt/d/probe && cp /usr/local/bin/nc-probe /mnt/s/probe

as_user() { nc-probe run --as 1000 -- "$@"; }
stat_of() { # the value of counter $1 in the kernel's stats file
	while read -r key value; do [ "$key" = "$1" ] && echo "$value"; done < $NC/stats
}

# --- newcapsctl status ------------------------------------------------------
$CTL > /tmp/status 2>&1
is "$?" 0 "newcapsctl: status exits 0 with newcaps on"
grep -q "^newcaps: *on " /tmp/status
ok $? "status: says on"
$CTL --json > /tmp/status.json
is "$?" 0 "status --json: exit 0"
jq -e . /tmp/status.json > /dev/null
ok $? "status --json: valid JSON"
is "$(jq -r '.newcaps[0].enabled' /tmp/status.json)" \
	"$(case $(cat $NC/enabled) in 1) echo true ;; 0) echo false ;; esac)" \
	"status --json: enabled, as $NC/enabled"
is "$(jq -r '.newcaps[0].version' /tmp/status.json)" "$(cat $NC/version)" "status --json: version as the kernel's"
is "$(jq -r '.newcaps[0].regular_dropped' /tmp/status.json)" \
	"$(case $(cat $NC/regular_dropped) in 1) echo true ;; 0) echo false ;; esac)" \
	"status --json: regular_dropped, as $NC/regular_dropped"
is "$(jq -r '.newcaps[0].default_policy' /tmp/status.json)" "$(cat $NC/default_policy)" \
	"status --json: default_policy as the kernel's"
is "$(jq -r '.newcaps[0].stored_policy' /tmp/status.json)" "$(cat $NC/stored_policy)" \
	"status --json: stored_policy as the kernel's"
# every line of the kernel's mounts file is a mount in the JSON, and no more
is "$(jq -r '.mounts[] | [.fstype, (.source | sub("^/dev/"; "")), .policy,
	.origin, .capdefault] | join(" ")' /tmp/status.json | sort)" \
	"$(sort $NC/mounts)" "status --json: the mounts as the kernel's mounts lines"
is "$(wc -l < $NC/mounts)" 3 "the kernel's mounts file: the three test mounts"
is "$(jq -r '.mounts[] | select(.target == "/mnt/s") | .policy + " " + .origin' /tmp/status.json)" \
	"strict explicit" "status --json: /mnt/s (caps=strict) found by mount point"
is "$(jq -r '.mounts[] | select(.target == "/mnt/d") | .policy + " " + .origin' /tmp/status.json)" \
	"$(cat $NC/default_policy) default" "status --json: /mnt/d follows default_policy"
is "$(jq -r '.mounts[] | select(.target == "/mnt/a") | .policy + " " + .capdefault' /tmp/status.json)" \
	"audit cap_net_raw+i" "status --json: /mnt/a audit with its capdefault"
grep -q "^/mnt/s  *vda\|^/mnt/s  */dev/vda" /tmp/status
ok $? "status: the table shows /mnt/s and its device"

# --- get / set ----------------------------------------------------------------
for knob in enabled version default_policy stored_policy regular_dropped; do
	is "$($CTL get $knob)" "$(cat $NC/$knob)" "get $knob: as the kernel's file"
done
is "$($CTL get default_policy --json | jq -r '.newcaps[0].default_policy')" \
	"$(cat $NC/default_policy)" "get --json: parsed back"
$CTL set default_policy strict
is "$?" 0 "set default_policy strict: exit 0"
is "$(cat $NC/default_policy)" strict "set default_policy: the kernel has it"
is "$(sets_of /mnt/d/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"set default_policy strict: the default mount is strict at once"
# The initramfs follows default_policy too: under strict newcapsctl itself
# runs without cap_mac_admin. The shell's own echo sets it back.
$CTL set default_policy inherit 2> /tmp/err
is "$? $(cat /tmp/err)" \
	"2 newcapsctl: $NC/default_policy: Operation not permitted (writing needs CAP_MAC_ADMIN)" \
	"set under strict: newcapsctl lost cap_mac_admin, exit 2, EPERM"
echo inherit > $NC/default_policy
$CTL set default_policy audit
is "$(cat $NC/default_policy)" audit "set default_policy audit"
$CTL set default_policy inherit
is "$(cat $NC/default_policy)" inherit "set default_policy inherit: back"
$CTL set default_policy bogus 2> /tmp/err
is "$?" 1 "set default_policy bogus: exit 1 (checked before writing)"
grep -q "default_policy.*'bogus'.*inherit, strict or audit" /tmp/err
ok $? "set default_policy bogus: names the knob, the value and the accepted ones"
is "$(cat $NC/default_policy)" inherit "set default_policy bogus: nothing changed"
$CTL set stored_policy trust && trust=$(cat $NC/stored_policy)
$CTL set stored_policy tighten
is "$trust/$(cat $NC/stored_policy)" trust/tighten "set stored_policy trust, then tighten"
$CTL set stored_policy strict 2> /tmp/err
is "$?" 1 "set stored_policy strict: exit 1"
grep -q "tighten, trust or ignore" /tmp/err
ok $? "set stored_policy strict: lists tighten, trust or ignore"
$CTL set enabled 0 2> /tmp/err
is "$? $(cat /tmp/err)" "1 newcapsctl: enabled is read-only" "set enabled: exit 1 (read-only)"
$CTL get nosuch 2> /tmp/err
is "$? $(cut -d';' -f1 /tmp/err)" "1 newcapsctl: unknown knob 'nosuch'" \
	"get of an unknown knob: exit 1, named"
as_user $CTL set default_policy strict 2> /tmp/err
is "$?" 2 "uid 1000: set default_policy: exit 2"
grep -q "Permission denied" /tmp/err
ok $? "uid 1000: the error is EACCES from the kernel"
is "$(cat $NC/default_policy)" inherit "uid 1000: nothing changed"
$EXEC --drop=cap_mac_admin -- $CTL set default_policy strict 2> /tmp/err
is "$?" 2 "root without cap_mac_admin: exit 2"
grep -q "Operation not permitted" /tmp/err
ok $? "root without cap_mac_admin: EPERM"

# --- stats ----------------------------------------------------------------------
$CTL stats --reset
is "$?" 0 "stats --reset: exit 0"
is "$(stat_of denied_reg_fork)/$(stat_of audit_events)" 0/0 "stats --reset: the kernel's counters are zero"
$EXEC --drop=reg_fork -- nc-try fork > /dev/null
$CTL stats --json > /tmp/stats.json
is "$?" 0 "stats --json: exit 0"
is "$(jq -r '.stats[0].denied_reg_fork' /tmp/stats.json)" "$(stat_of denied_reg_fork)" \
	"stats --json: denied_reg_fork as the kernel's"
is "$(stat_of denied_reg_fork)" 1 "stats: the one denied fork counted"
is "$(jq -r '.stats[0] | keys | length' /tmp/stats.json)" "$(wc -l < $NC/stats)" \
	"stats --json: one key per line of the kernel's file"
as_user $CTL stats --reset 2> /tmp/err
is "$? $(cat /tmp/err)" "2 newcapsctl: $NC/stats: Permission denied (writing needs CAP_MAC_ADMIN)" \
	"uid 1000: stats --reset: exit 2, EACCES"

# --- audit ------------------------------------------------------------------------
# The probe uses one capability: cap_mac_admin, writing default_policy.
$CTL set default_policy audit
/mnt/d/probe write $NC/default_policy audit > /dev/null
$CTL set default_policy inherit
# USED is filled in once the task is freed, after an RCU grace period.
n=0
while awk '$4 == "/mnt/d/probe" && $6 == "-" { f = 1 } END { exit !f }' $NC/audit &&
	[ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
set -- $(grep ' /mnt/d/probe ' $NC/audit | tail -n 1)
is "$#" 8 "audit: the kernel's line has eight fields (interface version 6)"
case ${6:--} in -) r=1 ;; *) r=0 ;; esac
ok $r "audit: the finished probe's USED is known (${6:-})"
$CTL audit --json > /tmp/audit.json
is "$?" 0 "audit --json: exit 0"
is "$(jq -r --argjson seq "${1:-0}" '.events[] | select(.seq == $seq) | [.seq, .device, .inode, .path, .state, .lost, .used, .via, .parent] | map(tostring) | join(" ")' /tmp/audit.json)" \
	"$1 $2 $3 $4 done $5 $6 $7 $8" "audit --json: the probe's event as the kernel's line, done"
is "$(jq -r '.events[-1].seq' /tmp/audit.json)" "$(tail -n 1 $NC/audit | cut -d' ' -f1)" \
	"audit --json: the last event is the kernel's last"
is "$(jq -r '.events | length' /tmp/audit.json)" "$(wc -l < $NC/audit)" "audit --json: every event"
$CTL audit | grep -q " /mnt/d/probe "
ok $? "audit: the table shows the path"
as_user $CTL audit 2> /tmp/err
is "$? $(cat /tmp/err)" "2 newcapsctl: $NC/audit: Permission denied (root only)" \
	"uid 1000: audit: exit 2, EACCES (the file is root's)"
$CTL audit --follow > /tmp/follow 2>&1 &
follow=$!
sleep 2
$CTL set default_policy audit
cp /mnt/d/probe "/mnt/d/new probe" && "/mnt/d/new probe" sets > /dev/null
$CTL set default_policy inherit
sleep 3
kill $follow
wait $follow 2> /dev/null
is "$(grep -c ' /mnt/d/probe ' /tmp/follow)" "$(grep -c ' /mnt/d/probe ' $NC/audit)" \
	"audit --follow: the events there before, once each"
grep -q ' /mnt/d/new probe ' /tmp/follow
ok $? "audit --follow: a new event shows up, path decoded"

# --- newcapsctl without the interface -----------------------------------------------
umount /sys/kernel/security
$CTL > /dev/null 2> /tmp/err
is "$?" 3 "securityfs not mounted: exit 3"
grep -q "newcaps is not in this kernel" /tmp/err
ok $? "securityfs not mounted: said so"
mount -t securityfs securityfs /sys/kernel/security

# --- newcaps-exec ------------------------------------------------------------------
# A regular drop takes cap_reg_sxid with it (bits 52 and 51: ffe7...).
is "$(sets_of $EXEC --drop=reg_write -- nc-probe sets)" \
	"$(want 0 $SYS $SYS $NONE ffe7000000000000)" \
	"exec --drop=reg_write: gone from every set, cap_reg_sxid with it"
check "exec --drop=reg_write,reg_fork" \
	"$($EXEC --drop=reg_write,reg_fork -- nc-try fork regular)" \
	"fork EPERM" "regular ffe6000000000000"
is "$(sets_of $EXEC --drop=reg_write --keep-sxid -- nc-probe sets)" \
	"$(want 0 $SYS $SYS $NONE $REG_NO_WRITE)" "exec --drop=reg_write --keep-sxid: cap_reg_sxid kept"
# Undoing the drop: uid 1000 runs a setuid-root program (as crontab -e,
# sg or newgrp would run a command): a real gain gives the regular
# capabilities back (sanitize) only while cap_reg_sxid is held.
cp /usr/local/bin/nc-probe /mnt/d/suid-probe && chmod 4755 /mnt/d/suid-probe
is "$(sets_of as_user $EXEC --drop=reg_write -- /mnt/d/suid-probe sets)" \
	"$(want 1000 $NONE $NONE $NONE ffe7000000000000)" \
	"uid 1000, exec --drop=reg_write, then a setuid-root program: no gain, the drop holds"
is "$(sets_of as_user $EXEC --drop=reg_write --keep-sxid -- /mnt/d/suid-probe sets)" \
	"$(want 0 $SYS $SYS $NONE $REG)" \
	"... with --keep-sxid the setuid-root program gets root and every regular capability back"
$EXEC --keep-sxid -- true 2> /tmp/err
is "$? $(cat /tmp/err)" "1 newcaps-exec: --keep-sxid goes with a --drop of regular capabilities" \
	"exec --keep-sxid without a regular --drop: usage error"
$EXEC --drop=reg_bogus -- touch /tmp/ran 2> /tmp/err
is "$?" 1 "exec --drop=reg_bogus: exit 1"
grep -q "'reg_bogus'" /tmp/err
ok $? "exec --drop=reg_bogus: the name is in the error"
[ ! -e /tmp/ran ]
ok $? "exec --drop=reg_bogus: the command did not run"
$EXEC --drop=cap_reg_write --drop=bogus -- touch /tmp/ran 2> /tmp/err
is "$?/$([ -e /tmp/ran ] && echo ran)/$(sed 's/ (.*//' /tmp/err)" \
	"1//newcaps-exec: --drop: unknown capability 'bogus'" \
	"exec: a bad option late on the line: named, nothing run"
# (SECURE_NOROOT: the root rule would pass on root's whole permitted set)
is "$(sets_of $EXEC --securebits=0x1 --inh=cap_net_raw -- nc-probe sets)" \
	"$(want 0 $NET_RAW $NET_RAW $NET_RAW $REG)" \
	"exec --securebits=0x1 --inh=cap_net_raw: P' = Pi & Fi, regular ones kept"
is "$(sets_of $EXEC --inh=cap_net_raw -- nc-probe sets)" \
	"$(want 0 $SYS $SYS $NET_RAW $REG)" \
	"exec --inh=cap_net_raw as root: the root rule passes on Pp & bnd"
is "$(sets_of $EXEC --keep=cap_chown -- nc-probe sets)" \
	"$(want 0 0000000000000001 0000000000000001 $NONE $REG)" \
	"exec --keep=cap_chown"
$EXEC --inh=cap_reg_fork -- true 2> /tmp/err
is "$? $(cat /tmp/err)" \
	"1 newcaps-exec: --inh: takes system capabilities only (remove regular ones with --drop)" \
	"exec --inh with a regular capability: exit 1"
$EXEC --drop=cap_net_raw --inh=cap_net_raw -- true 2> /tmp/err
is "$? $(sed 's/ (.*//' /tmp/err)" "2 newcaps-exec: --inh: capset: Operation not permitted" \
	"exec: Pi outside Pp refused by the kernel: exit 2, EPERM"
$EXEC --securebits=0x10000 -- capsh --print | grep -q "^Securebits: .*/0x10000/"
ok $? "exec --securebits=0x10000: capsh sees the bit"
as_user $EXEC --securebits=0x10000 -- true 2> /tmp/err
is "$? $(sed 's/ (.*//' /tmp/err)" "2 newcaps-exec: --securebits: Operation not permitted" \
	"uid 1000: --securebits: exit 2, EPERM"
$EXEC nonexistent-command 2> /tmp/err
is "$? $(cat /tmp/err)" \
	"127 newcaps-exec: failed to execute nonexistent-command: No such file or directory" \
	"exec of a missing command: 127, ENOENT"
rm -f /tmp/ran
$EXEC --drop=reg_exec -- touch /tmp/ran 2> /tmp/err
is "$?/$([ -e /tmp/ran ] && echo ran)" 1/ "exec --drop=reg_exec with a command: refused, exit 1, nothing run"
grep -q "cap_reg_exec" /tmp/err
ok $? "exec --drop=reg_exec: the message names cap_reg_exec"

# --print of another process, against /proc decoded without the tool
$EXEC --drop=reg_ptrace,cap_kill -- sleep 30 &
pid=$!
sleep 1
decode() { # decode SYSHEX REGHEX: names, comma-separated, ascending
	sys=$(capsh --decode=$1 | sed 's/^[^=]*=//')
	reg=
	# the top 16 bits only: busybox arithmetic is signed 64-bit; bits
	# the kernel has no name for are numbers
	for num in $(seq 48 63); do
		[ $(( (0x${2%????????????} >> (num - 48)) & 1 )) -eq 1 ] || continue
		name=$(sed -n "s/^$num //p" $NC/regular)
		reg="$reg,${name:-$num}"
	done
	all=$sys$reg
	echo "${all#,}"
}
status() { sed -n "s/^$1:[[:space:]]*//p" /proc/$pid/status; }
$EXEC --pid $pid --print > /tmp/print
is "$(sed -n 's/^Permitted: *//p' /tmp/print)" "$(decode $(status CapPrm) $(status CapRegPrm))" \
	"exec --pid --print: Permitted as /proc says"
is "$(sed -n 's/^Effective: *//p' /tmp/print)" "$(decode $(status CapEff) $(status CapRegEff))" \
	"exec --pid --print: Effective as /proc says"
is "$(sed -n 's/^Bounding: *//p' /tmp/print)" "$(decode $(status CapBnd) $(status CapRegBnd))" \
	"exec --pid --print: Bounding as /proc says"
sed -n 's/^Permitted: *//p' /tmp/print | tr ',' '\n' | grep -c -x -e cap_reg_ptrace -e cap_kill -e cap_reg_fork > /tmp/count
is "$(cat /tmp/count)" 1 "exec --pid --print: cap_reg_fork listed, the dropped two not"
kill $pid
wait $pid
$EXEC --pid $pid --print 2> /tmp/err
is "$? $(cat /tmp/err)" "1 newcaps-exec: --pid $pid: no such process" \
	"exec --pid of a process gone: exit 1, said so"

# --- newcaps-label --------------------------------------------------------------
printf '/probe cap_net_raw+i\n' > /tmp/policy
$LABEL /tmp/policy /mnt/s
is "$?" 0 "label: exit 0"
is "$(getcap /mnt/s/probe | sed 's/.* //')" "cap_net_raw=i" "label: getcap shows the mask"
is "$(sets_of /mnt/s/probe sets)" "$(want 0 $NET_RAW $NET_RAW $NONE $REG)" \
	"labelled program on caps=strict: P' = Pi & Fi"
$LABEL --check /tmp/policy /mnt/s
is "$?" 0 "label --check: no drift: exit 0"
setcap cap_chown=i /mnt/s/probe
out=$($LABEL --check /tmp/policy /mnt/s)
is "$?" 1 "label --check after setcap: exit 1"
is "$out" "/mnt/s/probe: differs: on disk cap_chown=i, policy cap_net_raw+i" "label --check: the drift"
printf '/probe none\n' > /tmp/policy
$LABEL /tmp/policy /mnt/s
is "$?" 0 "label none: exit 0"
is "$(getcap /mnt/s/probe)" "" "label none: getcap shows no masks"
is "$(sets_of /mnt/s/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"label none: unlabeled again, strict gives nothing"
$LABEL /tmp/policy-missing /mnt/s 2> /tmp/err
is "$? $(cat /tmp/err)" "2 newcaps-label: /tmp/policy-missing: No such file or directory" \
	"label: a missing policy file: exit 2, ENOENT"
printf '/probe cap_kill+i\n' > /tmp/policy
$EXEC --drop=reg_write -- $LABEL /tmp/policy /mnt/s 2> /tmp/err
is "$?" 3 "label without cap_reg_write: exit 3"
grep -q "/mnt/s/probe: cannot set cap_kill+i: Operation not permitted" /tmp/err
ok $? "label without cap_reg_write: the file and the kernel's EPERM reported"
is "$(getcap /mnt/s/probe)" "" "label without cap_reg_write: the file unchanged"

# --- newcaps-label --from-audit on the kernel's own events ---------------------------
is "$(cat $NC/version)" 6 "interface version 6"
$LABEL --from-audit > /tmp/learned 2> /tmp/err
is "$?" 0 "label --from-audit (the kernel's file): exit 0"
# Worked out from the kernel's file: the union of USED over the probe's
# events, as a set of names; the learned line's spec as the same set.
# Regular capabilities cannot be in a file mask (SPEC 5): left out.
cut -d' ' -f2 $NC/regular > /tmp/regular-names
want_used=$(awk '$4 == "/mnt/d/probe" && $6 != "-" && $6 != "none" { print $6 }' $NC/audit |
	tr ',' '\n' | grep -vxF -f /tmp/regular-names | sort -u | tr '\n' ' ')
got=$(sed -n 's|^/mnt/d/probe ||p' /tmp/learned)
case $got in
none) got_used= ;;
*+i) got_used=$(echo "${got%+i}" | tr ':' '\n' | sort -u | tr '\n' ' ') ;;
*) got_used="bad spec '$got'" ;;
esac
is "$want_used" "cap_mac_admin " "audit: the probe's events used cap_mac_admin (its write)"
is "$got_used" "$want_used" "label --from-audit: the probe's line is the union of what it used"
grep -q '^/mnt/d/new\\040probe \(none\|cap_[a-z_:]*+i\)$' /tmp/learned
ok $? "label --from-audit: a path with a space, escaped as in the audit file"
is "$(grep -c "interface version 2" /tmp/err)" 0 "label --from-audit: no event lacks USED on this kernel"

umount /mnt/s /mnt/d /mnt/a
finish
