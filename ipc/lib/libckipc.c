// SPDX-License-Identifier: MIT
/* libckipc.c - map the cokernel IPC region through UIO, find channels. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ck_guest.h"
#include "ck_ipc_priv.h"
#include "libckipc.h"

static int read_sysfs(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = 0;
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return 0;
}

/* Find /dev/uioN whose name is CKIPC_UIO_NAME; its map0 size. */
static int find_uio(char *dev, size_t devlen, uint32_t *size)
{
	DIR *d = opendir("/sys/class/uio");
	struct dirent *e;
	char path[300], buf[64];
	int err = -ENODEV;

	if (!d)
		return -ENODEV;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, "uio", 3))
			continue;
		snprintf(path, sizeof(path), "/sys/class/uio/%s/name",
			 e->d_name);
		if (read_sysfs(path, buf, sizeof(buf)) ||
		    strcmp(buf, CKIPC_UIO_NAME))
			continue;
		snprintf(path, sizeof(path),
			 "/sys/class/uio/%s/maps/map0/size", e->d_name);
		if (read_sysfs(path, buf, sizeof(buf)))
			continue;
		*size = (uint32_t)strtoul(buf, NULL, 0);
		snprintf(dev, devlen, "/dev/%s", e->d_name);
		err = 0;
		break;
	}
	closedir(d);
	return err;
}

int ckipc_open(struct ckipc *c, const char *prog)
{
	const char *env = getenv("CKIPC_DEV");
	struct stat st;
	uint32_t size = CK_IPC_REGION_BYTES_DEFAULT;
	void *p;
	int err;

	memset(c, 0, sizeof(*c));
	c->fd = -1;
	if (env && *env) {
		snprintf(c->path, sizeof(c->path), "%s", env);
	} else {
		err = find_uio(c->path, sizeof(c->path), &size);
		if (err) {
			fprintf(stderr,
				"%s: no UIO device named %s (a kernel without CONFIG_COKERNEL_IPC, or no cokernel,ipc-shm node?)\n",
				prog, CKIPC_UIO_NAME);
			return err;
		}
	}
	c->fd = open(c->path, O_RDWR | O_CLOEXEC);
	if (c->fd < 0) {
		err = -errno;
		fprintf(stderr, "%s: %s: %s\n", prog, c->path, strerror(-err));
		return err;
	}
	if (fstat(c->fd, &st) == 0 && S_ISREG(st.st_mode)) {
		size = (uint32_t)st.st_size;
	} else {
		c->uio = true;
	}
	if (size < sizeof(struct ck_ipc_dir)) {
		fprintf(stderr, "%s: %s: region too small (%u bytes)\n", prog,
			c->path, size);
		ckipc_close(c);
		return -EINVAL;
	}
	/* UIO: map N is at offset N * page size; map 0 is the region. */
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, c->fd, 0);
	if (p == MAP_FAILED) {
		err = -errno;
		fprintf(stderr, "%s: mmap %s: %s\n", prog, c->path,
			strerror(-err));
		ckipc_close(c);
		return err;
	}
	c->base = p;
	c->size = size;
	if (c->uio) {
		uint32_t one = 1;

		/* enable the doorbell interrupt (uio_pdrv_genirq irqcontrol) */
		if (write(c->fd, &one, sizeof(one)) != sizeof(one))
			c->uio = false; /* no IRQ: fall back to polling */
	}
	err = ck_ipc_dir_check(c->base, c->size);
	if (err) {
		fprintf(stderr, "%s: %s: no valid cokernel IPC directory (%s)\n",
			prog, c->path, ckipc_strerror(err));
		ckipc_close(c);
		return err;
	}
	return 0;
}

void ckipc_close(struct ckipc *c)
{
	if (c->base)
		munmap(c->base, c->size);
	if (c->fd >= 0)
		close(c->fd);
	c->base = NULL;
	c->fd = -1;
}

int ckipc_chan(struct ckipc *c, const char *name, struct ck_ipc_chan *ch)
{
	if (!c || !c->base)
		return -EBADF;
	return ck_ipc_open(c->base, c->size, name, CK_IPC_SIDE_LINUX, ch);
}

bool ckipc_chan_sound(struct ckipc *c, const struct ck_ipc_chan *ch)
{
	struct ck_ipc_info in;
	uint32_t lag;

	if (ck_ipc_info(c->base, c->size, ch->idx, &in) ||
	    (in.flags & CK_IPC_F_FAULTED))
		return false;
	if (in.kind == CK_IPC_STATE_RT2LX || in.kind == CK_IPC_STATE_LX2RT)
		/* RT's updates are atomic to Linux: odd is a scribble */
		return in.len <= in.slot_bytes &&
		       !(in.kind == CK_IPC_STATE_RT2LX && (in.seq & 1u));
	lag = in.head - in.tail;
	return lag <= in.nr_slots ||
	       ((in.flags & CK_IPC_F_DROP_OLDEST) && lag <= 0x80000000u);
}

int ckipc_claim(struct ckipc *c, const struct ck_ipc_chan *ch, pid_t *holder)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	fl.l_start = (off_t)ch->idx;
	fl.l_len = 1;
	if (fcntl(c->fd, F_SETLK, &fl) == 0)
		return 0;
	if (errno != EACCES && errno != EAGAIN)
		return -errno;
	if (holder) {
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		fl.l_start = (off_t)ch->idx;
		fl.l_len = 1;
		*holder = fcntl(c->fd, F_GETLK, &fl) == 0 &&
					  fl.l_type != F_UNLCK
				  ? fl.l_pid
				  : 0;
	}
	return -EBUSY;
}

int ckipc_open_app(struct ckipc *c, const char *prog,
		   const char *const names[], struct ck_ipc_chan chans[],
		   unsigned int n)
{
	unsigned int i;
	pid_t holder;
	int err;

	if (ckipc_open(c, prog))
		return -1;
	for (i = 0, err = 0; i < n && !err; i++)
		err = ckipc_chan(c, names[i], &chans[i]);
	if (err) {
		fprintf(stderr, "%s: RT %s channels not found: %s\n", prog, prog,
			ckipc_strerror(err));
		ckipc_close(c);
		return -1;
	}
	err = ckipc_claim(c, &chans[0], &holder);
	if (err == -EBUSY)
		fprintf(stderr,
			"%s: busy: another %s (pid %ld) is running; the RT side serves one at a time\n",
			prog, prog, (long)holder);
	else if (err)
		fprintf(stderr, "%s: cannot claim %s: %s\n", prog, names[0],
			strerror(-err));
	if (err) {
		ckipc_close(c);
		return -1;
	}
	return 0;
}

int ckipc_wait(struct ckipc *c, int timeout_ms)
{
	struct pollfd pfd = { .fd = c->fd, .events = POLLIN };
	uint32_t count, one = 1;
	int r;

	if (!c->uio) {
		struct timespec ts = { 0, 10 * 1000 * 1000 };

		if (timeout_ms < 10)
			ts.tv_nsec = (long)timeout_ms * 1000 * 1000;
		nanosleep(&ts, NULL);
		return 0;
	}
	r = poll(&pfd, 1, timeout_ms);
	if (r < 0)
		return -errno;
	if (r == 0)
		return 0;
	if (read(c->fd, &count, sizeof(count)) != sizeof(count))
		return -errno;
	if (write(c->fd, &one, sizeof(one)) != sizeof(one))
		return -errno;
	return 1;
}

/* ---- IPC v1: doorbells and timeouts -------------------------------- */

/* Monotonic ms, for deadlines. */
static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The ms left before @deadline (-1: none), at least 0. */
static int left_ms(int64_t deadline)
{
	int64_t n;

	if (deadline < 0)
		return -1;
	n = deadline - now_ms();
	return n < 0 ? 0 : n > INT32_MAX ? INT32_MAX : (int)n;
}

/* The checks every v1 call makes before it touches the region: an open
 * region, a sealed handle of this side, the kind (@ring) and direction
 * (@writer) the call needs. */
static int v1_check(const struct ckipc *c, const struct ck_ipc_chan *ch,
		    bool ring, bool writer)
{
	if (!c || !c->base || !ch || !ipc_handle_sealed(ch) ||
	    ch->side != CK_IPC_SIDE_LINUX || ch->region_bytes != c->size)
		return -EBADF;
	if (!ipc_handle_ok(ch, ring, writer))
		return -EPERM;
	return 0;
}

int ckipc_fd(const struct ckipc *c)
{
	return c && c->uio ? c->fd : -1;
}

int ckipc_ack(struct ckipc *c)
{
	struct pollfd pfd = { .fd = c->fd, .events = POLLIN };
	uint32_t count;

	if (!c->base)
		return -EBADF;
	if (!c->uio)
		return 0;
	/* read() blocks on UIO until an event: only after poll() says so */
	if (poll(&pfd, 1, 0) > 0 &&
	    read(c->fd, &count, sizeof(count)) != sizeof(count))
		return -errno;
	return 0;
}

/* Wait up to @ms (-1: for ever) for the doorbell, then take its events;
 * on a plain file, sleep up to 1 ms. Return 0 or -errno. */
static int doorbell_wait(struct ckipc *c, int ms)
{
	struct pollfd pfd = { .fd = c->fd, .events = POLLIN };
	int r;

	if (!c->uio || ms == 0) {
		struct timespec ts = { 0, 1000000 };

		if (ms >= 0 && ms < 1)
			return 0;
		return nanosleep(&ts, NULL) ? -errno : 0;
	}
	r = poll(&pfd, 1, ms);
	if (r < 0)
		return -errno;
	return r ? ckipc_ack(c) : 0;
}

int ckipc_recv(struct ckipc *c, struct ck_ipc_chan *ch, void *buf,
	       uint32_t len, int timeout_ms)
{
	int64_t deadline = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
	int n = v1_check(c, ch, true, false);

	if (n)
		return n;
	if (!buf && len)
		return -EINVAL;
	for (;;) {
		/* the ring after the doorbell's count was taken: a post from
		 * here on makes poll() return (DESIGN §5, test_chan.c) */
		n = ck_ipc_recv(c->base, ch, buf, len);
		if (n == -CK_ENOSPC)
			return -EMSGSIZE;
		if (n != -CK_EAGAIN)
			return n;
		if (timeout_ms == 0)
			return -EAGAIN;
		if (deadline >= 0 && left_ms(deadline) == 0)
			return -ETIMEDOUT;
		n = doorbell_wait(c, left_ms(deadline));
		if (n)
			return n;
	}
}

int ckipc_notify(struct ckipc *c, const struct ck_ipc_chan *ch)
{
	uint32_t v;

	if (!c || !c->base || !ch || !ipc_handle_sealed(ch))
		return -EBADF;
	if (!c->uio)
		return -ENOSYS;
	v = CK_UIO_NOTIFY(ch->idx);
	if (write(c->fd, &v, sizeof(v)) != sizeof(v))
		return -errno;
	return 0;
}

/* After a write went in: ring, and count a ring that failed. */
static void v1_notify(struct ckipc *c, const struct ck_ipc_chan *ch)
{
	if (c->uio && ckipc_notify(c, ch))
		c->notify_errors++;
}

int ckipc_send(struct ckipc *c, struct ck_ipc_chan *ch, const void *msg,
	       uint32_t len, int timeout_ms)
{
	int64_t deadline = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
	int err = v1_check(c, ch, true, true);

	if (err)
		return err;
	if (len > ch->slot_bytes)
		return -EMSGSIZE;
	if (!msg && len)
		return -EINVAL;
	for (;;) {
		err = ck_ipc_send(c->base, ch, msg, len);
		if (!err) {
			v1_notify(c, ch);
			return 0;
		}
		if (err != -CK_EAGAIN)
			return err;
		if (timeout_ms == 0)
			return -EAGAIN;
		if (deadline >= 0 && left_ms(deadline) == 0)
			return -ETIMEDOUT;
		/* the RT side rings nothing when it consumes: poll at 1 ms */
		err = doorbell_wait(c, left_ms(deadline) < 0 || left_ms(deadline) > 1
					       ? 1
					       : left_ms(deadline));
		if (err)
			return err;
	}
}

int ckipc_state_read(struct ckipc *c, struct ck_ipc_chan *ch, void *buf,
		     uint32_t len)
{
	int n = v1_check(c, ch, false, false);

	if (n)
		return n;
	if (!buf && len)
		return -EINVAL;
	n = ck_ipc_state_read(c->base, ch, buf, len);
	return n == -CK_ENOSPC ? -EMSGSIZE : n;
}

int ckipc_state_write(struct ckipc *c, struct ck_ipc_chan *ch,
		      const void *data, uint32_t len)
{
	int err = v1_check(c, ch, false, true);

	if (err)
		return err;
	if (len > ch->slot_bytes)
		return -EMSGSIZE;
	if (!data && len)
		return -EINVAL;
	err = ck_ipc_state_write(c->base, ch, data, len);
	if (!err)
		v1_notify(c, ch);
	return err;
}

const char *ckipc_kind_name(uint32_t kind)
{
	switch (kind) {
	case CK_IPC_RING_RT2LX:
		return "ring rt>lx";
	case CK_IPC_RING_LX2RT:
		return "ring lx>rt";
	case CK_IPC_STATE_RT2LX:
		return "state rt>lx";
	case CK_IPC_STATE_LX2RT:
		return "state lx>rt";
	default:
		return "?";
	}
}

const char *ckipc_strerror(int err)
{
	if (err == -CK_EBADMSG)
		return "channel corrupt";
	if (err == -CK_EFAULT)
		return "channel faulted (see ckipc reset)";
	if (err == -EPERM)
		return "wrong direction or kind for this channel";
	if (err == -EMSGSIZE)
		return "message larger than the channel's slot or the buffer";
	if (err == -EBADF)
		return "region closed or not a channel handle";
	if (err == -CK_ENODEV)
		return "no channel of that name";
	return strerror(err < 0 ? -err : err);
}
