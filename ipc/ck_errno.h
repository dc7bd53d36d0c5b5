/* SPDX-License-Identifier: MIT */
/*
 * ck_errno.h - the CK_E* error numbers, shared by the co-kernel (ck/ck.h
 * includes this), ipc/ and the Linux side: they cross the boundary as
 * return values of the guest page's ops and the IPC calls.
 *
 * The values are the Linux/POSIX errno values, so Linux tools can print
 * strerror(-err).
 */
#ifndef CK_ERRNO_H
#define CK_ERRNO_H

#define CK_EPERM 1
#define CK_ENOENT 2
#define CK_ESRCH 3
#define CK_EINTR 4
#define CK_EAGAIN 11
#define CK_ENOMEM 12
#define CK_EFAULT 14
#define CK_EBUSY 16
#define CK_EEXIST 17
#define CK_ENODEV 19
#define CK_EINVAL 22
#define CK_ENOSPC 28
#define CK_ERANGE 34
#define CK_EDEADLK 35
#define CK_ENOSYS 38
#define CK_EIDRM 43
#define CK_EBADMSG 74
#define CK_EOVERFLOW 75
#define CK_EMSGSIZE 90
#define CK_ETIMEDOUT 110
#define CK_EOWNERDEAD 130

#endif /* CK_ERRNO_H */
