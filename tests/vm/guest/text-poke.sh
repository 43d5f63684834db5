# Static keys flipped while another CPU runs their sites (issue 37, item
# 10), run by tests/vm/text-poke on a guest of two CPUs: nc-text-poke
# attaches and detaches a cgroup sysctl BPF program ncpoke_rounds times
# (default 2000), each a text_poke_bp() of a mainline site, while two
# readers run that site. run-vm checks that the kernel log has no report:
# a guest whose CPUs see the patched text incoherently dies with "int3"
# there.
. /tests/lib/tap.sh
rounds=2000
for arg in $(cat /proc/cmdline); do
	case $arg in ncpoke_rounds=*) rounds=${arg#ncpoke_rounds=} ;; esac
done
plan 4

is "$(grep -c '^processor' /proc/cpuinfo)" 2 "the guest has two CPUs"
mount -t cgroup2 cgroup2 /sys/fs/cgroup
ok $? "cgroup2 mounted on /sys/fs/cgroup"
out=$(/usr/local/bin/nc-text-poke "$rounds" 2 2>&1)
ok $? "nc-text-poke: $rounds attach/detach rounds, the readers still reading"
is "$out" "nc-text-poke: $rounds rounds, 2 readers" "nc-text-poke counted every round"
finish
