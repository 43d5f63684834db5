# Shared settings for the newcaps build scripts (sourced, not run).

top=$(cd "$(dirname "$0")/.." && pwd)
# Kernel trees, builds and images live outside the repository.
cache=${NEWCAPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/newcaps}
kernel_tarball=/usr/src/linux-source-6.1.tar.xz
kernel_pkg=linux-source-6.1
git_dir=$cache/linux.git

die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

kernel_pkg_version() {
	dpkg-query -W -f='${Version}' "$kernel_pkg" 2>/dev/null ||
		die "$kernel_pkg is not installed (run scripts/setup-host)"
}

# git on the cache repository, without touching the user's configuration
kgit() {
	git -c user.name="newcaps developers" -c user.email=newcaps@localhost \
		-c advice.detachedHead=false -c core.autocrlf=false \
		--git-dir="$git_dir" "$@"
}
