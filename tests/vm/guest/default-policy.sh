# default_policy from the first exec (issue 34, item 1): the boot parameter
# newcaps.default_policy= sets the knob before init, and filesystems
# without caps= -- the initramfs's /tmp, a tmpfs on /dev/shm, a memfd --
# give what it says. Run by tests/vm/modes in boots with the parameter
# strict, audit, a bad value, and none; the expectations follow from the
# command line: the admin guide says the knob starts as inherit, and a bad
# value is ignored with a warning.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
NC=/sys/kernel/security/newcaps
P=/usr/local/bin/nc-probe
param=
for arg in $(cat /proc/cmdline); do
	case $arg in newcaps.default_policy=*) param=${arg#*=} ;; esac
done
case $param in inherit|strict|audit) want=$param ;; *) want=inherit ;; esac
plan 7
diag "newcaps.default_policy=${param:-(none)}: default_policy should be $want"

is "$(cat $NC/default_policy)" "$want" "default_policy reads $want"
case $param in ''|inherit|strict|audit) warned=0 ;; *) warned=1 ;; esac
is "$(dmesg | grep -c 'newcaps: ignoring newcaps.default_policy=')" "$warned" \
	"a warning in the kernel log only for a bad value ($warned)"

cp $P /tmp/probe && mkdir -p /dev/shm && mount -t tmpfs shm /dev/shm &&
	cp $P /dev/shm/probe
ok $? "unlabeled copies of nc-probe in /tmp and /dev/shm (tmpfs)"
# Root runs them: the root rule passes root's system set on, unless the
# policy is strict (Fi = REGULAR for an unlabeled file).
case $want in strict) prm=$NONE ;; *) prm=$SYS ;; esac
is "$(caps /tmp/probe sets)" "euid=0 I=$NONE P=$prm E=$prm B=$SYS A=$NONE" \
	"root runs the /tmp copy: CapPrm $prm ($want)"
is "$(caps /dev/shm/probe sets)" "euid=0 I=$NONE P=$prm E=$prm B=$SYS A=$NONE" \
	"root runs the /dev/shm copy: CapPrm $prm ($want)"
is "$(caps $P memfd-exec $P sets)" "euid=0 I=$NONE P=$prm E=$prm B=$SYS A=$NONE" \
	"root runs a memfd copy (fexecve): CapPrm $prm ($want)"
# Control: the knob still changes at run time, and with it the result.
echo inherit > $NC/default_policy
is "$(caps /tmp/probe sets)" "euid=0 I=$NONE P=$SYS E=$SYS B=$SYS A=$NONE" \
	"after writing inherit to default_policy: the /tmp copy keeps root's set"
umount /dev/shm
finish
