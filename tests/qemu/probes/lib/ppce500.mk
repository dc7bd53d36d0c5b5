# SPDX-License-Identifier: MIT
# ppce500.mk - build rules shared by the ppce500 probes: a probe's Makefile
# sets NAME and includes this; `run` builds into a temporary OUT directory,
# with MACHINE_DEFS=-DMPC8544DS for the mpc8544ds board (see run-ppce500).
CROSS ?= powerpc-linux-gnu-
OUT ?= .
LIB := $(dir $(lastword $(MAKEFILE_LIST)))
CFLAGS = -mcpu=8548 -msoft-float -fno-pie -nostdlib -ffreestanding -static \
	-Wl,--build-id=none -Wa,-mregnames -I$(LIB) $(MACHINE_DEFS)

$(OUT)/$(NAME).elf: $(NAME).S $(LIB)ppce500.S $(LIB)ppce500.ld
	$(CROSS)gcc $(CFLAGS) -no-pie -T $(LIB)ppce500.ld -o $@ $(NAME).S

clean:
	rm -f $(OUT)/$(NAME).elf

.PHONY: clean
