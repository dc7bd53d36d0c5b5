# SPDX-License-Identifier: MIT
# newlib.mk - newlib (libc, libm) for the RT programs, on boards whose
# board.mk names newlib's target triple in NEWLIB (e500 and lite5200b:
# powerpc-eabi, r2d: sh-elf, versatilepb: arm-none-eabi).
#   make newlib     -> $(B)/newlib: a link to the cached build made by
#                      mk/newlib-build.sh from Debian's newlib-source, or,
#                      with NEWLIB_PREBUILT := yes, to links into the
#                      distribution's prebuilt multilib that the compiler
#                      picks for CPUFLAGS (mk/newlib-prebuilt.sh: Debian's
#                      libnewlib-arm-none-eabi; nothing built, and refused
#                      when built for an FPU)
# On such boards the RT programs (cokernel/apps, and cokernel/apps/libc,
# which only these boards build) and the system-call layer (cokernel/libc)
# are compiled against newlib's headers, the co-kernel links libc.a and
# libm.a, and the link drops unused sections. The core stays freestanding
# and keeps its own memcpy/memset/strlen/strcmp (cokernel/core/string.c):
# they are object files linked before libc.a, so libc.a's members of the
# same names are never pulled in (a member that clashed would be a
# "multiple definition" error, not a silent choice), the RT path runs the
# same code with or without newlib, and newlib's own calls use them too.
# Inputs from bsp/$(BOARD)/board.mk: NEWLIB, NEWLIB_PREBUILT (yes: the
# prebuilt multilib; then only NEWLIB_CPUFLAGS and NEWLIB_HEAP_BYTES apply),
# NEWLIB_CPUFLAGS (ABI flags the RT programs share with newlib),
# NEWLIB_BUILD_FLAGS (what newlib is compiled with), NEWLIB_SOFTFP (yes:
# also GCC's soft-float routines, libsoftfp.a, see mk/newlib-build.sh),
# NEWLIB_LIBGCC (yes: a libgcc.a built from GCC's source with
# NEWLIB_BUILD_FLAGS beside libc.a, which -lgcc then finds before the
# compiler's: mk/libgcc-build.sh), NEWLIB_HEAP_BYTES (malloc's arena).
# Included by the Makefile after mk/cokernel.mk.

.PHONY: newlib
ifeq ($(NEWLIB),)
newlib:
	@$(call ck_lacks,links no newlib (no NEWLIB in bsp/$(BOARD)/board.mk),boards \
		with newlib: $(call ck_boards_where,NEWLIB,%))
else
NEWLIB_LINK := $(B)/newlib
NEWLIB_LIBDIR := $(NEWLIB_LINK)/$(NEWLIB)/lib
NEWLIB_STAMP := $(B)/newlib.stamp
ifeq ($(NEWLIB_PREBUILT),yes)
# the nano variant's newlib.h before the rest of the headers (what the
# compiler's nano.specs does); the stamp follows the library files, so a
# new package version is checked again
NEWLIB_INC := $(NEWLIB_LINK)/$(NEWLIB)/include-nano $(NEWLIB_LINK)/$(NEWLIB)/include
NEWLIB_BUILD = mk/newlib-prebuilt.sh $(NEWLIB) $(CK_CC) $(B)/newlib-prebuilt $(CPUFLAGS) \
	$(NEWLIB_CPUFLAGS)
NEWLIB_INPUTS := mk/newlib-prebuilt.sh $(wildcard $(foreach f,libc_nano.a libm.a,\
	$(shell $(CK_CC) $(CPUFLAGS) $(NEWLIB_CPUFLAGS) -print-file-name=$(f))))
else
NEWLIB_INC := $(NEWLIB_LINK)/$(NEWLIB)/include
NEWLIB_BUILD = CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) mk/newlib-build.sh \
	$(if $(filter yes,$(NEWLIB_SOFTFP)),--softfp) $(if $(filter yes,$(NEWLIB_LIBGCC)),--libgcc) \
	$(NEWLIB) $(CROSS) $(NEWLIB_BUILD_FLAGS)
NEWLIB_INPUTS := mk/newlib-build.sh $(if $(filter yes,$(NEWLIB_LIBGCC)),mk/libgcc-build.sh)
endif

newlib: $(NEWLIB_STAMP)

# The stamp holds the cache directory (or the prebuilt one's links); build
# again when the board's flags (its board.mk and the bsp/common/*.mk it
# includes) or the script change, or when the cached
# build went away (the link dangles). A rerun with everything cached takes
# a fraction of a second.
# With QEMU_USER in board.mk (QEMU's user-mode emulator for the CPU), the
# build runs tests/newlib/fpcheck.c on it first (mk/newlib-check.sh): wrong
# soft-float or libm results, or an instruction of CK_FORBIDDEN_INSNS in
# what it links, fail here, before any image.
.PHONY: newlib-gone
$(NEWLIB_STAMP): $(NEWLIB_INPUTS) \
		$(if $(QEMU_USER),mk/newlib-check.sh tests/newlib/fpcheck.c) \
		$(filter bsp/%.mk,$(MAKEFILE_LIST)) \
		$(if $(wildcard $(NEWLIB_LIBDIR)/libc.a),,newlib-gone) | $(TOOLCHAIN_DEPS)
	@mkdir -p $(@D)
	@d=$$($(NEWLIB_BUILD)) && ln -sfn "$$d" $(NEWLIB_LINK) && \
		$(if $(QEMU_USER),mk/newlib-check.sh '$(QEMU_USER)' "$$d" $(NEWLIB) $(CROSS) \
		'$(CK_FORBIDDEN_INSNS)' $(NEWLIB_BUILD_FLAGS) $(NEWLIB_CPUFLAGS) &&) echo "$$d" > $@

# The RT programs and the system-call layer: newlib's headers instead of
# the cross compiler's (-nostdinc: Debian's cross gcc would also search
# glibc's and the host's /usr/include), GCC's own (stddef.h, stdarg.h)
# after them, as newlib is built. Still -ffreestanding -fno-builtin like
# the rest of the co-kernel: every libc call is a real call, and an app
# that uses no libc compiles to the same code as on a board without newlib.
# GCC's include-fixed comes last where the compiler has one (a bare-metal
# GCC's limits.h is there, which newlib's limits.h #include_next's).
CK_GCC_INC := $(shell $(CK_CC) -print-file-name=include) \
	$(wildcard $(shell $(CK_CC) -print-file-name=include-fixed))
CK_LIBC_OBJS := $(filter $(CK_OUT)/cokernel/apps/% $(CK_OUT)/cokernel/libc/%,$(CK_OBJS))
$(CK_LIBC_OBJS): CK_CFLAGS += $(NEWLIB_CPUFLAGS) -nostdinc \
	$(addprefix -isystem ,$(NEWLIB_INC) $(CK_GCC_INC))
$(CK_OUT)/cokernel/libc/glue.o: CK_CFLAGS += \
	$(if $(NEWLIB_HEAP_BYTES),-DCK_LIBC_HEAP_BYTES=$(NEWLIB_HEAP_BYTES))
$(CK_LIBC_OBJS): $(NEWLIB_STAMP)

# libc and libm (and libsoftfp before libgcc: its soft-float routines win
# over libgcc's) in a group: they call each other. --gc-sections: newlib
# is built with a section per function and object; the link script KEEPs
# what nothing references (vectors, guest page, app table).
CK_LDFLAGS += -Wl,--gc-sections
CK_LIBS := -L$(NEWLIB_LIBDIR) -Wl,--start-group -lc -lm \
	$(if $(filter yes,$(NEWLIB_SOFTFP)),-lsoftfp) -lgcc -Wl,--end-group
$(CK_ELF) $(CK_IMAGE): $(NEWLIB_STAMP)
endif
