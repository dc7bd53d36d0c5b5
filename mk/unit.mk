# SPDX-License-Identifier: MIT
# mk/unit.mk - host unit tests (cmocka, ASan/UBSan): `make unit`.
# Every tests/unit/test_*.c becomes $(HOSTB)/test_*, linked with the portable
# core, the portable ipc code, the drivers free of CPU instructions and the
# sim arch/board (tests/unit/sim/, which
# implements all of ck/arch.h). Left out of the core: string.c (the host has
# libc) and main.c (the boot entry: needs the board, bsp_init and the linker
# script's app table). Included by the top-level
# Makefile; also usable alone: make -f mk/unit.mk unit

TOP ?= $(CURDIR)
HOSTB ?= $(TOP)/build/host
NICE ?= nice -n 10
HOSTCC ?= cc

UNIT_DIR := $(TOP)/tests/unit
UNIT_OBJ := $(HOSTB)/unit-obj
UNIT_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
UNIT_CPPFLAGS := -DCK_DEBUG -I$(TOP)/cokernel/include -I$(TOP)/ipc \
	-I$(UNIT_DIR)/sim -I$(TOP)/cokernel/drivers/include -I$(TOP)/cokernel/lib/libfdt \
	-I$(TOP)/cokernel/lib/tlsf
UNIT_CFLAGS := -std=c11 -g -O1 $(UNIT_SAN) -fno-omit-frame-pointer \
	-Wall -Wextra -MMD -MP
UNIT_WERROR := -Werror
UNIT_LDLIBS := -lcmocka

UNIT_CORE_SRCS := $(filter-out %/string.c %/main.c,\
	$(wildcard $(TOP)/cokernel/core/*.c))
UNIT_IPC_SRCS := $(wildcard $(TOP)/ipc/*.c)
# the drivers without CPU instructions, over host memory (sim/arch/mmio.h)
UNIT_DRV_SRCS := $(addprefix $(TOP)/cokernel/drivers/,aic.c at91-dbgu.c at91-pmc.c at91-rtt.c at91-tc.c mpic.c \
	ns16550.c pl011.c pl190.c sh-tmu.c sp804.c) \
	$(addprefix $(TOP)/cokernel/lib/libfdt/,fdt.c fdt_ro.c fdt_sw.c) \
	$(TOP)/cokernel/lib/tlsf/tlsf.c $(TOP)/cokernel/lib/alchemy/alchemy.c
UNIT_SIM_SRCS := $(wildcard $(UNIT_DIR)/sim/*.c)
UNIT_LIB_OBJS := $(patsubst $(TOP)/%.c,$(UNIT_OBJ)/%.o,\
	$(UNIT_CORE_SRCS) $(UNIT_IPC_SRCS) $(UNIT_DRV_SRCS) $(UNIT_SIM_SRCS))
UNIT_TESTS := $(patsubst $(UNIT_DIR)/%.c,$(HOSTB)/%,\
	$(wildcard $(UNIT_DIR)/test_*.c))
UNIT_TEST_OBJS := $(patsubst $(HOSTB)/%,$(UNIT_OBJ)/tests/unit/%.o,$(UNIT_TESTS))

# keep the test objects make would otherwise delete as intermediates
.SECONDARY: $(UNIT_TEST_OBJS) $(UNIT_LIB_OBJS)

.PHONY: unit unit-build
# cmocka's case counts over every program; the last line reads
# "P passed, F failed" (", S skipped" when some were): mk/unit-run.sh
unit: unit-build
	@NICE="$(NICE)" $(TOP)/mk/unit-run.sh $(UNIT_TESTS)

unit-build: $(UNIT_TESTS)

# the sim needs ucontext (POSIX/GNU) on top of C11
$(UNIT_OBJ)/tests/%.o: UNIT_CPPFLAGS += -D_GNU_SOURCE

$(UNIT_OBJ)/%.o: $(TOP)/%.c
	@mkdir -p $(@D)
	@echo "  HOSTCC  $*.c"
	@$(NICE) $(HOSTCC) $(UNIT_CPPFLAGS) $(UNIT_CFLAGS) $(UNIT_WERROR) -c $< -o $@

# the cache model of the cache-model plugin (qemu/plugins/, GPL-2.0+)
$(HOSTB)/test_cache_model: $(UNIT_OBJ)/qemu/plugins/ckcache-model.o
$(UNIT_OBJ)/tests/unit/test_cache_model.o: UNIT_CPPFLAGS += -I$(TOP)/qemu/plugins

# the motor example's RT side (examples/motor/rt/motor.c, #included)
$(UNIT_OBJ)/tests/unit/test_motor_app.o: UNIT_CPPFLAGS += -I$(TOP)/examples/motor
$(HOSTB)/test_motor_app: UNIT_LDLIBS += -lm

# the e500 co-kernel's scan of Linux's head (cokernel/arch/ppc-booke/)
$(HOSTB)/test_booke_words: $(UNIT_OBJ)/cokernel/arch/ppc-booke/linux-words.o
$(UNIT_OBJ)/tests/unit/test_booke_words.o $(UNIT_OBJ)/cokernel/arch/ppc-booke/linux-words.o: \
	UNIT_CPPFLAGS += -I$(TOP)/cokernel/arch/ppc-booke/include -I$(TOP)/cokernel/arch/ppc-common/include

# libckipc, the Linux processes' library (ipc/lib/)
$(HOSTB)/test_libckipc: $(UNIT_OBJ)/ipc/lib/libckipc.o
$(UNIT_OBJ)/tests/unit/test_libckipc.o: UNIT_CPPFLAGS += -I$(TOP)/ipc/lib

# The heap's 8-byte alignment on 32-bit CPUs (cokernel/core/heap.c) is
# arithmetic a 64-bit host never runs: tests/unit/heap32 builds heap.c,
# pool.c and TLSF for 32-bit PowerPC (static glibc, Debian's
# libc6-dev-powerpc-cross) and runs them under qemu-ppc (qemu-user); said
# and skipped when either is missing (make deps installs both).
HEAP32_CC ?= powerpc-linux-gnu-gcc
HEAP32_RUN ?= qemu-ppc
HEAP32 := $(HOSTB)/heap32
HEAP32_SRCS := $(UNIT_DIR)/heap32/heap32.c $(TOP)/cokernel/core/heap.c \
	$(TOP)/cokernel/core/pool.c $(TOP)/cokernel/lib/tlsf/tlsf.c
HEAP32_OK := $(and $(shell command -v $(HEAP32_CC)),$(shell command -v $(HEAP32_RUN)))

.PHONY: unit-heap32
unit: unit-heap32
unit-heap32: $(if $(HEAP32_OK),$(HEAP32))
	@$(if $(HEAP32_OK),$(NICE) $(HEAP32_RUN) $(HEAP32),\
		echo "heap32: skipped ($(HEAP32_CC) or $(HEAP32_RUN) missing: make deps)")

$(HEAP32): $(HEAP32_SRCS) $(wildcard $(TOP)/cokernel/include/ck/*.h $(TOP)/cokernel/lib/tlsf/*.h)
	@mkdir -p $(@D)
	@echo "  CC32    $(notdir $@)"
	@$(NICE) $(HEAP32_CC) -std=c11 -D_DEFAULT_SOURCE -O2 -Wall -Wextra -Werror -static \
		-I$(TOP)/cokernel/include -I$(UNIT_DIR)/sim -I$(TOP)/ipc \
		-I$(TOP)/cokernel/lib/tlsf $(HEAP32_SRCS) -o $@

$(HOSTB)/test_%: $(UNIT_OBJ)/tests/unit/test_%.o $(UNIT_LIB_OBJS)
	@echo "  HOSTLD  $(notdir $@)"
	@$(NICE) $(HOSTCC) $(UNIT_SAN) $^ $(UNIT_LDLIBS) -o $@

-include $(wildcard $(UNIT_OBJ)/*/*.d $(UNIT_OBJ)/*/*/*.d $(UNIT_OBJ)/*/*/*/*.d)
