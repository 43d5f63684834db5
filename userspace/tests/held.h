/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a process holds from before a drop (issue 37, item 9; the admin
 * guide's "What a drop promises"): an io_uring ring with its SQPOLL
 * thread, and a BPF map pinned in bpffs.
 */
#ifndef NEWCAPS_TESTS_HELD_H
#define NEWCAPS_TESTS_HELD_H

/* Set up the process's SQPOLL ring; 0, or -1 with errno. */
int held_ring_setup(void);
/*
 * openat(PATH, O_RDONLY) through the ring, served by its SQPOLL thread:
 * the new descriptor, or -1 with errno (no ring: EBADF).
 */
long held_ring_open(const char *path);
/* A BPF array map pinned at PATH (bpffs); 0, or -1 with errno. */
long held_bpf_pin(const char *path);
/* BPF_OBJ_GET of PATH: a descriptor of the object, or -1 with errno. */
long held_bpf_get(const char *path);

#endif
