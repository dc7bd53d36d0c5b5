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
	return strerror(err < 0 ? -err : err);
}
