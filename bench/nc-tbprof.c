// SPDX-License-Identifier: GPL-2.0
/*
 * nc-tbprof: a QEMU TCG plugin that counts the guest instructions executed
 * in each translation block, for scripts/profile. At exit it writes one
 * line per block that ran: "VADDR INSNS EXECUTIONS" (hex, decimal,
 * decimal). Blocks are counted inline, so the guest runs at near full TCG
 * speed; a block left early (an interrupt, a fault) still counts whole.
 *
 * Usage: qemu-system-x86_64 ... -plugin PATH/nc-tbprof.so,out=FILE
 *
 * Debian packages QEMU with plugin support but not qemu-plugin.h: the few
 * declarations below are QEMU's stable plugin API, version 1 (QEMU 4.2 to
 * 8.x), as QEMU exports them.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_info_t;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_tb_trans_cb)(qemu_plugin_id_t id,
					struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb)(qemu_plugin_id_t id, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_tb_trans_cb cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb cb, void *userdata);

#define EXPORTED __attribute__((visibility("default")))

EXPORTED int qemu_plugin_version = 1;

/* One per translation: a block translated again gets a second record. */
struct block {
	uint64_t vaddr;
	uint64_t insns;
	uint64_t executions;
	struct block *next;
};

static struct block *blocks;
static const char *out_path;

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = calloc(1, sizeof(*b));

	(void)id;
	if (!b)
		abort();	/* a profile with holes would mislead */
	b->vaddr = qemu_plugin_tb_vaddr(tb);
	b->insns = qemu_plugin_tb_n_insns(tb);
	b->next = blocks;
	blocks = b;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->executions, 1);
}

static void on_exit(qemu_plugin_id_t id, void *userdata)
{
	FILE *f = fopen(out_path, "w");
	const struct block *b;

	(void)id;
	(void)userdata;
	if (!f) {
		perror(out_path);
		return;
	}
	for (b = blocks; b; b = b->next)
		if (b->executions)
			fprintf(f, "%llx %llu %llu\n",
				(unsigned long long)b->vaddr,
				(unsigned long long)b->insns,
				(unsigned long long)b->executions);
	if (fclose(f))
		perror(out_path);
}

EXPORTED int qemu_plugin_install(qemu_plugin_id_t id,
				 const struct qemu_info_t *info,
				 int argc, char **argv)
{
	(void)info;
	if (argc != 1 || strncmp(argv[0], "out=", 4) || !argv[0][4]) {
		fprintf(stderr, "nc-tbprof: one argument, out=FILE\n");
		return -1;
	}
	out_path = argv[0] + 4;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_exit, NULL);
	return 0;
}
