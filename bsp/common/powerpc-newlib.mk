# SPDX-License-Identifier: MIT
# powerpc-newlib.mk - newlib for the RT programs of the 32-bit PowerPC
# boards (e500, lite5200b; included by their board.mk after CPUFLAGS):
# built from Debian's newlib-source for powerpc-eabi with $(CROSS)gcc and
# the board's CPUFLAGS (mk/newlib.mk, mk/newlib-build.sh), so each CPU
# gets its own build: one made for -mcpu=8548 holds isel, which a 603e
# lacks.
NEWLIB := powerpc-eabi
# ABI flags newlib and the code calling it share: a 64-bit long double
# (newlib's ieeefp.h knows no IBM 128-bit one, this compiler's default)
NEWLIB_CPUFLAGS := -mlong-double-64
# newlib's own flags: without -msdata=none, as newlib puts _impure_ptr in
# .sdata (sys/config.h), a section type conflict under -msdata=none; this
# compiler's default addresses small data absolutely all the same, no r13
# anchor (mk/newlib-build.sh checks). -mno-relocatable-lib undoes the
# -mrelocatable-lib newlib's configure.host adds (addresses through a
# .got2 table: slower code the co-kernel, linked where it runs, needs not).
NEWLIB_BUILD_FLAGS := $(filter-out -msdata=none,$(CPUFLAGS)) $(NEWLIB_CPUFLAGS) \
	-mno-relocatable-lib
# Debian's powerpc-linux-gnu libgcc is hard-float only (its __adddf3 is an
# fadd): the soft-float routines come from GCC's source (libsoftfp.a)
NEWLIB_SOFTFP := yes
# malloc's arena (init only: README.md, newlib), bytes
NEWLIB_HEAP_BYTES := 65536
