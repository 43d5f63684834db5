# Print the exec scenarios' sets as "# table:" lines for a comparison on the
# host: newcaps=off against the unpatched kernel (tests/vm/compare-off).
. /tests/lib/tap.sh
. /tests/lib/sets.sh
. /tests/lib/scenarios.sh
plan 1

# The unpatched kernel does not know caps=; newcaps=off accepts and ignores it.
if [ -d /sys/kernel/security/newcaps ]; then
	setup_mounts caps=inherit caps=strict
else
	setup_mounts defaults defaults
fi
ok $? "mount the test filesystems and place the probes"

scenario() {
	name=$1
	shift
	echo "# table: $name $(sets_of "$@")"
}
# Both kernels refuse the newcaps capset (and SECURE_NO_SXID_SANITIZE):
# nc-probe says so and runs the exec all the same, so that every scenario
# row has its sets (tests/vm/compare-off wants them).
export NC_PROBE_CONTINUE=1
run_scenarios
# What the usual tools print about the shell running this script.
echo "# table: status $(grep ^Cap /proc/self/status | tr '\t\n' '  ')"
echo "# table: capsh $(capsh --print | tr '\n' ' ')"
echo "# table: getpcaps $(getpcaps $$ 2>&1 | sed "s/$$/PID/" | tr '\n' ' ')"
echo "# table: setpriv $(setpriv --dump | tr '\n' ' ')"
echo "# table: capsh-after-legacy-drop $(setpriv --inh-caps=-all --bounding-set=-all /usr/sbin/capsh --print | tr '\n' ' ')"
echo "# table: setpriv-after-legacy-drop $(setpriv --inh-caps=-all --bounding-set=-all /usr/bin/setpriv --dump | tr '\n' ' ')"
echo "# table: capsh-drop-all $(/usr/sbin/capsh --shell=/bin/sh --drop=all -- -c '/usr/sbin/capsh --print' | tr '\n' ' ')"
echo "# table: capsh-uid-1000 $(nc-probe run --as 1000 -- /usr/sbin/capsh --print | tr '\n' ' ')"
echo "# table: capget-v3 $(nc-probe capget 20080522)"
echo "# table: capget-newcaps $(nc-probe capget 20261202)"
# The root of a new user namespace after exec (SPEC 4.2: as mainline).
echo "# table: unshare-Ur $(sets_of unshare -Ur $NCP sets)"
echo "# table: unshare-Ur-uid-1000 $(sets_of setpriv --reuid 1000 --regid 1000 --clear-groups --inh-caps=-all /usr/bin/unshare -Ur $NCP sets)"
# A legacy capset asking for Pi outside Pp (mainline allows it).
echo "# table: legacy-capset-pi-outside-pp $(nc-try prm-drop-v3:13 inh | tr '\n' ' ')"
echo "# table: securebits-0x10000 $(nc-probe run --securebits 10000 -- $NCP sets 2>&1 | head -n 1)"
finish
