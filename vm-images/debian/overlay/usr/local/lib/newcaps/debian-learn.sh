# The migration of issue 22 item 4 on the whole Debian system, sourced by
# debian-check when the kernel command line has newcaps.learn=MODE
# (tests/debian/learn boots the same disk three times):
#   audit   / mounted caps=audit: the checks, then an administrator's
#           workload; newcaps-audit-follow.service has appended every
#           audit event to $L/audit.log since early boot, and the
#           system-shutdown hook adds the last ones (daemons end there).
#   label   learn a policy from $L/audit.log and label /; no checks.
#   strict  / mounted caps=strict, default_policy=strict from the boot
#           parameter: the checks and the workload again, the services
#           of the audit boot active again, unlabeled copies of ip
#           refused on / and on tmpfs, and drift after a package upgrade.
# It uses ok, is, show and $D of debian-check.
L=/var/lib/newcaps/learn
# Where newcaps-tools' dpkg hook reads learned lines (newcaps-label(8), FILES).
POLICY=/var/lib/newcaps/learned.policy
# nc-hello: a local package whose program, a copy of ip, needs
# cap_net_admin; version 1 is installed in the audit boot, 2 replaces it
# in the strict boot (the drift that an apt-get upgrade makes).
NC_HELLO=/usr/bin/nc-hello-ip

run_ok() { # run_ok DESCRIPTION COMMAND...: one check, its output shown
	desc=$1
	shift
	"$@" > $D/run.out 2>&1
	st=$?
	show $D/run.out
	ok $st "$desc"
}

learn_mode() {
	sed -n 's/.*newcaps\.learn=\([a-z]*\).*/\1/p' /proc/cmdline
}

learn_plan() { # learn_plan MODE: the number of checks learn_checks makes
	case $1 in
	audit) echo 13 ;;
	label) echo 7 ;;
	strict) echo 24 ;;
	*) echo 0 ;;
	esac
}

root_policy() { # the caps= policy / is mounted with, from /proc/mounts
	awk '$2 == "/" { print $4 }' /proc/self/mounts | tr ',' '\n' |
		sed -n 's/^caps=//p' | tail -n 1
}

nc_hello_deb() { # nc_hello_deb VERSION: build the package, print its path
	p=$D/nc-hello-$1
	rm -rf "$p" && mkdir -p "$p/DEBIAN" "$p/usr/bin" &&
		printf '%s\n' "Package: nc-hello" "Version: $1" \
			"Architecture: amd64" "Maintainer: newcaps <newcaps@localhost>" \
			"Description: a local package of the migration workload" \
			> "$p/DEBIAN/control" &&
		cp /usr/sbin/ip "$p$NC_HELLO" &&
		dpkg-deb --build --root-owner-group "$p" "$D/nc-hello_$1.deb" > /dev/null &&
		chmod 644 "$D/nc-hello_$1.deb" && echo "$D/nc-hello_$1.deb"
}

# The guest has no network: a local repository (a flat one, trusted)
# stands in for Debian's mirror, so that apt-get update, install and
# upgrade run as they do against one.
R=/var/lib/newcaps/repo
apt_local() { # apt_local ARGS...: apt-get with only the local repository
	apt-get -q -o Dir::Etc::sourcelist=$R/sources.list \
		-o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0 "$@"
}
nc_hello_repo() { # nc_hello_repo VERSION: the local repository offers it
	deb=$(nc_hello_deb "$1") && mkdir -p $R && rm -f $R/*.deb &&
		cp "$deb" $R/ && (cd $R && f=${deb##*/} && {
			dpkg-deb -f "$f"
			echo "Filename: ./$f"
			echo "Size: $(stat -c %s "$f")"
			echo "SHA256: $(sha256sum "$f" | cut -d ' ' -f 1)"
			echo
		} > Packages) &&
		echo "deb [trusted=yes] file:$R ./" > $R/sources.list
}
apt_install_hello() { # nc-hello 1.0 from the repository
	nc_hello_repo 1.0 && apt_local update && apt_local install -y nc-hello
}
apt_upgrade_hello() { # the repository offers 2.0: apt-get upgrade takes it
	nc_hello_repo 2.0 && apt_local update && apt_local upgrade -y &&
		[ "$(dpkg-query -W -f='${Version}' nc-hello)" = 2.0 ]
}

workload() { # the administrator's session (6 checks)
	mount -t tmpfs nc-tmp /mnt && umount /mnt
	ok $? "workload: mount and umount a tmpfs"
	ip addr add 192.0.2.1/32 dev lo && ip addr del 192.0.2.1/32 dev lo
	ok $? "workload: ip addr add and del on lo"
	useradd --create-home nc-admin && userdel --remove nc-admin 2> /dev/null
	ok $? "workload: useradd and userdel"
	journalctl -b -q -n 5 --no-pager > $D/journal.out 2>&1 && [ -s $D/journal.out ]
	ok $? "workload: journalctl shows this boot's journal"
	$NC_HELLO addr add 192.0.2.2/32 dev lo > $D/nc-hello.out 2>&1 &&
		$NC_HELLO addr del 192.0.2.2/32 dev lo >> $D/nc-hello.out 2>&1
	st=$?
	show $D/nc-hello.out
	ok $st "workload: nc-hello-ip (a packaged copy of ip) adds an address"
	# The administrator's labelling tool itself needs cap_setfcap.
	cp /usr/bin/true $D/scratch && echo "$D/scratch cap_net_raw+i" > $D/scratch.policy &&
		newcaps-label $D/scratch.policy && getcap $D/scratch | grep -q cap_net_raw
	ok $? "workload: newcaps-label labels a file"
}

# ip ARGS... run from a memfd, as fexecve(3) runs one: memfd_create(2)
# (319 on x86_64; perl-base is essential, so every Debian system has perl),
# the program copied in, exec through /proc/self/fd.
memfd_ip() {
	perl -e '
		my $fd = syscall(319, my $name = "ip-memfd", 0);
		die "memfd_create: $!\n" if $fd < 0;
		open(my $mem, ">&=", $fd) or die "memfd: $!\n";
		open(my $ip, "<", "/usr/sbin/ip") or die "/usr/sbin/ip: $!\n";
		binmode $ip; binmode $mem;
		while (sysread($ip, my $buf, 65536)) { syswrite($mem, $buf) or die "write: $!\n" }
		exec { "/proc/self/fd/$fd" } "ip", @ARGV or die "exec: $!\n";
	' -- "$@"
}

# Copies of ip on the tmpfs filesystems the boot mounts and in a memfd (no
# caps=, so default_policy decides), run by root: they work when it is
# inherit and are refused when it is strict (4 checks).
tmpfs_copies() { # tmpfs_copies POLICY: the newcaps.default_policy= of the boot
	is "$(newcapsctl get default_policy 2>&1)" "$1" "default_policy is $1 from the first exec"
	for dir in /dev/shm $D memfd; do
		if [ $dir = memfd ]; then
			where="in a memfd" run=memfd_ip
		else
			where="on $dir (tmpfs)" run=$dir/ip-copy
			cp /usr/sbin/ip $dir/ip-copy
		fi
		$run addr add 192.0.2.4/32 dev lo > $D/tmpfs-copy.out 2>&1
		st=$?
		$run addr del 192.0.2.4/32 dev lo > /dev/null 2>&1
		[ $dir = memfd ] || rm -f $dir/ip-copy
		show $D/tmpfs-copy.out
		if [ "$1" = strict ]; then
			[ $st -ne 0 ] && grep -q 'Operation not permitted' $D/tmpfs-copy.out
			ok $? "an unlabeled copy of ip $where is refused: EPERM"
		else
			ok $st "a copy of ip $where inherits root's capabilities"
		fi
	done
}

active_services() {
	systemctl list-units --type=service --state=active --plain --no-legend |
		awk '{ print $1 }' | sort
}

# Of the units in file $1, those whose conditions hold in this boot (the
# audit follower's and first-boot units' do not).
condition_met() {
	while read -r unit; do
		[ "$(systemctl show -P ConditionResult "$unit")" = no ] || echo "$unit"
	done < "$1"
}

learn_audit() {
	is "$(root_policy)" audit "/ is mounted caps=audit"
	run_ok "workload: apt-get update, apt-get install nc-hello (1.0, a local repository)" \
		apt_install_hello
	workload
	tmpfs_copies inherit
	active_services > $L/active.audit
	echo "# active services: $(wc -l < $L/active.audit)"
	grep -q '^[0-9]' $L/audit.log
	ok $? "newcaps-audit-follow.service keeps the audit events ($(wc -l < $L/audit.log) lines so far)"
	journalctl -b -q -o cat -u newcaps-audit-follow.service | sed 's/^/# follow: /'
}

learn_label() {
	is "$(root_policy)" audit "/ is mounted caps=audit"
	newcaps-label --from-audit $L/audit.log -o $POLICY 2> $D/learn.err
	st=$?
	sed 's/^/# learn: /' $D/learn.err
	# The service manager hands out capabilities it never uses itself,
	# which use cannot show (AmbientCapabilities=, every root service),
	# and PID 1's events complete only at power-off, in
	# systemd-shutdown. (runc is learned: the container's set it keeps
	# with capset() counts as used.)
	all=$(capsh --print | sed -n 's/^Bounding set =//p' | tr ',' ':')
	for launcher in /usr/lib/systemd/systemd /usr/lib/systemd/systemd-shutdown; do
		sed -i "\|^$launcher |d" $POLICY
		echo "$launcher $all+i" >> $POLICY
	done
	ok $st "newcaps-label --from-audit: a policy for the whole system"
	# What learning did not see: the privileged entry points the audit
	# boot never ran. The console logins are the case in point: without
	# their events agetty (serial-getty@ttyS0.service) is never seen.
	newcaps-label --coverage $L/audit.log > $D/coverage.out 2> $D/coverage.err
	st=$?
	sed 's/^/# coverage: /' $D/coverage.out $D/coverage.err
	ok $st "newcaps-label --coverage lists $(($(wc -l < $D/coverage.out) - 1)) privileged entry points"
	is "$(awk '$1 == "/usr/sbin/agetty" { print $2 }' $D/coverage.out)" yes \
		"coverage: agetty (the console logins) seen to finish"
	awk '$4 != "/usr/sbin/agetty"' $L/audit.log > $D/no-login.log
	is "$(newcaps-label --coverage $D/no-login.log 2> /dev/null |
		awk '$1 == "/usr/sbin/agetty" { print $2 }')" no \
		"coverage: without the logins' events, agetty shows as never seen"
	sed 's/^/# policy: /' $POLICY
	echo "# learned-programs: $(grep -vc ' none$' $POLICY) with masks, $(grep -c ' none$' $POLICY) none"
	# capabilities by number of programs needing them, for docs/debian.md
	grep -v ' none$' $POLICY |
		grep -v -e '^/usr/lib/systemd/systemd ' -e '^/usr/lib/systemd/systemd-shutdown ' |
		awk '{ for (i = 2; i <= NF; i++) print $i }' | sed 's/+[a-z]*$//' |
		tr ':' '\n' | sort | uniq -c | sort -rn |
		awk '{ print "# learned-cap: " $2 " " $1 }'
	run_ok "newcaps-label applies it to /" newcaps-label $POLICY /
	run_ok "newcaps-label --check: / matches the policy" \
		newcaps-label --check $POLICY /
}

# What a new user asks after that EPERM: which exec took cap_net_admin,
# and which policy line keeps it. The line, applied, makes the copy work.
why_ip_copy() {
	newcapsctl why --json /usr/local/sbin/ip-copy > $D/why.json 2>&1
	show $D/why.json
	sel='.losses[] | select(.capability == "cap_net_admin")'
	is "$(jq -r "$sel | .policy + \" \" + .cause" $D/why.json)" "strict unlabeled" \
		"newcapsctl why: strict's rule took cap_net_admin from the copy of ip"
	# debian-check is a /bin/sh script. (Not /proc/$$/exe: under strict
	# readlink holds less than this shell, and may not read it.)
	is "$(jq -r "$sel | .chain" $D/why.json | awk -F' < ' '{ print $1 }')" \
		"$(readlink -f /bin/sh)" "newcapsctl why: the link above it is this script's shell"
	jq -r "$sel | .line" $D/why.json > $D/keep.policy
	is "$(cat $D/keep.policy)" "/usr/local/sbin/ip-copy cap_net_admin+i" \
		"newcapsctl why names the line that keeps cap_net_admin"
	# Labelled as the dpkg hook labels: systemd's child holds cap_setfcap.
	systemd-run --quiet --wait --pipe newcaps-label $D/keep.policy > $D/keep.out 2>&1 &&
		/usr/local/sbin/ip-copy addr add 192.0.2.3/32 dev lo >> $D/keep.out 2>&1 &&
		/usr/local/sbin/ip-copy addr del 192.0.2.3/32 dev lo >> $D/keep.out 2>&1
	st=$?
	show $D/keep.out
	ok $st "with that line applied the copy of ip adds an address"
}

learn_strict() {
	is "$(root_policy)" strict "/ is mounted caps=strict"
	workload
	active_services > $D/active.strict
	condition_met $L/active.audit > $D/active.wanted
	skipped=$(comm -23 $L/active.audit $D/active.wanted | tr '\n' ' ')
	echo "# active in the audit boot, conditions false now: $skipped"
	missing=$(comm -23 $D/active.wanted $D/active.strict | tr '\n' ' ')
	is "$missing" "" "every service active in the audit boot is active ($(wc -l < $D/active.strict))"
	cp /usr/sbin/ip /usr/local/sbin/ip-copy
	/usr/local/sbin/ip-copy addr add 192.0.2.3/32 dev lo > $D/ip-copy.out 2>&1
	st=$?
	show $D/ip-copy.out
	[ $st -ne 0 ] && grep -q 'Operation not permitted' $D/ip-copy.out
	ok $? "an unlabeled copy of ip is refused: EPERM"
	why_ip_copy
	rm -f /usr/local/sbin/ip-copy
	tmpfs_copies strict
	# An upgrade replaces nc-hello-ip, which dpkg writes unlabeled: the
	# dpkg hook of newcaps-tools labels it again and names it for review.
	run_ok "apt-get update, apt-get upgrade: nc-hello 1.0 becomes 2.0" \
		apt_upgrade_hello
	newcaps-label --check $POLICY / > $D/drift.out 2>&1
	st=$?
	show $D/drift.out
	is "$st $(grep -c . $D/drift.out)" "0 0" \
		"after the upgrade newcaps-label --check is clean: no administrator step"
	$NC_HELLO addr add 192.0.2.2/32 dev lo && $NC_HELLO addr del 192.0.2.2/32 dev lo
	ok $? "the upgraded program works: labelled again by the dpkg hook"
	journalctl -q -t newcaps --no-pager -o cat > $D/hook.journal 2>&1
	show $D/hook.journal
	grep -q "^labelled again: $NC_HELLO: set cap_net_admin+i (was none)" $D/hook.journal
	ok $? "the journal says the hook labelled $NC_HELLO again"
	grep -q " changed $NC_HELLO\$" /var/lib/newcaps/review
	ok $? "the upgraded privileged program is named for review (/var/lib/newcaps/review)"
	# A removed package leaves no line to label another file at its path.
	dpkg --remove nc-hello > $D/remove.out 2>&1
	st=$?
	show $D/remove.out
	is "$st $(grep -c "^$NC_HELLO " $POLICY)" "0 0" \
		"dpkg --remove nc-hello: its learned line is gone from $POLICY"
	journalctl -q -t newcaps --no-pager -o cat | grep -q "^$NC_HELLO is gone: its line dropped"
	ok $? "the journal says the line was dropped"
}

learn_checks() { # learn_checks MODE
	case $1 in
	audit) learn_audit ;;
	label) learn_label ;;
	strict) learn_strict ;;
	esac
}
