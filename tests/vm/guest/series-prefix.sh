# What a prefix of the kernel series promises once booted (scripts/
# check-series boots every prefix with this test): the level is given on
# the kernel command line as newcaps_prefix=LEVEL.
#   none     no newcaps LSM yet: mainline capabilities, nothing in 48..63
#   model    regular capabilities and the exec equations: legacy interfaces
#            never show bits 48..63 and nothing gives a dropped one back
#   enforce  model, and a dropped regular capability is enforced
. /tests/lib/tap.sh
. /tests/lib/sets.sh
P=/usr/local/bin/nc-probe
T=/usr/local/bin/nc-try

level=$(sed -n 's/.*newcaps_prefix=\([a-z]*\).*/\1/p' /proc/cmdline)
case $level in
none) plan 5 ;;
model) plan 17 ;;
enforce) plan 20 ;;
*) plan 1; ok 1 "newcaps_prefix=none|model|enforce on the command line (got '$level')"
	finish ;;
esac

# Legacy interfaces, at every level: system capabilities only.
is "$($P capget 20080522 | tr ' ' '\n' | grep -c '^[epi]=0000[0-9a-f]\{12\}$')" 3 \
	"capget version 3 shows nothing in bits 48..63"
is "$(grep -E '^Cap(Inh|Prm|Eff|Bnd|Amb):' /proc/self/status | grep -vc '	0000')" 0 \
	"CapInh..CapAmb of /proc/self/status show nothing in bits 48..63"

if [ "$level" = none ]; then
	is "$(sets_of $P sets)" "euid=0 P=$SYS E=$SYS I=$NONE R=,," \
		"root holds every system capability, Pi empty, no CapReg lines"
	is "$($P capget 20261202)" EINVAL "the newcaps capget version is unknown"
	is "$($T bset-read-plain:cap_reg_fork)" "bset-read-plain:cap_reg_fork EINVAL" \
		"PR_CAPBSET_READ knows no capability 48"
	finish
fi

# --- model: regular capabilities held, seen by the newcaps version only ----
is "$(sets_of $P sets)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"init's sets: every system capability, Pi only the regular ones (mainline's), every regular one"
is "$($P capget 20080522)" "e=$SYS p=$SYS i=$NONE" \
	"capget version 3: system capabilities only"
is "$($P capget 20261202)" \
	"e=ffff01ffffffffff p=ffff01ffffffffff i=ffff000000000000" \
	"capget newcaps version: the regular region too"

# Nothing gives a dropped regular capability back: exec as root (mainline
# would refill Pp from the bounding set), a legacy "drop everything", a
# legacy capset, a new user namespace, a newcaps capset asking for it.
is "$(sets_of $P run --drop-reg cap_reg_write -- $P sets)" \
	"$(want 0 $SYS $SYS $NONE $REG_NO_WRITE)" \
	"a dropped cap_reg_write stays dropped across root's exec"
is "$(sets_of $P run --drop-reg cap_reg_ptrace --legacy-clear -- $P sets)" \
	"$(want 0 $NONE $NONE $NONE $REG_NO_PTRACE)" \
	"a legacy capset of empty sets keeps the regular ones, none comes back"
check "legacy capset after a drop" \
	"$($T --drop-reg cap_reg_sxid capset-v3 regular)" \
	"capset-v3 OK" "regular fff7000000000000"
check "newcaps capset raising a dropped one" \
	"$($T --drop-reg cap_reg_sxid raise:cap_reg_sxid regular)" \
	"raise:cap_reg_sxid EPERM" "regular fff7000000000000"
is "$(sets_of $P run --drop-reg cap_reg_ptrace -- /usr/bin/unshare -Ur $P sets)" \
	"$(want 0 $SYS $SYS $NONE $REG_NO_PTRACE)" \
	"a new user namespace keeps the drop, its root its capabilities"
check "bounding set" \
	"$($T bset-read-plain:cap_reg_fork bset-drop:cap_reg_exec bset-read:cap_reg_exec)" \
	"bset-read-plain:cap_reg_fork EINVAL" "bset-drop:cap_reg_exec OK" \
	"bset-read:cap_reg_exec 0"

if [ "$level" = model ]; then
	# Not enforced yet: the drop is only bookkeeping.
	check "fork without cap_reg_fork, before enforcement" \
		"$($T --drop-reg cap_reg_fork fork regular)" \
		"fork OK" "regular fffe000000000000"
	finish
fi

# --- enforce ------------------------------------------------------------------
check "without cap_reg_fork" "$($T --drop-reg cap_reg_fork fork regular)" \
	"fork EPERM" "regular fffe000000000000"
check "without cap_reg_open" "$($T --drop-reg cap_reg_open open:/etc/passwd)" \
	"open:/etc/passwd EPERM"
check "without cap_reg_exec" "$($T --drop-reg cap_reg_exec execve:$T)" \
	"execve:$T EPERM"
check "without cap_reg_write" "$($T --drop-reg cap_reg_write create:/tmp/prefix-new)" \
	"create:/tmp/prefix-new EACCES"
finish
