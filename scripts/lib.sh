# Shared settings for the newcaps build scripts (sourced, not run).

top=$(cd "$(dirname "$0")/.." && pwd)
# Kernel trees, builds and images live outside the repository.
cache=${NEWCAPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/newcaps}
git_dir=$cache/linux.git

die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

# The kernel the series is for: Debian's linux-source-<kernel>, with the
# series in patches/<kernel>. Scripts take --kernel V, which sets
# NEWCAPS_KERNEL for everything they run.
kernels="6.1 6.12"
default_kernel=6.1
# the kernels scripts/test runs in a full run, the default first
kernels_tested="6.1 6.12"
set_kernel() {
	case " $kernels " in
	*" $1 "*) ;;
	*) die "unknown kernel '$1' (one of: $kernels)" ;;
	esac
	kver=$1
	NEWCAPS_KERNEL=$1
	export NEWCAPS_KERNEL
	kernel_pkg=linux-source-$kver
	kernel_tarball=/usr/src/$kernel_pkg.tar.xz
	patches_dir=$top/patches/$kver
	# Trees and builds of the default kernel keep their unprefixed names.
	kprefix=
	[ "$kver" = "$default_kernel" ] || kprefix=$kver-
	# meson's build directory for it (meson setup -Dkernel=$kver)
	kbuild=$top/build
	[ -z "$kprefix" ] || kbuild=$top/build/$kver
}
set_kernel "${NEWCAPS_KERNEL:-$default_kernel}"

kernel_pkg_version() {
	dpkg-query -W -f='${Version}' "$kernel_pkg" 2>/dev/null ||
		die "$kernel_pkg is not installed (run scripts/setup-host --kernel $kver)"
}

# The cache repository's tag of the unpacked tarball (a ref name may not
# hold '~', which backports' versions do).
pristine_tag() {
	echo "pristine-$(kernel_pkg_version | tr '~:' '_.')"
}

# git on the cache repository, without touching the user's configuration
kgit() {
	git -c user.name="newcaps developers" -c user.email=newcaps@localhost \
		-c advice.detachedHead=false -c core.autocrlf=false \
		--git-dir="$git_dir" "$@"
}
