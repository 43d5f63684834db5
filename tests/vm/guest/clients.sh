# Real programs on newcaps (SPEC 4.1.2-4.1.4, 4.2): what util-linux
# setpriv, libcap's capsh and a systemd-style service start
# give an unlabeled program on a caps=inherit mount, printed as "# table:"
# lines that tests/vm/clients compares between newcaps=off and newcaps=on
# (equal but for the differences it lists), and newcaps=off's with the
# unpatched kernel's. With newcaps=on, TAP checks of what caps=strict
# gives: nothing to an unlabeled program, its label to a labelled one.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
P=/usr/local/bin/nc-probe
mode=on
for arg in $(cat /proc/cmdline); do
	case $arg in newcaps=off) mode=off ;; esac
done
# The unpatched kernel knows no caps= option: plain mounts there.
[ -d /sys/kernel/security/newcaps ] || mode=unpatched
case $mode in on) plan 15 ;; *) plan 5 ;; esac

mkdir -p /mnt/inh /mnt/str
case $mode in
unpatched) inh=defaults str=defaults ;;
*) inh=caps=inherit str=caps=strict ;;
esac
mount -t ext4 -o $inh /dev/vda /mnt/inh && mount -t ext4 -o $str /dev/vdb /mnt/str
ok $? "mount the filesystems ($inh, $str)"
# probe: unlabeled. raw-ep: cap_net_raw+ep. suid1000: setuid to uid 1000.
rc=0
for d in inh str; do
	cp $P /mnt/$d/probe && cp $P /mnt/$d/raw-ep &&
		setcap cap_net_raw+ep /mnt/$d/raw-ep &&
		cp $P /mnt/$d/suid1000 && chown 1000 /mnt/$d/suid1000 &&
		chmod 4755 /mnt/$d/suid1000 || rc=1
done
ok $rc "probes in place"

rows=0
row() { # row KEY COMMAND...: one table line
	key=$1
	shift
	out=$(caps "$@")
	echo "# table: $key $out"
	case $out in "euid="[0-9]*" I="[0-9a-f]*" P="[0-9a-f]*) rows=$((rows + 1)) ;; esac
}

X=/mnt/inh/probe
row root-plain $X sets
# systemd (v252) and container runtimes clear Pi before a root exec.
row root-inh-cleared setpriv --inh-caps=-all $X sets
row root-bounding-drop setpriv --bounding-set=-chown $X sets
row root-bounding-drop-inh-cleared setpriv --inh-caps=-all --bounding-set=-chown,-net_raw $X sets
row root-capsh-drop capsh --drop=cap_chown --shell=$X -- sets
row root-capsh-inh capsh --inh=cap_net_raw --shell=$X -- sets
# A root program that dropped a capability from its own sets.
row root-dropped-pp capsh "--caps=all=eip cap_chown-eip" --shell=$X -- sets
# Leaving root: plain, and keeping capabilities (keep_caps).
row setpriv-reuid setpriv --reuid 1000 --regid 1000 --clear-groups $X sets
row setpriv-reuid-keep-groups setpriv --reuid 1000 --regid 1000 --keep-groups $X sets
row setpriv-reuid-inh-cleared setpriv --reuid 1000 --regid 1000 --clear-groups --inh-caps=-all $X sets
row capsh-keep-uid capsh --keep=1 --uid=1000 --shell=$X -- sets
# Handing one capability to a user, as container entrypoints and scripts do.
row setpriv-reuid-inh-ambient setpriv --reuid 1000 --regid 1000 --clear-groups \
	--inh-caps=+net_raw --ambient-caps=+net_raw $X sets
# Root after setresuid(u, u, 0) runs a helper; a root daemon with an
# ambient capability drops to a user with a plain setuid().
row setresuid-saved-root $P run --setresuid 1000,1000,0 -- $X sets
row root-ambient-plain-setuid setpriv --inh-caps=+net_raw --ambient-caps=+net_raw \
	$P run --as 1000 -- $X sets
# systemd User= with AmbientCapabilities=CAP_NET_BIND_SERVICE.
row service-user-ambient setpriv --reuid 1000 --regid 1000 --clear-groups \
	--inh-caps=-all,+net_bind_service --ambient-caps=+net_bind_service $X sets
# The same as systemd v252 starts it: keep_caps, the ambient set raised
# before setresuid(), which clears it, and raised again afterwards.
row service-user-ambient-systemd capsh --keep=1 \
	--caps=cap_net_bind_service,cap_setuid,cap_setgid+eip \
	--addamb=cap_net_bind_service --gid=1000 --uid=1000 \
	--addamb=cap_net_bind_service --shell=$X -- sets
# A root service with AmbientCapabilities= and CapabilityBoundingSet=.
row service-root-ambient-bounded setpriv --inh-caps=-all,+net_bind_service \
	--ambient-caps=+net_bind_service --bounding-set=-all,+net_bind_service,+chown $X sets
# no_new_privs with a file capability (Docker's no-new-privileges).
row nnp-root-fcap setpriv --no-new-privs /mnt/inh/raw-ep sets
row nnp-user-fcap setpriv --reuid 1000 --regid 1000 --clear-groups --inh-caps=-all --no-new-privs /mnt/inh/raw-ep sets
row user-fcap setpriv --reuid 1000 --regid 1000 --clear-groups --inh-caps=-all /mnt/inh/raw-ep sets
# Root runs a setuid-non-root program.
row root-suid-nonroot /mnt/inh/suid1000 sets
# User namespaces: with and without a root mapping.
row unshare-Ur unshare -Ur $X sets
row unshare-U unshare -U $X sets
row user-unshare-Ur setpriv --reuid 1000 --regid 1000 --clear-groups --inh-caps=-all unshare -Ur $X sets

# --- container runtimes and a sandbox -----------------------------------
# They pivot_root, which the initramfs root refuses: run them chrooted into
# a tmpfs mount holding a copy of the guest's programs. Bundles live on the
# caps=inherit filesystem (bind-mounted: the same superblock, its policy).
R=/run/croot
croot() { chroot $R "$@"; }
mkdir -p $R && mount -t tmpfs tmpfs $R &&
	for d in bin sbin usr lib lib64 etc; do
		[ ! -e /$d ] || cp -a /$d $R/ || exit 1
	done &&
	mkdir -p $R/proc $R/sys $R/dev $R/tmp $R/run $R/mnt/inh $R/mnt/str &&
	mount -t proc proc $R/proc && mount -t sysfs sysfs $R/sys &&
	mount -t devtmpfs devtmpfs $R/dev &&
	mount -t cgroup2 cgroup2 $R/sys/fs/cgroup &&
	mount --bind /mnt/inh $R/mnt/inh && mount --bind /mnt/str $R/mnt/str
ok $? "a chroot for the runtimes, cgroup2 mounted"

# Docker's default capability set (moby oci/caps/defaults.go).
DOCKER='"CAP_CHOWN","CAP_DAC_OVERRIDE","CAP_FSETID","CAP_FOWNER","CAP_MKNOD","CAP_NET_RAW","CAP_SETGID","CAP_SETUID","CAP_SETFCAP","CAP_SETPCAP","CAP_NET_BIND_SERVICE","CAP_SYS_CHROOT","CAP_KILL","CAP_AUDIT_WRITE"'
# bundle DIR UID ENTRYPOINT CAPS: an OCI bundle as Docker and podman write
# it since CVE-2022-24769: CAPS in bounding, permitted and effective, no
# inheritable, no ambient.
bundle() {
	mkdir -p $1/rootfs && cp $P $1/rootfs/$3 || return 1
	cat > $1/config.json <<EOF
{"ociVersion": "1.0.2",
 "process": {"terminal": false, "user": {"uid": $2, "gid": $2},
  "args": ["/$3", "sets"], "env": ["PATH=/"], "cwd": "/",
  "capabilities": {"bounding": [$4], "permitted": [$4], "effective": [$4]}},
 "root": {"path": "rootfs"}, "hostname": "c",
 "mounts": [{"destination": "/proc", "type": "proc", "source": "proc"}],
 "linux": {"namespaces": [{"type": "pid"}, {"type": "ipc"},
  {"type": "uts"}, {"type": "mount"}]}}
EOF
}
bundle /mnt/inh/docker 0 probe "$DOCKER" &&
	bundle /mnt/inh/docker-user 1000 probe "$DOCKER" &&
	bundle /mnt/str/docker 0 probe "$DOCKER" &&
	bundle /mnt/str/docker-labelled 0 bind "$DOCKER" &&
	setcap cap_net_bind_service+ep /mnt/str/docker-labelled/rootfs/bind &&
	mkdir -p /mnt/inh/spec/rootfs && cp $P /mnt/inh/spec/rootfs/probe &&
	croot sh -c 'cd /mnt/inh/spec && runc spec && mv config.json spec.json' &&
	# runc spec's own capabilities; our process, mounts and namespaces
	jq --slurpfile s /mnt/inh/spec/spec.json \
		'.process.capabilities = $s[0].process.capabilities' \
		/mnt/inh/docker/config.json > /mnt/inh/spec/config.json
ok $? "OCI bundles: Docker's default set as root and uid 1000, runc spec's"
n=0
run() { # run RUNTIME BUNDLE: the container's sets
	n=$((n + 1))
	croot $1 --root /run/$1 run --bundle $2 ctr$n
}
row runc-docker-root run runc /mnt/inh/docker
row runc-docker-uid1000 run runc /mnt/inh/docker-user
row runc-spec-root run runc /mnt/inh/spec
row crun-docker-root run crun /mnt/inh/docker
row crun-docker-uid1000 run crun /mnt/inh/docker-user
row bwrap-root-cap-add croot bwrap --bind / / --proc /proc --dev /dev \
	--cap-drop ALL --cap-add CAP_NET_RAW /mnt/inh/probe sets
is "$rows" 30 "all 30 rows of the table hold a result"

if [ $mode = on ]; then
	S=/mnt/str
	# strict: an unlabeled program gets no system capability, root or
	# not, whatever the launcher; a labelled one gets its label.
	is "$(caps $S/probe sets)" \
		"euid=0 I=$NONE P=$NONE E=$NONE B=$SYS A=$NONE" \
		"strict: root, unlabeled: nothing"
	is "$(caps setpriv --inh-caps=-all $S/probe sets)" \
		"euid=0 I=$NONE P=$NONE E=$NONE B=$SYS A=$NONE" \
		"strict: root with Pi cleared, unlabeled: nothing"
	is "$(caps setpriv --inh-caps=-all $S/raw-ep sets)" \
		"euid=0 I=$NONE P=$NET_RAW E=$NET_RAW B=$SYS A=$NONE" \
		"strict: root with Pi cleared, cap_net_raw+ep label: the label"
	is "$(caps setpriv --reuid 1000 --regid 1000 --clear-groups --inh-caps=-all $S/raw-ep sets)" \
		"euid=1000 I=$NET_RAW P=$NET_RAW E=$NET_RAW B=$SYS A=$NONE" \
		"strict: uid 1000, cap_net_raw+ep label: the label"
	# The ambient set crosses strict (SPEC 4.1.4: P'a as mainline).
	is "$(caps setpriv --reuid 1000 --regid 1000 --clear-groups \
		--inh-caps=-all,+net_bind_service --ambient-caps=+net_bind_service $S/probe sets)" \
		"euid=1000 I=0000000000000400 P=0000000000000400 E=0000000000000400 B=$SYS A=0000000000000400" \
		"strict: a User= service's ambient capability crosses"
	# A capability root dropped from Pp does not come back on inherit.
	out=$(caps capsh "--caps=all=eip cap_chown-eip" --shell=$X -- sets)
	case $out in *" P=000001fffffffffe "*) r=0 ;; *) r=1 ;; esac
	ok $r "inherit: cap_chown dropped from root's Pp stays dropped"
	[ $r = 0 ] || diag "$out"
	# Containers on strict: an unlabeled entrypoint gets nothing; an
	# entrypoint labelled +ep gets its label within the bounding set.
	is "$(caps run runc /mnt/str/docker)" \
		"euid=0 I=$NONE P=$NONE E=$NONE B=00000000a80425fb A=$NONE" \
		"strict: runc, Docker set, unlabeled entrypoint: nothing"
	is "$(caps run runc /mnt/str/docker-labelled)" \
		"euid=0 I=$NONE P=0000000000000400 E=0000000000000400 B=00000000a80425fb A=$NONE" \
		"strict: runc, entrypoint labelled cap_net_bind_service+ep: the label"
	is "$(caps run crun /mnt/str/docker-labelled)" \
		"euid=0 I=$NONE P=0000000000000400 E=0000000000000400 B=00000000a80425fb A=$NONE" \
		"crun: the same"
	# bwrap hands its --cap-add set on as ambient, which crosses strict
	is "$(caps croot bwrap --bind / / --proc /proc --dev /dev \
		--cap-drop ALL --cap-add CAP_NET_RAW /mnt/str/probe sets)" \
		"euid=0 I=$NET_RAW P=$NET_RAW E=$NET_RAW B=$SYS A=$NET_RAW" \
		"strict: bwrap --cap-add CAP_NET_RAW: the ambient capability crosses"
fi
finish
