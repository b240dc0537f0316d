# Debian root file systems for building and testing in (sourced by
# test/majors.sh and test/package.sh): mounting what a build and a
# throwaway cluster need in one, and running a command in it with a clean
# environment.  Run as root.

# /proc, /dev (with pts) and a /dev/shm of its own in the root
mount_root() {
	local root=$1
	mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
	mountpoint -q "$root/dev" || mount --bind /dev "$root/dev"
	mountpoint -q "$root/dev/pts" || mount --bind /dev/pts "$root/dev/pts"
	mountpoint -q "$root/dev/shm" || mount -t tmpfs tmpfs "$root/dev/shm"
}

umount_root() {
	local root=$1 m
	for m in var/cache/apt/archives dev/shm dev/pts dev proc; do
		if mountpoint -q "$root/$m"; then umount "$root/$m"; fi
	done
}

# chroot_run ROOT COMMAND: COMMAND (a shell command line) in the root, with
# nothing of the caller's environment
chroot_run() {
	local root=$1
	shift
	chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
		DEBIAN_FRONTEND=noninteractive bash -c "$*"
}
