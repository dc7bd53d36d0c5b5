/* SPDX-License-Identifier: MIT */
/* app.h - built-in RT programs: each registers an init hook in .ck_apps. */
#ifndef CK_APP_H
#define CK_APP_H

struct ck_app {
	const char *name;
	/* create the program's tasks, timers and IPC channels.
	 * Return 0 or -CK_E*. Context: init (RT masked, before the scheduler). */
	int (*init)(void);
};

/* The linker script collects these between __ck_apps_start and __ck_apps_end. */
#define CK_APP(n, fn)                                                     \
	static const struct ck_app ck_app_##n                              \
		__attribute__((used, section(".ck_apps"), aligned(4))) = { \
			#n, fn }

extern const struct ck_app __ck_apps_start[], __ck_apps_end[];

#endif /* CK_APP_H */
