# The daemons of a server, each doing its job, sourced by debian-check on
# every boot of the image (both kernels, every mode of tests/debian/learn):
# nginx serves on port 80 with workers as www-data, chronyd (as _chrony)
# steps the clock, rsyslog writes a message to /var/log/syslog, networkd
# and resolved answer, podman runs a container rootful and rootless, and a
# user logs in on a console through agetty and login.
# It uses ok, is, show, sets, cap, $D and $strict_root of debian-check.

server_plan() { echo 8; }

# The capabilities of podman's default set (containers.conf): CHOWN,
# DAC_OVERRIDE, FOWNER, FSETID, KILL, SETGID, SETUID, SETPCAP,
# NET_BIND_SERVICE, SYS_CHROOT, SETFCAP.
PODMAN_CAPS=00000000800405fb

server_checks() {
	# nginx, started by systemd at boot (the port-80 checks stopped and
	# started it again): the page, and who serves it.
	echo "newcaps nginx page" > /var/www/html/index.html
	got=$(curl -sS -m 10 http://127.0.0.1/ 2>&1)
	users=$(ps -C nginx -o user= | sort -u | tr '\n' ' ')
	master=$(cat /run/nginx.pid 2>/dev/null)
	echo "# nginx master sets (inh prm eff bnd amb): $(sets /proc/"$master"/status 2>/dev/null)"
	# (IPv4 and IPv6: every socket listening on port 80 is nginx's)
	ss -Hltnp 'sport = :80' > $D/nginx.ss
	show $D/nginx.ss
	is "$got / $users/ $(grep -c . $D/nginx.ss) $(grep -c '"nginx"' $D/nginx.ss)" \
		"newcaps nginx page / root www-data / 2 2" \
		"nginx serves on port 80, master root, workers www-data"

	# chronyd runs as _chrony keeping cap_sys_time and, for NTP's port
	# 123, cap_net_bind_service (chrony's own design), and steps the
	# clock: chronyc enters a time 300 s ahead by hand and makes the
	# step, then puts it back.
	pid=$(pidof chronyd | cut -d ' ' -f 1)
	cp /proc/"$pid"/status $D/chronyd.status 2>/dev/null
	before=$(date +%s)
	chronyc -m 'manual on' "settime $(date -d @$((before + 300)) '+%b %d, %Y %H:%M:%S')" \
		makestep > $D/chrony.out 2>&1
	after=$(date +%s)
	jump=$((after - before))
	now=$(date +%s)
	chronyc -m 'manual reset' "settime $(date -d @$((now - jump)) '+%b %d, %Y %H:%M:%S')" \
		makestep 'manual off' >> $D/chrony.out 2>&1
	show $D/chrony.out
	echo "# chronyd sets (inh prm eff bnd amb): $(sets $D/chronyd.status)"
	step=no
	[ "$jump" -ge 250 ] && [ "$jump" -le 400 ] && step=yes
	is "$(ps -o user= -p "$pid") $(cap CapEff $D/chronyd.status) $step" \
		"_chrony 0000000002000400 yes" \
		"chronyd runs as _chrony with cap_sys_time and steps the clock by 300 s (${jump}s)"

	# rsyslog: a message through the journal's syslog socket reaches
	# /var/log/syslog.
	mark="newcaps-check-$$-$(date +%s)"
	logger -t newcaps-check "$mark"
	i=0
	while [ $i -lt 20 ] && ! grep -q "$mark" /var/log/syslog 2>/dev/null; do
		sleep 1
		i=$((i + 1))
	done
	grep -q "$mark" /var/log/syslog
	ok $? "rsyslog writes logger's message to /var/log/syslog (${i}s)"

	# networkd runs and answers networkctl (which only warns, and lists
	# what netlink says, when networkd is not running); it manages the
	# links it has files for (none: lo is "unmanaged"). resolved answers
	# for localhost.
	networkctl list --no-pager --no-legend > $D/networkctl.out 2>&1
	st=$?
	# (the host fails a boot whose console shows the kernel's "WARNING:")
	sed 's/WARNING:/warning:/' $D/networkctl.out | show
	[ $st -eq 0 ] && systemctl is-active -q systemd-networkd.service &&
		grep -q ' lo ' $D/networkctl.out && ! grep -qi 'not running' $D/networkctl.out
	ok $? "systemd-networkd runs and networkctl lists lo"
	resolvectl query localhost > $D/resolve.out 2>&1
	st=$?
	show $D/resolve.out
	[ $st -eq 0 ] && grep -q '127\.0\.0\.1' $D/resolve.out
	ok $? "systemd-resolved: resolvectl query localhost gives 127.0.0.1"

	# A console login: agetty and login on a pseudo-terminal (expect
	# plays the person), tester2 with its password; the shell it starts
	# says who it is, and logind has had a session for it.
	sessions() {
		journalctl -b -q -o cat -t systemd-logind --no-pager |
			grep -c 'New session .* of user tester2'
	}
	before=$(sessions)
	/usr/local/lib/newcaps/console-login.exp tester2 newcaps > $D/login.out 2>&1
	st=$?
	tr -d '\r' < $D/login.out | show
	# (bash's bracketed-paste escapes may come first on the line)
	who=$(tr -d '\r' < $D/login.out |
		sed -n 's/.*who=\([a-z0-9]*\) tty=\/dev\/pts\/[0-9]*$/\1/p' | tail -n 1)
	is "$st $who $(($(sessions) - before))" "0 tester2 1" \
		"console login through agetty and login: tester2's shell runs, in a new logind session"

	# podman, rootful: the container gets podman's default set (on a
	# strict boot its unlabeled entrypoint, on overlayfs, keeps none).
	want=$PODMAN_CAPS
	[ -z "$strict_root" ] || want=0000000000000000
	/usr/local/lib/newcaps/podman-caps /var/lib/newcaps-check/podman \
		> $D/podman.out 2>&1
	st=$?
	show $D/podman.out
	is "$st $(sets $D/podman.out)" \
		"0 0000000000000000 $want $want $PODMAN_CAPS 0000000000000000" \
		"podman run (rootful, crun): a container with podman's default capabilities"

	# podman, rootless as tester: the same set, in tester's user namespace.
	runuser -u tester -- /usr/local/lib/newcaps/podman-caps /home/tester/nc-podman \
		> $D/podman-user.out 2>&1
	st=$?
	show $D/podman-user.out
	is "$st $(sets $D/podman-user.out)" \
		"0 0000000000000000 $want $want $PODMAN_CAPS 0000000000000000" \
		"podman run (rootless, as tester): a container with podman's default capabilities"
}
