/* SPDX-License-Identifier: MIT */
/*
 * ck_ipc_errno.h - the CK_E* error numbers used by ipc/, without the RT API.
 *
 * The values are the co-kernel's (cokernel/include/ck/ck.h), which are the
 * Linux/POSIX errno values, so Linux tools can print strerror(-err). The
 * definitions are token-identical to ck.h, so both headers may be included
 * in one file in either order.
 */
#ifndef CK_IPC_ERRNO_H
#define CK_IPC_ERRNO_H

#define CK_EPERM 1
#define CK_EAGAIN 11
#define CK_EFAULT 14
#define CK_EBUSY 16
#define CK_EEXIST 17
#define CK_ENODEV 19
#define CK_EINVAL 22
#define CK_ENOSPC 28
#define CK_EBADMSG 74

#endif /* CK_IPC_ERRNO_H */
