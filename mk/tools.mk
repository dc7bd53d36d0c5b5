# SPDX-License-Identifier: MIT
# mk/tools.mk - Linux userspace tools (linux-guest/tools, GPL-2.0) using ipc/
# and the channel library ipc/lib/libckipc (MIT, so any program may link it).
#   make tools       -> $(B)/tools/cktools: the guest's tools (latency, ckipc,
#                       switchbench, switchtest, ...) in one static program,
#                       built with $(LINUX_USER_CC) (below); the initramfs
#                       links /usr/bin/<tool> to it (mk/rootfs.mk,
#                       linux-guest/tools/cktools.c)
#   make tools-host  -> $(HOSTB)/tools/...: the same for the build machine (ASan/
#                       UBSan), run by the unit tests against a fake region file
#                       (CKIPC_DEV=<file>). `make unit` builds them first and
#                       passes their directory in CK_TOOLS_HOST.

# The guest's C compiler, for the tools and busybox (mk/rootfs.mk): the
# cross compiler with its own libc (Debian's glibc), or with LINUX_LIBC :=
# musl in board.mk, musl built from Debian's source by mk/musl-build.sh
# with LINUX_USER_CFLAGS, and its libgcc.a (cached; $(B)/musl links to
# it). LINUX_USER_CFLAGS: what every compile and link of the guest's
# programs takes (SH-4: the GCC plugin, mk/sh4.mk); TOOLCHAIN_DEPS comes
# first (order-only).
LINUX_USER_CFLAGS ?=
ifeq ($(LINUX_LIBC),musl)
LINUX_LIBC_LINK := $(B)/musl
LINUX_LIBC_STAMP := $(B)/musl.stamp
# the cached directory itself (not the link): a cache key that names it
# (busybox's) changes with it
LINUX_LIBC_DIR = $$(cat $(LINUX_LIBC_STAMP))
LINUX_USER_LIBC_FLAGS = -specs $(LINUX_LIBC_DIR)/lib/musl-gcc.specs
.PHONY: musl musl-gone
musl: $(LINUX_LIBC_STAMP)
# build again when the flags or the script change, or when the cached build
# went away (the link dangles)
$(LINUX_LIBC_STAMP): mk/musl-build.sh mk/libgcc-build.sh $(filter %/board.mk,$(MAKEFILE_LIST)) \
		$(if $(wildcard $(LINUX_LIBC_LINK)/lib/libc.a),,musl-gone) | $(TOOLCHAIN_DEPS)
	@mkdir -p $(@D)
	@d=$$(CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) mk/musl-build.sh $(LINUX_ARCH) $(LINUX_CROSS) \
		$(LINUX_USER_CFLAGS)) && ln -sfn "$$d" $(LINUX_LIBC_LINK) && echo "$$d" > $@
else ifneq ($(LINUX_LIBC),)
$(error LINUX_LIBC '$(LINUX_LIBC)' in bsp/$(BOARD)/board.mk: empty (the cross compiler's) or musl)
else
.PHONY: musl
musl:
	@$(call ck_lacks,links its Linux programs with the cross compiler's libc (no \
		LINUX_LIBC := musl in bsp/$(BOARD)/board.mk),musl is built for: $(call \
		ck_boards_where,LINUX_LIBC,musl))
endif
LINUX_USER_CC = $(LINUX_CROSS)gcc $(LINUX_USER_CFLAGS) $(LINUX_USER_LIBC_FLAGS)

TOOLS_DIR := linux-guest/tools
TOOLS_NAMES := latency ckipc switchbench switchtest syncbench rtmix regcheck sstep cachethrash \
	ckcyclictest ckhackbench ckecho
# (ckecho: examples/ipc-poll, the 30-line libckipc example users copy, MIT)
# an application's Linux programs (mk/app.mk), from its linux/ folder
TOOLS_NAMES += $(APP_TOOLS)
TOOLS_LIB_SRCS := ipc/lib/libckipc.c $(wildcard ipc/*.c) $(TOOLS_DIR)/cli.c
TOOLS_HDRS := $(wildcard $(TOOLS_DIR)/*.h ipc/*.h ipc/lib/*.h)
TOOLS_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -I$(TOP)/ipc -I$(TOP)/ipc/lib \
	$(if $(APP_DIR),-I$(APP_DIR))
TOOLS_OUT := $(B)/tools
# what goes into the initramfs: cktools, with a link per tool
TOOLS_FILES := $(TOOLS_OUT)/cktools
TOOLS_HOST_OUT := $(HOSTB)/tools
TOOLS_HOST_SAN := -g -fsanitize=address,undefined -fno-sanitize-recover=all

.PHONY: tools tools-host
# (a board without a Linux guest builds them for its own Linux, when it
# has one: LINUX_NATIVE_DEFCONFIG)
ifeq ($(LINUX_GUEST)-$(LINUX_NATIVE_DEFCONFIG),no-)
tools:
	@$(ck_no_guest)
else
tools: $(TOOLS_FILES)
endif
tools-host: $(addprefix $(TOOLS_HOST_OUT)/,$(TOOLS_NAMES))

# Each tool's main() becomes <tool>_main in its object; cktools.c calls the
# one its name (or first argument) names. One static libc for all of them:
# a static glibc program is 0.6-0.8 MB, whatever the tool.
TOOLS_OBJS := $(addprefix $(TOOLS_OUT)/obj/,$(addsuffix .o,$(TOOLS_NAMES)))
$(TOOLS_OUT)/obj/%.o: $(TOOLS_DIR)/%.c $(TOOLS_HDRS) $(LINUX_LIBC_STAMP) | $(TOOLCHAIN_DEPS)
	@mkdir -p $(@D)
	@echo "  TOOL    $@"
	@$(NICE) $(LINUX_USER_CC) $(TOOLS_CFLAGS) -Dmain=$*_main -c -o $@ $<

$(TOOLS_OUT)/cktools: $(TOOLS_DIR)/cktools.c $(TOOLS_OBJS) $(TOOLS_LIB_SRCS) $(TOOLS_HDRS) \
		mk/tools.mk $(LINUX_LIBC_STAMP) | $(TOOLCHAIN_DEPS)
	@echo "  TOOL    $@ ($(TOOLS_NAMES))"
	@$(NICE) $(LINUX_USER_CC) -static $(TOOLS_CFLAGS) \
		'-DCK_TOOLS=$(foreach t,$(TOOLS_NAMES),X($(t)))' -o $@ $< $(TOOLS_OBJS) \
		$(TOOLS_LIB_SRCS) -lm

$(TOOLS_OUT)/obj/ckecho.o: examples/ipc-poll/ckecho.c $(TOOLS_HDRS) $(LINUX_LIBC_STAMP) | $(TOOLCHAIN_DEPS)
	@mkdir -p $(@D)
	@echo "  TOOL    $@"
	@$(NICE) $(LINUX_USER_CC) $(TOOLS_CFLAGS) -Dmain=ckecho_main -c -o $@ $<

$(TOOLS_HOST_OUT)/ckecho: examples/ipc-poll/ckecho.c $(TOOLS_LIB_SRCS) $(TOOLS_HDRS)
	@mkdir -p $(@D)
	@echo "  HOSTTOOL $@"
	@$(NICE) $(HOSTCC) $(TOOLS_CFLAGS) $(TOOLS_HOST_SAN) -o $@ $< $(TOOLS_LIB_SRCS) -lm

ifneq ($(APP_TOOLS),)
$(TOOLS_OUT)/obj/%.o: $(APP_DIR)/linux/%.c $(TOOLS_HDRS) $(wildcard $(APP_DIR)/*.h) \
		$(LINUX_LIBC_STAMP) | $(TOOLCHAIN_DEPS)
	@mkdir -p $(@D)
	@echo "  TOOL    $@ (APP=$(APP))"
	@$(NICE) $(LINUX_USER_CC) $(TOOLS_CFLAGS) -Dmain=$*_main -c -o $@ $<

$(TOOLS_HOST_OUT)/%: $(APP_DIR)/linux/%.c $(TOOLS_LIB_SRCS) $(TOOLS_HDRS)
	@mkdir -p $(@D)
	@echo "  HOSTTOOL $@ (APP=$(APP))"
	@$(NICE) $(HOSTCC) $(TOOLS_CFLAGS) $(TOOLS_HOST_SAN) -o $@ $< $(TOOLS_LIB_SRCS) -lm
endif

$(TOOLS_HOST_OUT)/%: $(TOOLS_DIR)/%.c $(TOOLS_LIB_SRCS) $(TOOLS_HDRS)
	@mkdir -p $(@D)
	@echo "  HOSTTOOL $@"
	@$(NICE) $(HOSTCC) $(TOOLS_CFLAGS) $(TOOLS_HOST_SAN) -o $@ $< $(TOOLS_LIB_SRCS) -lm

unit: tools-host
unit: export CK_TOOLS_HOST := $(TOOLS_HOST_OUT)
