// SPDX-License-Identifier: GPL-2.0
/* ckipc.c - list, read, write, reset and deliberately corrupt cokernel IPC
 * channels from a Linux shell. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libckipc.h"

static void usage(void)
{
	fprintf(stderr,
		"usage: ckipc list                 channels, counters, faults\n"
		"       ckipc read <chan>          pending messages / latest state\n"
		"       ckipc write <chan> <text>  one message / new state\n"
		"       ckipc reset <chan>         ask the RT side to repair a faulted channel\n"
		"       ckipc corrupt <chan>       write garbage head/tail/lengths (fault test)\n");
}

static int cmd_list(struct ckipc *c)
{
	const struct ck_ipc_dir *d = c->base;
	uint32_t i, nr = d->nr_chan;

	printf("region %u bytes, %u channels, %u faults detected\n",
	       d->region_bytes, nr, d->faults);
	printf("%-15s %-11s %6s %5s %10s %10s %8s %8s %8s %8s %6s %6s %s\n",
	       "NAME", "KIND", "SLOT", "SLOTS", "HEAD/SEQ", "TAIL", "SENT",
	       "REJECT", "DROP", "RECV", "INVAL", "FAULTS", "FLAGS");
	for (i = 0; i < nr && i < CK_IPC_MAX_CHAN; i++) {
		struct ck_ipc_info in;
		int err = ck_ipc_info(c->base, c->size, i, &in);

		if (err == -CK_ENODEV)
			break;
		if (err) {
			printf("%-15s %-11s (entry %u invalid: %s)\n", in.name,
			       ckipc_kind_name(in.kind), i,
			       ckipc_strerror(err));
			continue;
		}
		if (in.kind == CK_IPC_RING_RT2LX || in.kind == CK_IPC_RING_LX2RT)
			printf("%-15s %-11s %6u %5u %10u %10u %8u %8u %8u %8u %6u %6u %s%s\n",
			       in.name, ckipc_kind_name(in.kind), in.slot_bytes,
			       in.nr_slots, in.head, in.tail, in.sent,
			       in.rejected, in.dropped, in.received, in.invalid,
			       in.faults,
			       in.flags & CK_IPC_F_DROP_OLDEST ? "drop-oldest"
							       : "reject",
			       in.flags & CK_IPC_F_FAULTED ? ",FAULTED" : "");
		else
			printf("%-15s %-11s %6u %5u %10u %10s %8u %8s %8s %8s %6u %6u %s\n",
			       in.name, ckipc_kind_name(in.kind), in.slot_bytes,
			       1u, in.seq, "-", in.writes, "-", "-", "-",
			       in.invalid, in.faults,
			       in.flags & CK_IPC_F_FAULTED ? "FAULTED" : "-");
	}
	return 0;
}

static void dump(const uint8_t *p, int n)
{
	int i;

	printf("%4d:", n);
	for (i = 0; i < n; i++)
		printf(" %02x", p[i]);
	printf("  |");
	for (i = 0; i < n; i++)
		putchar(isprint(p[i]) ? p[i] : '.');
	printf("|\n");
}

static int cmd_read(struct ckipc *c, struct ck_ipc_chan *ch)
{
	static uint8_t buf[CK_IPC_MAX_SLOT_BYTES];
	int n, count = 0;

	if (ch->kind == CK_IPC_STATE_RT2LX || ch->kind == CK_IPC_STATE_LX2RT) {
		n = ck_ipc_state_read(c->base, ch, buf, sizeof(buf));
		if (n == -CK_EAGAIN) {
			printf("(never written)\n");
			return 0;
		}
		if (n < 0)
			goto err;
		dump(buf, n);
		return 0;
	}
	if (ch->kind != CK_IPC_RING_RT2LX) {
		fprintf(stderr, "ckipc: %s is read by the RT side\n", ch->name);
		return 2;
	}
	while ((n = ck_ipc_recv(c->base, ch, buf, sizeof(buf))) >= 0) {
		dump(buf, n);
		count++;
	}
	if (n == -CK_EAGAIN) {
		if (!count)
			printf("(empty)\n");
		return 0;
	}
err:
	fprintf(stderr, "ckipc: %s: %s\n", ch->name, ckipc_strerror(n));
	return 1;
}

static int cmd_write(struct ckipc *c, struct ck_ipc_chan *ch, const char *txt)
{
	size_t len = strlen(txt);
	int err;

	if (len > ch->slot_bytes) {
		fprintf(stderr, "ckipc: %zu bytes do not fit %s (%u max)\n",
			len, ch->name, ch->slot_bytes);
		return 2;
	}
	if (ch->kind == CK_IPC_RING_LX2RT)
		err = ck_ipc_send(c->base, ch, txt, (uint32_t)len);
	else if (ch->kind == CK_IPC_STATE_LX2RT)
		err = ck_ipc_state_write(c->base, ch, txt, (uint32_t)len);
	else
		err = -CK_EPERM;
	if (err) {
		fprintf(stderr, "ckipc: %s: %s\n", ch->name,
			err == -CK_EPERM ? "written by the RT side"
					 : ckipc_strerror(err));
		return 1;
	}
	return 0;
}

/* Deliberately break the channel the way a buggy process would. */
static int cmd_corrupt(struct ckipc *c, struct ck_ipc_chan *ch)
{
	volatile uint8_t *p = (volatile uint8_t *)c->base + ch->off;

	if (ch->kind == CK_IPC_RING_RT2LX || ch->kind == CK_IPC_RING_LX2RT) {
		volatile struct ck_ipc_ring_hdr *r = (void *)p;
		uint32_t i;

		r->head = 0xdeadbeefu;
		r->tail = 0x12345678u;
		for (i = 0; i < ch->nr_slots; i++) {
			volatile struct ck_ipc_slot_hdr *s =
				(void *)(p + sizeof(*r) + i * ch->stride);
			s->seq = 0xffffffffu;
			s->len = 0xffffffffu;
		}
		printf("%s: head=0xdeadbeef tail=0x12345678, %u slot lengths=0xffffffff\n",
		       ch->name, ch->nr_slots);
	} else {
		volatile struct ck_ipc_state_hdr *st = (void *)p;

		st->seq = 0x12345678u;
		st->len = 0xffffffffu;
		printf("%s: seq=0x12345678 len=0xffffffff\n", ch->name);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct ck_ipc_chan ch;
	struct ckipc c;
	int err, ret;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage();
		return argc < 2 ? 2 : 0;
	}
	if (ckipc_open(&c, "ckipc"))
		return 1;
	if (!strcmp(argv[1], "list") && argc == 2) {
		ret = cmd_list(&c);
		goto out;
	}
	if (argc < 3 || (!strcmp(argv[1], "write") ? argc != 4 : argc != 3)) {
		usage();
		ret = 2;
		goto out;
	}
	err = ckipc_chan(&c, argv[2], &ch);
	if (err) {
		fprintf(stderr, "ckipc: %s: %s\n", argv[2],
			err == -CK_ENODEV ? "no such channel"
					  : ckipc_strerror(err));
		ret = 1;
		goto out;
	}
	if (!strcmp(argv[1], "read"))
		ret = cmd_read(&c, &ch);
	else if (!strcmp(argv[1], "write"))
		ret = cmd_write(&c, &ch, argv[3]);
	else if (!strcmp(argv[1], "reset"))
		ret = ck_ipc_request_reset(c.base, &ch) ? 1 : 0;
	else if (!strcmp(argv[1], "corrupt"))
		ret = cmd_corrupt(&c, &ch);
	else {
		usage();
		ret = 2;
	}
out:
	ckipc_close(&c);
	return ret;
}
