# SPDX-License-Identifier: MIT
# cokernel.mk - the co-kernel ELF and the combined image.
#   make cokernel   -> $(B)/cokernel.elf (+ .map, .lst)
#   make image      -> $(B)/cokernel-linux.elf: the co-kernel plus the Linux
#                      payload (LINUX_PAYLOAD_FILE, GUEST_DTB_FILE, INITRAMFS_FILE
#                      from mk/linux.mk and mk/rootfs.mk) as PT_LOAD segments
#                      at the board's payload PAs, and $(B)/cokernel.elf. With
#                      NO_LINUX=1, or when one of those variables is
#                      undefined, cokernel.elf alone (a cokernel-linux.elf
#                      left from a build with Linux is removed).
# Inputs from bsp/$(BOARD)/board.mk: ARCH CROSS CPUFLAGS DRIVERS BOARD_MAP_VARS
# BSP_SHARED (optional: SoC data files under bsp/ that several boards build)
# and the variables it names; BOARD_C_VARS (optional) and the variables it
# names, which board.c reads as BOARD_<name>; TIMER_GRAVITY_NS (the RT timer's anticipation,
# cokernel/include/ck/hw.h; `make ... TIMER_GRAVITY_NS=0` turns it off); CK_FORBIDDEN_INSNS (optional): a regex of
# mnemonics the CPU lacks (ARM926: with operands, coprocessors 10/11), which
# the co-kernel's disassembly must not contain; TOOLCHAIN_DEPS (optional): files every compile needs first (SH-4:
# the GCC plugin, mk/sh4.mk); NEWLIB (optional, mk/newlib.mk): the board's RT programs link
# newlib, which adds cokernel/libc and cokernel/apps/libc to the build.

CK_OUT := $(B)/ck
CK_CC := $(CROSS)gcc
CK_OBJDUMP := $(CROSS)objdump
CK_VERSION ?= 0.1-$(or $(shell git -C $(TOP) rev-parse HEAD 2>/dev/null | cut -c1-12),local)
# The banner prints the version in a field of fixed width, one word (a
# longer version is cut, a shorter one padded with '-'; the default,
# 0.1-<12 hex digits>, fills it exactly): a version of another length would
# move every later instruction of the boot, and under icount the RT samples
# with them (docs/measuring.md, "Repeatable figures").
CK_VERSION_WIDTH := 16
CK_VERSION_FIELD := $(shell printf '%-$(CK_VERSION_WIDTH).$(CK_VERSION_WIDTH)s' '$(CK_VERSION)' | tr ' ' -)

# Debian's bare-metal gcc is not PIE by default; add -fno-pie only if it is.
CK_NOPIE := $(if $(shell $(CK_CC) -v 2>&1 | grep -o enable-default-pie),-fno-pie)
CK_NOPIE_LD := $(if $(CK_NOPIE),-no-pie)

CK_BOARD_DEFS := $(foreach v,$(BOARD_MAP_VARS),-DBOARD_$(v)=$($(v)))
CK_CPPFLAGS := -I$(TOP)/cokernel/include -I$(TOP)/cokernel/arch/$(ARCH)/include \
	$(if $(ARCH_COMMON),-I$(TOP)/cokernel/arch/$(ARCH_COMMON)/include) \
	-I$(TOP)/cokernel/drivers/include -I$(TOP)/ipc -I$(CK_OUT)/include \
	$(CK_BOARD_DEFS)
# CK_TEST_CFLAGS: test knobs (-DCK_TEST_*) for a test image built in its
# own B= directory (tests/qemu/test_vpic.py); empty for every real image
CK_TEST_CFLAGS ?=
CK_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -ffreestanding -fno-builtin \
	-fno-common $(CPUFLAGS) $(CK_NOPIE) $(CK_TEST_CFLAGS)
CK_ASFLAGS := $(CPUFLAGS) -g -D__ASSEMBLER__
CK_LDFLAGS := $(CPUFLAGS) $(CK_NOPIE_LD) -nostdlib -nostartfiles -Wl,--no-warn-rwx-segments \
	-Wl,-z,noexecstack

# libfdt (cokernel/lib/libfdt/README.md): what reading the boot DTB needs
CK_LIBFDT_SRCS := cokernel/lib/libfdt/fdt.c cokernel/lib/libfdt/fdt_ro.c
CK_CPPFLAGS += -I$(TOP)/cokernel/lib/libfdt
# TLSF (cokernel/lib/tlsf/README.md): the allocator under ck/heap.h; its C
# library headers (assert, printf, memcpy) from freestanding/, for tlsf.c alone
CK_TLSF_SRCS := cokernel/lib/tlsf/tlsf.c
CK_CPPFLAGS += -I$(TOP)/cokernel/lib/tlsf
$(CK_OUT)/cokernel/lib/tlsf/tlsf.o: CK_CPPFLAGS += -I$(TOP)/cokernel/lib/tlsf/freestanding
# the Alchemy layer (ck/alchemy.h): code only; its heap is the
# application's (CK_ALCHEMY_HEAP), so an image without one pays no memory
CK_ALCHEMY_SRCS := cokernel/lib/alchemy/alchemy.c
# an application's folder (mk/app.mk): its shared header
CK_CPPFLAGS += $(if $(APP_DIR),-I$(APP_DIR))

# Host-only core files (the unit tests' simulator hooks) stay out.
CK_CORE_HOST_ONLY := $(wildcard cokernel/core/*host*.c cokernel/core/sim*.c)
CK_ARCH_DIR := cokernel/arch/$(ARCH)
# ARCH_COMMON (optional, board.mk): a directory of cokernel/arch that
# several arch ports share (ppc-common: the PowerPC frame, MMIO and RT-mask
# headers, asm-offsets.c and the sources both ports link); the port's own
# files come first
CK_ASM_OFFSETS_C := $(firstword $(wildcard $(CK_ARCH_DIR)/asm-offsets.c \
	$(if $(ARCH_COMMON),cokernel/arch/$(ARCH_COMMON)/asm-offsets.c)))
# its dependency file is named after it: one written for another source
# (a build tree from before the file moved) is never read, so it cannot
# name a source that is gone
CK_ASM_OFFSETS_D := $(CK_OUT)/asm-offsets.$(subst /,_,$(CK_ASM_OFFSETS_C)).d
# CK_SKIP: sources to leave out of this build (e.g. an app being written).
CK_SKIP ?=
CK_SRCS := $(filter-out $(CK_CORE_HOST_ONLY) $(CK_SKIP),$(wildcard cokernel/core/*.c)) \
	$(filter-out $(CK_ARCH_DIR)/asm-offsets.c,$(wildcard $(CK_ARCH_DIR)/*.c)) \
	$(wildcard $(CK_ARCH_DIR)/*.S) \
	$(if $(ARCH_COMMON),$(filter-out %/asm-offsets.c,$(wildcard \
		cokernel/arch/$(ARCH_COMMON)/*.c cokernel/arch/$(ARCH_COMMON)/*.S))) \
	$(foreach d,$(DRIVERS),cokernel/drivers/$(d).c) \
	$(wildcard bsp/$(BOARD)/*.c) $(foreach f,$(BSP_SHARED),bsp/$(f).c) \
	$(filter-out $(CK_SKIP),$(wildcard cokernel/apps/*.c)) \
	$(if $(NEWLIB),$(filter-out $(CK_SKIP),$(wildcard cokernel/libc/*.c cokernel/apps/libc/*.c))) \
	$(wildcard ipc/*.c) $(CK_LIBFDT_SRCS) $(CK_TLSF_SRCS) $(CK_ALCHEMY_SRCS) \
	$(APP_RT_FILES)
CK_OBJS := $(patsubst %,$(CK_OUT)/%.o,$(basename $(CK_SRCS)))
CK_ASM_OFFSETS := $(CK_OUT)/include/generated/asm-offsets.h
CK_LDS := $(CK_OUT)/cokernel.ld
CK_ELF := $(B)/cokernel.elf
CK_IMAGE := $(B)/cokernel-linux.elf

$(CK_OUT)/cokernel/core/main.o: CK_CPPFLAGS += -DCK_VERSION='"$(CK_VERSION_FIELD)"'
# the board's timer anticipation; board.c is rebuilt when it changes
TIMER_GRAVITY_NS ?= 0
# decimal, no leading zero (C would read it as octal), at most
# CK_TIMER_GRAVITY_MAX_NS (cokernel/include/ck/hw.h): what the RT entry does
# not use of it is spun away with RT masked on every expiry
CK_GRAVITY_MAX := $(shell sed -n 's/^\#define CK_TIMER_GRAVITY_MAX_NS \([0-9]*\)u$$/\1/p' \
	$(TOP)/cokernel/include/ck/hw.h)
ifeq ($(shell echo '$(TIMER_GRAVITY_NS)' | grep -Ex '0|[1-9][0-9]{0,9}' | awk '$$1 <= $(CK_GRAVITY_MAX)+0'),)
$(error TIMER_GRAVITY_NS=$(TIMER_GRAVITY_NS): a whole number of ns from 0 to $(CK_GRAVITY_MAX) expected)
endif
CK_GRAVITY_STAMP := $(CK_OUT)/timer-gravity
$(call ck_stamp,$(CK_GRAVITY_STAMP),$(TIMER_GRAVITY_NS))
CK_BSP_OBJS := $(CK_OUT)/bsp/$(BOARD)/board.o $(foreach f,$(BSP_SHARED),$(CK_OUT)/bsp/$(f).o)
$(CK_BSP_OBJS): CK_CPPFLAGS += -DBOARD_TIMER_GRAVITY_NS=$(TIMER_GRAVITY_NS)
$(CK_BSP_OBJS): $(CK_GRAVITY_STAMP)
# BOARD_C_VARS (optional): board.mk variables board.c reads as
# BOARD_<name>; board.c is rebuilt when one changes (a command-line value)
CK_BOARD_C_DEFS := $(foreach v,$(BOARD_C_VARS),-DBOARD_$(v)=$($(v)))
CK_BOARD_C_STAMP := $(CK_OUT)/board-c-vars
$(call ck_stamp,$(CK_BOARD_C_STAMP),$(CK_BOARD_C_DEFS))
$(CK_BSP_OBJS): CK_CPPFLAGS += $(CK_BOARD_C_DEFS)
$(CK_BSP_OBJS): $(CK_BOARD_C_STAMP)
# the banner's version follows the commit: main.o depends on a stamp that
# changes with it
CK_VERSION_STAMP := $(CK_OUT)/version
$(call ck_stamp,$(CK_VERSION_STAMP),$(CK_VERSION_FIELD))
$(CK_OUT)/cokernel/core/main.o: $(CK_VERSION_STAMP)

# Relink when a source file appears or goes away, not only when one changes.
CK_OBJS_LIST := $(CK_OUT)/objs.list
$(call ck_stamp,$(CK_OBJS_LIST),$(CK_OBJS))

.PHONY: cokernel image
cokernel: $(CK_ELF)

$(CK_OUT)/%.o: %.c $(CK_ASM_OFFSETS) $(BOARD_MK) | $(TOOLCHAIN_DEPS)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CK_CC) $(CK_CPPFLAGS) $(CK_CFLAGS) -MMD -MP -c -o $@ $<

$(CK_OUT)/%.o: %.S $(CK_ASM_OFFSETS) $(BOARD_MK) | $(TOOLCHAIN_DEPS)
	@mkdir -p $(@D)
	@echo "  AS      $<"
	@$(CK_CC) $(CK_CPPFLAGS) $(CK_ASFLAGS) -MMD -MP -c -o $@ $<

# asm-offsets.c -> .s -> header: "->SYM value" markers become #defines.
$(CK_OUT)/asm-offsets.s: $(CK_ASM_OFFSETS_C) | $(TOOLCHAIN_DEPS)
	@mkdir -p $(@D)
	@$(CK_CC) $(CK_CPPFLAGS) $(CK_CFLAGS) -MMD -MP -MT $@ -MF $(CK_ASM_OFFSETS_D) -S -o $@ $<

$(CK_ASM_OFFSETS): $(CK_OUT)/asm-offsets.s
	@mkdir -p $(@D)
	@{ echo "/* generated from $(CK_ASM_OFFSETS_C): do not edit */"; \
	  echo "#ifndef GENERATED_ASM_OFFSETS_H"; echo "#define GENERATED_ASM_OFFSETS_H"; \
	  sed -n 's/^[[:space:]]*->\([A-Za-z_0-9]*\) \(-*[0-9][0-9]*\) .*/#define \1 \2/p' $<; \
	  echo "#endif"; } > $@.tmp && mv $@.tmp $@

# Link scripts: the arch script preprocessed with the board map; payload.ld
# found by -L: empty for the co-kernel alone, the payload for the image.
$(CK_LDS): $(CK_ARCH_DIR)/cokernel.lds $(BOARD_MK)
	@mkdir -p $(@D)
	@$(CK_CC) -E -P -x c -undef $(CK_BOARD_DEFS) -o $@ $<

$(CK_OUT)/ld-alone/payload.ld: mk/cokernel.mk
	@mkdir -p $(@D) && printf '%s = 0;\n' __ck_linux_kernel_bytes \
		__ck_linux_dtb_bytes __ck_linux_initrd_bytes > $@

$(CK_OUT)/ld-image/payload.ld: mk/payload.lds $(BOARD_MK)
	@mkdir -p $(@D)
	@$(CK_CC) -E -P -x c -undef $(CK_BOARD_DEFS) -o $@ $<

# libraries after the objects (mk/newlib.mk adds newlib's)
CK_LIBS := -lgcc
CK_LINK = $(CK_CC) $(CK_LDFLAGS) -T $(CK_LDS) -Wl,-Map=$(basename $@).map -o $@ \
	$(CK_OBJS) $(1) $(CK_LIBS)

# instructions the CPU lacks (e.g. from a library built for another variant
# of it): the build fails naming the functions, and the ELF is removed. The
# regex is matched from the mnemonic on, so it may name operands too (a
# tab after the mnemonic); the code column before it is bytes (PowerPC,
# SH, whose objdump pads it with spaces before the tab) or words (ARM).
CK_INSNS_CHECK = $(if $(CK_FORBIDDEN_INSNS),bad=$$(awk '/^[0-9a-f]+ </ { f = $$2 } \
	/:\t([0-9a-f]+ )+ *\t($(CK_FORBIDDEN_INSNS))[ \t]/ { print f }' \
	$(basename $@).lst | sort -u); if [ -n "$$bad" ]; then \
	printf '%s: instructions this CPU lacks (%s) in %s\n' "$@" '$(CK_FORBIDDEN_INSNS)' \
		"$$(echo $$bad)" >&2; \
	rm -f $@; exit 1; fi)

$(CK_ELF): $(CK_OBJS) $(CK_OBJS_LIST) $(CK_LDS) $(CK_OUT)/ld-alone/payload.ld
	@echo "  LD      $@"
	@$(call CK_LINK,) -L$(CK_OUT)/ld-alone
	@$(CK_OBJDUMP) -d $@ > $(basename $@).lst
	@$(CK_INSNS_CHECK)

CK_PAYLOAD := $(if $(filter 1,$(NO_LINUX)),,$(if $(and $(LINUX_PAYLOAD_FILE),$(GUEST_DTB_FILE),$(INITRAMFS_FILE)),yes))
# The image (and the FIT) follow the mode: switching between NO_LINUX=1 and
# the full image rebuilds them, as they depend on a stamp that changes with it
CK_MODE_STAMP := $(CK_OUT)/payload-mode
$(call ck_stamp,$(CK_MODE_STAMP),payload=$(CK_PAYLOAD))

ifeq ($(CK_PAYLOAD),yes)
$(CK_OUT)/payload.o: mk/payload.S $(LINUX_PAYLOAD_FILE) $(GUEST_DTB_FILE) $(INITRAMFS_FILE)
	@mkdir -p $(@D)
	@$(CK_CC) $(CK_ASFLAGS) -DPAYLOAD_KERNEL='"$(LINUX_PAYLOAD_FILE)"' \
		-DPAYLOAD_DTB='"$(GUEST_DTB_FILE)"' -DPAYLOAD_INITRD='"$(INITRAMFS_FILE)"' \
		-c -o $@ $<

$(CK_IMAGE): $(CK_OBJS) $(CK_OBJS_LIST) $(CK_LDS) $(CK_OUT)/ld-image/payload.ld $(CK_OUT)/payload.o \
		$(CK_MODE_STAMP)
	@echo "  LD      $@ (co-kernel + Linux payload)"
	@$(call CK_LINK,$(CK_OUT)/payload.o) -L$(CK_OUT)/ld-image

image: $(CK_IMAGE)
else
# the co-kernel alone: no file named for Linux, and none left from a build
# with Linux, whose co-kernel would now differ from $(CK_ELF)
.PHONY: image-no-linux
image-no-linux:
	@if [ -e $(CK_IMAGE) ]; then echo "  RM      $(CK_IMAGE) (no Linux in this build)"; \
		rm -f $(CK_IMAGE); fi
image: image-no-linux
endif

# the co-kernel alone is always built too (tests/qemu/test_bare.py boots it)
image: $(CK_ELF)

-include $(CK_OBJS:.o=.d) $(CK_ASM_OFFSETS_D)
