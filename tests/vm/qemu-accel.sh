# The QEMU accelerator for a guest of N CPUs (issue 37, item 10). Source,
# then "qemu_accel N".
#
# Multi-threaded TCG (QEMU 7.2, one host thread per vCPU, its default for
# x86 guests) does not keep the vCPUs' translated code coherent while the
# guest patches its own text: a static key flipped on one vCPU leaves the
# other executing the int3 of text_poke_bp() after the patch completed, and
# the kernel dies with "int3: 0000 [#1] SMP" at the key's site. The
# unpatched kernel dies so within the first 2,000 flips of a mainline key
# (tests/vm/text-poke --mttcg), the Debian image once at its first memory
# cgroup. One host thread for all vCPUs (thread=single) runs the same flips
# clean: every guest of more than one CPU boots so. The guest still has
# its CPUs, preemption and interrupts; it loses only host parallelism.
qemu_accel() { # qemu_accel CPUS
	if [ "$1" -gt 1 ]; then echo tcg,thread=single; else echo tcg; fi
}
