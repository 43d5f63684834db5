// SPDX-License-Identifier: GPL-2.0
/*
 * An io_uring SQPOLL ring and pinned BPF objects for nc-try, by raw
 * system calls: the guest helpers are static and use no liburing or
 * libbpf.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/io_uring.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "held.h"

static struct {
	int fd;
	unsigned int *sq_tail, *sq_flags, *sq_array, sq_mask;
	unsigned int *cq_head, *cq_tail, cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
} ring = { .fd = -1 };

static void *map_ring(size_t size, off_t offset)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_POPULATE, ring.fd, offset);

	return p == MAP_FAILED ? NULL : p;
}

int held_ring_setup(void)
{
	struct io_uring_params p;
	char *sq, *cq;

	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_SQPOLL;
	p.sq_thread_idle = 100;
	ring.fd = syscall(SYS_io_uring_setup, 4, &p);
	if (ring.fd < 0)
		return -1;
	sq = map_ring(p.sq_off.array + p.sq_entries * sizeof(unsigned int),
		      IORING_OFF_SQ_RING);
	cq = map_ring(p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		      IORING_OFF_CQ_RING);
	ring.sqes = map_ring(p.sq_entries * sizeof(struct io_uring_sqe),
			     IORING_OFF_SQES);
	if (!sq || !cq || !ring.sqes)
		return -1;
	ring.sq_tail = (unsigned int *)(sq + p.sq_off.tail);
	ring.sq_flags = (unsigned int *)(sq + p.sq_off.flags);
	ring.sq_array = (unsigned int *)(sq + p.sq_off.array);
	ring.sq_mask = *(unsigned int *)(sq + p.sq_off.ring_mask);
	ring.cq_head = (unsigned int *)(cq + p.cq_off.head);
	ring.cq_tail = (unsigned int *)(cq + p.cq_off.tail);
	ring.cq_mask = *(unsigned int *)(cq + p.cq_off.ring_mask);
	ring.cqes = (struct io_uring_cqe *)(cq + p.cq_off.cqes);
	return 0;
}

long held_ring_open(const char *path)
{
	unsigned int tail, head, index;
	struct io_uring_sqe *sqe;
	int res;

	if (ring.fd < 0) {
		errno = EBADF;
		return -1;
	}
	tail = *ring.sq_tail;
	index = tail & ring.sq_mask;
	sqe = &ring.sqes[index];
	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = IORING_OP_OPENAT;
	sqe->fd = AT_FDCWD;
	sqe->addr = (uintptr_t)path;
	sqe->open_flags = O_RDONLY;
	ring.sq_array[index] = index;
	__atomic_store_n(ring.sq_tail, tail + 1, __ATOMIC_RELEASE);
	/* The thread sleeps after sq_thread_idle ms without work. */
	if (__atomic_load_n(ring.sq_flags, __ATOMIC_ACQUIRE) &
	    IORING_SQ_NEED_WAKEUP)
		syscall(SYS_io_uring_enter, ring.fd, 0, 0,
			IORING_ENTER_SQ_WAKEUP, NULL, 0);
	head = *ring.cq_head;
	while (__atomic_load_n(ring.cq_tail, __ATOMIC_ACQUIRE) == head)
		if (syscall(SYS_io_uring_enter, ring.fd, 0, 1,
			    IORING_ENTER_GETEVENTS, NULL, 0) < 0 &&
		    errno != EINTR)
			return -1;
	res = ring.cqes[head & ring.cq_mask].res;
	__atomic_store_n(ring.cq_head, head + 1, __ATOMIC_RELEASE);
	if (res < 0) {
		errno = -res;
		return -1;
	}
	return res;
}

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

long held_bpf_pin(const char *path)
{
	union bpf_attr attr;
	long fd, rc;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 4;
	attr.max_entries = 1;
	fd = sys_bpf(BPF_MAP_CREATE, &attr);
	if (fd < 0)
		return -1;
	memset(&attr, 0, sizeof(attr));
	attr.pathname = (uintptr_t)path;
	attr.bpf_fd = fd;
	rc = sys_bpf(BPF_OBJ_PIN, &attr);
	close(fd);
	return rc;
}

long held_bpf_get(const char *path)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.pathname = (uintptr_t)path;
	return sys_bpf(BPF_OBJ_GET, &attr);
}
